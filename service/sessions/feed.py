"""What every event stream of one session shares inside a worker: the log, read once per
commit, and each seat's message per version, built once.

A commit wakes every stream of its session at the same moment. Were each to read the log,
rebuild the state and diff its own view, the worker would do the same work once per
connection: 5,000 log reads and 5,000 view builds for one action. A :class:`SessionFeed`
does it once per session (the read) and once per seat and version (the message): the
first stream to need a version reads the log for all of them, the first stream of a seat
to need that version's message builds it, and every other stream of the seat sends the
same text. A stream itself keeps only the version it sent last.

What a stream guarantees is unchanged: each message is built from the seat's own view
and the seat's redacted events (``ruleset.view``, ``view_action``, ``view_events``), the
patch is against the seat's view at the version before (the message the stream sent
just before), and a stream decides itself which versions it sends and whether the first
one is whole.

Reads are shared with freshness (:mod:`service.sessions.shared_reads`): a stream that was
told "look again" (or starts) is answered only by a read that *began* after it asked, so a
commit it has not heard of cannot slip between; a stream told of version ``v`` is answered
by the log already read when it holds ``v``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import jsonpatch
import orjson

from rulesets.core.host import GameState, to_builtins

from .logic import _effective, _OpenSession, _revealed_once_over, logged_action
from .shared_reads import SharedReads
from .store import SessionStore
from .view_patch import make_patch

#: Versions behind the newest whose messages (and views) stay built: enough for a stream
#: that falls a few commits behind, without a session's history piling up in memory.
KEPT_VERSIONS = 8


class SessionFeed:
    """One session's shared log and messages in this process (see the module's docstring)."""

    def __init__(self, store: SessionStore, session: _OpenSession) -> None:
        self.session_id = session.session_id
        self._store = store
        self._ruleset = session.ruleset
        self._meta = session.meta
        self._first = session.state()  # its rng: the seed and salt a replay sets up with
        self._lock = threading.Lock()
        self._reads = SharedReads()
        self._entries: list[dict[str, Any]] = []
        self._version = -1  # the version the entries end at (-1: nothing read yet)
        self.gone = False
        self._states: dict[int, GameState] = {session.version: self._first}
        self._views: dict[tuple[int | None, int], Any] = {}
        self._texts: dict[tuple[int | None, int, bool], tuple[bytes, bool]] = {}
        #: for tests and logs: log reads done, messages built
        self.log_reads = 0
        self.messages_built = 0

    # ------------------------------------------------------------------ the log
    def sync(self, heard: int | None) -> int | None:
        """The version the log ends at, read once for everyone who asks meanwhile; None once
        the session is gone. ``heard``: a version the caller was told of (a log that holds it
        will do), or None: only a read that begins after this call will
        (:class:`~service.sessions.shared_reads.SharedReads`)."""
        with self._lock:
            if self.gone:
                return None
            if heard is not None and self._version >= heard:
                return self._version
        return self._reads.read(None, self._read)

    def _read(self) -> int | None:
        """One read of the log's new entries, merged in for every stream."""
        with self._lock:
            start = len(self._entries)
        piece = self._store.read_log(self.session_id, start)
        with self._lock:
            self.log_reads += 1
            if piece is None:
                self.gone = True
                return None
            if piece.version < start:  # the log is shorter than it was: a write lost in a failover
                del self._entries[piece.version:]
                self._forget(lambda version: version > piece.version, keep_newest=False)
            else:
                self._entries.extend(orjson.loads(raw) for raw in piece.entries)
            self._version = piece.version
            self._forget(lambda version: version < piece.version - KEPT_VERSIONS)
            return self._version

    def _forget(self, which: Callable[[int], bool], *, keep_newest: bool = True) -> None:
        """With the lock held: drop built states, views and messages of the versions ``which`` picks
        (the newest state built stays, unless told: the next version is built from it)."""
        newest = max(self._states, default=None) if keep_newest else None
        for version in [v for v in self._states if which(v) and v != newest]:
            del self._states[version]
        for seen in [k for k in self._views if which(k[1])]:
            del self._views[seen]
        for built in [k for k in self._texts if which(k[1])]:
            del self._texts[built]

    # ------------------------------------------------------------------ messages
    def message(self, seat: int | None, version: int, whole: bool) -> tuple[bytes, bool]:
        """``version``'s server-sent event for ``seat`` (its view whole, or as a patch against its
        view at the version before) and whether the game is over at it. ``version`` must be one
        :meth:`sync` returned or below."""
        key = (seat, version, whole)
        with self._lock:
            built = self._texts.get(key)
            if built is None:
                built = self._texts[key] = self._build(seat, version, whole)
                self.messages_built += 1
            return built

    def _build(self, seat: int | None, version: int, whole: bool) -> tuple[bytes, bool]:
        ruleset = self._ruleset
        state = self._state_at(version)
        entry = self._entries[version - 1] if version else None
        status = ruleset.status(state)
        body: dict[str, Any] = {"version": version, **_entry_as_seen(entry, ruleset, seat, state),
                                "status": to_builtins(status)}
        view = self._view_at(seat, version)
        if whole or not version:
            body["view"] = view
        else:
            before = self._view_at(seat, version - 1)
            patch = make_patch(before, view)
            if jsonpatch.apply_patch(before, patch) == view:
                body["view_patch"] = patch
            else:  # never seen; the whole view is always right
                body["view"] = view
        body.update(_revealed_once_over(state, status.game_over))
        # Bytes: thousands of streams send this one text, and none should encode it again.
        return b"id: %d\ndata: %s\n\n" % (version, orjson.dumps(to_builtins(body))), bool(status.game_over)

    def _view_at(self, seat: int | None, version: int) -> Any:
        view = self._views.get((seat, version))
        if view is None:
            view = orjson.loads(orjson.dumps(self._ruleset.view(self._state_at(version), seat)))
            self._views[(seat, version)] = view
        return view

    def _state_at(self, version: int) -> GameState:
        """With the lock held: the state after ``version``, from the one before when it is built, else replayed."""
        state = self._states.get(version)
        if state is not None:
            return state
        entry = self._entries[version - 1] if version else None
        before = self._states.get(version - 1)
        if before is not None and entry is not None and entry.get("type") != "undo":
            state, _ = self._ruleset.apply(before, entry["action"])
        else:
            state = self._meta.replay(self._ruleset, self._first,
                                      [e["action"] for e in _effective(self._entries[:version])])
        self._states[version] = state
        return state


def _entry_as_seen(entry: dict[str, Any] | None, ruleset: Any, seat: int | None, state: GameState) -> dict[str, Any]:
    """A log entry as ``seat`` may see it: its own redacted action and events."""
    if entry is None:
        return {"type": "start", "seat": None, "action": None, "events": []}
    if entry.get("type") == "undo":
        return {"type": "undo", "seat": entry["seat"], "undoes": entry["undoes"], "action": None, "events": []}
    return {"type": "action", "seat": entry["seat"], "by": entry.get("by", "seat"),
            "action": ruleset.view_action(logged_action(ruleset, entry["action"]), seat, state),
            "events": ruleset.view_events(entry["events"], seat)}


class SessionFeeds:
    """The feeds of this process, one per session with a stream open, dropped with its last stream."""

    def __init__(self, store: SessionStore) -> None:
        self._store = store
        self._lock = threading.Lock()
        self._feeds: dict[str, tuple[SessionFeed, int]] = {}

    def take(self, session: _OpenSession) -> SessionFeed:
        with self._lock:
            feed, users = self._feeds.get(session.session_id, (None, 0))
            if feed is None or feed.gone:
                feed, users = SessionFeed(self._store, session), 0
            self._feeds[session.session_id] = (feed, users + 1)
            return feed

    def give_back(self, feed: SessionFeed) -> None:
        with self._lock:
            held, users = self._feeds.get(feed.session_id, (None, 0))
            if held is not feed:
                return
            if users <= 1:
                del self._feeds[feed.session_id]
            else:
                self._feeds[feed.session_id] = (feed, users - 1)

    def get(self, session_id: str) -> SessionFeed | None:
        """The feed of a session with a stream open here (tests and logs)."""
        with self._lock:
            held = self._feeds.get(session_id)
            return held[0] if held else None
