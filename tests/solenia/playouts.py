"""Shared driver of the seeded random playout batteries (``rulesets.testing.playout``)."""

from __future__ import annotations

import random
from typing import Any

from rulesets.core import to_builtins
from rulesets.core.host import canonical_json
from rulesets.testing.playout import random_playout
from rulesets.solenia.components import PERMUTABLE_STRIPS

from .scenario import R


def varied_options(seed: int, **fixed: Any) -> dict[str, Any]:
    """The board-side options given, with the layout and strip order varying by seed."""
    chooser = random.Random(f"options/{seed}")
    return {**fixed, "start_layout": ("dawn", "dusk")[seed % 2],
            "strip_permutation": chooser.sample(list(PERMUTABLE_STRIPS), len(PERMUTABLE_STRIPS))}


def battery(players: int, seeds: range, sample_legal: int = 2, nudges: int = 3, **fixed: Any) -> int:
    """Play one game per seed; each must finish, reload, and replay identically. Returns the steps played."""
    steps = 0
    for seed in seeds:
        options = varied_options(seed, **fixed)
        playout = random_playout(R, players, seed, options, sample_legal=sample_legal, nudges=nudges)
        status = R.status(playout.state)
        assert status.game_over and len(status.scores) == players and status.winners
        assert canonical_json(R.load_state(to_builtins(playout.state))) == canonical_json(playout.state)
        if seed % 25 == 0:
            replayed = R.replay(players, seed, options, playout.actions)
            assert canonical_json(replayed) == canonical_json(playout.state)
        steps += playout.steps
    return steps
