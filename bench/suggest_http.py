"""``POST /v1/games/{game}/suggest`` under gunicorn with concurrent callers (issue 23).

    python -m bench.suggest_http [--game solenia] [--callers 8] [--budget 300] [--seconds 20]

Starts gunicorn (the project's ``gunicorn.conf.py``, production sizing: a worker per core) on a free
loopback port and keeps ``--callers`` clients asking for suggestions at once, each from a different
mid-game position of the game (2 and 3 players), for ``--seconds``. Prints, per game, the answers'
latency as the callers saw it (connection to last byte: p50, p99, max) against the budget plus the
50 ms the issue allows (target: p99 within it), the share of searches the clock cut short (their answers
are not reproducible), the mean playouts, and errors.

Every request shares the machine with the others: with 8 callers on 2 cores a search gets a quarter of
a core, so it does less work than alone, and the deadline (counted from the request's arrival) ends it.
The playouts column says what that costs; ``bench/bots.py --part time`` gives a search alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

_HERE = Path(__file__).resolve().parent
if __name__ == "__main__" and not __package__:
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
    sys.path.insert(0, str(_HERE.parent))

import orjson  # noqa: E402

from bench._common import GunicornServer  # noqa: E402
from bench.simulation import positions  # noqa: E402
from rulesets import all_rulesets, get_ruleset  # noqa: E402
from rulesets.core import to_builtins  # noqa: E402
from rulesets.core.simulation import acting_seats  # noqa: E402

SLACK_MS = 50


def bodies(game: str, budget_ms: int) -> list[bytes]:
    """A suggest request per (mid-game position, acting seat) of seeded games at 2 and 3 players."""
    ruleset = get_ruleset(game)
    out = []
    for players in (2, 3):
        found = positions(ruleset, players, 2)
        for index, state in enumerate(found):
            if index % 5 in (0, 4):
                continue  # the middle of each game, not its start or end
            for seat in acting_seats(ruleset, state):
                out.append(orjson.dumps({"state": to_builtins(state), "player": seat,
                                         "budget_ms": budget_ms, "seed": index}))
    return out


def _caller(url: str, requests: list[bytes], offset: int, stop_at: float, seen: list) -> None:
    n = offset
    while time.perf_counter() < stop_at:
        body = requests[n % len(requests)]
        n += 1
        started = time.perf_counter()
        try:
            request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=30) as response:
                answer = orjson.loads(response.read())
            seen.append(((time.perf_counter() - started) * 1000.0, answer["searched"], None))
        except (urllib.error.URLError, OSError, KeyError, ValueError) as error:
            seen.append(((time.perf_counter() - started) * 1000.0, None, repr(error)))


def measure(server_url: str, game: str, callers: int, budget_ms: int, seconds: float) -> None:
    requests = bodies(game, budget_ms)
    url = f"{server_url}/v1/games/{game}/suggest"
    _caller(url, requests, 0, time.perf_counter() + 2 * budget_ms / 1000.0, [])  # warm the workers
    seen: list = []
    stop_at = time.perf_counter() + seconds
    threads = [threading.Thread(target=_caller, args=(url, requests, k * 7, stop_at, seen)) for k in range(callers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    latencies = sorted(ms for ms, _, _ in seen)
    answered = [searched for _, searched, _ in seen if searched is not None]
    errors = [error for _, _, error in seen if error is not None]
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    allowed = budget_ms + SLACK_MS
    cut = sum(1 for s in answered if s.get("cut_short"))
    playouts = statistics.mean(s["playouts"] for s in answered) if answered else 0
    print(f"{game:20} {len(seen):5} answers, {callers} callers, budget {budget_ms} ms: p50 "
          f"{statistics.median(latencies):6.0f} ms, p99 {p99:6.0f} ms, max {latencies[-1]:6.0f} ms "
          f"(allowed {allowed}: {'met' if p99 <= allowed else 'MISSED'}); cut short {cut}/{len(answered)}, "
          f"mean playouts {playouts:.0f}, errors {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="a game (repeatable; default: every searchable game)")
    parser.add_argument("--callers", type=int, default=8)
    parser.add_argument("--budget", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    games = args.game or [r.id for r in all_rulesets() if r.searchable]
    with GunicornServer(workers=args.workers, env={"LOG_LEVEL": "WARNING"}) as server:
        for game in games:
            measure(server.url, game, args.callers, args.budget, args.seconds)


if __name__ == "__main__":
    main()
