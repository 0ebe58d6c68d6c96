"""Spec 3.2: ``legal_actions`` is exact. At sampled positions of whole games, a broad space of candidate
actions (every type, every id, card, gem, hall and target, counts around the legal ones) is applied for
every seat: each is accepted exactly when it is listed."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, product
from typing import Any, Iterator

import pytest

from rulesets.core import to_builtins
from rulesets.testing import assert_exact
from rulesets.testing.playout import random_playout
from rulesets.mines_of_zavandor.components import CARDS, CARTS, GEMS, HALLS, KINDS
from rulesets.mines_of_zavandor.state import ZavandorState

from .players import eager
from .scenario import R

TARGETS = ["family", "pack_dragon", *CARDS]


def card_sets(hand: dict[str, int], sizes: range, extra: str) -> Iterator[dict[str, int]]:
    """CardSets of the given sizes over the kinds of the hand plus one kind it may lack."""
    kinds = sorted(set(hand) | {extra})
    for size in sizes:
        for combo in combinations_with_replacement(kinds, size):
            yield {kind: combo.count(kind) for kind in set(combo)}


def candidates(state: ZavandorState, seat: int, chooser: random.Random) -> Iterator[dict[str, Any]]:
    player = state.players[seat]
    extra = chooser.choice(KINDS)
    base = {"player": seat}
    for counts in product(range(4), repeat=len(CARTS)):
        if sum(counts) <= 7:
            yield {**base, "type": "collect_income", "draw": {c: n for c, n in zip(CARTS, counts) if n}}
    for target in TARGETS:
        yield {**base, "type": "place_marker", "target": target}
    yield {**base, "type": "forfeit_markers"}
    for card in CARDS:
        yield {**base, "type": "use_one_time", "card": card}
    for kind in ("end_one_time_step", "trade_draft_undo", "trade_draft_cancel", "trade_propose", "trade_withdraw",
                 "finish_trading", "bid_commit", "end_upgrades"):
        yield {**base, "type": kind}
    for partner in range(len(state.players)):
        yield {**base, "type": "trade_draft_open", "partner": partner}
    for kind in KINDS:
        yield {**base, "type": "trade_draft_give", "card": kind}
        yield {**base, "type": "bid_add", "card": kind}
        yield {**base, "type": "bid_remove", "card": kind}
    for gem in GEMS:
        yield {**base, "type": "trade_draft_ask", "gem": gem}
    for offer in [o.id for o in state.offers] + [state.next_offer]:
        yield {**base, "type": "trade_reject", "offer": offer}
        asked = next((sum(o.ask.values()) for o in state.offers if o.id == offer), 1)
        for pay in card_sets(player.hand, range(max(1, asked - 1), asked + 2), extra):
            yield {**base, "type": "trade_accept", "offer": offer, "pay": pay}
    gives = list(card_sets(player.hand, range(1, 4), extra))
    for give in chooser.sample(gives, min(25, len(gives))):  # the listed bank trades follow below
        for gem in GEMS:
            for source in (*CARTS, "search"):
                yield {**base, "type": "bank_trade", "give": give, "take": {"gem": gem, "from": source}}
    for gem in GEMS:
        for take in ("card", "vp"):
            for discard in [None, *(m.card for m in player.mine), chooser.choice(list(CARDS))]:
                yield {**base, "type": "choose_reward", "row": gem, "take": take,
                       **({"discard": discard} if discard else {})}
    for hall in HALLS:
        yield {**base, "type": "move_king", "to": hall}
    owned = ["family", "pack_dragon", *(m.card for m in player.mine), chooser.choice(list(CARDS))]
    pays = list(card_sets(player.hand, range(0, 5), extra))
    for target in owned:
        for level in range(0, 8):
            for pay in chooser.sample(pays, min(15, len(pays))):
                yield {**base, "type": "upgrade", "target": target, "level": level, "pay": pay}
    for action in R.legal_actions(state, seat):  # every listed action (exact payments, bank trades) too
        yield to_builtins(action)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_spec_3_2_every_candidate_accepted_iff_listed(players):
    """Spec 3.2 / MOZ-2.3 / MOZ-2.4: at sampled positions of eager whole games, for every seat, each candidate
    action is accepted exactly when legal_actions lists it."""
    chooser = random.Random(f"exact-{players}")
    playout = random_playout(R, players, f"exact-{players}", sample_legal=0, nudges=0, pick=eager)
    state = R.setup(players, f"exact-{players}")
    steps = set()
    for index, action in enumerate(playout.actions):
        rate = {"reward": 0.5, "markers": 0.5, "upgrade": 0.12}.get(state.step, 0.04)
        if chooser.random() < rate:
            steps.add(state.step)
            # candidates() ends with every listed action, so each listed one is applied there already
            assert_exact(R, state, lambda seat: candidates(state, seat, chooser), require_listed=False)
        state, _ = R.apply(state, action)
    assert {"production", "trading", "bidding", "upgrade"} <= steps, steps
