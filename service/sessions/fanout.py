"""One Redis subscription per worker process, fanned out in-process to every listener.

A long-poll (and anything else that wants to hear of a session's new versions, such as
an event stream) registers a *listener* for the session's change channel with
:meth:`RedisFanout.listen`. That costs no Redis connection: the process holds one
subscriber connection (on a Redis Cluster, one per master that holds a listened-to
session, since sharded pub/sub delivers a message only on the shard of its slot), and
its loop calls every listener of a channel when a message arrives there.

A listener is any callable taking one argument, the *note*:

* an ``int``: that version of the session was committed;
* ``None``: look again yourself. Sent when the channel's subscription is confirmed
  (first, or again after a reconnect: a commit may have gone by unheard meanwhile) and
  when the session was deleted.

Listeners are called from the subscriber loop, so they must be quick and never block:
set an event, put on a queue. :class:`Waiter` is the listener a long-poll uses.

Guarantees and limits:

* a listener registered *before* its owner reads the version misses nothing: a commit
  after the subscription is confirmed is delivered, and the confirmation itself says
  "look again", which covers any commit between the read and the confirmation;
* a dropped subscriber connection is made again with exponential backoff (jittered,
  capped at ``BACKOFF_MAX_SECONDS``); on a cluster the slot map is refreshed first and
  channels follow their slot to its new master. A message lost in the gap costs its
  listeners latency (each rechecks on its own timer and on the renewed confirmation),
  never correctness;
* fork safety: nothing runs until the first :meth:`listen` in a process, and a process
  forked from one that listened (a gunicorn worker from a master that did) starts
  afresh with no loops and no listeners;
* gevent: the loops are ``threading.Thread`` objects and the waits are
  ``threading.Event`` ones, which gevent's monkey-patching (gunicorn's gevent worker)
  turns into greenlets and gevent events; unpatched, they are real threads.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import redis
import structlog

log = structlog.get_logger("service.sessions")

#: What a listener is told: a committed version, or None for "look again".
Note = int | None
Listener = Callable[[Note], None]

#: How long the subscriber loop blocks reading before it looks at what to (un)subscribe.
POLL_SECONDS = 0.05
#: Reconnection backoff after the subscriber connection fails.
BACKOFF_MIN_SECONDS = 0.05
BACKOFF_MAX_SECONDS = 2.0
#: A loop with nothing to listen to for this long closes its connection and ends.
IDLE_SECONDS = 30.0
#: A channel nobody listens to any more stays subscribed this long: a client that polls
#: again right after its answer finds it still live (no UNSUBSCRIBE/SUBSCRIBE churn).
LINGER_SECONDS = 5.0

#: Failures that mean "connect again" (a MOVED reply to SSUBSCRIBE included: the slot map is stale).
_DROPPED = (redis.ConnectionError, redis.TimeoutError, redis.ResponseError, OSError)


class Waiter:
    """A listener that one thread or greenlet blocks on: ``wait`` returns the highest version
    heard since the last ``wait``, or None when it timed out or was told to look again."""

    __slots__ = ("_event", "_heard")

    def __init__(self) -> None:
        self._event = threading.Event()
        self._heard: int | None = None

    def __call__(self, note: Note) -> None:
        if note is not None and (self._heard is None or note > self._heard):
            self._heard = note
        self._event.set()

    def wait(self, timeout: float) -> int | None:
        self._event.wait(timeout)
        self._event.clear()
        heard, self._heard = self._heard, None
        return heard


class Hub:
    """Listeners per key, and telling them: the in-process half of the fanout.

    The in-process store uses it alone (its commits call :meth:`publish` directly);
    :class:`RedisFanout` feeds it from Redis.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[str, set[Listener]] = {}

    def add(self, key: str, listener: Listener) -> bool:
        """Register; True when ``key`` had no listener before."""
        with self._lock:
            listeners = self._listeners.setdefault(key, set())
            first = not listeners
            listeners.add(listener)
            return first

    def remove(self, key: str, listener: Listener) -> bool:
        """Unregister; True when that was ``key``'s last listener."""
        with self._lock:
            listeners = self._listeners.get(key)
            if listeners is None:
                return False
            listeners.discard(listener)
            if listeners:
                return False
            del self._listeners[key]
            return True

    def publish(self, key: str, note: Note) -> None:
        with self._lock:
            listeners = list(self._listeners.get(key, ()))
        for listener in listeners:
            try:
                listener(note)
            except Exception:  # one broken listener must not starve the others
                log.exception("session_listener_failed", key=key)

    def count(self, key: str | None = None) -> int:
        with self._lock:
            if key is None:
                return sum(len(v) for v in self._listeners.values())
            return len(self._listeners.get(key, ()))

    @contextmanager
    def listening(self, key: str, listener: Listener) -> Iterator[None]:
        self.add(key, listener)
        try:
            yield
        finally:
            self.remove(key, listener)


def parse_note(data: Any) -> Note:
    """A change message's payload: the new version (commit.lua), anything else (delete.lua's
    ``deleted``) means look again."""
    try:
        return int(data)
    except (TypeError, ValueError):
        return None


class _Shard:
    """One subscriber connection and the loop that reads it: for a single Redis the only one,
    on a cluster one per master that holds a listened-to channel."""

    def __init__(self, fanout: RedisFanout, name: str) -> None:
        self.fanout = fanout
        self.name = name
        #: channels this shard should be subscribed to (guarded by the fanout's lock)
        self.wanted: set[str] = set()
        #: channels whose subscription the server has confirmed (written by the loop only)
        self.confirmed: set[str] = set()
        self.thread: threading.Thread | None = None
        self.stopping = fanout._stopping  # this generation's: close() makes the fanout a new one
        self.connects = 0  # connections made, for tests and logs
        self._unsubscribing: dict[str, int] = {}

    def start(self) -> None:
        """Called with the fanout's lock held."""
        if self.thread is None or not self.thread.is_alive():
            self.thread = threading.Thread(target=self._run, name=f"session-fanout-{self.name}", daemon=True)
            self.thread.start()

    def _end_if_idle(self) -> bool:
        """With the fanout's lock held: end this loop when nothing is wanted. Clearing
        ``thread`` under the same lock lets the next :meth:`start` make a new one."""
        if self.wanted and not self.stopping.is_set():
            return False
        if self.thread is threading.current_thread():
            self.thread = None
        return True

    def _run(self) -> None:
        fanout = self.fanout
        delay = BACKOFF_MIN_SECONDS
        while True:
            pubsub = None
            try:
                pubsub = fanout._pubsub_for(self.name)
                self.connects += 1
                if self._serve(pubsub):
                    return
            except _DROPPED as exc:
                if self.confirmed:  # it had worked: start the backoff over
                    delay = BACKOFF_MIN_SECONDS
                log.warning("session_subscriber_lost", shard=self.name, error=str(exc), retry_in=round(delay, 2))
            except Exception:  # a bug must not leave the worker's long-polls unserved for good
                log.exception("session_subscriber_failed", shard=self.name)
                delay = BACKOFF_MAX_SECONDS
            finally:
                self.confirmed.clear()
                if pubsub is not None:
                    try:
                        pubsub.close()
                    except Exception:
                        pass
            fanout._lost(self)
            self.stopping.wait(delay * random.uniform(0.5, 1.5))
            delay = min(delay * 2, BACKOFF_MAX_SECONDS)
            with fanout._lock:
                if self._end_if_idle():
                    return

    def _serve(self, pubsub: Any) -> bool:
        """Keep the subscriptions in step with ``wanted`` and hand messages out until the
        connection fails (raises) or nothing has been wanted for IDLE_SECONDS (True)."""
        fanout = self.fanout
        sharded = fanout.cluster
        sent: set[str] = set()
        self._unsubscribing = {}  # our own UNSUBSCRIBEs not yet acknowledged, per channel
        unwanted_since: dict[str, float] = {}
        idle_since: float | None = None
        while True:
            with fanout._lock:
                wanted = set(self.wanted)
                if self.stopping.is_set():
                    return self._end_if_idle()
            now = time.monotonic()
            add = wanted - sent
            for channel in wanted:
                unwanted_since.pop(channel, None)
            drop: set[str] = set()
            for channel in sent - wanted:
                if now - unwanted_since.setdefault(channel, now) >= LINGER_SECONDS:
                    drop.add(channel)
                    del unwanted_since[channel]
            if add:
                if sharded:  # one SSUBSCRIBE per channel: a command's channels must share a slot
                    for channel in add:
                        pubsub.ssubscribe(channel)
                else:
                    pubsub.subscribe(*add)
                sent |= add
            if drop:
                if sharded:
                    for channel in drop:
                        pubsub.sunsubscribe(channel)
                else:
                    pubsub.unsubscribe(*drop)
                sent -= drop
                self.confirmed.difference_update(drop)
                for channel in drop:
                    self._unsubscribing[channel] = self._unsubscribing.get(channel, 0) + 1
            if wanted:
                idle_since = None
            else:
                idle_since = idle_since or now
                if now - idle_since >= IDLE_SECONDS:
                    with fanout._lock:
                        if self._end_if_idle():
                            return True
            message = pubsub.get_message(timeout=POLL_SECONDS)
            if message is not None:
                self._handle(message, sent)

    def _handle(self, message: dict, sent: set[str]) -> None:
        kind = message["type"]
        kind = kind.decode() if isinstance(kind, bytes) else kind
        channel = message["channel"]
        channel = channel.decode() if isinstance(channel, bytes) else channel
        if kind in ("message", "smessage"):
            self.fanout.hub.publish(channel, parse_note(message["data"]))
        elif kind in ("subscribe", "ssubscribe"):
            self.confirmed.add(channel)
            self.fanout.hub.publish(channel, None)  # anything committed before now was not heard
        elif kind in ("unsubscribe", "sunsubscribe"):
            pending = self._unsubscribing.get(channel, 0)
            if pending > 1:
                self._unsubscribing[channel] = pending - 1
            elif pending == 1:
                del self._unsubscribing[channel]
            elif channel in sent:
                # The server dropped it unasked: its slot moved to another master.
                self.confirmed.discard(channel)
                sent.discard(channel)
                raise redis.ConnectionError(f"{channel}'s slot moved away from {self.name}")


class RedisFanout:
    """The process's subscriptions to session change channels, shared by every listener.

    ``client`` returns the store's client (made lazily); on a cluster (``cluster``) each
    channel is subscribed with SSUBSCRIBE on the master that holds its slot.
    """

    def __init__(self, client: Callable[[], redis.Redis | redis.RedisCluster], *, cluster: bool) -> None:
        self._client = client
        self.cluster = cluster
        self._reset()

    def _reset(self) -> None:
        self._pid = os.getpid()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self.hub = Hub()
        self._shards: dict[str, _Shard] = {}
        self._shard_of: dict[str, str] = {}  # channel -> shard name

    def _check_fork(self) -> None:
        if os.getpid() != self._pid:  # a forked child: the parent's loops did not come along
            self._reset()

    # ------------------------------------------------------------------ listeners
    @contextmanager
    def listen(self, channel: str, listener: Listener) -> Iterator[None]:
        """``listener`` hears of ``channel``'s changes while the block runs. No I/O here:
        the subscriber loop (started if need be) subscribes, and says None once it has."""
        self._check_fork()
        if self.hub.add(channel, listener):
            self._want(channel)
        try:
            yield
        finally:
            if self.hub.remove(channel, listener):
                self._unwant(channel)

    def subscribed(self, channel: str) -> bool:
        """Whether the server has confirmed this process's subscription to ``channel``."""
        name = self._shard_of.get(channel)
        shard = self._shards.get(name) if name is not None else None
        return shard is not None and channel in shard.confirmed

    def _node_name(self, channel: str) -> str:
        if not self.cluster:
            return "redis"
        cluster = self._client()
        assert isinstance(cluster, redis.RedisCluster)
        node = cluster.get_node_from_key(channel)
        assert node is not None, "a cluster client knows a node for every slot"
        return node.name

    def _want(self, channel: str) -> None:
        try:
            name = self._node_name(channel)
        except _DROPPED:  # no slot map yet: subscribe wherever the map says once it comes
            name = "pending"
        with self._lock:
            if self.hub.count(channel) == 0:
                return
            self._assign(channel, name)

    def _assign(self, channel: str, name: str) -> None:
        """With the lock held."""
        old = self._shard_of.get(channel)
        if old is not None and old in self._shards:
            self._shards[old].wanted.discard(channel)
        self._shard_of[channel] = name
        shard = self._shards.get(name)
        if shard is None:
            shard = self._shards[name] = _Shard(self, name)
        shard.wanted.add(channel)
        shard.start()

    def _unwant(self, channel: str) -> None:
        with self._lock:
            if self.hub.count(channel):
                return
            name = self._shard_of.pop(channel, None)
            if name is not None and name in self._shards:
                self._shards[name].wanted.discard(channel)

    # ------------------------------------------------------------------ the loops' side
    def _pubsub_for(self, name: str) -> Any:
        client = self._client()
        if not self.cluster:
            return client.pubsub(ignore_subscribe_messages=False)
        cluster = client
        assert isinstance(cluster, redis.RedisCluster)
        node = cluster.get_node(node_name=name) if name != "pending" else None
        if node is None:
            raise redis.ConnectionError(f"no cluster node {name} in the slot map")
        return cluster.get_redis_connection(node).pubsub(ignore_subscribe_messages=False)

    def _lost(self, shard: _Shard) -> None:
        """A shard's connection failed: on a cluster, learn the slot map again and send each
        of its channels to the master that holds its slot now."""
        if not self.cluster:
            return
        client = self._client()
        assert isinstance(client, redis.RedisCluster)
        try:
            client.nodes_manager.initialize()
        except Exception as exc:  # the cluster is still settling: the next failure asks again
            log.warning("session_subscriber_slot_map_unavailable", error=str(exc))
            if shard.name != "pending":
                return
        with self._lock:
            channels = list(shard.wanted)
        for channel in channels:
            try:
                name = self._node_name(channel)
            except _DROPPED:
                continue
            if name != shard.name:
                with self._lock:
                    if self._shard_of.get(channel) == shard.name:
                        self._assign(channel, name)

    # ------------------------------------------------------------------ for tests and shutdown
    def shards(self) -> dict[str, _Shard]:
        with self._lock:
            return dict(self._shards)

    def close(self) -> None:
        self._stopping.set()
        with self._lock:
            threads = [s.thread for s in self._shards.values() if s.thread is not None]
        for thread in threads:
            if thread is not threading.current_thread():
                thread.join(2)
        self._reset()
