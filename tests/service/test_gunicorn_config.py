"""gunicorn.conf.py's sizing: gevent workers, a process per core with Redis, one process without it."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

CONFIG = Path(__file__).resolve().parents[2] / "gunicorn.conf.py"


def settings(monkeypatch, **environ):
    for name in ("REDIS_URL", "WEB_CONCURRENCY", "GUNICORN_THREADS", "GUNICORN_WORKER_CLASS",
                 "GUNICORN_WORKER_CONNECTIONS", "GUNICORN_KEEPALIVE", "HEAD_READ_SECONDS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "/tmp/referee-config-test")
    return runpy.run_path(str(CONFIG))


def is_gevent_with_head_deadline(worker_class) -> bool:
    """gunicorn calls a function given as worker_class for the class itself."""
    from gunicorn.workers.ggevent import GeventWorker

    from service.gevent_worker import HeadDeadlineWorker

    resolved = worker_class() if callable(worker_class) and not isinstance(worker_class, type) else worker_class
    return resolved is HeadDeadlineWorker and issubclass(resolved, GeventWorker)


def test_without_redis_one_gevent_worker_keeps_in_process_sessions_whole(monkeypatch):
    """Several workers would each hold their own in-memory sessions."""
    config = settings(monkeypatch)
    assert config["workers"] == 1 and is_gevent_with_head_deadline(config["worker_class"])


def test_with_redis_a_gevent_process_per_core(monkeypatch):
    config = settings(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/0")
    assert config["workers"] == max(2, len(os.sched_getaffinity(0)))
    assert is_gevent_with_head_deadline(config["worker_class"])
    assert config["worker_connections"] == 1000
    assert config["keepalive"] == 0  # requests spread over the workers, as with sync workers


def test_gevent_by_name_is_the_worker_with_the_head_deadline(monkeypatch):
    assert is_gevent_with_head_deadline(settings(monkeypatch, GUNICORN_WORKER_CLASS="gevent")["worker_class"])
    plain = "gunicorn.workers.ggevent.GeventWorker"  # gunicorn's own, named in full, for comparisons
    assert settings(monkeypatch, GUNICORN_WORKER_CLASS=plain)["worker_class"] == plain


def test_the_master_loads_the_worker_class_without_importing_the_app():
    """gunicorn resolves worker_class in the master: the service package (Flask, redis-py,
    prometheus_client's locks) must wait for the workers, after gevent has patched them."""
    script = (
        "import os, runpy, sys\n"
        "os.environ['PROMETHEUS_MULTIPROC_DIR'] = '/tmp/referee-config-test'\n"
        "os.environ.pop('GUNICORN_WORKER_CLASS', None)\n"
        f"cls = runpy.run_path({str(CONFIG)!r})['worker_class']()\n"
        "print(cls.__name__, [m for m in ('service', 'flask', 'redis') if m in sys.modules])\n")
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                               cwd="/", check=True)
    assert completed.stdout.split() == ["HeadDeadlineWorker", "[]"], completed.stdout + completed.stderr


def test_the_blocking_models_stay_selectable(monkeypatch):
    assert settings(monkeypatch, GUNICORN_WORKER_CLASS="sync")["worker_class"] == "sync"
    config = settings(monkeypatch, GUNICORN_WORKER_CLASS="gthread")
    assert config["worker_class"] == "gthread" and config["threads"] == 8


@pytest.mark.parametrize("redis", [None, "redis://127.0.0.1:6379/0"])
def test_explicit_sizing_wins(monkeypatch, redis):
    extra = {"REDIS_URL": redis} if redis else {}
    config = settings(monkeypatch, WEB_CONCURRENCY="3", GUNICORN_THREADS="2", GUNICORN_WORKER_CONNECTIONS="50",
                      **extra)
    assert config["workers"] == 3 and config["threads"] == 2 and config["worker_connections"] == 50
