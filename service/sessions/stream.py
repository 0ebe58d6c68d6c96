"""A seat's server-sent event stream of a session: one message per committed version.

Each message is ``id: <version>`` and one ``data:`` line of JSON: the log entry's type, seat
and action (as the stream's seat may see it), that seat's redacted events, the status, and
the seat's view, whole on the first message of a connection and otherwise as an RFC 6902
JSON Patch (``view_patch``) against the previous message's view. A client that reconnects
with ``Last-Event-ID`` gets the versions after it, from the log, the first one whole.

The messages are built by the session's feed (:mod:`service.sessions.feed`), once per seat
and version for every stream of the session in this process, from one log read per commit:
an action is applied to the state of the version before it, an undo replays the actions
that still stand. The feed listens on the store for every stream of the session; a stream
follows the feed before it reads the log, so a commit landing meanwhile is not missed.
While a stream waits, the feed writes its messages and heartbeats to its socket itself when
the server lets it (:mod:`service.sessions.stream_socket`), and the stream's greenlet sleeps.

Tickets let a browser's ``EventSource`` (which cannot send ``Authorization``) open a seat's
stream: a random value, kept in the session store under its SHA-256 digest for
SESSION_STREAM_TICKET_SECONDS, taken (read and deleted at once) by the first stream that
presents it, in whichever worker.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Iterator
from typing import Any

import orjson

from . import tokens
from .errors import NotAuthenticated, NotPermitted
from .feed import PING, QUIET, SessionFeeds
from .logic import Sessions, _OpenSession
from .store import StoreUnavailable
from .stream_socket import SocketWriter
from .tokens import Caller

TICKET_BYTES = 32
#: While the session store cannot be read, an open stream tries again this often (or sooner,
#: when the worker's subscription comes back and says to look again).
STORE_RETRY_SECONDS = 1.0


class TooManyStreams(Exception):
    def __init__(self, scope: str, limit: int) -> None:
        super().__init__(f"{scope}: {limit} streams already open")
        self.scope = scope  # "client" or "worker"
        self.limit = limit


class BadLastEventId(ValueError):
    pass


class StreamSlots:
    """Streams open now, per client address and in this worker process as a whole."""

    def __init__(self, per_client: int, per_worker: int) -> None:
        if per_client <= 0 or per_worker <= 0:
            raise ValueError("stream caps must be positive")
        self.per_client = per_client
        self.per_worker = per_worker
        self._lock = threading.Lock()
        self._held: dict[str, int] = {}
        self._total = 0

    def open_now(self, client: str | None = None) -> int:
        with self._lock:
            return self._total if client is None else self._held.get(client, 0)

    def take(self, client: str) -> Callable[[], None]:
        """A slot, and the call that gives it back (any number of times: once counts)."""
        with self._lock:
            if self._total >= self.per_worker:
                raise TooManyStreams("worker", self.per_worker)
            if self._held.get(client, 0) >= self.per_client:
                raise TooManyStreams("client", self.per_client)
            self._held[client] = self._held.get(client, 0) + 1
            self._total += 1
        released = False

        def release() -> None:
            nonlocal released
            with self._lock:
                if released:
                    return
                released = True
                self._total -= 1
                self._held[client] -= 1
                if not self._held[client]:
                    del self._held[client]

        return release


def _caller_body(caller: Caller) -> bytes:
    return orjson.dumps({"seat": caller.seat, "owner": caller.owner})


class SessionStreams:
    def __init__(self, sessions: Sessions, *, heartbeat_seconds: float, ticket_seconds: int,
                 per_client: int, per_worker: int) -> None:
        self.sessions = sessions
        self.heartbeat_seconds = heartbeat_seconds
        self.ticket_seconds = ticket_seconds
        self.slots = StreamSlots(per_client, per_worker)
        self.feeds = SessionFeeds(sessions.store, heartbeat_seconds)

    # ------------------------------------------------------------------ tickets
    def new_ticket(self, session_id: str, token: str | None) -> dict[str, Any]:
        session = self.sessions._open(session_id)
        if token is None:
            raise NotAuthenticated("A stream ticket needs a seat or owner token: send 'Authorization: Bearer <token>'.")
        caller = self.sessions._caller(session, token)
        ticket = secrets.token_urlsafe(TICKET_BYTES)
        value = orjson.dumps({"session_id": session_id, "caller": orjson.loads(_caller_body(caller))})
        self.sessions.store.put_ticket(tokens.digest(ticket), value, self.ticket_seconds)
        return {"ticket": ticket, "expires_in": self.ticket_seconds, "seat": caller.seat, "role": caller.role}

    def _redeem(self, session_id: str, ticket: str) -> Caller:
        raw = self.sessions.store.take_ticket(tokens.digest(ticket))
        if raw is None:
            raise NotAuthenticated("This stream ticket is unknown, used already, or expired: ask for a new one.")
        held = orjson.loads(raw)
        if held["session_id"] != session_id:
            raise NotPermitted("This stream ticket is for another session.", "ticket_for_another_session")
        return Caller(seat=held["caller"]["seat"], owner=held["caller"]["owner"])

    # ------------------------------------------------------------------ the stream
    def open(self, session_id: str, token: str | None, ticket: str | None, last_event_id: str | None,
             client: str, writer: SocketWriter | None = None) -> tuple[Iterator[bytes] | None, Callable[[], None]]:
        """Check everything a refusal could be about, then a generator of the stream's text (None: nothing
        to send ever again, the game is over at the version the client holds) and the slot's release.
        ``writer``: the connection the feed may write to while the stream waits (None: only the generator)."""
        session = self.sessions._open(session_id)
        caller = self._redeem(session_id, ticket) if ticket is not None else self.sessions._caller(session, token)
        after = _last_event_id(last_event_id, session.version)
        if after is not None and after == session.version and session.ruleset.flow.is_over(session.state()):
            return None, lambda: None
        release = self.slots.take(client)  # TooManyStreams propagates
        return self._messages(session, caller, after, writer), release

    def _messages(self, session: _OpenSession, caller: Caller, after: int | None,
                  writer: SocketWriter | None) -> Iterator[bytes]:
        """The stream's text. The work of building a message is the session feed's, shared by every
        stream of the session in this process; what is this stream's is which versions it sends
        (each once, in order, after ``after``) and that its first message carries the whole view."""
        feed = self.feeds.take(session)
        seat = caller.seat
        del session, caller  # the snapshot (the whole state's bytes) must not stay with each of thousands of streams
        follower = feed.follow(seat, after, writer)  # before the first read: a commit meanwhile is heard
        try:
            yield b": stream open\n\n"
            whole = True  # a connection's first message carries the whole view
            note: int | None = None  # the first read must start after the follower is in place
            while True:
                try:
                    version = feed.sync(note)
                except StoreUnavailable:  # a failover, say: the connection stays, the read is tried again
                    yield b": session store unavailable, retrying\n\n"
                    follower.heard.wait(min(self.heartbeat_seconds, STORE_RETRY_SECONDS))
                    note = None  # whatever was heard meanwhile, the next read must be a fresh one
                    continue
                if version is None:
                    yield b"event: gone\ndata: {}\n\n"
                    return
                sent = follower.sent  # the version the client holds (None: nothing yet)
                for number in range(version if sent is None else sent + 1, version + 1):
                    text, over = feed.message(seat, number, whole)
                    whole, follower.sent = False, number
                    yield text
                    if over and number == version:
                        return
                while True:
                    note = feed.wait(follower, self.heartbeat_seconds)  # parked meanwhile, if it can be
                    if follower.broken:
                        return  # the connection is gone: the pump's write failed
                    if follower.rest:  # a message the pump began: its rest first, however long it takes
                        rest, follower.rest = follower.rest, b""
                        assert writer is not None
                        writer.finish(rest)
                    if follower.over:
                        return
                    if note is QUIET or follower.ping_due:
                        follower.ping_due = False
                        yield PING
                    if note is not QUIET:
                        break
        finally:
            feed.unfollow(follower)
            self.feeds.give_back(feed)


def _last_event_id(text: str | None, current: int) -> int | None:
    if text is None or not text.strip():
        return None
    text = text.strip()
    if not text.isdigit() or int(text) > current:
        raise BadLastEventId(f"Last-Event-ID must be a version of this session, 0 to {current}; got {text!r}.")
    return int(text)

