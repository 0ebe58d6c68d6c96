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

Delivery is shared too. The feed, not each stream, listens on the store (one listener per
session in this process) and passes each note on to the streams that are busy. A stream
that waits with a socket the feed may write to (:mod:`service.sessions.stream_socket`) is
*parked*: its greenlet sleeps, and the feed's pump (one thread, a greenlet under gevent,
per feed) writes each new version's message to every parked stream's socket in one pass,
and a heartbeat to each while the session is quiet. A parked stream is woken only when its
socket does not take a whole message at once (it finishes the write itself, waiting as
long as its client makes it), when its connection broke, when the game is over, and when
the pump cannot read the log (the stream then reads and retries itself, as an unparked one
does). Each stream's versions stay its own: the pump sends a parked stream the versions
after the one it holds, in order, each once, as a patch against the one before.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import jsonpatch
import orjson
import structlog

from rulesets.core.host import GameState, to_builtins

from .logic import _effective, _OpenSession, _revealed_once_over, logged_action
from .shared_reads import SharedReads
from .store import SessionStore, StoreUnavailable
from .stream_socket import SocketWriter
from .view_patch import make_patch

log = structlog.get_logger("service.sessions")

#: Versions behind the newest whose messages (and views) stay built: enough for a stream
#: that falls a few commits behind, without a session's history piling up in memory.
KEPT_VERSIONS = 8
#: A heartbeat: an SSE comment line, which clients ignore.
PING = b": ping\n\n"

#: What :meth:`Heard.wait` answers when nothing came: time for a heartbeat.
QUIET: Any = object()


class Heard:
    """A listener one stream (or a pump) blocks on: the highest version heard since the last
    wait, None when told to look again (which outweighs any version: a read is due), or QUIET
    when the wait timed out. Small on purpose: a worker holds thousands."""

    __slots__ = ("_event", "_look_again", "_version")

    def __init__(self) -> None:
        self._event = threading.Event()
        self._version: int | None = None
        self._look_again = False

    def __call__(self, note: int | None) -> None:
        if note is None:
            self._look_again = True
        elif self._version is None or note > self._version:
            self._version = note
        self._event.set()

    def pending(self) -> bool:
        return self._event.is_set()

    def wait(self, timeout: float | None) -> Any:
        if not self._event.wait(timeout):
            return QUIET
        self._event.clear()
        version, look_again = self._version, self._look_again
        self._version, self._look_again = None, False
        return None if look_again else version


class Follower:
    """One stream as its feed knows it: its seat, the version its client holds (None: nothing
    yet), how the feed may write to it (None: never), and what the pump left it to do when it
    woke it: the rest of a framed write, a heartbeat, or nothing more (over, broken)."""

    __slots__ = ("broken", "heard", "over", "parked", "ping_due", "rest", "seat", "sent", "writer")

    def __init__(self, seat: int | None, sent: int | None, writer: SocketWriter | None) -> None:
        self.seat = seat
        self.sent = sent
        self.writer = writer
        self.heard = Heard()
        self.parked = False
        self.rest = b""
        self.ping_due = False
        self.over = False
        self.broken = False


class SessionFeed:
    """One session's shared log and messages in this process (see the module's docstring)."""

    def __init__(self, store: SessionStore, session: _OpenSession, heartbeat_seconds: float = 15.0) -> None:
        self.session_id = session.session_id
        self.heartbeat_seconds = heartbeat_seconds
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
        #: for tests and logs: log reads done, messages built, messages the pump wrote
        self.log_reads = 0
        self.messages_built = 0
        self.pumped = 0
        self.heartbeats = 0  # heartbeats the pump wrote
        self.users = 0  # streams holding the feed (SessionFeeds counts them)
        self._awake: set[Follower] = set()
        self._parked: set[Follower] = set()
        self._pump_heard = Heard()
        self._pump: threading.Thread | None = None
        self._closed = False
        self._listening = ExitStack()

    # ------------------------------------------------------------------ listening, once for every stream
    def start(self) -> None:
        """Listen on the store: from now on every note reaches the followers."""
        self._listening.enter_context(self._store.listen(self.session_id, self._hear))

    def close(self) -> None:
        """The last stream is gone: stop listening, and the pump."""
        self._listening.close()
        with self._lock:
            self._closed = True
        self._pump_heard(None)

    def _hear(self, note: int | None) -> None:
        """The store's listener, in its subscriber loop (or a committing thread): quick, never blocking."""
        with self._lock:
            for follower in self._awake:
                follower.heard(note)
            if self._parked:
                self._pump_heard(note)

    def follow(self, seat: int | None, sent: int | None, writer: SocketWriter | None) -> Follower:
        """A stream's registration: every note from now on reaches it (or its pump)."""
        follower = Follower(seat, sent, writer)
        with self._lock:
            self._awake.add(follower)
        return follower

    def parked_now(self) -> int:
        """Streams waiting while the pump writes for them (tests and logs)."""
        with self._lock:
            return len(self._parked)

    def unfollow(self, follower: Follower) -> None:
        with self._lock:
            self._awake.discard(follower)
            self._parked.discard(follower)
            follower.parked = False

    def wait(self, follower: Follower, timeout: float) -> Any:
        """What :meth:`Heard.wait` says. A follower with a writer and nothing pending is parked
        meanwhile: the pump writes its messages and heartbeats, and wakes it only when it must act."""
        with self._lock:
            park = follower.writer is not None and not follower.heard.pending() and not self._closed
            if park:
                self._awake.discard(follower)
                self._parked.add(follower)
                follower.parked = True
                if self._pump is None or not self._pump.is_alive():
                    self._pump = threading.Thread(target=self._run_pump, name=f"stream-pump-{self.session_id}",
                                                  daemon=True)
                    self._pump.start()
        note = follower.heard.wait(None if park else timeout)
        self._wake(follower)  # in case it was woken otherwise (its stream closing)
        return note

    def _wake(self, follower: Follower) -> None:
        with self._lock:
            self._unpark(follower)

    def _unpark(self, follower: Follower) -> None:
        """With the lock held: back to hearing notes itself."""
        if follower.parked:
            follower.parked = False
            self._parked.discard(follower)
            self._awake.add(follower)

    # ------------------------------------------------------------------ the pump
    def _run_pump(self) -> None:
        try:
            while True:
                note = self._pump_heard.wait(self.heartbeat_seconds)
                with self._lock:
                    if self._closed or not self._parked:
                        if self._closed:
                            return
                        continue
                if note is QUIET:
                    self._pump_pass(None)
                    continue
                try:
                    version = self.sync(note)
                except StoreUnavailable:
                    version = None  # the streams retry themselves, as they do awake
                if version is None:
                    self._wake_all()
                    continue
                self._pump_pass(version)
        except Exception:  # a bug must not leave parked streams asleep for good
            log.exception("stream_pump_failed", session_id=self.session_id)
            self._wake_all()
        finally:
            with self._lock:
                if self._pump is threading.current_thread():
                    self._pump = None

    def _wake_all(self) -> None:
        with self._lock:
            woken = list(self._parked)
            for follower in woken:
                self._unpark(follower)
                follower.heard(None)

    def _pump_pass(self, version: int | None) -> None:
        """Each parked follower's versions after the one it holds, up to ``version`` (None: a heartbeat
        instead), written to its socket without waiting; those that must act themselves are woken."""
        with self._lock:
            framed: dict[tuple[int | None, int, bool], tuple[bytes, bool]] = {}  # (seat, version, chunked)
            woken: list[Follower] = []
            for follower in self._parked:
                writer = follower.writer
                assert writer is not None and follower.sent is not None  # parked only with both
                if version is None:
                    due: list[tuple[int | None, bytes, bool]] = [(None, writer.frame(PING), False)]
                else:
                    due = []
                    for number in range(follower.sent + 1, version + 1):
                        key = (follower.seat, number, writer.chunked)
                        if key not in framed:
                            text, over = self._message(follower.seat, number, False)
                            framed[key] = (writer.frame(text), over)
                        due.append((number, *framed[key]))
                if self._offer(follower, due, version):
                    woken.append(follower)
            for follower in woken:
                self._unpark(follower)
                follower.heard(follower.sent)

    def _offer(self, follower: Follower, due: list[tuple[int | None, bytes, bool]], version: int | None) -> bool:
        """With the lock held: write ``due`` (version or None for a heartbeat, framed bytes, over) to
        the follower's socket, as far as it takes them at once; True when the follower must be woken."""
        writer = follower.writer
        assert writer is not None
        for number, data, over in due:
            try:
                took = writer.offer(data)
            except OSError:
                follower.broken = True
                return True
            if took == 0:  # nothing sent: the stream sends it (or the heartbeat) itself
                follower.ping_due = number is None
                return True
            if number is None:
                self.heartbeats += 1
            else:
                follower.sent = number
                self.pumped += 1
            if took < len(data):
                follower.rest = data[took:]
                return True
            if over and number == version:
                follower.over = True
                return True
        return False

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
        with self._lock:
            return self._message(seat, version, whole)

    def _message(self, seat: int | None, version: int, whole: bool) -> tuple[bytes, bool]:
        """With the lock held."""
        key = (seat, version, whole)
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

    def __init__(self, store: SessionStore, heartbeat_seconds: float = 15.0) -> None:
        self._store = store
        self.heartbeat_seconds = heartbeat_seconds
        self._lock = threading.Lock()
        self._feeds: dict[str, SessionFeed] = {}

    def take(self, session: _OpenSession) -> SessionFeed:
        with self._lock:
            feed = self._feeds.get(session.session_id)
            if feed is None or feed.gone:  # a gone one ends with its last stream, listening till then
                feed = self._feeds[session.session_id] = SessionFeed(self._store, session, self.heartbeat_seconds)
                feed.start()
            feed.users += 1
            return feed

    def give_back(self, feed: SessionFeed) -> None:
        with self._lock:
            feed.users -= 1
            if feed.users > 0:
                return
            if self._feeds.get(feed.session_id) is feed:
                del self._feeds[feed.session_id]
        feed.close()

    def get(self, session_id: str) -> SessionFeed | None:
        """The feed of a session with a stream open here (tests and logs)."""
        with self._lock:
            return self._feeds.get(session_id)
