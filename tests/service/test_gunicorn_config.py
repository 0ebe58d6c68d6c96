"""gunicorn.conf.py's sizing: gevent workers, a process per core with Redis, one process without it."""

from __future__ import annotations

import os
import runpy
from pathlib import Path

import pytest

CONFIG = Path(__file__).resolve().parents[2] / "gunicorn.conf.py"


def settings(monkeypatch, **environ):
    for name in ("REDIS_URL", "WEB_CONCURRENCY", "GUNICORN_THREADS", "GUNICORN_WORKER_CLASS",
                 "GUNICORN_WORKER_CONNECTIONS", "GUNICORN_KEEPALIVE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "/tmp/referee-config-test")
    return runpy.run_path(str(CONFIG))


def test_without_redis_one_gevent_worker_keeps_in_process_sessions_whole(monkeypatch):
    """Several workers would each hold their own in-memory sessions."""
    config = settings(monkeypatch)
    assert config["workers"] == 1 and config["worker_class"] == "gevent"


def test_with_redis_a_gevent_process_per_core(monkeypatch):
    config = settings(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/0")
    assert config["workers"] == max(2, len(os.sched_getaffinity(0))) and config["worker_class"] == "gevent"
    assert config["worker_connections"] == 1000
    assert config["keepalive"] == 0  # requests spread over the workers, as with sync workers


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
