"""Two revisions side by side: this checkout against an earlier commit, same bench, same machine.

    python bench/revisions.py 6b6901c                      # Solenia, 4 players
    python bench/revisions.py 6b6901c --players 2 --pairs 8
    python bench/revisions.py HEAD~3 --game java --players 3

Answers "did this change make the referee slower?", which one ``inprocess.py`` run per
revision cannot: on a shared machine the same code's figures move by up to 10% from one
run to the next. The earlier commit is checked out in a temporary git worktree (removed
afterwards). For each of ``--pairs`` pairs, one worker process per revision builds the
same seeded mid-game positions (``bench/_revision_worker.py``: this checkout's bench code
on each revision's rules), then the two take turns, ``--rounds`` rounds each, timing
``inprocess.py``'s figures (floor, apply, request, legal); each process keeps its best
round. Fresh processes per pair, since a process's memory layout alone moves figures by
a few percent. The answer per figure is the median over pairs of its ratio to the floor,
for each revision, and how much this checkout's ratio differs from the earlier one's.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORKER = HERE / "_revision_worker.py"
FIGURES = ("floor", "apply", "request", "legal")


def timed_pair(trees: dict[str, Path], game: str, players: int, options: str, rounds: int) -> dict[str, dict[str, float]]:
    """Each tree's best microseconds per position for every figure, its workers taking turns."""
    workers = {name: subprocess.Popen([sys.executable, str(WORKER), str(tree), game, str(players), options],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
               for name, tree in trees.items()}
    best = {name: {figure: float("inf") for figure in FIGURES} for name in trees}
    try:
        for name, worker in workers.items():
            ready = dict(item.split("=", 1) for item in worker.stdout.readline().split())  # type: ignore[union-attr]
            if not Path(ready.get("rules", "/")).is_relative_to(trees[name]):
                raise SystemExit(f"the {name} worker did not load its rules from {trees[name]}: {ready}")
        for round_ in range(rounds):
            order = list(workers.items())
            for name, worker in order if round_ % 2 == 0 else reversed(order):  # neither always goes first
                worker.stdin.write("2\n")  # type: ignore[union-attr]
                worker.stdin.flush()  # type: ignore[union-attr]
                for item in worker.stdout.readline().split():  # type: ignore[union-attr]
                    figure, value = item.split("=")
                    best[name][figure] = min(best[name][figure], float(value))
    finally:
        for worker in workers.values():
            worker.stdin.close()  # type: ignore[union-attr]
            worker.wait()
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revision", help="the earlier commit (anything git rev-parse reads)")
    parser.add_argument("--game", default="solenia")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--options", default="{}", help='setup options as JSON ({"board_side": "winter"})')
    parser.add_argument("--pairs", type=int, default=6, help="fresh worker pairs (default 6)")
    parser.add_argument("--rounds", type=int, default=16, help="rounds per worker and pair (default 16)")
    args = parser.parse_args()
    json.loads(args.options)
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.revision],
                            check=True, capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="referee-revision-") as scratch:
        earlier = Path(scratch) / commit
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(earlier), commit],
                       check=True, capture_output=True)
        try:
            trees = {commit: earlier, "this checkout": ROOT}
            ratios: dict[str, dict[str, list[float]]] = {name: {f: [] for f in FIGURES} for name in trees}
            for _ in range(args.pairs):
                best = timed_pair(trees, args.game, args.players, args.options, args.rounds)
                for name in trees:
                    for figure in FIGURES:
                        ratios[name][figure].append(best[name][figure] / best[name]["floor"])
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(earlier)],
                           check=False, capture_output=True)
    print(f"{args.game} {args.players}p {args.options}: ratio to the floor (orjson loads + dumps of the state), "
          f"median of {args.pairs} worker pairs x {args.rounds} alternating rounds")
    print(f"{'figure':8} {commit:>14} {'this checkout':>14} {'change':>8}")
    for figure in FIGURES[1:]:
        old, new = (statistics.median(ratios[name][figure]) for name in trees)
        print(f"{figure:8} {old:13.2f}x {new:13.2f}x {100 * (new / old - 1):+7.1f}%")


if __name__ == "__main__":
    main()
