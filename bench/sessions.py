"""Session actions against stateless applies, on the same gunicorn server.

    python -m bench.sessions [--game solenia] [--players 2] [--workers 4] [--clients 8] [--seconds 8]

Starts a private redis-server and gunicorn (``service:create_app()`` with the project's
``gunicorn.conf.py``, REDIS_URL set) on free loopback ports, plays one seeded random game in-process to get its actions
and the state before each, then measures, for the same bounded time with the same
number of concurrent clients:

* sessions: many sessions of that game played in parallel, each action a
  ``POST /v1/sessions/{id}/actions`` with the acting seat's token and ``expected_version``;
* stateless: ``POST /v1/games/{game}/apply`` of the same states and actions.

It prints actions per second and latency percentiles for both, and their ratio: what
keeping the state on the server (a Redis read, a Lua compare-and-set, the seat's view
in the answer) costs against sending the whole state each time. The load generator
runs on the same machine, so absolute numbers are a floor; the ratio is the figure.

Measured at stop 32 (``python -m bench.sessions --game G --seconds 8``, 4 workers, idle box,
load average 0.3 at the start, 4.8 at the end), sessions / stateless throughput; the issue's
target is 0.80 for every game, and it is **not** met:

    solenia 0.58   java 0.62   kingdom_of_solomon 0.56   golden_city 0.55   mines_of_zavandor 0.61

The sessions and stateless sides run in alternating slices (``--rounds``), sessions are created
between slices, so a change of load weighs on both and only actions are timed.

What a session action pays now, per action: one Redis round trip when the worker holds the
session's latest state (``Sessions._latest``: the state this worker last read or committed,
safe because ``commit.lua`` checks the write id of the state the action started from and the
bots note it was judged with, answering "stale" otherwise), two when it does not (with four
workers and no affinity, about three actions in four); the token's digest; the seat's view in
the answer. In process (``python -m bench.session_cpu --game G``, which counts the serving
thread's CPU and which load moves little) the extra CPU of a session action over a stateless
apply fell from 0.49-0.81 ms to 0.21-0.31 ms (load 10, stop 32). Over HTTP the ratio did not
move: what is left is the round trips' wall time on the two shared cores (redis-server's own
CPU included) and gunicorn's spread of one session's actions over workers that do not hold it.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__" and not __package__:
    # Run as a script, bench/ would be first on sys.path and bench/http.py would shadow
    # the standard library's ``http``; put the repository there instead.
    _here = Path(__file__).resolve().parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _here]
    sys.path.insert(0, str(_here.parent))

import argparse
import http.client
import os
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field

import orjson

from bench._common import GunicornServer, free_port
from rulesets import get_ruleset
from rulesets.core import to_builtins


def wait_until(check, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise SystemExit(f"{what} did not come up within {timeout} s")


# ---------------------------------------------------------------- the game to replay
def play_game(game: str, players: int, seed: str) -> list[tuple[dict, dict]]:
    """(state before, action) for every step of one seeded random game."""
    ruleset = get_ruleset(game)
    chooser = random.Random(seed)
    state = ruleset.setup(players, seed)
    steps = []
    while not ruleset.status(state).game_over:
        active = ruleset.status(state).active_players
        menus = {p: ruleset.legal_actions(state, p) for p in active}
        seat = chooser.choice([p for p, menu in menus.items() if menu])
        action = chooser.choice(menus[seat])
        steps.append((to_builtins(state), to_builtins(action)))
        state, _ = ruleset.apply(state, action)
        if len(steps) > 10_000:
            raise SystemExit(f"{game}: the random game did not end")
    return steps


# ---------------------------------------------------------------- HTTP
def post(port: int, path: str, body: bytes, headers: dict[str, str] | None = None) -> tuple[int, bytes, float]:
    """One request on a fresh connection (gunicorn's sync workers close after each answer)."""
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", path, body, {"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        data = response.read()
        return response.status, data, time.perf_counter() - started
    finally:
        conn.close()


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, ok: bool, seconds: float) -> None:
        with self.lock:
            if ok:
                self.latencies.append(seconds)
            else:
                self.errors += 1


def run_clients(clients: int, seconds: float, work) -> tuple[Tally, float]:
    """``work(client_index, tally, deadline)`` on ``clients`` threads until the deadline."""
    tally = Tally()
    started = time.perf_counter()
    deadline = started + seconds
    threads = [threading.Thread(target=work, args=(i, tally, deadline)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tally, time.perf_counter() - started


class SessionPlay:
    """The session side: each client plays one session after another, its game kept from one slice
    to the next; sessions are created ahead, between slices, so a slice times actions only (a
    stateless apply has nothing like a creation to pay)."""

    def __init__(self, port, game, players, seed, steps, clients):
        self.port, self.game, self.players, self.seed, self.steps = port, game, players, seed, steps
        self.ready: list[dict] = []
        self.lock = threading.Lock()
        self.playing: list[tuple[dict, int] | None] = [None] * clients
        self.made_in_slices = 0  # sessions a slice had to create itself (the stock ran out)

    def create(self) -> dict:
        status, data, _ = post(self.port, "/v1/sessions",
                               orjson.dumps({"game": self.game, "players": self.players, "seed": self.seed}))
        if status != 201:
            raise SystemExit(f"session create failed: {status} {data[:300]!r}")
        return orjson.loads(data)

    def stock(self, count: int) -> None:
        while len(self.ready) < count:
            self.ready.append(self.create())

    def _next(self) -> dict:
        with self.lock:
            if self.ready:
                return self.ready.pop()
            self.made_in_slices += 1
        return self.create()

    def slice(self, seconds):
        def work(index, tally, deadline):
            while time.perf_counter() < deadline:
                playing = self.playing[index]
                if playing is None or playing[1] >= len(self.steps):
                    playing = (self._next(), 0)
                created, version = playing
                action = self.steps[version][1]
                body = orjson.dumps({"action": action, "expected_version": version})
                token = created["seat_tokens"][action["player"]]
                status, data, took = post(self.port, f"/v1/sessions/{created['session_id']}/actions", body,
                                          {"Authorization": f"Bearer {token}"})
                tally.add(status == 200, took)
                if status != 200:
                    print(f"  session action refused: {status} {data[:200]!r}", file=sys.stderr)
                    playing = None
                else:
                    playing = (created, version + 1)
                self.playing[index] = playing

        return run_clients(len(self.playing), seconds, work)


class StatelessPlay:
    """The stateless side: the same states and actions, each client going on from where its last slice stopped."""

    def __init__(self, port, game, steps, clients):
        self.port = port
        self.bodies = [orjson.dumps({"state": state, "action": action}) for state, action in steps]
        self.path = f"/v1/games/{game}/apply"
        self.positions = [(index * len(self.bodies)) // max(clients, 1) for index in range(clients)]

    def slice(self, seconds):
        def work(index, tally, deadline):
            while time.perf_counter() < deadline:
                status, data, took = post(self.port, self.path, self.bodies[self.positions[index] % len(self.bodies)])
                tally.add(status == 200, took)
                self.positions[index] += 1

        return run_clients(len(self.positions), seconds, work)


def measure(port, game, players, seed, steps, clients, seconds, rounds) -> tuple[tuple[Tally, float], tuple[Tally, float]]:
    """Both sides in ``rounds`` alternating slices of ``seconds / rounds`` each (session first in odd rounds,
    stateless first in even ones), so a change of the machine's load in the middle weighs on both alike."""
    sessions = SessionPlay(port, game, players, seed, steps, clients)
    stateless = StatelessPlay(port, game, steps, clients)
    totals = {"session": (Tally(), 0.0), "stateless": (Tally(), 0.0)}
    wanted = 2 * clients
    for round_ in range(rounds):
        sessions.stock(wanted)
        order = [("session", sessions), ("stateless", stateless)]
        for name, side in (order if round_ % 2 == 0 else order[::-1]):
            tally, elapsed = side.slice(seconds / rounds)
            total, time_spent = totals[name]
            total.latencies += tally.latencies
            total.errors += tally.errors
            totals[name] = (total, time_spent + elapsed)
            if name == "session":  # enough sessions for the next slice at this one's pace, and a margin
                wanted = clients + (3 * len(tally.latencies)) // (2 * len(steps)) + 1
    if sessions.made_in_slices:
        print(f"  ({sessions.made_in_slices} sessions were created inside a timed slice: the stock ran out)")
    return totals["session"], totals["stateless"]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def report(name: str, tally: Tally, elapsed: float) -> tuple[float, float]:
    rate = len(tally.latencies) / elapsed
    p50, p99 = percentile(tally.latencies, 0.50) * 1000, percentile(tally.latencies, 0.99) * 1000
    print(f"{name:<34} {rate:9.1f} actions/s   p50 {p50:7.2f} ms   p99 {p99:7.2f} ms   "
          f"({len(tally.latencies)} ok, {tally.errors} errors, {elapsed:.1f} s)")
    return rate, p99


# ---------------------------------------------------------------- servers
class PrivateRedis:
    """A redis-server of the benchmark's own on a free loopback port, no persistence."""

    def __init__(self) -> None:
        self.port = free_port()
        self.tmp = tempfile.mkdtemp(prefix="referee-bench-redis-")
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def __enter__(self) -> "PrivateRedis":
        binary = shutil.which("redis-server")
        if binary is None:
            raise SystemExit("redis-server is not on PATH")
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", self.tmp, "--logfile", ""], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(lambda: socket.create_connection(("127.0.0.1", self.port), 0.2).close() or True,
                   10, "redis-server")
        return self

    def __exit__(self, *exc) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="solenia")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", default="bench-sessions")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    parser.add_argument("--clients", type=int, default=8, help="concurrent client threads")
    parser.add_argument("--seconds", type=float, default=8.0, help="duration of each phase, all its slices")
    parser.add_argument("--rounds", type=int, default=4, help="alternating slices per phase")
    args = parser.parse_args(argv)

    steps = play_game(args.game, args.players, args.seed)
    state_bytes = sum(len(orjson.dumps(state)) for state, _ in steps) / len(steps)
    print(f"{args.game}, {args.players} players: one game of {len(steps)} actions, mean state {state_bytes:,.0f} B")
    print(f"gunicorn {args.workers} workers, {args.clients} concurrent clients, {args.seconds:g} s per phase "
          f"in {args.rounds} alternating slices, "
          f"loopback, {os.cpu_count()} cores shared with the load generator")
    env = {"SESSION_KEY_PREFIX": "bench", "LOG_LEVEL": "WARNING"}
    with PrivateRedis() as redis_server, GunicornServer(workers=args.workers,
                                                       env={**env, "REDIS_URL": redis_server.url}) as server:
        port = server.port
        # Warm every worker on both paths (imports, caches, Redis connections), untimed.
        measure(port, args.game, args.players, args.seed, steps, args.clients, 1.0, 1)
        (session_tally, session_time), (stateless_tally, stateless_time) = measure(
            port, args.game, args.players, args.seed, steps, args.clients, args.seconds, args.rounds)
    session_rate, session_p99 = report("POST /v1/sessions/{id}/actions", session_tally, session_time)
    stateless_rate, stateless_p99 = report(f"POST /v1/games/{args.game}/apply", stateless_tally, stateless_time)
    print(f"sessions / stateless: {session_rate / stateless_rate:.2f}x throughput, "
          f"{session_p99 / stateless_p99:.2f}x p99 latency")
    if session_tally.errors or stateless_tally.errors:
        raise SystemExit("some requests failed (see above)")


if __name__ == "__main__":
    main()
