"""What the benchmarks share: a gunicorn on a free loopback port, and a load generator.

The load generator is ``wrk`` when it is installed (``apt-get install wrk``), else a
small multi-process Python one; either reports requests per second and latency
percentiles for one POST body, repeated, over a bounded duration.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class GunicornServer:
    """``with GunicornServer(env={...}) as server: server.url`` — started with the
    project's ``gunicorn.conf.py``, bound to loopback only, stopped on exit."""

    def __init__(self, app: str = "service:create_app()", *, workers: int | None = None,
                 env: dict[str, str] | None = None, log_path: str | None = None, startup_timeout: float = 30):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = app
        self.workers = workers
        self.extra_env = env or {}
        self.log_path = log_path
        self.startup_timeout = startup_timeout
        self.process: subprocess.Popen | None = None
        self.metrics_dir: str | None = None
        self.env: dict[str, str] = {}

    def __enter__(self) -> "GunicornServer":
        self.metrics_dir = tempfile.mkdtemp(prefix="bench-prometheus-")
        env = {**os.environ, "BIND": f"127.0.0.1:{self.port}", "PROMETHEUS_MULTIPROC_DIR": self.metrics_dir,
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
               **self.extra_env}
        if self.workers is not None:
            env["WEB_CONCURRENCY"] = str(self.workers)
        # Benchmarks measure the production sizing (a process per core, one thread each),
        # not gunicorn.conf.py's single-process default for in-memory sessions.
        env.setdefault("WEB_CONCURRENCY", str(max(2, os.cpu_count() or 1)))
        env.setdefault("GUNICORN_THREADS", "1")
        self.env = env
        out = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", str(ROOT / "gunicorn.conf.py"), self.app],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT if self.log_path else subprocess.DEVNULL)
        if out is not subprocess.DEVNULL:
            out.close()
        self._wait_until_healthy()
        return self

    def _wait_until_healthy(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode} during startup"
                                   + (f"; see {self.log_path}" if self.log_path else ""))
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        self.__exit__(None, None, None)
        raise RuntimeError(f"gunicorn did not answer /healthz within {self.startup_timeout}s")

    def __exit__(self, *exc) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.metrics_dir:
            shutil.rmtree(self.metrics_dir, ignore_errors=True)


@dataclass
class LoadResult:
    tool: str
    requests: int
    seconds: float
    errors: int
    p50_ms: float
    p99_ms: float

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def post_json_load(url: str, body: bytes, *, seconds: float, connections: int) -> LoadResult:
    """POST ``body`` to ``url`` as fast as ``connections`` clients can, for ``seconds``."""
    if shutil.which("wrk"):
        return _wrk(url, body, seconds, connections)
    return _python_load(url, body, seconds, connections)


_WRK_SCRIPT = r"""
local f = assert(io.open(os.getenv("BENCH_BODY_FILE"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH_JSON {\"requests\": %d, \"duration_us\": %d, \"errors\": %d, \"p50_us\": %d, \"p99_us\": %d}\n",
    summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
"""


def _wrk(url: str, body: bytes, seconds: float, connections: int) -> LoadResult:
    with tempfile.TemporaryDirectory(prefix="bench-wrk-") as tmp:
        script, body_file = Path(tmp, "post.lua"), Path(tmp, "body.json")
        script.write_text(_WRK_SCRIPT)
        body_file.write_bytes(body)
        completed = subprocess.run(
            ["wrk", "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--timeout", "10s",
             "-s", str(script), url],
            env={**os.environ, "BENCH_BODY_FILE": str(body_file)}, capture_output=True, text=True,
            timeout=seconds + 60, check=True)
    line = next(line for line in completed.stdout.splitlines() if line.startswith("BENCH_JSON "))
    data = json.loads(line[len("BENCH_JSON "):])
    return LoadResult("wrk", data["requests"], data["duration_us"] / 1e6, data["errors"],
                      data["p50_us"] / 1000, data["p99_us"] / 1000)


def _python_worker(args) -> tuple[int, int, list[float]]:
    host, port, raw_request, deadline = args
    done = errors = 0
    latencies: list[float] = []
    while time.monotonic() < deadline:
        started = time.perf_counter()
        try:
            with socket.create_connection((host, port), timeout=10) as sock:
                sock.sendall(raw_request)
                chunks = []
                while chunk := sock.recv(65536):
                    chunks.append(chunk)
            ok = b"".join(chunks[:1]).startswith(b"HTTP/1.1 200")
        except OSError:
            ok = False
        latencies.append(time.perf_counter() - started)
        done += 1
        errors += not ok
    return done, errors, latencies


def _python_load(url: str, body: bytes, seconds: float, connections: int) -> LoadResult:
    """One connection per request, closed by the server: what gunicorn's sync workers do anyway."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    raw = (f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Type: application/json\r\n"
           f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body
    started = time.monotonic()
    deadline = started + seconds
    with multiprocessing.get_context("spawn").Pool(connections) as pool:
        results = pool.map(_python_worker, [(parts.hostname, parts.port, raw, deadline)] * connections)
    elapsed = time.monotonic() - started
    latencies = sorted(value for _, _, values in results for value in values)
    count = len(latencies)

    def percentile(p: float) -> float:
        return latencies[min(count - 1, int(count * p))] * 1000 if count else float("nan")

    return LoadResult("python", sum(r[0] for r in results), elapsed, sum(r[1] for r in results),
                      percentile(0.50), percentile(0.99))
