"""Simulated actions per second: the trusted rollout against ``apply``, from the same positions.

    python bench/simulation.py [--game java] [--quick] [--profile]

For each game and player count, positions are taken from seeded random games (the start,
and every fifth of the way). From each, two random games are played to the end, with the
same seeded chooser:

* rollout: ``rulesets.core.simulation.rollout`` on a copy of the position: ``random_action``
  (the game's own draw) and ``play_trusted`` (in place, no checks);
* apply: ``legal_actions`` of the awaited seats, a uniform choice, ``apply`` (the defensive
  copy and every check), what a caller without the trusted path does; at most ``APPLY_CAP``
  actions from each position (uniform random Java games wander for thousands of developer moves).

Both count actions per second of one core (best of several rounds); the ratio is the
rollout's rate over apply's, measured in the same run. The target is 20,000 rollout actions
per second for every game. ``--profile`` prints cProfile's top entries of the rollouts.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from rulesets import all_rulesets, get_ruleset  # noqa: E402
from rulesets.core.simulation import acting_seats, rollout  # noqa: E402

TARGET = 20_000
#: actions played through apply from each position: uniform random Java games wander for thousands
APPLY_CAP = 500
#: a rollout's cap: a Java game in which no triple tile fits any more never ends (JAVA-11.1 never triggers)
ROLLOUT_CAP = 3000


def positions(ruleset: Any, players: int, games: int) -> list[Any]:
    """The start and every fifth of the way through ``games`` seeded random games."""
    found = []
    for seed in range(games):
        rnd = random.Random(f"positions/{seed}")
        state = ruleset.setup(players, f"sim-{seed}")
        trail = [ruleset.copy_state(state)]
        rollout_trail(ruleset, state, rnd, trail)
        found += [trail[len(trail) * k // 5] for k in range(5)]
    return found


def rollout_trail(ruleset: Any, state: Any, rnd: random.Random, trail: list[Any]) -> None:
    while acting_seats(ruleset, state) and len(trail) <= ROLLOUT_CAP:
        rollout(ruleset, state, rnd, max_actions=1)
        trail.append(ruleset.copy_state(state))


def by_rollout(ruleset: Any, starts: list[Any], seed: int) -> int:
    actions = 0
    for index, start in enumerate(starts):
        state = ruleset.copy_state(start)
        before = state.move
        rollout(ruleset, state, random.Random(seed * 1000 + index), max_actions=ROLLOUT_CAP)
        actions += state.move - before
    return actions


def by_apply(ruleset: Any, starts: list[Any], seed: int) -> int:
    actions = 0
    for index, start in enumerate(starts):
        rnd = random.Random(seed * 1000 + index)
        state = start
        for _ in range(APPLY_CAP):
            menus = [menu for seat in ruleset.status(state).active_players if (menu := ruleset.legal_actions(state, seat))]
            if not menus:
                break
            menu = menus[0] if len(menus) == 1 else rnd.choice(menus)
            state, _ = ruleset.apply(state, rnd.choice(menu))
            actions += 1
    return actions


def rate(run: Any, ruleset: Any, starts: list[Any], rounds: int) -> float:
    """Actions per second: the best of ``rounds`` runs over every position."""
    best = 0.0
    for round_ in range(rounds):
        began = time.perf_counter()
        actions = run(ruleset, starts, round_)
        best = max(best, actions / (time.perf_counter() - began))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="one ruleset id (default: every game)")
    parser.add_argument("--quick", action="store_true", help="fewer positions and rounds (a smoke run)")
    parser.add_argument("--profile", action="store_true", help="cProfile the rollouts instead of timing both")
    args = parser.parse_args()
    games, rounds = (1, 2) if args.quick else (3, 5)
    rulesets = [get_ruleset(args.game)] if args.game else all_rulesets()
    print(f"rollout actions/s (random_action + play_trusted) beside apply's (legal_actions + choice + apply); "
          f"Python {sys.version.split()[0]}; target {TARGET:,}/s")
    print(f"{'game':20} {'seats':>5} {'positions':>9} {'rollout/s':>10} {'apply/s':>9} {'ratio':>6}  target")
    worst = float("inf")
    for ruleset in rulesets:
        for players in range(ruleset.min_players, ruleset.max_players + 1):
            starts = positions(ruleset, players, games)
            if args.profile:
                profiler = cProfile.Profile()
                profiler.runcall(by_rollout, ruleset, starts, 0)
                print(f"--- {ruleset.id} {players}p")
                pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
                continue
            fast = rate(by_rollout, ruleset, starts, rounds)
            slow = rate(by_apply, ruleset, starts, max(1, rounds // 2))
            worst = min(worst, fast)
            print(f"{ruleset.id:20} {players:5d} {len(starts):9d} {fast:10,.0f} {slow:9,.0f} {fast / slow:5.1f}x  "
                  f"{'meets' if fast >= TARGET else 'MISSES'}")
    if not args.profile:
        print(f"slowest rollout rate {worst:,.0f}/s: {'meets' if worst >= TARGET else 'MISSES'} the target of "
              f"{TARGET:,}/s for every game and player count")


if __name__ == "__main__":
    main()
