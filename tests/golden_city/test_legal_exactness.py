"""``legal_actions`` lists exactly what ``apply`` accepts (GC-4.5, GC-5.3, GC-9.1 and the rest).

The core playout samples listed actions and nudges top-level fields; here positions from
random games are probed with a broad superset of candidate actions (every pair and price;
every space, black or not, with or without the key, many payments, every goods pick; every
discard of nearby sizes), and each candidate must be accepted exactly when it is listed.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from rulesets.core import to_builtins
from rulesets.testing import assert_exact
from rulesets.testing.playout import random_playout
from rulesets.golden_city.components import BONUS_CARDS, GOODS_CARDS, LANDSCAPES, SPACES

from .scenario import R
from .test_playouts import builder_pick, options_for

SLOT_SHAPES = [[kind] for kind in LANDSCAPES] + [list(pair) for pair in combinations_with_replacement(LANDSCAPES, 2)]


def candidates(state, seat, chooser):
    if state.phase == "auction":
        for pair in range(len(state.auction.pairs) + 1):
            for price in (None, 0, 1, state.auction.last_price, state.auction.last_price + 1):
                yield {"type": "bid", "player": seat, "pair": pair,
                       **({} if price is None else {"expected_price": price})}
    elif state.phase == "build":
        yield {"type": "end_turn", "player": seat}
        payments = [[]] + [[s] for s in SLOT_SHAPES] + [list(p) for p in combinations_with_replacement(SLOT_SHAPES, 2)]
        picks = [None, *GOODS_CARDS]
        bonus = [None, *BONUS_CARDS] if state.options.bonus_card_acquisition == "choose_any_public" else [None]
        for space in SPACES:
            for payment in chooser.sample(payments, 12):
                yield {"type": "build", "player": seat, "space": space, "payment": payment,
                       "use_key": chooser.random() < 0.5, "black": chooser.random() < 0.3,
                       "goods_pick": chooser.choice(picks), "bonus_pick": chooser.choice(bonus)}
        for listed in R.legal_actions(state, seat, types={"build"}):
            raw = to_builtins(listed)
            if raw["type"] == "build":
                for key, value in (("goods_pick", chooser.choice(picks)), ("use_key", not raw.get("use_key", False)),
                                   ("black", not raw.get("black", False)),
                                   ("payment", chooser.choice(payments))):
                    yield {**raw, key: value}
    elif state.phase == "discard":
        surplus = len(state.players[seat].hand) - 5
        for size in (surplus - 1, surplus, surplus + 1):
            for combo in combinations_with_replacement(LANDSCAPES, max(size, 0)):
                yield {"type": "discard", "player": seat, "cards": {k: combo.count(k) for k in LANDSCAPES}}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gc_5_3_legal_actions_are_exactly_the_accepted_ones(players):
    """GC-4.5 / GC-5.3 / GC-5.4 / GC-5.5 / GC-11.3 / GC-9.1: probed positions agree with apply, candidate
    by candidate."""
    chooser = random.Random(players)
    probed = 0
    for seed in range(4):
        options = options_for(seed + 10 * players)
        playout = random_playout(R, players, f"exact-{seed}", options, sample_legal=0, nudges=0, pick=builder_pick)
        state = R.setup(players, f"exact-{seed}", options)
        stops = set(chooser.sample(range(len(playout.actions)), 6))
        for index, action in enumerate(playout.actions):
            if index in stops:
                probed += assert_exact(R, state, lambda seat: candidates(state, seat, chooser))
            state, _ = R.apply(state, action)
    assert probed > 1000
