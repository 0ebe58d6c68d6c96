"""GC-1 setup (and GC-11.1 for two players), then GC-1.9: round 1 up to the first bid.

All chance comes from the seeded source (GC-13.1), drawn here in a fixed order: the
landscape deck, the scoring stacks (one shuffle per back), the bonus deck, the goods deck.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import Deck, RandomSource, Refusal, Rng, Seating, clockwise, shuffled

from .components import (BLACK, BONUS_CARDS, COAST, COINS_TOTAL, DATA_VERSION, GOODS_CARDS, GOODS_DISPLAY, KEYS_TOTAL,
                         LANDSCAPE_CARDS, PLAYER_COUNTS, SCORING_CARDS, SCORING_STACK_ORDER, START_COAST, START_COINS,
                         START_RANDOM)
from .refusals import COLOUR_IS_BLACK_POSTS
from .rounds import start_round
from .state import GoldenCityState, Player, Rules


def rules_of(options: dict[str, Any]) -> Rules:
    return Rules(**{name: options[name] for name in Rules.__struct_fields__})


def create(game: str, version: str, players: int, seed: str, options: dict[str, Any], seating: Seating,
           colour_refusal: Refusal) -> GoldenCityState:
    counts = PLAYER_COUNTS[players]
    if counts.black_posts and BLACK in seating.colors:
        raise colour_refusal("GC-11.1", context={"path": "$.colors"},
                             reason=COLOUR_IS_BLACK_POSTS(players=players, colour=BLACK))
    rules = rules_of(options)
    rng = Rng(seed=seed)
    chance = RandomSource(rng)
    start = seating.start_player(chance, "GC-1.8")  # GC-1.8: the one named, else seat 0 (nothing is drawn)
    # GC-1.6: one coast card per player, the rest shuffled into the deck.
    coast = [COAST] * (START_COAST * players)
    rest = list(LANDSCAPE_CARDS)
    for card in coast:
        rest.remove(card)
    deck = shuffled(rest, chance)
    # GC-1.7: back-1 cards on top, then back 2, then back 3; each group shuffled on its own.
    scoring: list[str] = []
    for back in SCORING_STACK_ORDER:
        scoring += shuffled(sorted(card.id for card in SCORING_CARDS.values() if card.back == back), chance)
    # GC-1.2: bonus cards face down (or, under the public-choice reading, all face up).
    bonus = sorted(BONUS_CARDS)
    draw_bonus = rules.bonus_card_acquisition != "choose_any_public"
    if draw_bonus:
        bonus = shuffled(bonus, chance)
    # GC-1.3: goods cards shuffled, the top ones face up.
    goods = shuffled(sorted(GOODS_CARDS), chance)
    display_deck = Deck(goods, chance, source="goods_deck", rule="GC-1.3")
    display = display_deck.draw_many(GOODS_DISPLAY)
    state = GoldenCityState(
        game=game, rules_version=version, rng=rng,
        first_player=start, data_version=DATA_VERSION, phase="auction",
        round=1, start_player=start, options=rules,
        players=[Player(colour=seating.colors[seat], coins=START_COINS,  # GC-1.4, GC-1.5
                        hand=coast[seat * START_COAST:(seat + 1) * START_COAST],
                        posts_left=counts.regular_posts, black_left=counts.black_posts)
                 for seat in range(players)],
        board={},  # GC-1.1
        landscape_deck=deck, goods_deck=goods, goods_display=display,
        bonus_deck=bonus if draw_bonus else [], bonus_display=[] if draw_bonus else bonus,
        key_supply=KEYS_TOTAL, bank_coins=COINS_TOTAL - START_COINS * players,
        scoring_deck=scoring)
    # GC-1.6: then each player, from the start player clockwise, draws from the deck.
    landscape = Deck(state.landscape_deck, chance, source="landscape_deck", rule="GC-1.6")
    for seat in clockwise(start, players):
        state.players[seat].hand.extend(landscape.draw_many(START_RANDOM))
    start_round(state, [])  # GC-1.9
    return state
