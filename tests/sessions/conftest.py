"""Fixtures for the session tests: a real redis-server (or REDIS_URL), stores, apps.

The test game is Card Nim (``card_nim``, from tests/conftest.py)."""

from __future__ import annotations

import uuid

import pytest
import redis

from service.sessions.logic import Sessions
from service.sessions.memory_store import MemoryStore
from service.sessions.redis_store import RedisStore

from .redis_server import RedisServer, external_url

IDLE_SECONDS = 3600


@pytest.fixture(scope="session")
def redis_url():
    """REDIS_URL when the environment gives one, else a private server for this test process."""
    url = external_url()
    if url:
        yield url
        return
    server = RedisServer().start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def key_prefix():
    """A prefix of its own per test, so tests sharing a server never see each other's keys."""
    return f"test-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def redis_client(redis_url):
    client = redis.Redis.from_url(redis_url)
    yield client
    client.close()


@pytest.fixture
def redis_store(redis_url, key_prefix):
    store = RedisStore.from_url(redis_url, prefix=key_prefix, idle_seconds=IDLE_SECONDS)
    yield store
    store.close()


@pytest.fixture(params=["memory", "redis"])
def store(request, key_prefix):
    if request.param == "memory":
        yield MemoryStore(IDLE_SECONDS)
        return
    yield request.getfixturevalue("redis_store")


@pytest.fixture
def sessions(store, card_nim):
    return Sessions(store, wait_max_seconds=2)


@pytest.fixture
def app(redis_url, key_prefix, card_nim):
    from service import create_app

    application = create_app({"REDIS_URL": redis_url, "SESSION_KEY_PREFIX": key_prefix,
                              "SESSION_WAIT_MAX_SECONDS": 2})
    yield application
    application.extensions["sessions"].store.close()


@pytest.fixture
def client(app):
    return app.test_client()
