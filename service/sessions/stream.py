"""A seat's server-sent event stream of a session: one message per committed version.

Each message is ``id: <version>`` and one ``data:`` line of JSON: the log entry's type, seat
and action (as the stream's seat may see it), that seat's redacted events, the status, and
the seat's view, whole on the first message of a connection and otherwise as an RFC 6902
JSON Patch (``view_patch``) against the previous message's view. A client that reconnects
with ``Last-Event-ID`` gets the versions after it, from the log, the first one whole.

The views of past versions are rebuilt from the log: an action is applied to the state of
the version before it, an undo replays the actions that still stand. The listener on the
store is registered before the log is read, so a commit landing meanwhile is not missed.

Tickets let a browser's ``EventSource`` (which cannot send ``Authorization``) open a seat's
stream: a random value, kept in the session store under its SHA-256 digest for
SESSION_STREAM_TICKET_SECONDS, taken (read and deleted at once) by the first stream that
presents it, in whichever worker.
"""

from __future__ import annotations

import queue
import secrets
import threading
from collections.abc import Callable, Iterator
from typing import Any

import jsonpatch
import msgspec
import orjson

from rulesets.core.host import GameState, to_builtins

from . import tokens
from .errors import NotAuthenticated, NotPermitted, SessionNotFound
from .logic import Sessions, _effective, _OpenSession, _revealed_once_over
from .tokens import Caller

TICKET_BYTES = 32


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
             client: str) -> tuple[Iterator[str] | None, Callable[[], None]]:
        """Check everything a refusal could be about, then a generator of the stream's text (None: nothing
        to send ever again, the game is over at the version the client holds) and the slot's release."""
        session = self.sessions._open(session_id)
        caller = self._redeem(session_id, ticket) if ticket is not None else self.sessions._caller(session, token)
        after = _last_event_id(last_event_id, session.version)
        if after is not None and after == session.version and session.ruleset.flow.is_over(session.state()):
            return None, lambda: None
        release = self.slots.take(client)  # TooManyStreams propagates
        return self._messages(session, caller, after), release

    def _messages(self, session: _OpenSession, caller: Caller, after: int | None) -> Iterator[str]:
        store, session_id = self.sessions.store, session.session_id
        ruleset, meta, seat = session.ruleset, session.meta, caller.seat
        first_state = session.state()
        seed, salt = first_state.rng.seed, first_state.rng.salt
        first_player = None if meta.first_player is msgspec.UNSET else meta.first_player
        heard: queue.Queue[int | None] = queue.Queue()

        def state_at(entries: list[dict[str, Any]], version: int) -> GameState:
            return ruleset.replay(meta.players, seed, meta.options, [e["action"] for e in _effective(entries[:version])],
                                  first_player=first_player, colors=meta.colors, salt=salt)

        with store.listen(session_id, heard.put):
            entries: list[dict[str, Any]] = []
            state: GameState | None = None
            view: Any = None
            sent = after  # the version the client holds (None: nothing yet)
            yield ": stream open\n\n"
            while True:
                piece = store.read_log(session_id, len(entries))
                if piece is None:
                    yield "event: gone\ndata: {}\n\n"
                    return
                entries.extend(orjson.loads(raw) for raw in piece.entries)
                start = piece.version if sent is None else sent + 1
                for version in range(start, piece.version + 1):
                    entry = entries[version - 1] if version else None
                    if state is None or entry is None or entry.get("type") == "undo":
                        state = state_at(entries, version)
                    else:
                        state, _ = ruleset.apply(state, entry["action"])
                    new_view = orjson.loads(orjson.dumps(ruleset.view(state, seat)))
                    status = ruleset.status(state)
                    body: dict[str, Any] = {"version": version, **self._entry(entry, ruleset, seat, state),
                                            "status": to_builtins(status)}
                    if view is None:
                        body["view"] = new_view
                    else:
                        patch = jsonpatch.make_patch(view, new_view)
                        if jsonpatch.apply_patch(view, patch) == new_view:
                            body["view_patch"] = patch.patch
                        else:  # never seen; the whole view is always right
                            body["view"] = new_view
                    body.update(_revealed_once_over(state, status.game_over))
                    view, sent = new_view, version
                    yield f"id: {version}\ndata: {orjson.dumps(to_builtins(body)).decode()}\n\n"
                    if status.game_over and version == piece.version:
                        return
                while True:
                    try:
                        heard.get(timeout=self.heartbeat_seconds)
                    except queue.Empty:
                        yield ": ping\n\n"
                        continue
                    while not heard.empty():
                        heard.get_nowait()
                    break

    @staticmethod
    def _entry(entry: dict[str, Any] | None, ruleset: Any, seat: int | None, state: GameState) -> dict[str, Any]:
        if entry is None:
            return {"type": "start", "seat": None, "action": None, "events": []}
        if entry.get("type") == "undo":
            return {"type": "undo", "seat": entry["seat"], "undoes": entry["undoes"], "action": None, "events": []}
        return {"type": "action", "seat": entry["seat"],
                "action": ruleset.view_action(ruleset.load_action(entry["action"]), seat, state),
                "events": ruleset.view_events(entry["events"], seat)}


def _last_event_id(text: str | None, current: int) -> int | None:
    if text is None or not text.strip():
        return None
    text = text.strip()
    if not text.isdigit() or int(text) > current:
        raise BadLastEventId(f"Last-Event-ID must be a version of this session, 0 to {current}; got {text!r}.")
    return int(text)

