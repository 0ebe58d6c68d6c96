"""Sessions kept in this process's memory: for trying the service out with nothing else installed.

It honours the same promises as the Redis store (atomic compare-and-set, log beside
state, idle expiry, long-poll) but only within ONE process: under gunicorn with
several workers each worker would hold its own sessions, so a client would see its
session vanish whenever another worker answered. Set ``REDIS_URL`` for anything but
a single-process trial.

It holds at most ``max_sessions`` at once (``SESSION_MAX_COUNT``): past that, ``create``
raises :class:`StoreFull` (expired sessions are swept first), and the first refusal after
a time with room is logged.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field

import structlog

from .fanout import Hub, Listener, Waiter
from .store import CommitOutcome, Current, LogSlice, SessionGone, Snapshot, StoreFull, new_write_id

#: Expired sessions are swept at most this often (they are refused as soon as they expire).
_SWEEP_EVERY_SECONDS = 60.0
#: A full store looks for expired sessions to make room at most this often.
_FULL_SWEEP_EVERY_SECONDS = 1.0

log = structlog.get_logger("service.sessions")

#: The worker count of the gunicorn master this process was forked from: gunicorn.conf.py
#: exports it at startup, since a worker is not told how many siblings it has.
GUNICORN_WORKERS_ENV = "REFEREE_GUNICORN_WORKERS"


def shared_by_several_workers(environ: Mapping[str, str] = os.environ,
                              modules: Mapping[str, object] = sys.modules) -> bool:
    """Whether this process is one of several gunicorn workers, each of which would hold its
    own in-process sessions (a client's session would come and go with the worker answering).

    One worker (the default without ``REDIS_URL``) is the single-process trial this store is
    for. Under gunicorn started without our config file the count is unknown: say so rather
    than lose sessions silently.
    """
    if "gunicorn" not in modules:
        return False
    count = environ.get(GUNICORN_WORKERS_ENV, "")
    return not count.isdigit() or int(count) > 1


@dataclass
class _Record:
    meta: bytes
    state: bytes
    expires_at: float
    version: int = 0
    log: list[bytes] = field(default_factory=list)
    #: the write that made ``state``: the id drawn at creation, then each commit's
    last_write_id: str | None = None
    notes: dict[str, bytes] = field(default_factory=dict)

    def current(self) -> Current:
        return Current(self.state, self.version, self.last_write_id, dict(self.notes))


class MemoryStore:
    def __init__(self, idle_seconds: int, *, max_sessions: int | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.idle_seconds = idle_seconds
        self.max_sessions = max_sessions
        self._full = False  # whether the last create found the store full (log once per episode)
        self._clock = clock
        self._records: dict[str, _Record] = {}
        # One lock for the whole store; listeners per session in the hub, told by commit and delete.
        self._changed = threading.Lock()
        self._hub = Hub()
        #: stream tickets: key -> (value, expiry)
        self._tickets: dict[str, tuple[bytes, float]] = {}
        self._next_sweep = clock() + _SWEEP_EVERY_SECONDS
        self._next_full_sweep = clock()

    def describe(self) -> str:
        return "in-process store (single process only)"

    def ping(self) -> None:
        return None

    def close(self) -> None:
        return None

    # ------------------------------------------------------------------ helpers (lock held)
    def _live(self, session_id: str) -> _Record | None:
        record = self._records.get(session_id)
        if record is not None and record.expires_at <= self._clock():
            del self._records[session_id]
            return None
        return record

    def _sweep(self, *, now_or_never: bool = False) -> None:
        now = self._clock()
        if now < self._next_sweep and not now_or_never:
            return
        self._next_sweep = now + _SWEEP_EVERY_SECONDS
        for session_id in [sid for sid, rec in self._records.items() if rec.expires_at <= now]:
            del self._records[session_id]

    # ------------------------------------------------------------------ the store
    def create(self, session_id: str, meta: bytes, state: bytes, write_id: str | None = None) -> bool:
        with self._changed:
            self._sweep()
            if self._live(session_id) is not None:
                return False
            if self.max_sessions is not None and len(self._records) >= self.max_sessions:
                now = self._clock()
                if now >= self._next_full_sweep:
                    # At most once a second: a client hammering a full store must not buy a
                    # walk over every session, under the lock, with each refused request.
                    self._next_full_sweep = now + _FULL_SWEEP_EVERY_SECONDS
                    self._sweep(now_or_never=True)
                if len(self._records) >= self.max_sessions:
                    if not self._full:
                        log.warning("session_store_full", sessions=len(self._records), cap=self.max_sessions)
                    self._full = True
                    raise StoreFull(f"the in-process store holds its cap of {self.max_sessions} sessions")
            self._full = False
            self._records[session_id] = _Record(meta, state, self._clock() + self.idle_seconds,
                                                last_write_id=write_id or new_write_id())
            return True

    def snapshot(self, session_id: str) -> Snapshot | None:
        with self._changed:
            record = self._live(session_id)
            return None if record is None else Snapshot(record.meta, record.current())

    def current(self, session_id: str) -> Current | None:
        with self._changed:
            record = self._live(session_id)
            return None if record is None else record.current()

    def read_log(self, session_id: str, start: int = 0) -> LogSlice | None:
        with self._changed:
            record = self._live(session_id)
            if record is None:
                return None
            return LogSlice(record.version, start, record.log[start:])

    def commit(self, session_id: str, expected_version: int, state: bytes, entry: bytes, write_id: str, *,
               based_on: Current | None = None, notes: Sequence[str] = ()) -> CommitOutcome:
        with self._changed:
            record = self._live(session_id)
            if record is None:
                raise SessionGone(session_id)
            if write_id == record.last_write_id:
                return CommitOutcome(True, record.version)
            if record.version != expected_version:
                return CommitOutcome(False, record.version)
            if based_on is not None and (
                    (based_on.write is not None and based_on.write != record.last_write_id)
                    or any(record.notes.get(name) != based_on.notes.get(name) for name in notes)):
                return CommitOutcome(False, record.version, stale=True)
            record.state = state
            record.version += 1
            record.log.append(entry)
            record.last_write_id = write_id
            record.expires_at = self._clock() + self.idle_seconds
            version = record.version
        self._hub.publish(session_id, version)
        return CommitOutcome(True, version)

    def read_note(self, session_id: str, name: str) -> bytes | None:
        with self._changed:
            record = self._live(session_id)
            return None if record is None else record.notes.get(name)

    def swap_note(self, session_id: str, name: str, expected_version: int, old: bytes | None,
                  new: bytes) -> bool:
        with self._changed:
            record = self._live(session_id)
            if record is None:
                raise SessionGone(session_id)
            if record.version != expected_version or record.notes.get(name) != old:
                return False
            record.notes[name] = new
            return True

    def put_ticket(self, key: str, value: bytes, ttl_seconds: int) -> None:
        with self._changed:
            now = self._clock()
            for stale in [k for k, (_, expiry) in self._tickets.items() if expiry <= now]:
                del self._tickets[stale]
            self._tickets[key] = (value, now + ttl_seconds)

    def take_ticket(self, key: str) -> bytes | None:
        with self._changed:
            found = self._tickets.pop(key, None)
            if found is None or found[1] <= self._clock():
                return None
            return found[0]

    def delete(self, session_id: str) -> bool:
        with self._changed:
            found = self._live(session_id) is not None
            self._records.pop(session_id, None)
        self._hub.publish(session_id, None)
        return found

    def listen(self, session_id: str, listener: Listener) -> AbstractContextManager[None]:
        """``listener`` is told each new version (None: the session was deleted) while the block runs."""
        return self._hub.listening(session_id, listener)

    def wait_for_change(self, session_id: str, after_version: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        waiter = Waiter()
        with self.listen(session_id, waiter):
            while True:
                with self._changed:
                    record = self._live(session_id)
                    if record is None or record.version > after_version:
                        return
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return
                waiter.wait(remaining)

    # ------------------------------------------------------------------ for tests
    def expires_in(self, session_id: str) -> float | None:
        with self._changed:
            record = self._live(session_id)
            return None if record is None else record.expires_at - self._clock()
