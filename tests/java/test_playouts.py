"""Seeded playouts: the legal list is exact under the core's checks, the type and field filters agree
with the full list, and the slowest legal_actions stays under 50 ms. The 150 bulk games are in
test_playouts_{2,3,4}p.py (one file per player count, so ``--dist loadfile`` spreads them)."""

from __future__ import annotations

import random
import time

import pytest

from rulesets.core import to_builtins
from rulesets.core.host import canonical_json
from rulesets.testing.playout import random_playout

from .playouts import Figures, quick_playout, weighted_pick
from .scenario import R

@pytest.mark.parametrize("players, seed", [(p, s) for p in (2, 3, 4) for s in range(3)])
def test_java_14_2_fully_checked_playouts(players, seed):
    """JAVA-14.2 and the contract: every listed action sampled is accepted, nudged ones refused, apply
    never mutates and is deterministic; the game replays identically from its seed."""
    playout = random_playout(R, players, f"full-{players}-{seed}", sample_legal=2, nudges=4, pick=weighted_pick)
    assert R.status(playout.state).game_over
    replayed = R.replay(players, f"full-{players}-{seed}", {}, playout.actions)
    assert canonical_json(replayed) == canonical_json(playout.state)


def _states(players: int, seed: int, every: int = 7) -> list:
    """States met along a bulk playout (every few steps)."""
    seen = []
    original = R.apply

    def spy(state, action, **kwargs):
        if len(seen) < 10_000:
            seen.append(state)
        return original(state, action, **kwargs)

    R.apply = spy  # type: ignore[method-assign]
    try:
        quick_playout(players, seed, Figures())
    finally:
        R.apply = original  # type: ignore[method-assign]
    return seen[::every]


def test_java_4_1_type_and_field_filters_agree_with_the_full_list():
    """JAVA-4.1 (tile kinds), JAVA-3.4: legal_actions(types=...) and where={"tile": ...} are exactly the
    matching part of the full list, for every type met."""
    for state in _states(3, 5, every=23):
        for seat in R.status(state).active_players:
            full = R.legal_actions(state, seat)
            by_type: dict[str, list] = {}
            for action in full:
                by_type.setdefault(action.__struct_config__.tag, []).append(canonical_json(action))
            for kind, listed in by_type.items():
                assert [canonical_json(a) for a in R.legal_actions(state, seat, types={kind})] == listed
            for tile in ("triple", "double", "single_rice", "single_village"):
                wanted = [canonical_json(a) for a in full if getattr(a, "tile", None) == tile]
                got = R.legal_actions(state, seat, types={"place_tile"}, where={"tile": tile})
                assert [canonical_json(a) for a in got] == wanted


def test_java_3_4_slowest_legal_actions_under_50_ms():
    """JAVA-3.4 (thousands of placements a turn): every full legal list met, best of three timings, under
    50 ms in-process; the largest list is in the thousands."""
    slowest, largest = 0.0, 0
    states = [R.setup(4, "speed")] + _states(4, 2, every=9) + _states(2, 3, every=9)
    for state in states:
        seat = R.status(state).active_players[0]
        best = min(_timed(state, seat) for _ in range(3))
        slowest = max(slowest, best[0])
        largest = max(largest, best[1])
    print(f"\njava legal_actions: slowest {slowest * 1000:.1f} ms, largest list {largest} over {len(states)} states")
    assert largest > 1000
    assert slowest < 0.050


def _timed(state, seat):
    start = time.perf_counter()
    count = len(R.legal_actions(state, seat))
    return time.perf_counter() - start, count


def test_java_9_4_replay_and_reload_of_a_long_game():
    """JAVA-9.4, JAVA-14.6: a long game (reshuffles included) reloads and replays identically."""
    rng = random.Random(9)
    figures = Figures()
    state = quick_playout(4, rng.randrange(1000), figures, reload_every=40)
    assert canonical_json(R.load_state(to_builtins(state))) == canonical_json(state)
