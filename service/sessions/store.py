"""What a session store promises, whichever backend keeps the bytes.

A session is four things kept together: its ``meta`` (game, seats, token digests;
written once), its ``state`` (the full game state), its ``version`` (how many actions
have been applied) and its ``log`` (one entry per applied action, in order). The
store never interprets them; :mod:`service.sessions.logic` does.

Every backend guarantees the same:

* ``commit`` is one atomic compare-and-set: it lands only if the version is still the
  one the caller read, and then the new state, the version bump and the log entry land
  together (so ``version == len(log)`` always holds) and the idle expiry is refreshed
  on every piece of the session;
* a commit carries a ``write_id``; presenting the same one again (a retry after a lost
  reply) reports the earlier success instead of applying twice;
* every state has the id of the write that made it (``Current.write``: the commit's
  ``write_id``, or one drawn at creation), so a commit ``based_on`` a state it read lands
  only on that very state, not on another one at the same version (a write lost in a
  failover and replaced by another worker's, a session re-created under its id); with
  ``notes`` named, also only while those notes hold what was read with it;
* a session nobody has written to for ``idle_seconds`` disappears;
* beside the state, a session may hold small named ``notes`` (a pending undo request),
  written by their own compare-and-set on the version and the note's old value.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Protocol


class StoreUnavailable(Exception):
    """The backend cannot be reached now; the request may be retried later."""


class StoreFull(Exception):
    """The store holds as many sessions as it may (the in-process store's SESSION_MAX_COUNT);
    a new one fits once one is deleted or expires."""


class SessionGone(LookupError):
    """No such session (never created, deleted, or expired)."""


@dataclass(frozen=True)
class Current:
    """A session's state and version without its meta: for a caller that holds the meta already
    (it is written once, at creation, and never changes).

    ``write`` names the write that made this state (None: a session stored before states
    were named, which no commit can be ``based_on``); ``notes`` are the session's notes as
    read together with it."""

    state: bytes
    version: int
    write: str | None = None
    notes: Mapping[str, bytes] = field(default_factory=dict)


@dataclass(frozen=True)
class Snapshot:
    meta: bytes
    current: Current

    @property
    def state(self) -> bytes:
        return self.current.state

    @property
    def version(self) -> int:
        return self.current.version


@dataclass(frozen=True)
class LogSlice:
    """Log entries from index ``start`` on, read together with the version they end at."""

    version: int
    start: int
    entries: list[bytes]


@dataclass(frozen=True)
class CommitOutcome:
    """``applied``: the new version; otherwise the version that beat the caller to it, or with
    ``stale`` the current version, the same as expected, of a state that is not the one the
    commit was ``based_on`` (or whose named notes changed): read again."""

    applied: bool
    version: int
    stale: bool = False


def new_write_id() -> str:
    """A name for a write, drawn where the writer names none (128 random bits: never repeated)."""
    return secrets.token_hex(16)


class SessionStore(Protocol):
    idle_seconds: int

    def describe(self) -> str:
        """A short name for readiness reports and logs."""

    def ping(self) -> None:
        """Return when the backend answers; raise :class:`StoreUnavailable` otherwise."""

    def create(self, session_id: str, meta: bytes, state: bytes, write_id: str | None = None) -> bool:
        """Store a new session at version 0, its state named ``write_id`` (None: a fresh random
        one); False when the id is already taken.

        Raises :class:`StoreFull` when the store may hold no more sessions (Redis: its own
        ``maxmemory`` refuses writes, which is :class:`StoreUnavailable`)."""

    def snapshot(self, session_id: str) -> Snapshot | None:
        """Meta, state and version, read together; None when there is no such session."""

    def current(self, session_id: str) -> Current | None:
        """State and version, read together (one round trip, no meta); None when there is no such session."""

    def read_log(self, session_id: str, start: int = 0) -> LogSlice | None:
        """Log entries from ``start`` and the version they end at; None when gone."""

    def commit(self, session_id: str, expected_version: int, state: bytes, entry: bytes, write_id: str, *,
               based_on: Current | None = None, notes: Sequence[str] = ()) -> CommitOutcome:
        """The atomic compare-and-set described above; raises :class:`SessionGone`.

        ``based_on``: the state the new one was computed from; the commit lands only if the
        session still holds that very state (its ``write``; not checked when None or unnamed)
        and each note in ``notes`` still holds its value in ``based_on.notes`` (absent: absent)."""

    def read_note(self, session_id: str, name: str) -> bytes | None:
        """A session's note ``name`` (an undo request), or None: absent, or no such session."""

    def swap_note(self, session_id: str, name: str, expected_version: int, old: bytes | None,
                  new: bytes) -> bool:
        """Set note ``name`` to ``new`` only if the session is still at ``expected_version`` and the
        note is still ``old`` (None: absent); False otherwise. Raises :class:`SessionGone`.

        A note lives and expires with its session and is deleted with it; a commit leaves it
        as it was (its reader compares the version the note names with the session's)."""

    def put_ticket(self, key: str, value: bytes, ttl_seconds: int) -> None:
        """Keep ``value`` under ``key`` (a stream ticket's digest) for ``ttl_seconds``, shared by every worker."""

    def take_ticket(self, key: str) -> bytes | None:
        """The value under ``key`` and its deletion, in one step (a ticket works once); None when
        absent or expired."""

    def delete(self, session_id: str) -> bool:
        """Remove every piece of the session; False when it was not there."""

    def listen(self, session_id: str, listener: Callable[[int | None], None]) -> AbstractContextManager[None]:
        """While the block runs, ``listener`` is called with each version of the session that
        is committed, or with None for "look again" (the session was deleted, or a missed
        change is possible). It is called from another thread or greenlet and must not block.
        Register before reading the version, and nothing is missed. Costs no connection."""

    def wait_for_change(self, session_id: str, after_version: int, timeout: float) -> None:
        """Block until the version passes ``after_version``, the session goes, or ``timeout`` elapses."""

    def close(self) -> None:
        """Release connections (tests and shutdown)."""
