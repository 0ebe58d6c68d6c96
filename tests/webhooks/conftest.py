"""Fixtures for the webhook tests: a real redis-server (the session tests' own), and a real
HTTP receiver on 127.0.0.1 that records every request and answers as a test tells it."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import redis

from tests.sessions.conftest import key_prefix, redis_cluster, redis_url  # noqa: F401 (fixtures)

LOOPBACK = "127.0.0.1"


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    """Answers each request with the next status of ``plan`` (200 once it runs out)."""

    server: ThreadingHTTPServer
    plan: list[int] = field(default_factory=list)
    requests: list[Received] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.server.server_address[1]}/hooks/referee"

    def wait_for(self, count: int, seconds: float = 10.0) -> list[Received]:
        deadline = time.monotonic() + seconds
        while len(self.requests) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        return list(self.requests)


@pytest.fixture
def receiver():
    holder: dict[str, Receiver] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's name)
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            me = holder["receiver"]
            with me.lock:
                me.requests.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                status = me.plan.pop(0) if me.plan else 200
            self.send_response(status)
            if 300 <= status < 400:
                self.send_header("Location", f"http://{LOOPBACK}:{self.server.server_address[1]}/elsewhere")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):  # quiet: the tests read the log for secrets
            pass

    server = ThreadingHTTPServer((LOOPBACK, 0), Handler)
    holder["receiver"] = Receiver(server)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield holder["receiver"]
    server.shutdown()
    server.server_close()


@pytest.fixture
def queue_redis(redis_url, monkeypatch):  # noqa: F811
    """A Redis of its own for the queue: db 3 of the test server, emptied, so RQ's keys never mix across tests."""
    url = redis_url.rsplit("/", 1)[0] + "/3" if redis_url.count("/") > 2 else redis_url + "/3"
    client = redis.Redis.from_url(url)
    client.flushdb()
    yield url, client
    client.flushdb()
    client.close()


@pytest.fixture
def redis_app(queue_redis, key_prefix, monkeypatch, card_nim):  # noqa: F811
    """An app whose sessions and webhook queue share one real Redis (the default: no WEBHOOK_REDIS_URL).

    The worker reads its settings from the environment, as ``python -m service.webhooks.worker``
    does, so the environment lists the receiver's address and short retry intervals too.
    """
    from service import create_app

    url, _ = queue_redis
    monkeypatch.setenv("WEBHOOK_ALLOWED_HOSTS", LOOPBACK)
    monkeypatch.setenv("WEBHOOK_RETRY_SECONDS", "1,1")
    monkeypatch.setenv("WEBHOOK_TIMEOUT_SECONDS", "2")
    app = create_app({"REDIS_URL": url, "SESSION_KEY_PREFIX": key_prefix, "LOG_LEVEL": "INFO"})
    yield app
    app.extensions["sessions"].store.close()


def run_worker(url: str, *, until=lambda: True, seconds: float = 15.0, logging_level: str = "INFO") -> None:
    """RQ's worker in this process, in bursts, until ``until()`` holds (retries wait in RQ's scheduler)."""
    from rq import SimpleWorker

    from service.webhooks.queue import QUEUE_NAME

    connection = redis.Redis.from_url(url)
    deadline = time.monotonic() + seconds
    try:
        while True:
            SimpleWorker([QUEUE_NAME], connection=connection).work(burst=True, with_scheduler=True,
                                                                     logging_level=logging_level)
            if until() or time.monotonic() > deadline:
                return
            time.sleep(0.2)
    finally:
        connection.close()
