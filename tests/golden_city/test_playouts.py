"""Seeded random playouts (``rulesets.testing.playout``): 2, 3 and 4 players and every reading of the
options. Every listed action is accepted, nudged ones are refused, apply never mutates its input
and is deterministic, every game ends (GC-10.1), reloads and replays identically (GC-13.1).

The bulk runs with light sampling; a smaller batch per option value runs fully checked. Half of
the bulk plays builders who build whenever they can, so games also end by the post trigger
(GC-10.1(b)), districts fill up and hands overflow (GC-9.1).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rulesets.core import to_builtins
from rulesets.core.host import canonical_json
from rulesets.testing.playout import random_playout
from rulesets.golden_city.options import VARIANTS

from .scenario import R

BULK = 110  # games per player count: 330 in all


def options_for(seed: int) -> dict[str, Any]:
    """A combination of readings that varies with the seed (the defaults included)."""
    chooser = random.Random(f"gc-options/{seed}")
    return {name: chooser.choice(choices) for name, choices in VARIANTS.items()}


def builder_pick(chooser: random.Random, menu: list[Any]) -> Any:
    """Prefer building (then the cheapest bids) to ending the turn: games end by the posts too."""
    builds = [a for a in menu if a.__struct_config__.tag == "build"]
    if builds and chooser.random() < 0.9:
        return chooser.choice(builds)
    return chooser.choice(menu)


def play(players: int, seed: Any, options: dict[str, Any], **kwargs: Any):
    playout = random_playout(R, players, seed, options, **kwargs)
    status = R.status(playout.state)
    assert status.game_over and len(status.scores) == players and status.winners
    assert canonical_json(R.load_state(to_builtins(playout.state))) == canonical_json(playout.state)
    return playout


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gc_10_1_bulk_random_games_end_within_the_contract(players):
    """GC-10.1 / GC-13.1: 110 seeded games per player count, options varied, half with eager builders."""
    endings: Counter[str] = Counter()
    for seed in range(BULK):
        pick = builder_pick if seed % 2 else None
        playout = play(players, seed, options_for(seed), sample_legal=1, nudges=2, pick=pick)
        endings["posts" if playout.state.end_triggered else "cards"] += 1
        if seed % 37 == 0:
            replayed = R.replay(players, seed, playout.options, playout.actions)
            assert canonical_json(replayed) == canonical_json(playout.state)
    assert endings["cards"] > 0 and endings["posts"] > 0, endings


@pytest.mark.parametrize("name,value", [(name, value) for name, choices in VARIANTS.items() for value in choices])
def test_gc_13_2_every_reading_fully_checked(name, value):
    """Spec section 6: each option value (non-default readings included) in fully checked games, 2-4 players."""
    for players in (2, 3, 4):
        play(players, f"{name}={value}", {name: value}, pick=builder_pick if players == 3 else None)
