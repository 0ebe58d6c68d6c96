"""What ``nearest`` adds to a rules refusal, against the floor of any stateless service.

    python bench/nearest.py [--game java] [--quick]

For mid-game positions of seeded random games of each game, a refused near miss of the legal
action type the seat has the most of (``rulesets.testing.playout.nudged_actions``), and four
figures beside the floor (orjson ``loads`` + ``dumps`` of the same state's JSON bytes) as ratios:
the refusal itself (``apply`` raising), ``nearest_actions`` (the legal actions of that one type,
ranked), and for reference ``legal_actions`` of every type. ``nearest`` enumerates only the
refused type (``legal_actions``' ``types``), so its cost follows that type's count, not the
whole list's. Every figure is the best of several rounds of a mean.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import orjson

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from rulesets.core.host import IllegalAction, all_rulesets, to_builtins  # noqa: E402
from rulesets.core.nearest import nearest_actions  # noqa: E402
from rulesets.testing.playout import nudged_actions  # noqa: E402


def best_mean(call: Callable[[], Any], rounds: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(repeat):
            call()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def positions(ruleset: Any, seeds: int, players: int) -> list[Any]:
    """A mid-game state of each seeded random game (the middle of its first 200 actions)."""
    out = []
    for seed in range(seeds):
        chooser = random.Random(seed)
        state = ruleset.setup(players, seed=f"nearest-{seed}")
        seen = []
        for _ in range(200):
            status = ruleset.status(state)
            if status.game_over:
                break
            seat = chooser.choice(status.active_players)
            legal = ruleset.legal_actions(state, seat)
            if not legal:
                break
            seen.append((state, seat))
            state, _ = ruleset.apply(state, chooser.choice(legal))
        if seen:
            out.append(seen[len(seen) // 2])
    return out


def refused_near_miss(ruleset: Any, state: Any, seat: int, players: int) -> dict[str, Any] | None:
    legal = [to_builtins(a) for a in ruleset.legal_actions(state, seat)]
    if not legal:
        return None
    kind = Counter(a["type"] for a in legal).most_common(1)[0][0]
    for action in (a for a in legal if a["type"] == kind):
        for nudged in nudged_actions(action, players):
            if nudged.get("type") != kind or nudged.get("player") != seat:
                continue
            try:
                ruleset.apply(state, nudged)
            except IllegalAction:
                return nudged
            except Exception:
                continue
    return None


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    seeds, rounds, repeat = (2, 3, 5) if args.quick else (4, 5, 20)
    print(f"{'game':20} {'type':18} {'of type':>7} {'all':>6}  refusal  nearest  legal(all)  (x floor)")
    for ruleset in all_rulesets():
        if args.game and ruleset.id != args.game:
            continue
        players = min(ruleset.max_players, max(ruleset.min_players, 3))
        for state, seat in positions(ruleset, seeds, players):
            action = refused_near_miss(ruleset, state, seat, players)
            if action is None:
                continue
            data = orjson.dumps(to_builtins(state))
            floor = best_mean(lambda: orjson.dumps(orjson.loads(data)), rounds, repeat)

            def refuse() -> None:
                try:
                    ruleset.apply(state, action)
                except IllegalAction:
                    pass

            refusal = best_mean(refuse, rounds, repeat)
            nearest = best_mean(lambda: nearest_actions(ruleset, state, action), rounds, repeat)
            everything = best_mean(lambda: ruleset.legal_actions(state, seat), rounds, repeat)
            of_type = len(ruleset.legal_actions(state, seat, types=(action["type"],)))
            total = len(ruleset.legal_actions(state, seat))
            print(f"{ruleset.id:20} {action['type']:18} {of_type:7} {total:6}  {refusal / floor:7.1f}  "
                  f"{nearest / floor:7.1f}  {everything / floor:10.1f}   floor {floor * 1e6:.0f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
