"""MOZ-1: setup. The seeded source is drawn in the order of spec 4.3: the start player (if none was
given), the gem decks wood, copper, iron, bronze, then each row in play top first, light cards
before dark ones."""

from __future__ import annotations

from rulesets.core import Deck, RandomSource, Rng, Seating, clockwise, shuffled

from .components import (card_back, AUCTION_CARDS, CARDS, CARTS, DATA_VERSION, DECK_CONTENTS, DRAGON, FAMILY, GEM_OF, PATH, ROWS,
                         ROWS_IN_PLAY, SCROLL, SCROLL_IDS, STARTING_HAND)
from .rounds import start_income
from .state import MineCard, Pile, Player, Row, ZavandorState
from .supply import draw_cards


def in_game(card: str, players: int) -> bool:
    """MOZ-1.3: cards with ``min_players`` above the player count stay in the box."""
    return CARDS[card].min_players <= players


def create(game: str, version: str, players: int, seed: str, seating: Seating,
           max_trade_proposals: int) -> ZavandorState:
    rng = Rng(seed=seed)
    chance = RandomSource(rng)
    start_player = seating.start_player(chance, "MOZ-1.9")  # MOZ-1.9: drawn first when setup names none
    supply = []
    for cart in CARTS:  # MOZ-1.2
        gems = [GEM_OF[kind] for kind, count in DECK_CONTENTS.items() if kind.startswith(cart + ".")
                for _ in range(count)]
        supply.append(Pile(cart=cart, draw=shuffled(gems, chance), discard={}))
    display = []
    for row in ROWS:  # MOZ-1.4 / MOZ-1.5
        if row not in ROWS_IN_PLAY[players]:
            display.append(Row(gem=row, in_play=False))
            continue
        cards = [card for card in AUCTION_CARDS if CARDS[card].row == row and in_game(card, players)]
        # the light cards lie on top of the dark ones, each shuffled on its own
        stack = (shuffled([c for c in cards if CARDS[c].back == "light"], chance)
                 + shuffled([c for c in cards if CARDS[c].back == "dark"], chance))
        deck = Deck(stack, chance, source=f"{row}_stack", rule="MOZ-1.4", layer=card_back)
        right, middle = deck.draw(), deck.draw()
        display.append(Row(gem=row, in_play=True, right=right, middle=middle, stack=stack))
    state = ZavandorState(
        game=game, rules_version=version, rng=rng, first_player=start_player, data_version=DATA_VERSION,
        players=[Player(hand={}, hand_backs={}, family=FAMILY.start_level, pack_dragon=DRAGON.start_level,  # MOZ-1.6
                        mine=[MineCard(card=SCROLL_IDS[seat], level=SCROLL.start_level)])
                 for seat in range(players)],  # MOZ-1.7
        phase="income", step="production", start_player=start_player, king=PATH.start,  # MOZ-1.8
        max_trade_proposals_per_phase=max_trade_proposals, supply=supply, display=display,
        removed_from_game=[])
    for seat in clockwise(start_player, players):  # MOZ-1.10, drawn as any draw is (MOZ-8)
        draw_cards(state, seat, {STARTING_HAND.cart: STARTING_HAND.count}, [])
    start_income(state, [])  # MOZ-1.11
    return state
