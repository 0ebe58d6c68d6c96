"""Seeded random playouts over 2, 3 and 4 players and the 2-3 player variant, with out-of-turn
fortune plays offered at every step (KOS-6.2, KOS-6.3).

A bulk of 300 games runs the light checks (every seat asked, non-active seats list only
``play_fortune``, the game ends, replay); a smaller batch runs every check at every step.
"""

from __future__ import annotations

import pytest

from rulesets.core.host import canonical_json
from rulesets.testing.playout import random_playout

from .playouts import CONFIGS, play
from .scenario import R

BULK_SEEDS = range(60)  # 60 x 5 configurations = 300 games


@pytest.mark.parametrize("players,options", CONFIGS, ids=[f"{p}p{'-variant' if o else ''}" for p, o in CONFIGS])
def test_kos_6_3_bulk_playouts_with_out_of_turn_plays(players, options):
    """KOS-6.3: 60 games per configuration; at least one in five has an out-of-turn fortune play."""
    with_out_of_turn = 0
    for seed in BULK_SEEDS:
        game = play(players, seed, options, sample_legal=1, nudges=1, check_every=25)
        assert R.status(game.state).game_over
        with_out_of_turn += game.out_of_turn > 0
    assert with_out_of_turn * 5 >= len(BULK_SEEDS)


@pytest.mark.parametrize("players,options", CONFIGS, ids=[f"{p}p{'-variant' if o else ''}" for p, o in CONFIGS])
def test_kos_6_2_core_playouts_fully_checked(players, options):
    """KOS-6.2 through core's random_playout: every step checked (listed accepted, nudged refused, no mutation,
    determinism), seats not on turn asked too and their fortune cards played; replays agree."""
    out_of_turn = 0
    for seed in range(3):
        playout = random_playout(R, players, f"full-{seed}", options)
        assert R.status(playout.state).game_over
        out_of_turn += playout.out_of_turn > 0
        replayed = R.replay(players, f"full-{seed}", options, playout.actions)
        assert canonical_json(replayed) == canonical_json(playout.state)
    assert out_of_turn >= 1


def test_kos_6_3_a_seat_off_turn_plays_between_two_turn_actions():
    """KOS-6.3: in a real game, a play_fortune from a seat not on turn is accepted and leaves the turn alone."""
    game = play(3, "between", {}, keep_events=False)
    state = R.setup(3, "between", {})
    seen = 0
    for action in game.actions:
        active = R.status(state).active_players
        after, _ = R.apply(state, action)
        if action["type"] == "play_fortune" and action["player"] not in active:
            if state.phase not in ("placement", "round_end"):  # (there a card may settle what waited on it)
                assert R.status(after).active_players == active and after.phase == state.phase
            seen += 1
        state = after
    assert seen
