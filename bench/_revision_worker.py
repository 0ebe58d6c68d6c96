"""One side of ``bench/revisions.py``: times this checkout's bench figures in another checkout's code.

    python bench/_revision_worker.py TREE GAME PLAYERS OPTIONS_JSON

Imports ``rulesets`` and ``service`` from TREE first, then this checkout's ``bench/inprocess.py``
(whose own imports then find TREE's modules already loaded), so both sides of a comparison run
the same bench code on their own rules. It builds mid-game positions as ``inprocess.py`` does,
prints ``positions=… rules=…`` (their count, and the directory the rules were loaded from), then
for every line ``N`` on stdin times N passes over them per figure and prints
``floor=… apply=… request=… legal=…`` (microseconds per position).
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path

TREE = Path(sys.argv[1]).resolve()
sys.path[:] = [str(TREE)] + [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import rulesets  # noqa: E402
import service.encoding  # noqa: E402,F401 - loaded from TREE before inprocess.py asks for them
import service.envelopes  # noqa: E402,F401
import service.schemas  # noqa: E402,F401

if not Path(rulesets.__file__).resolve().is_relative_to(TREE):
    raise SystemExit(f"rulesets came from {rulesets.__file__}, not from {TREE}")

_spec = importlib.util.spec_from_file_location("_bench_inprocess", Path(__file__).with_name("inprocess.py"))
bench = importlib.util.module_from_spec(_spec)  # type: ignore[arg-type]
_spec.loader.exec_module(bench)  # type: ignore[union-attr]
if not Path(bench.get_ruleset.__code__.co_filename).resolve().is_relative_to(TREE):
    raise SystemExit("the bench's rulesets are not TREE's")

GAMES = 8  # seeded random games per side; their middle fifth are the positions


def main() -> None:
    game, players, options = sys.argv[2], int(sys.argv[3]), json.loads(sys.argv[4])
    bench.R = bench.get_ruleset(game)
    positions = bench.mid_game_positions(players, options, GAMES)
    print(f"positions={len(positions)} rules={Path(rulesets.__file__).resolve().parent}", flush=True)
    for line in sys.stdin:
        passes = int(line)
        timed = []
        for name, run in bench.FIGURES.items():
            start = time.perf_counter()
            for _ in range(passes):
                for position in positions:
                    run(*position)
            timed.append(f"{name}={(time.perf_counter() - start) / passes / len(positions) * 1e6:.3f}")
        print(" ".join(timed), flush=True)


if __name__ == "__main__":
    main()
