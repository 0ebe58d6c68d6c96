"""CPU per action of the serving process: session acts against stateless applies, in process.

    python -m bench.session_cpu [--game solenia] [--players 2] [--games 6] [--rounds 3] [--profile]

Starts a private redis-server, builds the app (``service.create_app`` with REDIS_URL set)
and drives it through Flask's test client on this one thread, so every cycle the request
costs, the server's and the test client's, is spent on the thread the figure counts: its
CPU time (user + system, ``time.thread_time``) around many requests, divided by their
number. Redis's own CPU and the time spent waiting on its answers are not in it, so
unlike wall time or throughput the figure hardly moves when other jobs load the machine.

Both phases replay the same seeded random games (``bench.sessions.play_game``):

* session: ``POST /v1/sessions`` (not counted), then each action as
  ``POST /v1/sessions/{id}/actions`` with the seat's token and ``expected_version``;
* stateless: ``POST /v1/games/{game}/apply`` of the same states and actions.

Each phase runs ``--rounds`` times, interleaved, and the best round counts. The ratio
stateless CPU / session CPU is what throughput would be on a CPU-bound server (the
issue's target: 0.80). The test client's own cost is in both, the same per request;
``client floor`` (a ``GET /healthz``) shows its size. ``--profile`` adds cProfile's
heaviest functions of one session round.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

import orjson

from bench.sessions import PrivateRedis, play_game


def thread_cpu() -> float:
    """This thread's CPU time, user and system. ``getrusage(RUSAGE_THREAD)`` counts the same, but
    splits it between user and system by sampling at clock ticks, so its figure over a short
    span is coarse; CLOCK_THREAD_CPUTIME_ID is the scheduler's own nanosecond count."""
    return time.thread_time()


class Measured:
    def __init__(self) -> None:
        self.cpu = self.wall = 0.0
        self.count = 0

    def __enter__(self) -> "Measured":
        self._cpu, self._wall = thread_cpu(), time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        self.cpu += thread_cpu() - self._cpu
        self.wall += time.perf_counter() - self._wall

    @property
    def cpu_ms(self) -> float:
        return self.cpu / self.count * 1000

    @property
    def wall_ms(self) -> float:
        return self.wall / self.count * 1000


def session_round(client, game: str, players: int, seed: str, steps, games: int) -> Measured:
    measured = Measured()
    for _ in range(games):
        created = client.post("/v1/sessions", json={"game": game, "players": players, "seed": seed}).get_json()
        path = f"/v1/sessions/{created['session_id']}/actions"
        bodies = [(orjson.dumps({"action": action, "expected_version": version}),
                   {"Authorization": f"Bearer {created['seat_tokens'][action['player']]}",
                    "Content-Type": "application/json"})
                  for version, (_, action) in enumerate(steps)]
        with measured:
            for body, headers in bodies:
                response = client.post(path, data=body, headers=headers)
                if response.status_code != 200:
                    raise SystemExit(f"session action refused: {response.status_code} {response.data[:300]!r}")
        measured.count += len(bodies)
    return measured


def stateless_round(client, game: str, steps, games: int) -> Measured:
    bodies = [orjson.dumps({"state": state, "action": action}) for state, action in steps]
    headers = {"Content-Type": "application/json"}
    path = f"/v1/games/{game}/apply"
    measured = Measured()
    for _ in range(games):
        with measured:
            for body in bodies:
                response = client.post(path, data=body, headers=headers)
                if response.status_code != 200:
                    raise SystemExit(f"apply refused: {response.status_code} {response.data[:300]!r}")
        measured.count += len(bodies)
    return measured


def floor_round(client, count: int) -> Measured:
    measured = Measured()
    with measured:
        for _ in range(count):
            client.get("/healthz")
    measured.count = count
    return measured


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="solenia")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", default="bench-sessions")
    parser.add_argument("--games", type=int, default=6, help="games replayed per round and phase")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="cProfile one more session round")
    args = parser.parse_args(argv)

    from service import create_app

    steps = play_game(args.game, args.players, args.seed)
    with PrivateRedis() as redis_server:
        app = create_app({"REDIS_URL": redis_server.url, "SESSION_KEY_PREFIX": "bench", "LOG_LEVEL": "WARNING"})
        client = app.test_client()
        session_round(client, args.game, args.players, args.seed, steps, 1)  # warm up both paths
        stateless_round(client, args.game, steps, 1)
        sessions, stateless, floors = [], [], []
        for _ in range(args.rounds):
            sessions.append(session_round(client, args.game, args.players, args.seed, steps, args.games))
            stateless.append(stateless_round(client, args.game, steps, args.games))
            floors.append(floor_round(client, 500))
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            session_round(client, args.game, args.players, args.seed, steps, args.games)
            profiler.disable()
        app.extensions["sessions"].store.close()

    session, apply, floor = (min(rounds, key=lambda m: m.cpu) for rounds in (sessions, stateless, floors))
    print(f"{args.game}, {args.players} players: {len(steps)} actions a game, {args.games} games a round, "
          f"best of {args.rounds} rounds; CPU of this thread per request")
    print(f"  session act      {session.cpu_ms:6.3f} ms CPU   {session.wall_ms:6.3f} ms wall")
    print(f"  stateless apply  {apply.cpu_ms:6.3f} ms CPU   {apply.wall_ms:6.3f} ms wall")
    print(f"  client floor     {floor.cpu_ms:6.3f} ms CPU   (GET /healthz through the test client)")
    print(f"  stateless / session CPU: {apply.cpu / apply.count / (session.cpu / session.count):.2f}"
          f"   (session costs {session.cpu_ms - apply.cpu_ms:+.3f} ms more)")
    if args.profile:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(35)


if __name__ == "__main__":
    main()
