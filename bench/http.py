"""HTTP benchmark: a game's ``apply`` under gunicorn against the framework's floor.

    python -m bench.http                 # or: python bench/http.py
    python -m bench.http --game java --players 4
    python -m bench.http --seconds 10 --connections 16 --workers 2

Starts gunicorn (the project's ``gunicorn.conf.py``) on a free loopback port with
``BENCH_ECHO=1``, then drives it with ``wrk`` (or a Python load generator when wrk is
not installed) with one request body: a mid-game state of the game (3-player Solenia by default) and
the action played there. The same body goes to ``POST /v1/games/<game>/apply`` and to
``POST /bench/echo``, which parses and returns it through the same hooks (request id,
logs, metrics, body checks). Runs alternate echo/apply to share the machine's noise,
and the figure that matters is the ratio (the median of the back-to-back pairs); the
target is apply >= 75% of echo's req/s. p99 is the worst run's. Everything stops by
itself after about ``2 * rounds * seconds`` plus a few seconds of startup and warm-up.
"""

if __name__ == "__main__" and not __package__:
    # Run as a script, this directory would shadow the standard library's ``http``.
    import os as _os
    import sys as _sys

    _here = _os.path.dirname(_os.path.abspath(__file__))
    _sys.path[:] = [p for p in _sys.path if _os.path.abspath(p or ".") != _here]
    _sys.path.insert(0, _os.path.dirname(_here))

import argparse
import json
import random
import statistics
import sys
import urllib.request

import orjson

from bench._common import GunicornServer, LoadResult, post_json_load
from rulesets import get_ruleset
from rulesets.core import to_builtins

TARGET_RATIO = 0.75


def mid_game_request(players: int = 3, seed: str = "bench-http", options: dict | None = None,
                     game: str = "solenia") -> bytes:
    """``{"state", "action"}`` at the middle of a seeded random game, the action the one played there."""
    ruleset = get_ruleset(game)
    chooser = random.Random(seed)
    state = ruleset.setup(players, seed, options)
    history = []
    while not ruleset.status(state).game_over:
        menus = [m for m in (ruleset.legal_actions(state, p) for p in ruleset.status(state).active_players) if m]
        action = chooser.choice(chooser.choice(menus))
        history.append((state, action))
        state, _ = ruleset.apply(state, action)
    state, action = history[len(history) // 2]
    return orjson.dumps({"state": to_builtins(state), "action": to_builtins(action)})


def _post(url: str, body: bytes) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.read()


def _combine(runs: list[LoadResult]) -> LoadResult:
    seconds = sum(run.seconds for run in runs)
    return LoadResult(runs[0].tool, sum(run.requests for run in runs), seconds, sum(run.errors for run in runs),
                      max(run.p50_ms for run in runs), max(run.p99_ms for run in runs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.http", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3, help="length of each measured run (default 3)")
    parser.add_argument("--rounds", type=int, default=5, help="echo/apply run pairs (default 5)")
    parser.add_argument("--connections", type=int, default=8, help="concurrent connections (default 8)")
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: gunicorn.conf.py's)")
    parser.add_argument("--game", default="solenia", help="a ruleset id (default solenia)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--options", type=json.loads, default=None,
                        help='setup options as JSON, e.g. \'{"board_side": "winter", "improvements": true}\'')
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line too")
    args = parser.parse_args(argv)

    body = mid_game_request(args.players, options=args.options, game=args.game)
    with GunicornServer(workers=args.workers, env={"BENCH_ECHO": "1"}) as server:
        urls = {"echo": f"{server.url}/bench/echo", "apply": f"{server.url}/v1/games/{args.game}/apply"}
        status, echoed = _post(urls["echo"], body)
        assert status == 200 and orjson.loads(echoed) == orjson.loads(body), "echo does not echo"
        status, applied = _post(urls["apply"], body)
        assert status == 200 and "state" in orjson.loads(applied), f"apply answered {status}"
        for url in urls.values():  # warm every worker's caches and imports
            post_json_load(url, body, seconds=1, connections=args.connections)
        runs: dict[str, list[LoadResult]] = {"echo": [], "apply": []}
        for _ in range(args.rounds):
            for name, url in urls.items():
                runs[name].append(post_json_load(url, body, seconds=args.seconds, connections=args.connections))
        workers = server.workers or "gunicorn.conf.py default"

    echo, apply = _combine(runs["echo"]), _combine(runs["apply"])
    # Each pair ran back to back, so its ratio shares that moment's noise (other
    # processes on the machine); the median pair is the figure least moved by a burst.
    pair_ratios = sorted(a.rps / e.rps for e, a in zip(runs["echo"], runs["apply"]) if e.rps)
    ratio = statistics.median(pair_ratios) if pair_ratios else float("nan")
    print(f"load generator: {echo.tool}; {args.connections} connections; gunicorn workers: {workers}; "
          f"body {len(body)} bytes (mid-game {args.players}-player {args.game}, options {args.options or 'default'}); "
          f"{args.rounds} x {args.seconds:g}s per endpoint")
    print(f"{'endpoint':<10}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'errors':>8}")
    for name, result in (("echo", echo), ("apply", apply)):
        print(f"{name:<10}{result.rps:>10.0f}{result.p50_ms:>10.2f}{result.p99_ms:>10.2f}{result.errors:>8}")
    verdict = "meets" if ratio >= TARGET_RATIO else "BELOW"
    print(f"apply/echo per pair: {', '.join(f'{r:.2f}' for r in pair_ratios)}")
    print(f"apply/echo: {ratio:.2f} of echo's req/s, median pair ({verdict} the {TARGET_RATIO:.0%} target); "
          f"over all runs {apply.rps / echo.rps:.2f}; p99 {apply.p99_ms:.2f} ms vs {echo.p99_ms:.2f} ms")
    if echo.tool == "python":
        print("note: the Python load generator competes with the server for the CPU, which narrows the gap; "
              "install wrk for a truer floor")
    if args.json:
        print(json.dumps({"echo_rps": echo.rps, "apply_rps": apply.rps, "ratio": ratio, "pair_ratios": pair_ratios,
                          "echo_p99_ms": echo.p99_ms,
                          "apply_p99_ms": apply.p99_ms, "errors": echo.errors + apply.errors, "tool": echo.tool}))
    return 0 if echo.errors + apply.errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
