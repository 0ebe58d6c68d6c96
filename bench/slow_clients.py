"""Cheap denial of service: do slow clients and long-polls starve short requests?

    python -m bench.slow_clients
    python -m bench.slow_clients --seconds 20 --slow 32 --polls 32
    python -m bench.slow_clients --worker-class sync      # the old model, for comparison
    python -m bench.slow_clients --workers 1 --slow 0 --polls 0 --heads 1100   # heads that never end
    python -m bench.slow_clients --workers 1 --slow 0 --polls 0 --heads 1100 \\
        --worker-class gunicorn.workers.ggevent.GeventWorker  # gunicorn's gevent worker, no head deadline

Starts a private redis-server and gunicorn (``service:create_app()`` with the project's
``gunicorn.conf.py``, REDIS_URL set, the production sizing) on free loopback ports, then
holds open at once:

* ``--slow`` clients that POST to ``/v1/games/solenia/apply`` declaring a 4 KiB body and
  sending it one byte a second (``BODY_READ_SECONDS`` is set past the run's end, so they
  are held throughout rather than refused with 408);
* ``--heads`` connections that send ``GET /healthz HTTP/1.1\\r\\nHost: x\\r\\n`` and then
  nothing (a request head that never ends), each reopened as soon as the server drops it;
  more of them than ``worker_connections`` (1,000) fill a worker's every slot;
* ``--polls`` session long-polls (``GET /v1/sessions/{id}?wait_version=0``), each from a
  loopback address of its own (127.0.1.x), as distinct clients are, so the per-client
  long-poll cap (``SESSION_LONG_POLLS_PER_CLIENT``) does not refuse them.

Meanwhile one prober sends, on fresh connections, ``GET /healthz`` and a stateless
``POST /v1/games/solenia/apply`` (a mid-game state) in turn, for ``--seconds``. It
prints, per probe kind, the share answered (200) within 1 s and the p99 latency; the
target is >= 99% within 1 s for both. The floor is the same probes on the same server
before any slow client or long-poll arrives (``--floor-seconds``), and p99 is also
printed as a ratio to that floor's. Probes that get no answer in ``--probe-timeout``
count as unanswered at that latency. Everything stops by itself after about
``--seconds`` plus a few seconds of startup.
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
import json
import selectors
import socket
import threading
import time
from dataclasses import dataclass, field

import orjson

from bench._common import GunicornServer
from bench.http import mid_game_request
from bench.sessions import PrivateRedis, percentile

TARGET_SHARE = 0.99
TARGET_SECONDS = 1.0
SLOW_BODY_BYTES = 4096
PARTIAL_HEAD = b"GET /healthz HTTP/1.1\r\nHost: x\r\n"  # never the blank line that ends it


@dataclass
class Probes:
    latencies: list[float] = field(default_factory=list)
    within_target: int = 0

    def add(self, ok: bool, seconds: float) -> None:
        self.latencies.append(seconds)
        if ok and seconds <= TARGET_SECONDS:
            self.within_target += 1

    @property
    def share(self) -> float:
        return self.within_target / len(self.latencies) if self.latencies else 0.0


@dataclass
class Held:
    """What the slow clients and long-polls saw: were they really held open throughout?"""

    lock: threading.Lock = field(default_factory=threading.Lock)
    slow_open: int = 0          # slow clients still sending when the probes ended
    slow_cut: int = 0           # slow clients the server closed on
    polls_answered: dict[int, int] = field(default_factory=dict)  # status -> count
    polls_early: int = 0        # long-polls answered before their wait was up
    heads_open: int = 0         # unfinished heads still open when the probes ended
    heads_cut: dict[str, int] = field(default_factory=dict)  # how the server dropped them -> count
    heads_unconnected: int = 0  # connection attempts that failed (backlog full)

    def count(self, attribute: str) -> None:
        with self.lock:
            setattr(self, attribute, getattr(self, attribute) + 1)


def probe(port: int, method: str, path: str, body: bytes | None, timeout: float) -> tuple[bool, float]:
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body, headers)
        response = conn.getresponse()
        response.read()
        return response.status == 200, time.perf_counter() - started
    except OSError:
        return False, max(time.perf_counter() - started, timeout)
    finally:
        conn.close()


def slow_client(port: int, index: int, stop: threading.Event, held: Held) -> None:
    """Headers at once, then the body a byte a second, until told to stop."""
    source = ("127.0.2.%d" % (1 + index % 250), 0)
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=source)
    except OSError:
        held.count("slow_cut")
        return
    try:
        sock.sendall(b"POST /v1/games/solenia/apply HTTP/1.1\r\nHost: bench\r\n"
                     b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % SLOW_BODY_BYTES)
        sent = 0
        while not stop.wait(1.0) and sent < SLOW_BODY_BYTES - 1:
            sock.sendall(b" ")
            sent += 1
        held.count("slow_open")
    except OSError:
        held.count("slow_cut")
    finally:
        sock.close()


def partial_heads(port: int, count: int, stop: threading.Event, held: Held) -> None:
    """``count`` unfinished heads held open from one thread; one the server drops is reopened."""
    selector = selectors.DefaultSelector()

    def open_one(index: int) -> None:
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=5,
                                            source_address=(f"127.0.3.{1 + index % 250}", 0))
            sock.sendall(PARTIAL_HEAD)
        except OSError:
            held.count("heads_unconnected")
            return
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ, index)

    for index in range(count):
        if stop.is_set():
            break
        open_one(index)
    while not stop.is_set():
        for key, _ in selector.select(timeout=0.2):
            sock = key.fileobj
            try:
                answer = sock.recv(4096)
            except OSError:
                answer = b""
            how = "closed, no answer"
            for code in (b"head_timeout", b"head_evicted"):
                if code in answer:
                    how = "408 " + code.decode()
            with held.lock:
                held.heads_cut[how] = held.heads_cut.get(how, 0) + 1
            selector.unregister(sock)
            sock.close()
            if not stop.is_set():
                open_one(key.data)
    held.heads_open = len(selector.get_map())
    for key in list(selector.get_map().values()):
        key.fileobj.close()
    selector.close()


def long_poll(port: int, index: int, session_id: str, wait_seconds: float, stop: threading.Event, held: Held) -> None:
    """One client's long-poll, asked again whenever it is answered, until told to stop."""
    source = ("127.0.1.%d" % (1 + index % 250), 0)
    while not stop.is_set():
        started = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=wait_seconds + 10, source_address=source)
        try:
            conn.request("GET", f"/v1/sessions/{session_id}?wait_version=0&wait_seconds={wait_seconds:g}")
            response = conn.getresponse()
            response.read()
            status = response.status
        except OSError:
            status = 0
        finally:
            conn.close()
        with held.lock:
            held.polls_answered[status] = held.polls_answered.get(status, 0) + 1
            if time.perf_counter() - started < wait_seconds - 1 and not stop.is_set():
                held.polls_early += 1
        if status != 200:
            stop.wait(1.0)


def create_session(port: int) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("POST", "/v1/sessions", orjson.dumps({"game": "solenia", "players": 2, "seed": "slow"}),
                     {"Content-Type": "application/json"})
        response = conn.getresponse()
        data = response.read()
        if response.status != 201:
            raise SystemExit(f"session create failed: {response.status} {data[:300]!r}")
        return orjson.loads(data)["session_id"]
    finally:
        conn.close()


def run_probes(port: int, seconds: float, timeout: float, apply_body: bytes) -> dict[str, Probes]:
    probes = {"GET /healthz": Probes(), "POST /v1/games/solenia/apply": Probes()}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        for (name, tally), (method, path, body) in zip(probes.items(), (
                ("GET", "/healthz", None), ("POST", "/v1/games/solenia/apply", apply_body))):
            tally.add(*probe(port, method, path, body, timeout))
        time.sleep(0.05)
    return probes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.slow_clients", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=15, help="how long the probes run (default 15)")
    parser.add_argument("--slow", type=int, default=32, help="slow-body clients (default 32)")
    parser.add_argument("--polls", type=int, default=32, help="open long-polls (default 32)")
    parser.add_argument("--heads", type=int, default=0, help="request heads that never end (default 0)")
    parser.add_argument("--head-seconds", type=int, default=None, help="override HEAD_READ_SECONDS")
    parser.add_argument("--floor-seconds", type=float, default=3, help="idle probes first, the floor (default 3)")
    parser.add_argument("--probe-timeout", type=float, default=5.0, help="a probe unanswered by then fails")
    parser.add_argument("--worker-class", default=None,
                        help="override GUNICORN_WORKER_CLASS (default: gunicorn.conf.py's) to compare models")
    parser.add_argument("--threads", type=int, default=None, help="override GUNICORN_THREADS (gthread)")
    parser.add_argument("--workers", type=int, default=None, help="override WEB_CONCURRENCY")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line too")
    args = parser.parse_args(argv)

    wait_seconds = 20.0
    # The slow clients are meant to be held for the whole run, not cut off by the body deadline.
    body_seconds = int(args.floor_seconds + args.seconds) + 60
    env = {"SESSION_KEY_PREFIX": "bench-slow", "LOG_LEVEL": "WARNING", "SESSION_WAIT_MAX_SECONDS": "20",
           "GUNICORN_TIMEOUT": "30", "BODY_READ_SECONDS": str(body_seconds)}
    if args.worker_class:
        env["GUNICORN_WORKER_CLASS"] = args.worker_class
    if args.threads:
        env["GUNICORN_THREADS"] = str(args.threads)
    if args.head_seconds:
        env["HEAD_READ_SECONDS"] = str(args.head_seconds)
    apply_body = mid_game_request(2, game="solenia")
    stop = threading.Event()
    held = Held()
    with PrivateRedis() as redis_server, GunicornServer(workers=args.workers,
                                                       env={**env, "REDIS_URL": redis_server.url}) as server:
        port = server.port
        floor = run_probes(port, args.floor_seconds, args.probe_timeout, apply_body)
        sessions = [create_session(port) for _ in range(4)]
        threads = [threading.Thread(target=slow_client, args=(port, i, stop, held), daemon=True)
                   for i in range(args.slow)]
        threads += [threading.Thread(target=long_poll, args=(port, i, sessions[i % len(sessions)], wait_seconds,
                                                             stop, held), daemon=True)
                    for i in range(args.polls)]
        if args.heads:
            threads.append(threading.Thread(target=partial_heads, args=(port, args.heads, stop, held), daemon=True))
        for thread in threads:
            thread.start()
        time.sleep(1.5 + args.heads / 1000)  # every slow client connected and every long-poll sent
        probes = run_probes(port, args.seconds, args.probe_timeout, apply_body)
        stop.set()
        for thread in threads:
            thread.join(timeout=wait_seconds + 15)
        workers = server.env["WEB_CONCURRENCY"]

    model = args.worker_class or "gevent (gunicorn.conf.py's default)"
    threads = f"; threads: {args.threads}" if args.threads else ""
    print(f"worker class: {model}; workers: {workers}{threads}; "
          f"{args.slow} slow-body clients (1 byte/s), {args.polls} long-polls ({wait_seconds:g} s) and "
          f"{args.heads} unfinished heads held open; probes for {args.seconds:g} s")
    print(f"held: {held.slow_open} slow clients still sending at the end, {held.slow_cut} cut off; "
          f"long-poll answers by status {dict(sorted(held.polls_answered.items()))}, "
          f"{held.polls_early} answered before their wait was up")
    if args.heads:
        print(f"heads: {held.heads_open} still open at the end; dropped by the server (then reopened): "
              f"{dict(sorted(held.heads_cut.items()))}; {held.heads_unconnected} connection attempts failed")
    print(f"{'probe':<32}{'count':>7}{'<= 1 s':>9}{'p50 ms':>10}{'p99 ms':>10}{'idle p99':>10}{'p99/idle':>10}")
    meets = True
    for name, tally in probes.items():
        p50, p99 = percentile(tally.latencies, 0.50) * 1000, percentile(tally.latencies, 0.99) * 1000
        idle = percentile(floor[name].latencies, 0.99) * 1000
        meets = meets and tally.share >= TARGET_SHARE
        print(f"{name:<32}{len(tally.latencies):>7}{tally.share:>9.1%}{p50:>10.1f}{p99:>10.1f}"
              f"{idle:>10.1f}{p99 / idle:>9.1f}x")
    print(f"target: >= {TARGET_SHARE:.0%} of each probe kind answered within {TARGET_SECONDS:g} s: "
          f"{'met' if meets else 'NOT met'}")
    if args.json:
        print(json.dumps({name: {"count": len(t.latencies), "share_within_1s": t.share,
                                 "p99_ms": percentile(t.latencies, 0.99) * 1000,
                                 "idle_p99_ms": percentile(floor[name].latencies, 0.99) * 1000}
                          for name, t in probes.items()}))
    return 0 if meets else 1


if __name__ == "__main__":
    sys.exit(main())
