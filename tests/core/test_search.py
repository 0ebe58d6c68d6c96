"""Core's search (issue 23): the sampling helpers, the budget as planned work, the refusals, and the proof
kit (``rulesets.testing.search``) shown able to fail."""

from __future__ import annotations

import random
import time
from typing import Any

import msgspec
import pytest

from rulesets.core.codec import canonical_json
from rulesets.core.host import get_ruleset
from rulesets.core.search import NoLegalAction, NotSearchable, sampling, suggest
from rulesets.core.search.budget import meter, units_for
from rulesets.solenia.ruleset import Solenia
from rulesets.testing.search import check_blind
from tests.doubles import card_nim
from tests.solenia.secrets import SECRETS


def test_unseen_is_everything_minus_each_shown_copy():
    assert sampling.unseen(["a", "a", "b", "c"], ["a"], ["c"]) == ["a", "b"]
    assert sampling.unseen({"x": 1, "y": 2}, ["y"]) == ["x"]  # a dict of components counts its keys
    with pytest.raises(sampling.UnseenPoolMismatch):
        sampling.unseen(["a"], ["a", "a"])


def test_deal_fills_each_hole_by_its_count_and_refuses_a_pool_of_another_size():
    part: dict[str, Any] = {"hand_count": 2, "deck_count": 1}
    sampling.deal(["p", "q", "r"], random.Random(0), [(part, "hand"), (part, "deck")])
    assert sorted(part["hand"] + part["deck"]) == ["p", "q", "r"] and len(part["hand"]) == 2
    assert "hand_count" not in part
    with pytest.raises(sampling.UnseenPoolMismatch):
        sampling.deal(["p"], random.Random(0), [({"hand_count": 2}, "hand")])


def test_finished_refuses_a_hole_left_open_and_never_touches_the_view():
    view = {"viewer": 0, "players": [{"hand": ["a"], "hand_count": 1}, {"hand_count": 3}]}
    raw = sampling.opened(view)
    assert "viewer" not in raw and view["viewer"] == 0
    with pytest.raises(sampling.HoleLeftOpen, match=r"\$\.players\[1\]\.hand"):
        sampling.finished(raw, random.Random(0))
    assert view == {"viewer": 0, "players": [{"hand": ["a"], "hand_count": 1}, {"hand_count": 3}]}


def test_the_budget_is_planned_work_not_time():
    assert units_for("solenia", 400) == 2 * units_for("solenia", 200)
    fixed = meter("solenia", 300, playouts=7)
    assert fixed.stop_at is None  # a fixed playout count never looks at the clock


def test_a_budget_answers_the_same_for_a_seed_and_within_the_budget():
    """Same view, seat, seed and budget: the same answer (the planned work decides, not the clock); and it
    comes within the budget plus the issue's 50 ms (a generous check: bench/bots.py measures it)."""
    solenia = get_ruleset("solenia")
    state = solenia.setup(3, "budget")
    view = solenia.view(state, 0)
    first, second = (suggest(solenia, view, 0, budget_ms=80, seed=3) for _ in range(2))
    assert first.searched.elapsed_ms <= 80 + 50 and second.searched.elapsed_ms <= 80 + 50
    if first.searched.cut_short or second.searched.cut_short:
        pytest.skip("the machine was too loaded for the planned work")
    assert first.suggestions == second.suggestions
    assert first.searched.playouts == second.searched.playouts > 0


def test_a_game_without_a_sampler_and_a_seat_without_a_move_are_refused():
    """Every published game has a sampler now: the double Card Nim, which has none, is the game refused."""
    ruleset = card_nim.RULESET
    assert not ruleset.searchable
    with pytest.raises(NotSearchable):
        suggest(ruleset, ruleset.view(ruleset.setup(2, "x"), 0), 0, playouts=1)
    solenia = get_ruleset("solenia")
    state = solenia.setup(2, "idle")
    idle = 1 - solenia.status(state).active_players[0]
    with pytest.raises(NoLegalAction):
        suggest(solenia, solenia.view(state, idle), idle, playouts=2)
    with pytest.raises(ValueError, match="view"):
        suggest(solenia, solenia.view(state, 0), 1, playouts=2)


class _Leaky(Solenia):
    """A Solenia whose views show every hand (a missing Private marker): what the twin check must catch."""

    def view(self, state: Any, player: int | None) -> dict[str, Any]:
        out = super().view(state, player)
        for seat, shown in enumerate(out["players"]):
            shown["hand"] = list(state.players[seat].hand)
        return out


def test_the_twin_check_fails_when_a_view_leaks_another_hand_SOL_H_1():
    with pytest.raises(AssertionError, match="told apart from its twin"):
        check_blind(_Leaky(), SECRETS, 2, 6, playouts=12)


def test_a_request_that_waited_its_budget_away_answers_at_once_cut_short():
    """Issue 23: the answer comes within the budget plus 50 ms of the request's arrival; a request that waited
    for the processor past its budget gets what the first sample gives, marked cut short."""
    solenia = get_ruleset("solenia")
    state = solenia.setup(2, seed="arrival")
    view = solenia.view(state, 0)
    arrived = time.perf_counter() - 0.300  # the whole 300 ms budget spent waiting
    started = time.perf_counter()
    found = suggest(solenia, view, 0, budget_ms=300, seed=1, arrived=arrived)
    assert found.searched.cut_short and found.suggestions
    assert (time.perf_counter() - started) * 1000 < 50 + 10  # no playout begun past the deadline


def test_a_search_pauses_between_playouts_so_other_requests_run():
    """A search inside a serving worker gives the processor away at every look at the clock (``pause``)."""
    solenia = get_ruleset("solenia")
    state = solenia.setup(2, seed="pause")
    pauses = []
    found = suggest(solenia, solenia.view(state, 0), 0, budget_ms=200, seed=1, pause=lambda: pauses.append(1))
    assert found.searched.playouts > 1 and len(pauses) >= found.searched.playouts
    again = suggest(solenia, solenia.view(state, 0), 0, budget_ms=200, seed=1)
    assert again.suggestions == found.suggestions or found.searched.cut_short or again.searched.cut_short


class _Narrowed(Solenia):
    """A Solenia whose root keeps its first two legal actions, and names one action the seat may not take."""

    def search_candidates(self, state: Any, player: int, legal: list[Any], rnd: random.Random) -> list[Any]:
        someone_else = msgspec.structs.replace(legal[0], player=(player + 1) % len(state.players))
        return legal[:2] + [someone_else] + legal[:1]


def test_a_game_narrows_the_root_to_legal_candidates_each_tried_once():
    """``search_candidates`` decides the root's arms; one that is not the seat's legal action is never tried,
    and one named twice is one arm."""
    solenia, narrowed = get_ruleset("solenia"), _Narrowed()
    state = solenia.setup(2, "narrowed")
    seat = solenia.status(state).active_players[0]
    legal = [canonical_json(a) for a in solenia.legal_actions(state, seat)]
    assert len(legal) > 2
    found = suggest(narrowed, narrowed.view(state, seat), seat, seed=1, playouts=12)
    assert sorted(canonical_json(s.action) for s in found.suggestions) == sorted(legal[:2])
    wide = suggest(solenia, solenia.view(state, seat), seat, seed=1, playouts=12)
    assert len(wide.suggestions) > 2  # by default every legal action is a candidate


class _OneSample(Solenia):
    playouts_per_determinization = 1000


def test_a_game_may_let_one_sample_serve_more_playouts():
    solenia, one = get_ruleset("solenia"), _OneSample()
    state = solenia.setup(2, "samples")
    seat = solenia.status(state).active_players[0]
    assert suggest(one, one.view(state, seat), seat, seed=1, playouts=20).searched.determinizations == 1
    assert suggest(solenia, solenia.view(state, seat), seat, seed=1, playouts=20).searched.determinizations > 1
