"""Seeded random playouts over 2, 3 and 4 players and the 2-3 player variant, with out-of-turn
fortune plays offered at every step (KOS-6.2, KOS-6.3), through the kit's ``random_playout``.

A bulk of 180 games samples a listed action and a near miss per step, with seats off turn
playing their cards often; a smaller batch samples more per step and checks each replay.
(The generic contract over the default options is conformance's; see test_conformance.py.)
"""

from __future__ import annotations

import pytest

from rulesets.core.host import canonical_json

from .playouts import CONFIGS, play, steps
from .scenario import R

#: 36 x 5 configurations = 180 games (each step also checks apply for purity and determinism, so this costs
#: what 300 lighter games did).
BULK_SEEDS = range(36)
IDS = [f"{p}p{'-variant' if o else ''}" for p, o in CONFIGS]


@pytest.mark.parametrize("players,options", CONFIGS, ids=IDS)
def test_kos_6_3_bulk_playouts_with_out_of_turn_plays(players, options):
    """KOS-6.3: 36 games per configuration; at least one in five has an out-of-turn fortune play."""
    with_out_of_turn = 0
    for seed in BULK_SEEDS:
        game = play(players, seed, options, sample_legal=1, nudges=1, out_of_turn_rate=0.5)
        assert R.status(game.state).game_over
        with_out_of_turn += game.out_of_turn > 0
    assert with_out_of_turn * 5 >= len(BULK_SEEDS)


@pytest.mark.parametrize("players,options", CONFIGS, ids=IDS)
def test_kos_6_2_core_playouts_fully_checked(players, options):
    """KOS-6.2 through core's random_playout: every step checked (listed accepted, nudged refused, no mutation,
    determinism), seats not on turn asked too and their fortune cards played; replays agree."""
    out_of_turn = 0
    for seed in range(3):
        playout = play(players, f"full-{seed}", options, sample_legal=4, nudges=6)
        assert R.status(playout.state).game_over
        out_of_turn += playout.out_of_turn > 0
        replayed = R.replay(players, f"full-{seed}", options, playout.actions)
        assert canonical_json(replayed) == canonical_json(playout.state)
    assert out_of_turn >= 1


def test_kos_6_3_a_seat_off_turn_plays_between_two_turn_actions():
    """KOS-6.3: in a real game, a play_fortune from a seat not on turn is accepted and leaves the turn alone."""
    seen = 0
    for state, action, after, _ in steps(play(3, "between", {}, out_of_turn_rate=0.5)):
        active = R.status(state).active_players
        if action["type"] == "play_fortune" and action["player"] not in active:
            if state.phase not in ("placement", "round_end"):  # (there a card may settle what waited on it)
                assert R.status(after).active_players == active and after.phase == state.phase
            seen += 1
    assert seen
