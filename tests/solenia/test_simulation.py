"""Solenia's simulation path: ``random_action`` draws a play by levels (space, payment, card, delivery,
discard: SOL-3.3 to SOL-4.3) instead of listing hundreds; held to ``legal_actions`` and ``apply``."""

from __future__ import annotations

import random

import pytest

from rulesets import get_ruleset
from rulesets.core.simulation import rollout
from rulesets.testing.simulation import check_draws_cover, check_trusted_path

R = get_ruleset("solenia")
BOARDS = [{}, {"board_side": "winter"}, {"board_side": "winter", "improvements": True}]


@pytest.mark.parametrize("options", BOARDS, ids=["summer", "winter", "winter+improvements"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_trusted_path_equals_apply_and_draws_only_listed_actions(players, options):
    assert check_trusted_path(R, players, "solenia-sim", options) > 10


@pytest.mark.parametrize("options", BOARDS, ids=["summer", "winter", "winter+improvements"])
@pytest.mark.parametrize("players,actions", [(2, 6), (3, 25), (4, 60), (1, 8)])
def test_every_listed_action_can_be_drawn(players, actions, options):
    """At positions along a seeded game, draws reach every play the list holds (SOL-3.3 spaces, payments,
    deliveries and overflow discards), and nothing else."""
    state = rollout(R, R.setup(players, f"cover-{actions}", options), random.Random(actions), max_actions=actions)
    seat = R.status(state).active_players[0]
    check_draws_cover(R, state, seat, random.Random(2), draws_per_action=300)


def _no_free_placement_positions(players: int, games: int):
    """Positions along seeded random games where SOL-3.4 lets the active seat discard and lengthened plays
    exist too: both sides of random_action's coin."""
    from rulesets.solenia.placement import free_placement_example

    for game in range(games):
        state, rnd = R.setup(players, f"no-free-{game}"), random.Random(game)
        while not R.status(state).game_over:
            seat = R.status(state).active_players[0]
            if state.phase == "play" and free_placement_example(state, seat) is None:
                kinds = {type(action).__name__ for action in R.legal_actions(state, seat)}
                if kinds == {"PlayCard", "DiscardToAdvance"}:
                    yield state, seat
                    break
            rollout(R, state, rnd, max_actions=1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_without_a_free_placement_draws_reach_every_discard_and_every_lengthened_play_SOL_3_4(players):
    found = 0
    for state, seat in _no_free_placement_positions(players, 5):
        check_draws_cover(R, state, seat, random.Random(found), draws_per_action=300)
        found += 1
    assert found >= 2
