"""Java's simulation path: ``random_action`` draws by levels (``rulesets.java.random_draws``), ``play_trusted``
plays in place; both held to ``legal_actions`` and ``apply`` over seeded games (JAVA-3.3's legal list,
JAVA-4 placements, JAVA-6 developer moves)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rulesets import get_ruleset
from rulesets.core.codec import canonical_json
from rulesets.core.simulation import rollout
from rulesets.testing.simulation import check_trusted_path

R = get_ruleset("java")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", ["a", "b"])
def test_trusted_path_equals_apply_and_draws_only_listed_actions(players, seed):
    """Every drawn action is in JAVA-3.3's list (seed "a": at every step; "b": the first 50, listing is the slow
    part); states and events equal apply's throughout."""
    assert check_trusted_path(R, players, f"java-sim-{seed}", max_actions=1500, check_listed=seed == "a") > 100


def _position(players: int, seed: str, actions: int):
    state = R.setup(players, seed)
    return rollout(R, state, random.Random(seed), max_actions=actions)


@pytest.mark.parametrize("players,actions", [(2, 0), (3, 40), (4, 120), (2, 200)])
def test_every_listed_action_but_placements_is_drawn_and_placements_are_listed_ones(players, actions):
    """Over many draws at one position: each listed type, developer move, entry, exit... comes up; placements
    (thousands, JAVA-4) are drawn from all over the list and only listed ones: every placement is reachable by
    construction (any tile kind, footprint and village hex is a draw, kept exactly when it is listed)."""
    state = _position(players, f"cover-{players}-{actions}", actions)
    seat = state.turn.active
    listed = {canonical_json(a): a for a in R.legal_actions(state, seat)}
    assert listed
    rnd = random.Random(1)
    drawn = Counter(canonical_json(R.random_action(state, seat, rnd)) for _ in range(6000))
    assert set(drawn) <= set(listed)
    unplaced = {key for key, action in listed.items() if action.__struct_config__.tag != "place_tile"}
    assert unplaced <= set(drawn)
    placements = len(listed) - len(unplaced)
    if placements:
        assert len([key for key in drawn if key not in unplaced]) >= min(placements, 50)
