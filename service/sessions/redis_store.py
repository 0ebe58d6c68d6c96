"""Sessions in Redis, shared by every worker and host that points at the same server.

Key layout, one hash tag per session so a session's keys share one Redis Cluster slot
(Redis hashes only the part between the first ``{`` and ``}``)::

    <prefix>:{<session id>}:meta      string  game, seats, token digests (written once)
    <prefix>:{<session id>}:state     hash    version, state, write (id of the last write),
                                              note:<name> (notes: a pending undo request)
    <prefix>:{<session id>}:log       list    one JSON entry per applied action
    <prefix>:{<session id>}:changed   pub/sub channel, a message per new version
    <prefix>:ticket:<sha-256>         string  a stream ticket's seat (SET EX 60, taken by GETDEL)

Waits take no connection of their own: the process holds one subscription
(:mod:`service.sessions.fanout`; on a cluster one per master with a listened-to
session) and tells every waiter in-process. Other calls borrow a connection from a
bounded pool (``max_connections``, ``REDIS_MAX_CONNECTIONS``) and, when all are busy,
wait up to ``POOL_WAIT_SECONDS`` for one, so a burst of woken long-polls queues for the
pool instead of failing.

Writes go through the Lua scripts beside this module (``create.lua``, ``commit.lua``,
``delete.lua``): one atomic step each, sent to the master that holds the session's
slot. With ``wait_replicas`` the same connection then sends ``WAIT``, and a write is
confirmed only once that many replicas hold it, so a failover to one of them loses
no write the service confirmed. Reads use MULTI/EXEC so meta, state, version and log
are read as of one instant; a worker that holds a session's meta already (it never
changes) reads state and version with one HMGET of the state hash (``current``).

On a Redis Cluster (``RedisCluster`` client) every key of a session shares one slot
(the hash tag), so the scripts and MULTI/EXEC work unchanged, and change messages use
sharded pub/sub (``SPUBLISH``/``SSUBSCRIBE``, Redis 7): a message goes to the shard
that holds the session, not to every node.

Every call is bounded by short socket timeouts and any failure to reach Redis becomes
:class:`StoreUnavailable`, so a dead Redis costs a request a second at most, and the
service answers 503 instead of hanging.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from importlib import resources
from typing import Any, cast

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from .fanout import Listener, RedisFanout, Waiter
from .shared_reads import SharedReads
from .store import CommitOutcome, Current, LogSlice, SessionGone, Snapshot, StoreUnavailable, new_write_id

#: Reaching Redis on a healthy network takes well under these.
CONNECT_TIMEOUT_SECONDS = 0.5
SOCKET_TIMEOUT_SECONDS = 1.0
#: A long-poll re-reads the version at least this often while its change channel's
#: subscription is not confirmed (the subscriber is connecting or reconnecting) ...
WAIT_RECHECK_SECONDS = 1.0
#: ... and this often while it is: only a message lost on a live connection needs it.
WAIT_RECHECK_SUBSCRIBED_SECONDS = 5.0
#: Connections per process (per node on a cluster), the subscriber's included.
DEFAULT_MAX_CONNECTIONS = 50
#: How long a call waits for a pooled connection when every one is busy.
POOL_WAIT_SECONDS = 2.0

_UNAVAILABLE = (redis.ConnectionError, redis.TimeoutError, redis.exceptions.OutOfMemoryError,
                redis.exceptions.ReadOnlyError, redis.exceptions.ClusterDownError,
                redis.exceptions.TryAgainError)
#: Server states reported as plain ResponseErrors that still mean "not now".
_UNAVAILABLE_REPLIES = ("LOADING", "MISCONF", "MASTERDOWN", "BUSY")


#: A note's field in the state hash: ``note:<name>``.
_NOTE_PREFIX = "note:"
_NOTE_FIELD_PREFIX = _NOTE_PREFIX.encode()


def _current(fields: dict[bytes, bytes]) -> Current | None:
    """The state hash's fields as a :class:`Current`; None when the session is gone (no fields)."""
    version, state = fields.get(b"version"), fields.get(b"state")
    if version is None or state is None:
        return None
    write = fields.get(b"write")
    notes = {name[len(_NOTE_FIELD_PREFIX):].decode(): value for name, value in fields.items()
             if name.startswith(_NOTE_FIELD_PREFIX)}
    return Current(state, int(version), None if write is None else write.decode(), notes)


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


@dataclass(frozen=True)
class _Script:
    name: str
    text: str
    sha: str

    @classmethod
    def load(cls, name: str) -> "_Script":
        text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
        return cls(name, text, hashlib.sha1(text.encode()).hexdigest())


_CREATE, _COMMIT, _DELETE = (_Script.load(name) for name in ("create.lua", "commit.lua", "delete.lua"))
_NOTE = _Script.load("note.lua")


def connect(url: str, *, cluster: bool = False, max_connections: int = DEFAULT_MAX_CONNECTIONS,
            client_name: str | None = None) -> redis.Redis | redis.RedisCluster:
    """A client that fails fast: short timeouts, one immediate retry on a dropped connection only.

    Its pool holds at most ``max_connections`` (per node on a cluster); a call finding
    them all busy waits for one up to POOL_WAIT_SECONDS, then fails as unreachable.
    ``client_name`` names the connections in ``CLIENT LIST``.

    The retry covers a pooled connection that died with a restarted server. It never
    covers a timeout (the command may still be running); a retried commit is safe
    anyway, because commits carry a write id. With ``cluster``, ``url`` names any one
    node and the client finds the rest (and finds them again after a failover).
    """
    options: dict[str, Any] = dict(
        socket_connect_timeout=CONNECT_TIMEOUT_SECONDS,
        socket_timeout=SOCKET_TIMEOUT_SECONDS,
        retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
        health_check_interval=0,
        client_name=client_name,
    )
    if cluster:
        return redis.RedisCluster.from_url(url, connection_pool_class=redis.BlockingConnectionPool,
                                           max_connections=max_connections, timeout=POOL_WAIT_SECONDS, **options)
    pool = redis.BlockingConnectionPool.from_url(url, max_connections=max_connections, timeout=POOL_WAIT_SECONDS,
                                                 retry_on_timeout=False, **options)
    return redis.Redis(connection_pool=pool)


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
    def __init__(self, url: str, *, prefix: str, idle_seconds: int, cluster: bool = False,
                 wait_replicas: int = 0, wait_timeout_ms: int = 500,
                 max_connections: int = DEFAULT_MAX_CONNECTIONS) -> None:
        """``url``: the server, or with ``cluster`` any one node of the cluster.
        ``wait_replicas``: replicas that must hold a write before it is confirmed (``WAIT``),
        waiting at most ``wait_timeout_ms``; 0 confirms a write once its master has it.
        ``max_connections``: this process's pool (per node on a cluster); waits take none of it
        beyond the one subscriber connection."""
        self.url = url
        self.cluster = cluster
        self._client: redis.Redis | redis.RedisCluster | None = None
        self.prefix = check_prefix(prefix)
        self.idle_seconds = idle_seconds
        self.wait_replicas = wait_replicas
        self.wait_timeout_ms = wait_timeout_ms
        if max_connections < 2:
            raise ValueError("REDIS_MAX_CONNECTIONS must leave room beside the subscriber: 2 at least")
        self.max_connections = max_connections
        #: The connections' name in CLIENT LIST.
        self.client_name = f"{self.prefix}:sessions"
        self.fanout = RedisFanout(lambda: self.client, cluster=cluster)
        self._shared = SharedReads()
        # Sharded pub/sub on a cluster: a classic PUBLISH there is copied to every node.
        self._notify = "SPUBLISH" if self.cluster else "PUBLISH"

    @classmethod
    def from_url(cls, url: str, **settings: Any) -> "RedisStore":
        return cls(url, **settings)

    @property
    def client(self) -> redis.Redis | redis.RedisCluster:
        """Made on first use: a cluster client asks a node for the slot map as it is made,
        and a cluster down at startup must cost 503s, not a service that will not start."""
        if self._client is None:
            try:
                with _reachable():
                    self._client = connect(self.url, cluster=self.cluster, max_connections=self.max_connections,
                                           client_name=self.client_name)
            except redis.exceptions.RedisClusterException as exc:
                # No startup node answered for the slot map (the node in REDIS_URL is down): not now, not a bug.
                raise StoreUnavailable(f"Redis Cluster is unreachable: {exc}") from exc
        return self._client

    @property
    def _single(self) -> redis.Redis:
        """``client`` when the store is not a cluster's."""
        return cast(redis.Redis, self.client)

    @property
    def _cluster(self) -> redis.RedisCluster:
        """``client`` when the store is a cluster's."""
        return cast(redis.RedisCluster, self.client)

    def keys(self, session_id: str) -> SessionKeys:
        return SessionKeys(self.prefix, session_id)

    def describe(self) -> str:
        if self.cluster:
            node = redis.connection.parse_url(self.url)
            return (f"redis cluster via {node.get('host')}:{node.get('port', 6379)}, "
                    f"{self.wait_replicas} replica ack(s) per write")
        kwargs = self._single.connection_pool.connection_kwargs
        where = kwargs.get("path") or f"{kwargs.get('host')}:{kwargs.get('port')}"
        return f"redis at {where}"

    # ------------------------------------------------------------------ writes
    def _master_for(self, key: str) -> redis.Redis:
        """A client of the one server that takes writes for ``key``: the slot's master on a cluster."""
        if self.cluster:
            cluster = self._cluster
            node = cluster.get_node_from_key(key)
            assert node is not None, "a cluster client knows a node for every slot"
            return cluster.get_redis_connection(node)
        return self._single

    def _run(self, script: _Script, keys: list[str], args: list[Any], wrote: Callable[[Any], bool]) -> Any:
        """``script`` on the master of the keys' slot, then ``WAIT`` on the same connection.

        ``wrote(result)`` says whether the script wrote anything: only then must the
        replicas confirm (a refused commit or a taken id has nothing to replicate).

        A pipeline sends both on one connection, which is what WAIT needs: it waits for
        the replicas to reach this connection's last write. A slot that moved (a failover,
        a resharding) is followed after the client learns the new slot map, and a master
        that has never seen the script is given it; three tries in all. Re-running is safe: create refuses a taken
        id, commit recognises its write id, delete finds nothing left to delete.
        """
        for attempt in range(3):
            master = self._master_for(keys[0])
            try:
                if not self.wait_replicas:
                    # Nothing to wait for: the script alone, without a pipeline's bookkeeping.
                    return master.evalsha(script.sha, len(keys), *keys, *args)
                pipe = master.pipeline(transaction=False)
                pipe.evalsha(script.sha, len(keys), *keys, *args)
                pipe.execute_command("WAIT", self.wait_replicas, self.wait_timeout_ms)
                results = pipe.execute()
            except redis.exceptions.NoScriptError:
                self._master_for(keys[0]).script_load(script.text)
                continue
            except (redis.exceptions.MovedError, redis.exceptions.AskError, redis.ConnectionError):
                if not self.cluster or attempt == 2:
                    raise
                self._cluster.nodes_manager.initialize()
                continue
            if results[1] < self.wait_replicas and wrote(results[0]):
                raise StoreUnavailable(
                    f"the write reached {results[1]} of the {self.wait_replicas} replica(s) it must reach within "
                    f"{self.wait_timeout_ms} ms; it may or may not have landed")
            return results[0]
        raise StoreUnavailable(f"Redis would not run {script.name}")

    def ping(self) -> None:
        with _reachable():
            if self.cluster:  # every shard: any one of them may hold a session
                self.client.ping(target_nodes=redis.RedisCluster.PRIMARIES)
            else:
                self.client.ping()

    def close(self) -> None:
        self.fanout.close()
        if self._client is None:
            return
        self._client.close()
        if not self.cluster:
            self._single.connection_pool.disconnect()

    def create(self, session_id: str, meta: bytes, state: bytes, write_id: str | None = None) -> bool:
        keys = self.keys(session_id)
        with _reachable():
            return bool(self._run(_CREATE, [keys.meta, keys.state],
                                  [meta, state, self.idle_seconds, write_id or new_write_id()], wrote=bool))

    def snapshot(self, session_id: str) -> Snapshot | None:
        """Shared by the concurrent callers of this process (:mod:`.shared_reads`): a commit wakes
        every long-poll of its session at once, and they need one read, not one each."""
        return self._shared.read(("snapshot", session_id), lambda: self._read_snapshot(session_id))

    def _read_snapshot(self, session_id: str) -> Snapshot | None:
        keys = self.keys(session_id)
        with _reachable():
            pipe = self.client.pipeline(transaction=True)
            pipe.get(keys.meta)
            pipe.hgetall(keys.state)
            meta, fields = pipe.execute()
        current = _current(fields)
        if meta is None or current is None:
            return None
        return Snapshot(meta, current)

    def current(self, session_id: str) -> Current | None:
        """One HGETALL: the state hash holds state, version, write id and notes, so no transaction
        is needed to read them together (an action needs the notes too: who is a bot)."""
        with _reachable():
            fields = self.client.hgetall(self.keys(session_id).state)
        return _current(cast(dict[bytes, bytes], fields))

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

    def commit(self, session_id: str, expected_version: int, state: bytes, entry: bytes, write_id: str, *,
               based_on: Current | None = None, notes: Sequence[str] = ()) -> CommitOutcome:
        keys = self.keys(session_id)
        base: list[Any] = [""]  # the state it started from ('' for any), then the notes' fields and values
        if based_on is not None:
            base = [based_on.write or ""]
            for name in notes:
                base += [_NOTE_PREFIX + name, based_on.notes.get(name, b"")]
        with _reachable():
            code, version = self._run(
                _COMMIT, [keys.state, keys.log, keys.meta],
                [expected_version, state, entry, self.idle_seconds, write_id, keys.channel, self._notify, *base],
                wrote=lambda result: result[0] in (1, 2))
        if code == -1:
            raise SessionGone(session_id)
        return CommitOutcome(code in (1, 2), int(version), stale=code == 3)

    def read_note(self, session_id: str, name: str) -> bytes | None:
        with _reachable():
            note = self.client.hget(self.keys(session_id).state, _NOTE_PREFIX + name)
        return None if note is None else cast(bytes, note)

    def swap_note(self, session_id: str, name: str, expected_version: int, old: bytes | None,
                  new: bytes) -> bool:
        keys = self.keys(session_id)
        with _reachable():
            code = self._run(_NOTE, [keys.state, keys.meta],
                             [_NOTE_PREFIX + name, expected_version, b"" if old is None else old, new],
                             wrote=lambda result: result == 1)
        if code == -1:
            raise SessionGone(session_id)
        return bool(code == 1)

    def _ticket_key(self, key: str) -> str:
        return f"{self.prefix}:ticket:{key}"

    def put_ticket(self, key: str, value: bytes, ttl_seconds: int) -> None:
        with _reachable():
            self.client.set(self._ticket_key(key), value, ex=ttl_seconds)

    def take_ticket(self, key: str) -> bytes | None:
        """GETDEL: of two workers presenting the same ticket, one gets it."""
        with _reachable():
            value = self.client.getdel(self._ticket_key(key))
        return None if value is None else cast(bytes, value)

    def delete(self, session_id: str) -> bool:
        keys = self.keys(session_id)
        with _reachable():
            return bool(self._run(_DELETE, keys.all(), [keys.channel, self._notify], wrote=bool))

    def _version(self, keys: SessionKeys) -> int | None:
        def read() -> int | None:
            version = self.client.hget(keys.state, "version")
            return None if version is None else int(version)

        return self._shared.read(("version", keys.state), read)

    def listen(self, session_id: str, listener: Listener) -> AbstractContextManager[None]:
        """``listener`` is told each new version of the session (or None: look again) while
        the block runs; see :mod:`service.sessions.fanout`. Register before reading."""
        return self.fanout.listen(self.keys(session_id).channel, listener)

    def wait_for_change(self, session_id: str, after_version: int, timeout: float) -> None:
        """Listen first, then look: a commit between the two cannot be missed.

        The wait takes no Redis connection: it hears of commits from the process's one
        subscription. It re-reads the version when told to look again (the subscription was
        just confirmed, or made again after a drop) and on its own every
        WAIT_RECHECK_SUBSCRIBED_SECONDS (WAIT_RECHECK_SECONDS while the subscription is not
        confirmed), which the client routes to whichever master holds the session by then;
        a read that fails meanwhile only means "not yet". The caller reads the session again
        after the wait anyway, and that read says 503 if Redis is still out of reach.
        """
        keys = self.keys(session_id)
        deadline = time.monotonic() + timeout
        waiter = Waiter()
        with self.fanout.listen(keys.channel, waiter):
            while True:
                try:
                    with _reachable():
                        version = self._version(keys)
                except StoreUnavailable:
                    version = after_version
                if version is None or version > after_version:
                    return
                while True:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        return
                    recheck = (WAIT_RECHECK_SUBSCRIBED_SECONDS if self.fanout.subscribed(keys.channel)
                               else WAIT_RECHECK_SECONDS)
                    heard = waiter.wait(min(remaining, recheck))
                    if heard is None:
                        break  # look again
                    if heard > after_version:
                        return
