"""Seeded random playouts over 2, 3 and 4 players and the 2-3 player variant, with out-of-turn
fortune plays offered at every step (KOS-6.2, KOS-6.3).

A bulk of 300 games runs the light checks (every seat asked, non-active seats list only
``play_fortune``, the game ends, replay); a smaller batch runs every check at every step.
"""

from __future__ import annotations

import pytest

from rulesets.core import canonical_json
from rulesets.core.playout import random_playout

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
def test_kos_6_2_fully_checked_playouts(players, options):
    """KOS-6.2: every step checked (listed accepted, nudged refused, no mutation, determinism); replays agree."""
    for seed in range(2):
        game = play(players, f"full-{seed}", options, sample_legal=4, nudges=6, check_every=1)
        replayed = R.replay(players, f"full-{seed}", options, game.actions)
        assert canonical_json(replayed) == canonical_json(game.state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_core_random_playout_with_out_of_turn(players):
    """KOS-6.3 through core: random_playout asks the seats not on turn too and plays their fortune cards."""
    playout = random_playout(R, players, f"core-{players}", sample_legal=2, nudges=3)
    assert R.status(playout.state).game_over and playout.out_of_turn > 0
