"""Fixtures for the bot-seat tests: a real redis-server (the session tests' own) holding both the
sessions and the RQ queues, and the README's worker, ``python -m service.webhooks.worker``, as a
real process with the service's environment."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import pytest
import redis

from tests.sessions.conftest import key_prefix, redis_url  # noqa: F401 (fixtures)

#: The search's budget per bot move in these tests: enough to find a legal move, short enough for whole games.
BUDGET_MS = 20


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


@pytest.fixture
def bot_redis(redis_url):  # noqa: F811
    """db 4 of the test server, emptied: the sessions and RQ's queues of one test, nobody else's."""
    url = redis_url.rsplit("/", 1)[0] + "/4" if redis_url.count("/") > 2 else redis_url + "/4"
    client = redis.Redis.from_url(url)
    client.flushdb()
    yield url
    client.flushdb()
    client.close()


@pytest.fixture
def worker_env(bot_redis, key_prefix):  # noqa: F811
    """The environment the service and its worker share, as the README says to run them."""
    return {"REDIS_URL": bot_redis, "SESSION_KEY_PREFIX": key_prefix, "BOT_BUDGET_MS": str(BUDGET_MS),
            "LOG_LEVEL": "INFO"}


@pytest.fixture
def redis_app(worker_env):
    from service import create_app

    app = create_app(dict(worker_env, BOT_BUDGET_MS=BUDGET_MS))
    yield app
    app.extensions["sessions"].store.close()


class WorkerProcess:
    """``python -m service.webhooks.worker`` in a process of its own; ``stop`` is the warm shutdown
    an operator's restart sends (SIGTERM: the job at hand finishes, nothing waiting is lost)."""

    def __init__(self, env: dict[str, str], module: str = "service.webhooks.worker") -> None:
        self.env = {**os.environ, **env}
        self.module = module
        self.process: subprocess.Popen[bytes] | None = None
        # A file, not a pipe: RQ logs every job, and a pipe nobody reads fills and stops the worker.
        self.log = tempfile.TemporaryFile()

    def start(self) -> "WorkerProcess":
        self.process = subprocess.Popen([sys.executable, "-m", self.module], env=self.env,
                                        stdout=self.log, stderr=subprocess.STDOUT)
        return self

    def stop(self) -> str:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        self.log.seek(0)
        return self.log.read().decode()


@contextmanager
def running_worker(env: dict[str, str], module: str = "service.webhooks.worker") -> Iterator[WorkerProcess]:
    """The worker (``module``: the README's, or ``tests.bots.double_worker`` with the Card Nim double too)."""
    worker = WorkerProcess(env, module).start()
    try:
        yield worker
    finally:
        worker.stop()


def wait_until(check: Callable[[], Any], seconds: float, step: float = 0.05) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {seconds} s")
        time.sleep(step)
