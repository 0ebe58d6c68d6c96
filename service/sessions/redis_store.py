"""Sessions in Redis, shared by every worker and host that points at the same server.

Key layout, one hash tag per session so a session's keys share one Redis Cluster slot
(Redis hashes only the part between the first ``{`` and ``}``)::

    <prefix>:{<session id>}:meta      string  game, seats, token digests (written once)
    <prefix>:{<session id>}:state     hash    version, state, write (id of the last write)
    <prefix>:{<session id>}:log       list    one JSON entry per applied action
    <prefix>:{<session id>}:changed   pub/sub channel, a message per new version

Writes go through the Lua scripts beside this module (``create.lua``, ``commit.lua``):
one atomic step each. Reads use MULTI/EXEC so meta, state, version and log are read
as of one instant. Every call is bounded by short socket timeouts and any failure to
reach Redis becomes :class:`StoreUnavailable`, so a dead Redis costs a request a
second at most, and the service answers 503 instead of hanging.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from importlib import resources
from typing import Iterator

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from .store import CommitOutcome, LogSlice, SessionGone, Snapshot, StoreUnavailable

#: Reaching Redis on a healthy network takes well under these.
CONNECT_TIMEOUT_SECONDS = 0.5
SOCKET_TIMEOUT_SECONDS = 1.0
#: A long-poll re-reads the version at least this often, in case a message was missed.
WAIT_RECHECK_SECONDS = 1.0

_UNAVAILABLE = (redis.ConnectionError, redis.TimeoutError, redis.exceptions.OutOfMemoryError,
                redis.exceptions.ReadOnlyError, redis.exceptions.ClusterDownError,
                redis.exceptions.TryAgainError)
#: Server states reported as plain ResponseErrors that still mean "not now".
_UNAVAILABLE_REPLIES = ("LOADING", "MISCONF", "MASTERDOWN", "BUSY")


def check_prefix(prefix: str) -> str:
    """A braces-free prefix: a ``{`` in it would become the hash tag and put every session on one slot."""
    if not prefix or "{" in prefix or "}" in prefix or any(c.isspace() for c in prefix):
        raise ValueError(f"SESSION_KEY_PREFIX must be non-empty, without braces or spaces: {prefix!r}")
    return prefix


class SessionKeys:
    __slots__ = ("meta", "state", "log", "channel")

    def __init__(self, prefix: str, session_id: str) -> None:
        base = f"{prefix}:{{{session_id}}}"
        self.meta = f"{base}:meta"
        self.state = f"{base}:state"
        self.log = f"{base}:log"
        self.channel = f"{base}:changed"

    def all(self) -> list[str]:
        return [self.meta, self.state, self.log]


def _script(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def connect(url: str) -> redis.Redis:
    """A client that fails fast: short timeouts, one immediate retry on a dropped connection only.

    The retry covers a pooled connection that died with a restarted server. It never
    covers a timeout (the command may still be running); a retried commit is safe
    anyway, because commits carry a write id.
    """
    return redis.Redis.from_url(
        url,
        socket_connect_timeout=CONNECT_TIMEOUT_SECONDS,
        socket_timeout=SOCKET_TIMEOUT_SECONDS,
        retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
        retry_on_timeout=False,
        health_check_interval=0,
    )


@contextmanager
def _reachable() -> Iterator[None]:
    try:
        yield
    except _UNAVAILABLE as exc:
        raise StoreUnavailable(f"Redis is unreachable: {exc}") from exc
    except redis.ResponseError as exc:
        if str(exc).startswith(_UNAVAILABLE_REPLIES):
            raise StoreUnavailable(f"Redis cannot serve now: {exc}") from exc
        raise


class RedisStore:
    def __init__(self, client: redis.Redis, *, prefix: str, idle_seconds: int) -> None:
        self.client = client
        self.prefix = check_prefix(prefix)
        self.idle_seconds = idle_seconds
        self._create = client.register_script(_script("create.lua"))
        self._commit = client.register_script(_script("commit.lua"))

    @classmethod
    def from_url(cls, url: str, *, prefix: str, idle_seconds: int) -> "RedisStore":
        return cls(connect(url), prefix=prefix, idle_seconds=idle_seconds)

    def keys(self, session_id: str) -> SessionKeys:
        return SessionKeys(self.prefix, session_id)

    def describe(self) -> str:
        kwargs = self.client.connection_pool.connection_kwargs
        where = kwargs.get("path") or f"{kwargs.get('host')}:{kwargs.get('port')}"
        return f"redis at {where}"

    def ping(self) -> None:
        with _reachable():
            self.client.ping()

    def close(self) -> None:
        self.client.close()
        self.client.connection_pool.disconnect()

    def create(self, session_id: str, meta: bytes, state: bytes) -> bool:
        keys = self.keys(session_id)
        with _reachable():
            return bool(self._create(keys=[keys.meta, keys.state], args=[meta, state, self.idle_seconds]))

    def snapshot(self, session_id: str) -> Snapshot | None:
        keys = self.keys(session_id)
        with _reachable():
            pipe = self.client.pipeline(transaction=True)
            pipe.get(keys.meta)
            pipe.hmget(keys.state, "version", "state")
            meta, (version, state) = pipe.execute()
        if meta is None or version is None or state is None:
            return None
        return Snapshot(meta, state, int(version))

    def read_log(self, session_id: str, start: int = 0) -> LogSlice | None:
        keys = self.keys(session_id)
        with _reachable():
            pipe = self.client.pipeline(transaction=True)
            pipe.exists(keys.meta)
            pipe.hget(keys.state, "version")
            pipe.lrange(keys.log, start, -1)
            exists, version, entries = pipe.execute()
        if not exists or version is None:
            return None
        return LogSlice(int(version), start, list(entries))

    def commit(self, session_id: str, expected_version: int, state: bytes, entry: bytes,
               write_id: str) -> CommitOutcome:
        keys = self.keys(session_id)
        with _reachable():
            code, version = self._commit(
                keys=[keys.state, keys.log, keys.meta],
                args=[expected_version, state, entry, self.idle_seconds, write_id, keys.channel])
        if code == -1:
            raise SessionGone(session_id)
        return CommitOutcome(code in (1, 2), int(version))

    def delete(self, session_id: str) -> bool:
        keys = self.keys(session_id)
        with _reachable():
            pipe = self.client.pipeline(transaction=True)
            pipe.delete(*keys.all())
            pipe.publish(keys.channel, "deleted")
            removed, _ = pipe.execute()
        return bool(removed)

    def _version(self, keys: SessionKeys) -> int | None:
        version = self.client.hget(keys.state, "version")
        return None if version is None else int(version)

    def wait_for_change(self, session_id: str, after_version: int, timeout: float) -> None:
        """Subscribe first, then look: a commit between the two cannot be missed."""
        keys = self.keys(session_id)
        deadline = time.monotonic() + timeout
        with _reachable():
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.subscribe(keys.channel)
                while True:
                    version = self._version(keys)
                    if version is None or version > after_version:
                        return
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        return
                    pubsub.get_message(timeout=min(remaining, WAIT_RECHECK_SECONDS))
            finally:
                pubsub.close()
