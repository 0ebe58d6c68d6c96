"""Fixtures for the session tests: a real redis-server (or REDIS_URL), a real Redis
Cluster (three masters, three replicas), stores, apps.

``backend`` is "redis" unless a test parametrises it (indirectly) with "cluster"; the
app, the Redis client and the stores follow it. The test game is Card Nim
(``card_nim``, from tests/conftest.py)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import redis

from service.sessions.logic import Sessions
from service.sessions.memory_store import MemoryStore
from service.sessions.redis_store import RedisStore

from .redis_cluster import RedisClusterHarness
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


@pytest.fixture(scope="session")
def redis_cluster():
    """A private three-master cluster for this test process, started the first time a test asks."""
    cluster = RedisClusterHarness().start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def backend(request) -> dict:
    """The store settings a test runs against: a single Redis, or (``indirect`` "cluster") the cluster."""
    kind = getattr(request, "param", "redis")
    if kind == "cluster":
        return {"REDIS_URL": request.getfixturevalue("redis_cluster").url, "REDIS_CLUSTER": True}
    assert kind == "redis", kind
    return {"REDIS_URL": request.getfixturevalue("redis_url"), "REDIS_CLUSTER": False}


@pytest.fixture
def key_prefix():
    """A prefix of its own per test, so tests sharing a server never see each other's keys."""
    return f"test-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def redis_client(backend):
    """A plain client of the backend, to look at the keys directly."""
    if backend["REDIS_CLUSTER"]:
        client = redis.RedisCluster.from_url(backend["REDIS_URL"])
    else:
        client = redis.Redis.from_url(backend["REDIS_URL"])
    yield client
    client.close()


def open_store(backend: dict, key_prefix: str, **settings) -> RedisStore:
    cluster = backend["REDIS_CLUSTER"]
    return RedisStore.from_url(backend["REDIS_URL"], prefix=key_prefix, cluster=cluster,
                               **{"idle_seconds": IDLE_SECONDS, "wait_replicas": 1 if cluster else 0, **settings})


@pytest.fixture
def redis_store(backend, key_prefix):
    store = open_store(backend, key_prefix)
    yield store
    store.close()


@pytest.fixture(params=["memory", "redis", "cluster"])
def store(request, key_prefix):
    if request.param == "memory":
        yield MemoryStore(IDLE_SECONDS)
        return
    backend = {"REDIS_URL": request.getfixturevalue("redis_url"), "REDIS_CLUSTER": False}
    if request.param == "cluster":
        backend = {"REDIS_URL": request.getfixturevalue("redis_cluster").url, "REDIS_CLUSTER": True}
    store = open_store(backend, key_prefix)
    yield store
    store.close()


@pytest.fixture
def sessions(store, card_nim):
    return Sessions(store, wait_max_seconds=2)


@pytest.fixture
def app(backend, key_prefix, card_nim):
    from service import create_app

    application = create_app({**backend, "SESSION_KEY_PREFIX": key_prefix, "SESSION_WAIT_MAX_SECONDS": 2})
    yield application
    application.extensions["sessions"].store.close()


@contextmanager
def app_on_memory_or_redis(request, settings: dict[str, Any]) -> Iterator[Any]:
    """An app with ``settings`` on the store ``request.param`` names ("memory" or "redis"), its store closed after."""
    from service import create_app

    config = dict(settings)
    if request.param == "redis":
        config.update(REDIS_URL=request.getfixturevalue("redis_url"), REDIS_CLUSTER=False)
    application = create_app(config)
    try:
        yield application
    finally:
        application.extensions["sessions"].store.close()


@pytest.fixture
def client(app):
    return app.test_client()
