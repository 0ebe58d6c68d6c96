"""GC-1 setup (and GC-11.1 for two players), then GC-1.9: round 1 up to the first bid.

All chance comes from the seeded source (GC-13.1), drawn here in a fixed order: the
landscape deck, the scoring stacks (one shuffle per back), the bonus deck, the goods deck.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import RandomSource, Refusal, Rng, Seating, clockwise

from .components import (BLACK, BONUS_CARDS, COAST, COINS_TOTAL, DATA_VERSION, GOODS_CARDS, GOODS_DISPLAY, KEYS_TOTAL,
                         LANDSCAPE_CARDS, PLAYER_COUNTS, SCORING_CARDS, SCORING_STACK_ORDER, START_COAST, START_COINS,
                         START_RANDOM, landscape_ids)
from .rounds import start_round
from .state import GoldenCityState, Player, Rules


def rules_of(options: dict[str, Any]) -> Rules:
    return Rules(**{name: options[name] for name in Rules.__struct_fields__})


def create(game: str, version: str, players: int, seed: str, options: dict[str, Any], seating: Seating,
           colour_refusal: Refusal) -> GoldenCityState:
    counts = PLAYER_COUNTS[players]
    if counts.black_posts and BLACK in seating.colors:
        raise colour_refusal("GC-11.1", context={"path": "$.colors"},
                             reason=f"In a {players}-player game the {BLACK} posts are the black posts: "
                                    "choose other colours.")
    rules = rules_of(options)
    rng = Rng(seed=seed)
    chance = RandomSource(rng)
    # GC-1.6: one coast card per player, the rest shuffled into the deck.
    coast = landscape_ids(COAST)[: START_COAST * players]
    deck = chance.shuffled([card for card in LANDSCAPE_CARDS if card not in coast])
    # GC-1.7: back-1 cards on top, then back 2, then back 3; each group shuffled on its own.
    scoring: list[str] = []
    for back in SCORING_STACK_ORDER:
        scoring += chance.shuffled(sorted(card.id for card in SCORING_CARDS.values() if card.back == back))
    # GC-1.2: bonus cards face down (or, under the public-choice reading, all face up).
    bonus = sorted(BONUS_CARDS)
    draw_bonus = rules.bonus_card_acquisition != "choose_any_public"
    if draw_bonus:
        bonus = chance.shuffled(bonus)
    # GC-1.3: goods cards shuffled, the top ones face up.
    goods = chance.shuffled(sorted(GOODS_CARDS))
    state = GoldenCityState(
        game=game, rules_version=version, rng=rng,
        first_player=seating.first_player, data_version=DATA_VERSION, phase="auction",
        round=1, start_player=seating.first_player, options=rules,
        players=[Player(colour=seating.colors[seat], coins=START_COINS,  # GC-1.4, GC-1.5
                        hand=coast[seat * START_COAST:(seat + 1) * START_COAST],
                        posts_left=counts.regular_posts, black_left=counts.black_posts)
                 for seat in range(players)],
        board={},  # GC-1.1
        landscape_deck=deck, goods_deck=goods[GOODS_DISPLAY:], goods_display=goods[:GOODS_DISPLAY],
        bonus_deck=bonus if draw_bonus else [], bonus_display=[] if draw_bonus else bonus,
        key_supply=KEYS_TOTAL, bank_coins=COINS_TOTAL - START_COINS * players,
        scoring_deck=scoring)
    # GC-1.6: then each player, from the start player clockwise, draws from the deck.
    for seat in clockwise(seating.first_player, players):
        for _ in range(START_RANDOM):
            state.players[seat].hand.append(state.landscape_deck.pop(0))
    start_round(state, [])  # GC-1.9
    return state
