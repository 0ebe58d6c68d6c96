"""Golden City's simulation path: ``random_action`` draws a build by levels (target, payment, picks:
GC-5.3 to GC-5.5) instead of listing every payment; held to ``legal_actions`` and ``apply``."""

from __future__ import annotations

import random

import pytest

from rulesets import get_ruleset
from rulesets.core.simulation import acting_seats, rollout
from rulesets.testing.simulation import check_draws_cover, check_trusted_path

R = get_ruleset("golden_city")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_trusted_path_equals_apply_and_draws_only_listed_actions(players, seed):
    assert check_trusted_path(R, players, f"gc-sim-{seed}") > 20


def _build_positions(players: int, seed: str, wanted: int) -> list:
    """The first ``wanted`` build-step positions of a seeded random game."""
    state, rnd, found = R.setup(players, seed), random.Random(seed), []
    while acting_seats(R, state) and len(found) < wanted:
        if state.phase == "build":
            found.append(R.copy_state(state))
        rollout(R, state, rnd, max_actions=1)
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_listed_build_can_be_drawn(players):
    """In build steps along a seeded game, draws reach every listed build and end_turn, and nothing else."""
    positions = _build_positions(players, f"cover-{players}", 40)[::8]
    assert positions
    for state in positions:
        check_draws_cover(R, state, acting_seats(R, state)[0], random.Random(3), draws_per_action=200)
