"""A long-poll under gunicorn ends with an answer, before gunicorn would restart a worker
that a blocking worker class (sync, gthread) keeps busy for the whole wait."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
import requests

from bench._common import ROOT, GunicornServer
from service.config import load_config


def gunicorn_default_timeout(tmp_path) -> int:
    """gunicorn.conf.py's timeout with no GUNICORN_TIMEOUT set, read in a child (the file sets env vars)."""
    env = {k: v for k, v in os.environ.items() if k != "GUNICORN_TIMEOUT"}
    env["PROMETHEUS_MULTIPROC_DIR"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-c", "import runpy, sys; print(runpy.run_path(sys.argv[1])['timeout'])",
                          str(ROOT / "gunicorn.conf.py")], env=env, capture_output=True, text=True, check=True)
    return int(out.stdout)


def test_the_default_long_poll_ends_well_before_gunicorn_would_kill_the_worker(tmp_path):
    wait_max = load_config({})["SESSION_WAIT_MAX_SECONDS"]
    assert wait_max + 5 <= gunicorn_default_timeout(tmp_path)


@pytest.fixture
def slow_poll_service(redis_url, key_prefix, tmp_path):
    """One sync worker that gunicorn kills after 4 s of silence, and long-polls capped at 2 s."""
    with GunicornServer(workers=1, log_path=str(tmp_path / "gunicorn.log"), env={
            "GUNICORN_TIMEOUT": "4", "GUNICORN_THREADS": "1",
            "REDIS_URL": redis_url, "SESSION_KEY_PREFIX": key_prefix, "SESSION_WAIT_MAX_SECONDS": "2"}) as server:
        yield server


def test_a_long_poll_under_gunicorn_times_out_with_an_answer(slow_poll_service):
    base = slow_poll_service.url
    created = requests.post(f"{base}/v1/sessions", json={"game": "solenia", "players": 2}, timeout=10).json()
    started = time.monotonic()
    answer = requests.get(f"{base}/v1/sessions/{created['session_id']}?wait_version=0&wait_seconds=30", timeout=10)
    assert answer.status_code == 200 and answer.json()["version"] == 0
    assert 1.8 < time.monotonic() - started < 3.5
    # the same worker is still alive and serving
    assert requests.get(f"{base}/healthz", timeout=5).status_code == 200
