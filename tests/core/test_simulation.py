"""The simulation path (``rulesets.core.simulation``) against ``apply``, for every game and the doubles.

Each game's folder runs more seeds and its own ``random_action`` draws (``test_simulation.py``
there); here one seeded game per player count holds ``play_trusted`` equal to ``apply``
(states and events after every action), and ``rollout`` ends games the way ``status`` says.
"""

from __future__ import annotations

import random

import pytest

from rulesets import all_rulesets
from rulesets.core import Ruleset
from rulesets.core.codec import canonical_json
from rulesets.core.simulation import acting_seats, rollout
from rulesets.testing.simulation import check_trusted_path
from tests import doubles

RULESETS: list[Ruleset] = all_rulesets() + list(doubles.games())
CASES = [(r, n) for r in RULESETS for n in range(r.min_players, r.max_players + 1)]


def _id(case) -> str:
    ruleset, players = case
    return f"{ruleset.id}-{players}p"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_play_trusted_equals_apply_over_a_seeded_game(case):
    ruleset, players = case
    assert check_trusted_path(ruleset, players, "core-1", check_listed=ruleset.id != "java") > 0


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_rollout_plays_to_the_end_and_repeats_with_its_seed(case):
    ruleset, players = case
    start = ruleset.setup(players, "rollout-1")
    kept = canonical_json(start)
    first = rollout(ruleset, ruleset.copy_state(start), random.Random(7))
    second = rollout(ruleset, ruleset.copy_state(start), random.Random(7))
    assert canonical_json(start) == kept
    assert ruleset.status(first).game_over
    assert acting_seats(ruleset, first) == ()
    assert canonical_json(first) == canonical_json(second)


def test_rollout_stops_at_its_cap():
    ruleset = next(r for r in RULESETS if r.id == "solenia")
    state = ruleset.setup(2, "cap")
    rollout(ruleset, state, random.Random(1), max_actions=5)
    assert state.move == 5
    assert not ruleset.status(state).game_over


def test_a_policy_chooses_the_actions():
    ruleset = next(r for r in RULESETS if r.id == "golden_city")
    asked: list[int] = []

    def first_listed(state, player, rnd):
        asked.append(player)
        actions = ruleset.legal_actions(state, player)
        return actions[0] if actions else None

    state = rollout(ruleset, ruleset.setup(3, "policy"), random.Random(1), max_actions=30, policy=first_listed)
    assert state.move == 30 and len(asked) >= 30


def test_the_trusted_check_goes_red_when_play_trusted_drifts(monkeypatch):
    """The checker can fail: a trusted path that forgets the move counter is caught at once."""
    ruleset = next(r for r in RULESETS if r.id == "golden_city")

    def drifting(state, action):
        return ruleset.trusted_handler(state, action)(state, action)

    monkeypatch.setattr(ruleset, "play_trusted", drifting)
    with pytest.raises(AssertionError, match="disagree on the state after step 0"):
        check_trusted_path(ruleset, 3, "drift")
