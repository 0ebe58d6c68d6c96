"""gunicorn settings for Tabletop Referee: ``gunicorn 'service:create_app()'`` reads this file.

Refereeing is CPU-bound JSON work (parse, check, apply, encode), so processes do the
work, one per core; the waiting (slow clients, long-polls, Redis round trips) is left
to gevent's greenlets, so it never holds a process. Every value can be set from the
environment; see the README's configuration table.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))  # honours CPU pinning (cpusets), unlike cpu_count()
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


bind = os.environ.get("BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")

# ---------------------------------------------------------------- the worker model: gevent
# A sync worker (or a gthread thread) is held for as long as one client takes: a body
# sent a byte a second, or a session long-poll waiting 20 s. Measured with
# bench/slow_clients.py on a loaded 2-core machine, 2 workers, N slow-body clients and N
# long-polls held open while /healthz and a stateless apply are probed (share of probes
# answered within 1 s, healthz / apply; the target is 99%):
#   sync                 N=32:   0% /   0%  (both workers held; probes wait out their 5 s)
#   gthread x 8 threads  N=32:  75% /  25%
#   gthread x 64         N=32: 100% / 100%;  N=96: 67% / 67%  (threads run out, just later)
#   gevent               N=32: 100% / 100%, p99 10-20 ms;  N=96: 100% / 100%, p99 13-20 ms
# gevent gives each connection a greenlet: a slow client or a long-poll waiting on a
# socket (the client's, Redis's) costs a few KiB, not a worker. The refereeing itself is
# CPU-bound and never yields, so processes still do the work, one per core; greenlets
# only take over the waiting. GUNICORN_WORKER_CLASS=sync (or gthread with
# GUNICORN_THREADS) brings back the blocking models, each slow client then costing a
# worker or a thread. A buffering proxy in front (nginx) would absorb slow bodies but
# not long-polls, and is not part of what ships; gevent covers both in the service.
_worker_class_name = os.environ.get("GUNICORN_WORKER_CLASS", "gevent")


def _gevent_worker_with_head_deadline():
    """service/gevent_worker.py's worker: gunicorn's gevent worker, plus a deadline on the
    request head (HEAD_READ_SECONDS, a 408 past it) and, when a new connection takes the
    worker's last slot, the oldest unfinished head dropped to make room.

    gunicorn's own settings do not bound a head under the gevent worker: ``timeout`` watches
    the worker's heartbeat (the hub keeps beating whatever a client does), ``keepalive``
    bounds only the wait for a next request on a kept-alive connection (0 here: none), and
    ``graceful_timeout`` applies at shutdown. Measured with ``python -m bench.slow_clients
    --workers 1 --slow 0 --polls 0 --heads 1100`` (one worker of 1,000 connections, 1,100
    connections that send ``GET /healthz HTTP/1.1\\r\\nHost: x\\r\\n`` and nothing more,
    each reopened when dropped): gunicorn's gevent worker answered none of the /healthz
    probes (every one waited out its 5 s); this one answered 100% within 1 s, p99 31 ms.

    Loaded by its file path, not as ``service.gevent_worker``: gunicorn loads the worker class
    in the master, and importing the ``service`` package there would import the whole app
    (Flask, redis-py, prometheus_client's locks) before gevent patches the workers' standard
    library. A function: gunicorn calls it for the class when it reads this file.
    """
    name = "service.gevent_worker"
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parent / "service"
                                                      / "gevent_worker.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return module.HeadDeadlineWorker


worker_class = _gevent_worker_with_head_deadline if _worker_class_name == "gevent" else _worker_class_name
# Connections (so slow clients and long-polls) one gevent worker holds at once; past it
# the rest wait in the listen backlog, except that a connection taking the last slot
# drops the oldest one still sending its head (service/gevent_worker.py). A head has
# HEAD_READ_SECONDS in all, long-polls are also capped per client address
# (SESSION_LONG_POLLS_PER_CLIENT), a body still arriving after BODY_READ_SECONDS gets 408
# (service/deadline.py), and slow clients en masse are a job for a proxy or firewall.
worker_connections = _int("GUNICORN_WORKER_CONNECTIONS", 1000)
# One process per core: the stateless endpoints never wait on I/O, so gunicorn's
# 2 x cores + 1 (meant for workers that block) only adds context switches. Measured on
# 2 cores with bench/http.py: 2 workers served ~1.5x the requests of 5, apply and echo
# alike. At least 2, so one long computation never holds up every client.
# Without REDIS_URL, sessions live in one process's memory: several workers would each
# hold their own and a session would vanish between requests. Then the default is one
# worker, so the README's run command works with nothing else installed.
_single_process_sessions = not os.environ.get("REDIS_URL")
workers = _int("WEB_CONCURRENCY", 1 if _single_process_sessions else max(2, _cores()))
# Used by the gthread worker class only (gevent's concurrency is worker_connections).
threads = _int("GUNICORN_THREADS", 8 if _worker_class_name == "gthread" else 1)
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = _int("GUNICORN_GRACEFUL_TIMEOUT", 20)
# 0: every answer closes its connection, as sync workers always did, so each request
# goes to whichever worker accepts first. A kept-alive connection stays pinned to one
# process: measured with bench/http.py (2 gevent workers, wrk with 8 connections, a
# loaded 2-core machine), keep-alive took apply's p99 from ~50-75 ms to ~500-900 ms,
# every request of a connection waiting on a busy process while the other idled.
keepalive = _int("GUNICORN_KEEPALIVE", 0)
# The app writes one JSON line per request itself (with the request id); no access log twice.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
# Heartbeat files on tmpfs: a slow disk (container overlay) must not make workers look dead.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None

# ---------------------------------------------------------------- Prometheus, multiprocess mode
# Each worker writes its metrics to files in this directory and /metrics sums them.
# It is set here, in the master, so every worker inherits it before importing the app.
_created_metrics_dir = None
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    _created_metrics_dir = tempfile.mkdtemp(prefix="referee-prometheus-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = _created_metrics_dir


def on_starting(server):
    """Start from empty counters: files left by a previous run would be summed in.

    Also tell the workers how many they are (the final count, command line included): the
    in-process session store warns only when several would each hold their own sessions.
    """
    os.environ["REFEREE_GUNICORN_WORKERS"] = str(server.cfg.workers)
    directory = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    os.makedirs(directory, exist_ok=True)
    for name in os.listdir(directory):
        if name.endswith(".db"):
            os.remove(os.path.join(directory, name))


def child_exit(server, worker):
    """A dead worker's live gauges must stop counting."""
    from prometheus_flask_exporter.multiprocess import GunicornInternalPrometheusMetrics

    GunicornInternalPrometheusMetrics.mark_process_dead_on_child_exit(worker.pid)


def on_exit(server):
    if _created_metrics_dir:
        shutil.rmtree(_created_metrics_dir, ignore_errors=True)
