"""gunicorn settings for Tabletop Referee: ``gunicorn 'service:create_app()'`` reads this file.

Refereeing is CPU-bound JSON work (parse, check, apply, encode) with no I/O to wait
on except optional Redis round trips, so processes do the work and threads stay at 1:
the GIL would serialise extra threads anyway. Every value can be set from the
environment; see the README's configuration table.
"""

from __future__ import annotations

import os
import shutil
import tempfile


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))  # honours CPU pinning (cpusets), unlike cpu_count()
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


bind = os.environ.get("BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
# One process per core: the stateless endpoints never wait on I/O, so gunicorn's
# 2 x cores + 1 (meant for workers that block) only adds context switches. Measured on
# 2 cores with bench/http.py: 2 workers served ~1.5x the requests of 5, apply and echo
# alike. At least 2, so one slow request never holds up every client.
# Session long-polls do hold a sync worker while they wait: a deployment with many
# long-polling clients raises WEB_CONCURRENCY or sets GUNICORN_THREADS > 1 (gthread).
# Without REDIS_URL, sessions live in one process's memory: several workers would each
# hold their own and a session would vanish between requests. Then the default is one
# worker with threads, so the README's run command works with nothing else installed.
_single_process_sessions = not os.environ.get("REDIS_URL")
workers = _int("WEB_CONCURRENCY", 1 if _single_process_sessions else max(2, _cores()))
threads = _int("GUNICORN_THREADS", 8 if _single_process_sessions else 1)
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = _int("GUNICORN_GRACEFUL_TIMEOUT", 20)
keepalive = _int("GUNICORN_KEEPALIVE", 5)
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
    """Start from empty counters: files left by a previous run would be summed in."""
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
