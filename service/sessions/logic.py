"""What a session does, without HTTP: who is calling, what they may see, and how an action lands.

The full state never leaves this module except through ``ruleset.view``; actions
and events in the log pass through ``ruleset.view_action`` and ``ruleset.view_events``
for the caller's seat. The seed lives only inside the stored state.
"""

from __future__ import annotations

import re
import secrets
import time
from datetime import datetime, timezone
from dataclasses import dataclass
from typing import Any, Callable, Mapping

import msgspec
import orjson
import structlog

from rulesets.core.host import (GameState, IllegalAction, Ruleset, RulesetError, at_table, get_ruleset, new_salt,
                                 offer_nearest, revealed_chance, revealed_nothing, salted, split_action,
                                 state_commitment, to_builtins)

from . import tokens
from ..bots.choose import bot_action, bot_seed
from ..bots.turns import LocalTurns, TurnRunner
from ..encoding import state_decoder
from ..verify import record_of
from .errors import (BotsUnavailable, GameNotOver, InvalidSeating, NotAuthenticated, NothingToUndo, NotPermitted,
                     SeatAlreadyBot, SeatNotFound, SessionNotFound, SessionOutdated, UndoNeedsConsent,
                     UndoRequestNotFound, VersionConflict)
from .bounded import Bounded
from .shared_reads import SharedReads
from .store import CommitOutcome, Current, SessionGone, SessionStore, new_write_id
from .tokens import SPECTATOR, Caller
from .wait_slots import WaitSlots
from ..webhooks import Webhooks, WebhooksUnavailable

SESSION_ID_BYTES = 16
_SESSION_ID = re.compile(r"^[A-Za-z0-9_-]{22}$")
#: Without ``expected_version`` an action is applied to whatever is current; under
#: contention it is re-read and re-checked this many times before giving up with 409.
COMMIT_ATTEMPTS = 5
#: Sessions whose meta a worker keeps decoded (see ``Sessions._open``); past it the oldest goes.
META_CACHE_SIZE = 10_000
#: Sessions whose latest state a worker keeps, as it last read or wrote it (see ``Sessions._open_to_act``).
LATEST_STATES_SIZE = 1_000

_encoder = msgspec.json.Encoder()
log = structlog.get_logger("service.sessions")
#: The store note that holds a session's undo request (one at a time, bound to a version).
UNDO_NOTE = "undo"
#: The store note that lists the seats handed to a bot after creation (``{"seats": [...]}``).
BOTS_NOTE = "bots"
#: Who made a log entry: the seat's holder, its bot, or its bot standing in when its time ran out.
BY_SEAT, BY_BOT, BY_TIMEOUT = "seat", "bot", "timeout"


class _Meta(msgspec.Struct, kw_only=True):
    """What a session is, fixed at creation."""

    game: str
    rules_version: str
    players: int
    options: dict[str, Any]
    seat_tokens: list[str]  # SHA-256 digests, one per seat
    owner_token: str
    #: the seed's commitment, public from the start (absent in sessions older than commitments)
    seed_commitment: str | None = None
    #: the colours as given at creation (None: the game's default order), for the game record
    colors: list[str] | None = None
    #: the first player as given at creation (None: not named, the game's default or its draw),
    #: for the game record; unset in sessions older than this field
    first_player: int | None | msgspec.UnsetType = msgspec.UNSET
    #: turn webhooks ({url, events}) and the secret that signs their deliveries (never shown again)
    webhooks: list[dict[str, Any]] = msgspec.field(default_factory=list)
    webhook_secret: str | None = None
    #: seats a bot plays from the start (they were given no token); later ones are in the BOTS_NOTE
    bots: list[int] = msgspec.field(default_factory=list)
    #: each seat's time to act, in seconds (None: no limit); None: no timers at all
    turn_seconds: list[int | None] | None = None
    #: creation time, epoch milliseconds: when version 0's clocks started
    created_ms: int | None = None
    #: "table": a real table reports the game's chance (issue 24); setup's outcomes as given, for replays
    chance: str = "seeded"
    setup_outcomes: list[Any] | None = None

    def replay(self, ruleset: Ruleset, state: GameState, actions: list[Any]) -> GameState:
        """The game set up as it was created (``state`` names its seed and salt), then ``actions``
        (each carrying its outcomes in a table game)."""
        table = self.chance == "table"
        return ruleset.replay(self.players, None if table else state.rng.seed, self.options, actions,
                              first_player=None if self.first_player is msgspec.UNSET else self.first_player,
                              colors=self.colors, salt=state.rng.salt, chance=self.chance,
                              outcomes=self.setup_outcomes)


@dataclass(frozen=True)
class Reply:
    """An answer's body and the session version it reflects (the ETag)."""

    body: dict[str, Any]
    version: int


@dataclass
class _OpenSession:
    session_id: str
    ruleset: Ruleset
    meta: _Meta
    current: Current
    #: ``current`` is this worker's copy, maybe outdated: whatever it makes us refuse is asked of the store
    kept: bool = False

    @property
    def version(self) -> int:
        return self.current.version

    def state(self) -> GameState:
        return state_decoder(self.ruleset.State).decode(self.current.state)


def _revealed_once_over(state: GameState, game_over: bool) -> dict[str, Any]:
    """The seed and salt that open the commitment, once the game is over (nothing before; a table
    game has neither)."""
    return revealed_chance(state) if game_over and not at_table(state) else {}


def logged_action(ruleset: Ruleset, raw: Any) -> Any:
    """A log entry's action typed, without the outcomes a table game's entries carry."""
    return ruleset.load_action(split_action(raw)[0])


@dataclass(frozen=True)
class _UndoPlan:
    """What an undo would do: the version it takes back, the state before it, and whether it is free."""

    undoes: int
    before: GameState
    free: bool
    why: str


def _undone_by(entries: list[dict[str, Any]]) -> dict[int, int]:
    """Each undone version, with the version of the undo that took it back."""
    return {entry["undoes"]: entry["version"] for entry in entries if entry.get("type") == "undo"}


def _effective(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log's actions that stand: neither undos nor undone (what a replay applies)."""
    undone = _undone_by(entries)
    return [entry for entry in entries if entry.get("type") != "undo" and entry["version"] not in undone]


def _current_request(raw: bytes | None, version: int) -> dict[str, Any] | None:
    """The undo request a note holds, if it was made at ``version`` (any later version cancelled it)."""
    if raw is None:
        return None
    request: dict[str, Any] = orjson.loads(raw)
    return request if request["version"] == version else None


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def iso_utc(epoch_ms: int) -> str:
    return datetime.fromtimestamp(epoch_ms / 1000, timezone.utc).isoformat(timespec="milliseconds").replace(
        "+00:00", "Z")


def _turn_limits(players: int, turn_seconds: Mapping[str, Any] | None) -> list[int | None] | None:
    """``{"default": s, "per_seat": {"<seat>": s}}`` as one limit per seat (None: that seat is untimed)."""
    if not turn_seconds:
        return None
    limits: list[int | None] = [turn_seconds.get("default")] * players
    for key, seconds in (turn_seconds.get("per_seat") or {}).items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else -1
        if not 0 <= seat < players:
            raise InvalidSeating(f"turn_seconds.per_seat names seat {key!r}; this game has seats 0 to {players - 1}.",
                                 f"$.turn_seconds.per_seat.{key}")
        limits[seat] = seconds
    return limits if any(limit is not None for limit in limits) else None


def _check_bots(players: int, bots: list[int]) -> list[int]:
    for index, seat in enumerate(bots):
        if not 0 <= seat < players:
            raise InvalidSeating(f"bots names seat {seat}; this game has seats 0 to {players - 1}.", f"$.bots[{index}]")
        if seat in bots[:index]:
            raise InvalidSeating(f"bots names seat {seat} twice.", f"$.bots[{index}]")
    return sorted(bots)


def new_session_id() -> str:
    return secrets.token_urlsafe(SESSION_ID_BYTES)


class Sessions:
    def __init__(self, store: SessionStore, *, wait_max_seconds: float, waits_per_client: int = 4,
                 rulesets: Callable[[str], Ruleset] = get_ruleset, webhooks: Webhooks | None = None,
                 turns: TurnRunner | None = None, bot_budget_ms: int = 300) -> None:
        self.store = store
        self.webhooks = webhooks
        #: where bot turns and turn timers run (None: this server cannot run them, see BotsUnavailable)
        self.turns = turns
        if isinstance(turns, LocalTurns):
            turns.play = self.play_turn
        self.bot_budget_ms = bot_budget_ms
        self.wait_max_seconds = wait_max_seconds
        self.wait_slots = WaitSlots(waits_per_client)
        #: the answers of long-polls that a commit woke together, built once per seat (see read)
        self._woken_answers = SharedReads()
        self._rulesets = rulesets
        #: session id -> (its ruleset, its decoded meta), for sessions this process has opened.
        self._metas: Bounded[str, tuple[Ruleset, _Meta]] = Bounded(META_CACHE_SIZE)
        #: session id -> its state, version and notes as this process last read or committed them.
        self._latest: Bounded[str, Current] = Bounded(LATEST_STATES_SIZE)

    # ------------------------------------------------------------------ create
    def create(self, game: str, players: Any, seed: Any = None, options: Mapping[str, Any] | None = None, *,
               first_player: int | None = None, colors: list[str] | None = None,
               webhooks: list[Mapping[str, Any]] | None = None, bots: list[int] | None = None,
               turn_seconds: Mapping[str, Any] | None = None, chance: str = "seeded",
               outcomes: list[Any] | None = None) -> Reply:
        ruleset = self._rulesets(game)  # UnknownGame propagates
        # InvalidSetup propagates, and a table game's outcome refusals
        state = salted(ruleset.setup(players, seed, options, first_player=first_player, colors=colors,
                                     chance=chance, outcomes=outcomes), new_salt())
        table = at_table(state)
        bot_seats = _check_bots(players, list(bots or []))
        limits = _turn_limits(players, turn_seconds)
        if (bot_seats or limits) and table:
            raise BotsUnavailable(
                "Bot seats and turn timers play from the server's own chance, and a table game's chance is what "
                "the table draws: a bot could not report it. Create the session without bots and turn_seconds.")
        if (bot_seats or limits) and self.turns is None:
            raise BotsUnavailable(
                "Bot seats and turn timers need a plain Redis for their job queue, and this server's session store "
                "is a Redis Cluster, which RQ cannot use: the operator sets WEBHOOK_REDIS_URL to turn them on.")
        subscriptions = None
        if webhooks:
            if self.webhooks is None:
                raise WebhooksUnavailable("This server has no webhook queue.")
            subscriptions = self.webhooks.subscribe(webhooks)  # WebhookRefused, WebhooksUnavailable propagate
        seat_tokens = [tokens.new_token() for _ in range(players)]
        owner_token = tokens.new_token()
        meta = _Meta(game=ruleset.id, rules_version=ruleset.rules_version, players=players,
                     options=ruleset.resolve_options(options or {}),
                     seat_tokens=[tokens.digest(t) for t in seat_tokens], owner_token=tokens.digest(owner_token),
                     seed_commitment=None if table else state_commitment(state),
                     colors=list(colors) if colors is not None else None,
                     chance=state.rng.chance, setup_outcomes=list(outcomes) if table and outcomes else None,
                     first_player=first_player, webhooks=subscriptions.targets if subscriptions else [],
                     webhook_secret=subscriptions.secret if subscriptions else None,
                     bots=bot_seats, turn_seconds=limits, created_ms=now_ms())
        meta_bytes, state_bytes = _encoder.encode(meta), _encoder.encode(state)
        write_id = new_write_id()
        for _ in range(3):  # a clash of 128-bit random ids is not expected; retrying costs nothing
            session_id = new_session_id()
            if self.store.create(session_id, meta_bytes, state_bytes, write_id):
                break
        else:
            raise RuntimeError("could not allocate a session id")
        # As a later read would find them (decoded from the bytes written), for this process's first action.
        self._remember(session_id, ruleset, msgspec.json.decode(meta_bytes, type=_Meta))
        self._latest.put(session_id, Current(state_bytes, 0, write_id))
        status = ruleset.status(state)
        self._schedule(session_id, 0, status, set(bot_seats), limits)
        shown_once = {"webhook_secret": subscriptions.secret} if subscriptions else {}
        return Reply({
            "session_id": session_id,
            "game": ruleset.id,
            "players": players,
            "first_player": state.first_player,
            "colors": list(colors) if colors is not None else list(ruleset.colors[:players]),
            "options": meta.options,
            "version": 0,
            "seat_tokens": [None if seat in bot_seats else token for seat, token in enumerate(seat_tokens)],
            "owner_token": owner_token,
            "bots": bot_seats,
            "turn_seconds": limits,
            "status": to_builtins(status),
            "seed_commitment": meta.seed_commitment,
            **({"chance": "table"} if table else {}),
            **shown_once,
        }, 0)

    # ------------------------------------------------------------------ reads
    def read(self, session_id: str, token: str | None, *, wait_version: int | None = None,
             wait_seconds: float | None = None, client: str = "unknown") -> Reply:
        """``client`` (its address) is who holds the wait, when there is one: see :class:`WaitSlots`."""
        session = self._open(session_id)
        caller = self._caller(session, token)
        if wait_version is not None and session.version <= wait_version:
            timeout = self.wait_max_seconds if wait_seconds is None else min(wait_seconds, self.wait_max_seconds)
            if timeout > 0:
                with self.wait_slots.hold(client, timeout):  # TooManyWaits propagates
                    self.store.wait_for_change(session_id, wait_version, timeout)
                # A commit wakes every long-poll of its session at once: the polls of one seat share
                # one answer (its reads of the store and its view), from a read begun after each woke.
                return self._woken_answers.read((session_id, caller.seat, caller.owner),
                                                lambda: self._answer(self._open(session_id), caller))
        return self._answer(session, caller)

    def _answer(self, session: _OpenSession, caller: Caller) -> Reply:
        """A read's answer: the session as ``caller`` may see it."""
        state = session.state()
        status = session.ruleset.status(state)
        return Reply({
            **self._header(session, caller),
            "status": to_builtins(status),
            "view": session.ruleset.view(state, caller.seat),
            "undo_request": self._pending_undo(session),
            **self._seating(session, status),
            **_revealed_once_over(state, status.game_over),
        }, session.version)

    def legal_actions(self, session_id: str, token: str | None, types: list[str] | None = None,
                      where: Mapping[str, Any] | None = None) -> Reply:
        session = self._open(session_id)
        caller = self._caller(session, token)
        actions: list[Any] = []
        if caller.seat is not None:
            ruleset = session.ruleset
            listed = ruleset.legal_actions(session.state(), caller.seat, types=types, where=where)
            actions = [ruleset.dump(a) for a in listed]
        return Reply({**self._header(session, caller), "actions": actions}, session.version)

    def log(self, session_id: str, token: str | None, since: int = 0) -> Reply:
        session = self._open(session_id)
        caller = self._caller(session, token)
        piece = self.store.read_log(session_id, since)
        if piece is None:
            raise SessionNotFound(session_id)
        ruleset, seat = session.ruleset, caller.seat
        current = session.state()  # sealed action fields open once the current state reveals them
        entries = []
        raws = [orjson.loads(raw) for raw in piece.entries]
        undone = _undone_by(raws)  # an undo comes after what it undoes: both are in the slice
        for entry in raws:
            if entry.get("type") == "undo":
                entries.append({"version": entry["version"], "seat": entry["seat"], "type": "undo",
                                "undoes": entry["undoes"], "action": None, "events": []})
                continue
            shown = {
                "version": entry["version"],
                "seat": entry["seat"],
                "type": "action",
                "by": entry.get("by", BY_SEAT),
                "action": ruleset.view_action(logged_action(ruleset, entry["action"]), seat, current),
                "events": ruleset.view_events(entry["events"], seat),
            }
            if entry["version"] in undone:
                shown["undone_by"] = undone[entry["version"]]
            entries.append(shown)
        header = self._header(session, caller)
        header["version"] = piece.version
        return Reply({**header, "since": since, "entries": entries,
                      **_revealed_once_over(current, ruleset.flow.is_over(current))}, piece.version)

    # ------------------------------------------------------------------ writes
    def act(self, session_id: str, token: str | None, raw_action: Any, expected_version: int | None) -> Reply:
        session = self._open_to_act(session_id)
        if token is None:
            raise NotAuthenticated("Acting needs a seat token: send 'Authorization: Bearer <token>'.")
        caller = self._caller(session, token)
        if caller.seat is None:
            raise NotPermitted("The owner token manages the session; only a seat token can act.", "not_a_seat")
        # Who may act is settled before what the action says is checked: a seat learns
        # nothing about another seat's moves by probing with them.
        named = raw_action.get("player") if isinstance(raw_action, dict) else None
        if isinstance(named, int) and not isinstance(named, bool) and named != caller.seat:
            raise self._not_your_seat(caller.seat, named)
        ruleset = session.ruleset
        plain, outcomes = split_action(raw_action)  # InvalidAction propagates
        action = ruleset.load_action(plain)
        if action.player != caller.seat:
            raise self._not_your_seat(caller.seat, action.player)
        after, events, version = self._play(session, caller.seat, action, expected_version, BY_SEAT, outcomes)
        status = ruleset.status(after)
        return Reply({
            "session_id": session_id,
            "game": ruleset.id,
            "seat": caller.seat,
            "version": version,
            "events": ruleset.view_events(events, caller.seat),
            "status": to_builtins(status),
            "view": ruleset.view(after, caller.seat),
            "seed_commitment": session.meta.seed_commitment,
            **_revealed_once_over(after, status.game_over),
        }, version)

    def _play(self, session: _OpenSession, seat: int, action: Any, expected_version: int | None,
              by: str, outcomes: list[Any] | None = None) -> tuple[GameState, list[Any], int]:
        """Apply ``action`` for ``seat`` and commit it by compare-and-set, re-reading under contention
        when no version was demanded: every seat's action and every bot's goes this one way.

        ``session`` may be this worker's kept copy (``kept``): any refusal it leads to (the version,
        a bot's seat, the rules) is judged again on the store's state, read afresh, and the commit
        lands only on the very state it was computed from (``based_on``), with the bots note as
        read, so a copy that is outdated costs a read, never a wrong answer."""
        ruleset, session_id = session.ruleset, session.session_id
        write_id = new_write_id()  # the same on every attempt: a retried commit that landed is recognised
        conflicts = 0
        while True:
            if by == BY_SEAT and seat in self._bots(session):
                if session.kept:
                    session = self._open(session_id)
                    continue
                raise self._played_by_bot(seat)
            if expected_version is not None and session.version != expected_version:
                if session.kept:
                    session = self._open(session_id)
                    continue
                raise VersionConflict(session.version, expected_version)
            # The state was decoded from its bytes for this attempt alone: no defensive copy.
            try:
                after, events = ruleset.apply(session.state(), action, in_place=True, outcomes=outcomes)
            except RulesetError as refusal:
                if session.kept:
                    session = self._open(session_id)
                    continue
                if isinstance(refusal, IllegalAction):
                    offer_nearest(refusal, ruleset, session.state(), action)  # a fresh decode: the refused one is spent
                raise
            logged = ruleset.dump(action)
            if outcomes is not None:  # the log carries a table's draws with their action (replays, records)
                logged = {**logged, "outcomes": outcomes}
            entry = {"version": session.version + 1, "seat": seat, "by": by, "at": now_ms(),
                     "action": logged, "events": events}
            outcome = self._commit(session, _encoder.encode(after), _encoder.encode(entry), write_id,
                                   notes=(BOTS_NOTE,))
            if outcome.applied:
                self._committed(session, outcome.version, after, ruleset.status(after))
                return after, events, outcome.version
            if expected_version is not None and not outcome.stale:
                raise VersionConflict(outcome.version, expected_version)
            conflicts += 1
            if conflicts >= COMMIT_ATTEMPTS:
                raise VersionConflict(outcome.version, expected_version)
            session = self._open(session_id)

    def record(self, session_id: str, token: str | None) -> Reply:
        """The finished game's record (unsigned): seed, salt and every action in full.

        Actions in full may hold what a seat kept from the others (a face-down choice), so
        only the session's own token holders get it, and only once the game is over.
        """
        session = self._open(session_id)
        if token is None:
            raise NotAuthenticated("A game record needs a seat or owner token: send 'Authorization: Bearer <token>'.")
        self._caller(session, token)
        state, ruleset = session.state(), session.ruleset
        if not ruleset.flow.is_over(state):
            raise GameNotOver("The game is not over: its record (and its seed) exist only once it has ended.")
        piece = self.store.read_log(session_id, 0)
        if piece is None:
            raise SessionNotFound(session_id)
        actions = [entry["action"] for entry in _effective([orjson.loads(raw) for raw in piece.entries])]
        given_first = session.meta.first_player
        return Reply(record_of(ruleset, session_id=session_id, players=session.meta.players,
                               options=session.meta.options, colors=session.meta.colors,
                               first_player=state.first_player if given_first is msgspec.UNSET else given_first,
                               state=state,
                               commitment=None if at_table(state) else (
                                   session.meta.seed_commitment or state_commitment(state)),
                               actions=actions, setup_outcomes=session.meta.setup_outcomes), session.version)

    def delete(self, session_id: str, token: str | None) -> None:
        session = self._open(session_id)
        if token is None:
            raise NotAuthenticated("Deleting a session needs its owner token: send 'Authorization: Bearer <token>'.")
        caller = self._caller(session, token)
        if not caller.owner:
            raise NotPermitted("Only the owner token can delete a session.", "not_the_owner")
        self._forget(session_id)
        if not self.store.delete(session_id):
            raise SessionNotFound(session_id)

    # ------------------------------------------------------------------ undo
    def undo(self, session_id: str, token: str | None, expected_version: int | None) -> Reply:
        """Take back the caller's last action when the policy lets it go without consent.

        Free when the caller made the last action, no other seat has written since it, the
        game did not end with it, and core finds it revealed nothing (:func:`revealed_nothing`).
        """
        session = self._open(session_id)
        seat = self._seat_of(session, token, "Undoing")
        if expected_version is not None and session.version != expected_version:
            raise VersionConflict(session.version, expected_version)
        plan = self._undo_plan(session, seat)
        if not plan.free:
            raise UndoNeedsConsent(
                f"Taking back version {plan.undoes} needs every other seat's consent: {plan.why}. "
                f"Ask with POST /v1/sessions/{session_id}/undo-requests.",
                f"/v1/sessions/{session_id}/undo-requests", plan.undoes)
        return self._commit_undo(session, seat, plan, consent=None)

    def request_undo(self, session_id: str, token: str | None, expected_version: int | None) -> Reply:
        """Ask every other seat to let the caller's last action be taken back.

        The request is bound to the session's version: any new version (an action, an undo)
        cancels it. With no other seat (a solo game) the undo lands at once.
        """
        session = self._open(session_id)
        seat = self._seat_of(session, token, "Asking for an undo")
        if expected_version is not None and session.version != expected_version:
            raise VersionConflict(session.version, expected_version)
        plan = self._undo_plan(session, seat)
        raw = session.current.notes.get(UNDO_NOTE)
        request = _current_request(raw, session.version)
        if request is not None and request["state"] == "pending" and request["seat"] == seat:
            return Reply(self._request_body(session, request), session.version)
        request = {"request_id": secrets.token_urlsafe(12), "version": session.version, "seat": seat,
                   "undoes": plan.undoes, "accepted": [], "declined_by": None, "state": "pending"}
        if not self._others(session, seat):
            request["state"] = "accepted"
        if not self._swap_note(session, raw, request):
            raise VersionConflict(self._open(session_id).version, session.version)
        if request["state"] == "accepted":
            request["undo_version"] = self._commit_undo(session, seat, plan, consent=[]).version
        return Reply(self._request_body(session, request), session.version)

    def answer_undo(self, session_id: str, token: str | None, request_id: str, accept: bool) -> Reply:
        """Another seat accepts or declines a pending undo request; the last consent lands the undo."""
        for _ in range(COMMIT_ATTEMPTS):
            session = self._open(session_id)
            seat = self._seat_of(session, token, "Answering an undo request")
            raw = session.current.notes.get(UNDO_NOTE)
            request = _current_request(raw, session.version)
            if request is None or request["request_id"] != request_id or request["state"] != "pending":
                raise UndoRequestNotFound(
                    f"No pending undo request '{request_id}' in this session: it was answered, or a new "
                    "version (an action or an undo) has cancelled it.")
            if seat == request["seat"]:
                raise NotPermitted("This is your own undo request; the other seats answer it.",
                                   "own_undo_request")
            answered = dict(request)
            if not accept:
                answered.update(state="declined", declined_by=seat)
            else:
                answered["accepted"] = sorted(set(request["accepted"]) | {seat})
                if not set(self._others(session, request["seat"])) - set(answered["accepted"]):
                    answered["state"] = "accepted"
            plan = self._undo_plan(session, request["seat"]) if answered["state"] == "accepted" else None
            if not self._swap_note(session, raw, answered):
                continue  # another answer (or a new version) came first: look again
            if plan is not None:
                answered["undo_version"] = self._commit_undo(session, request["seat"], plan,
                                                             consent=answered["accepted"]).version
            return Reply(self._request_body(session, answered), session.version)
        raise VersionConflict(self._open(session_id).version, None)

    def _undo_plan(self, session: _OpenSession, seat: int) -> "_UndoPlan":
        piece = self.store.read_log(session.session_id, 0)
        if piece is None:
            raise SessionNotFound(session.session_id)
        if piece.version != session.version:
            raise VersionConflict(piece.version, session.version)
        entries = [orjson.loads(raw) for raw in piece.entries]
        effective = _effective(entries)
        if not effective or effective[-1]["seat"] != seat:
            raise NothingToUndo(
                "There is nothing of yours to undo: the session's last action (not already undone) is "
                + ("nobody's: none was made yet." if not effective else f"seat {effective[-1]['seat']}'s."))
        target = effective[-1]
        ruleset, meta, state = session.ruleset, session.meta, session.state()
        before = meta.replay(ruleset, state, [e["action"] for e in effective[:-1]])
        why = ""
        if any(entry["seat"] != seat for entry in entries if entry["version"] > target["version"]):
            why = "another seat has written since"
        elif ruleset.flow.is_over(state):
            why = "it ended the game, whose seed is now public"
        elif not revealed_nothing(before, state, [ruleset.load_event(e) for e in target["events"]], meta.players):
            why = "it used chance or showed a seat something it could not see before"
        return _UndoPlan(target["version"], before, not why, why)

    def _commit_undo(self, session: _OpenSession, seat: int, plan: "_UndoPlan", consent: list[int] | None) -> Reply:
        ruleset = session.ruleset
        entry: dict[str, Any] = {"version": session.version + 1, "seat": seat, "type": "undo", "at": now_ms(),
                                 "undoes": plan.undoes, "events": []}
        if consent is not None:
            entry["consent"] = consent
        outcome = self._commit(session, _encoder.encode(plan.before), _encoder.encode(entry), new_write_id())
        if not outcome.applied:
            raise VersionConflict(outcome.version, session.version)
        status = ruleset.status(plan.before)
        self._committed(session, outcome.version, plan.before, status)
        return Reply({
            "session_id": session.session_id,
            "game": ruleset.id,
            "seat": seat,
            "version": outcome.version,
            "undone": plan.undoes,
            "events": [],
            "status": to_builtins(status),
            "view": ruleset.view(plan.before, seat),
            "seed_commitment": session.meta.seed_commitment,
        }, outcome.version)

    def _pending_undo(self, session: _OpenSession) -> dict[str, Any] | None:
        request = _current_request(session.current.notes.get(UNDO_NOTE), session.version)
        if request is None or request["state"] != "pending":
            return None
        return self._request_body(session, request)

    def _swap_note(self, session: _OpenSession, old: bytes | None, request: dict[str, Any]) -> bool:
        try:
            return self.store.swap_note(session.session_id, UNDO_NOTE, session.version, old, orjson.dumps(request))
        except SessionGone:
            raise SessionNotFound(session.session_id) from None

    @staticmethod
    def _others(session: _OpenSession, seat: int) -> list[int]:
        return [other for other in range(session.meta.players) if other != seat]

    def _request_body(self, session: _OpenSession, request: dict[str, Any]) -> dict[str, Any]:
        waiting = [] if request["state"] != "pending" else [
            other for other in self._others(session, request["seat"]) if other not in request["accepted"]]
        return {
            "session_id": session.session_id,
            "request_id": request["request_id"],
            "version": request["version"],
            "seat": request["seat"],
            "undoes": request["undoes"],
            "state": request["state"],
            "accepted": request["accepted"],
            "waiting_for": waiting,
            "declined_by": request["declined_by"],
            "undo_version": request.get("undo_version"),
            "path": f"/v1/sessions/{session.session_id}/undo-requests/{request['request_id']}",
        }

    def _seat_of(self, session: _OpenSession, token: str | None, doing: str) -> int:
        if token is None:
            raise NotAuthenticated(f"{doing} needs a seat token: send 'Authorization: Bearer <token>'.")
        caller = self._caller(session, token)
        if caller.seat is None:
            raise NotPermitted(f"The owner token manages the session; only a seat token can do this ({doing.lower()}).",
                               "not_a_seat")
        if caller.seat in self._bots(session):
            raise self._played_by_bot(caller.seat)
        return caller.seat

    # ------------------------------------------------------------------ bots and timers
    def hand_to_bot(self, session_id: str, token: str | None, seat: int) -> Reply:
        """The owner hands ``seat`` to a bot: from now on the server plays it, and its token may
        still read that seat's view but no longer act or undo."""
        if token is None:
            raise NotAuthenticated("Handing a seat to a bot needs the owner token: send 'Authorization: Bearer <token>'.")
        for _ in range(COMMIT_ATTEMPTS):
            session = self._open(session_id)
            caller = self._caller(session, token)
            if not caller.owner:
                raise NotPermitted("Only the owner token can hand a seat to a bot.", "not_the_owner")
            if not 0 <= seat < session.meta.players:
                raise SeatNotFound(f"This session has seats 0 to {session.meta.players - 1}; there is no seat {seat}.")
            if self.turns is None:
                raise BotsUnavailable("This server has no job queue to run bots on (a Redis Cluster store "
                                      "without WEBHOOK_REDIS_URL).")
            if session.meta.chance == "table":
                raise BotsUnavailable("A table game's chance is what the table draws: a bot could not report it.")
            raw = session.current.notes.get(BOTS_NOTE)
            handed = orjson.loads(raw)["seats"] if raw is not None else []
            if seat in session.meta.bots or seat in handed:
                raise SeatAlreadyBot(f"Seat {seat} is played by a bot already.")
            bots = sorted({*session.meta.bots, *handed, seat})
            try:
                swapped = self.store.swap_note(session_id, BOTS_NOTE, session.version, raw,
                                               orjson.dumps({"seats": sorted([*handed, seat])}))
            except SessionGone:
                raise SessionNotFound(session_id) from None
            if not swapped:
                continue  # a version (or another hand-over) landed meanwhile: look again
            state = session.state()
            status = session.ruleset.status(state)
            self._schedule(session_id, session.version, status, set(bots), session.meta.turn_seconds)
            return Reply({**self._header(session, caller), "bots": bots,
                          "status": to_builtins(status)}, session.version)
        raise VersionConflict(self._open(session_id).version, None)

    def play_turn(self, session_id: str, version: int) -> int | None:
        """The background job: if the session is still at ``version``, play one due seat (a bot's
        turn, or a seat whose time ran out) from that seat's view; the new version, or None.

        A stale job (the version moved: the seat acted in time, or another job played) does nothing.
        """
        try:
            session = self._open(session_id)
        except SessionNotFound:
            return None
        if session.version != version:
            return None
        ruleset, state = session.ruleset, session.state()
        status = ruleset.status(state)
        if status.game_over:
            return None
        bots = self._bots(session)
        deadlines = self._deadlines(session, status.active_players, bots)
        now = now_ms()
        for seat in status.active_players:
            by = BY_BOT if seat in bots else BY_TIMEOUT if deadlines.get(seat, now + 1) <= now else None
            if by is None:
                continue
            seed = bot_seed(state.rng.salt, session_id, version, seat)
            view = ruleset.view(state, seat)
            try:
                chosen = self.turns.think(lambda: bot_action(  # type: ignore[union-attr]
                    ruleset, view, seat, budget_ms=self.bot_budget_ms, seed=seed,
                    legal_actions=lambda: [ruleset.dump(a) for a in ruleset.legal_actions(state, seat)]))
            except LookupError:
                continue  # nothing to play for this seat now (another active seat must act first)
            try:
                return self._play(session, seat, ruleset.load_action(chosen), version, by)[2]
            except VersionConflict:
                return None  # another commit landed first; it scheduled what follows it
        if deadlines:  # a timer that ran early: look again when the first clock runs out
            pending = [ms for seat, ms in deadlines.items() if seat not in bots]
            if pending and self.turns is not None:
                self.turns.check_at(session_id, version, max(0, min(pending) - now) / 1000 + 0.05)
        return None

    def _bots(self, session: _OpenSession) -> set[int]:
        """Seats a bot plays: from creation, and handed over since (the note, as read with the state)."""
        raw = session.current.notes.get(BOTS_NOTE)
        return set(session.meta.bots) | (set(orjson.loads(raw)["seats"]) if raw is not None else set())

    def _version_ms(self, session: _OpenSession) -> int:
        """When the session's current version was committed (epoch ms): every active seat's clock starts there."""
        if session.version == 0:
            return session.meta.created_ms or 0
        piece = self.store.read_log(session.session_id, session.version - 1)
        if piece is None or not piece.entries:
            raise SessionNotFound(session.session_id)
        return int(orjson.loads(piece.entries[0]).get("at", 0))

    def _deadlines(self, session: _OpenSession, active: list[int], bots: set[int]) -> dict[int, int]:
        """Each active human seat's deadline (epoch ms), for the seats that have a time limit."""
        limits = session.meta.turn_seconds
        timed = [seat for seat in active if limits is not None and limits[seat] is not None and seat not in bots]
        if not timed:
            return {}
        since = self._version_ms(session)
        return {seat: since + 1000 * limits[seat] for seat in timed}  # type: ignore[index,operator]

    def _seating(self, session: _OpenSession, status: Any) -> dict[str, Any]:
        """Who plays which seat and each active seat's deadline, for a read."""
        bots = self._bots(session)
        deadlines = {} if status.game_over else self._deadlines(session, list(status.active_players), bots)
        return {"bots": sorted(bots), "turn_seconds": session.meta.turn_seconds,
                "deadlines": [{"seat": seat, "deadline": iso_utc(ms), "deadline_ms": ms}
                              for seat, ms in sorted(deadlines.items())]}

    def _schedule(self, session_id: str, version: int, status: Any, bots: set[int],
                  limits: list[int | None] | None) -> None:
        """After a version lands: a bot's turn at once, else a timer for the first active seat's clock."""
        if self.turns is None or status.game_over:
            return
        active = list(status.active_players)
        try:
            if any(seat in bots for seat in active):
                self.turns.play_soon(session_id, version)
                return
            timed = [limits[seat] for seat in active if limits is not None and limits[seat] is not None]
            if timed:
                self.turns.check_at(session_id, version, float(min(timed)))  # type: ignore[type-var,arg-type]
        except Exception as error:  # the version has landed: a lost job must not undo the answer
            log.error("bot_turn_enqueue_failed", session_id=session_id, version=version, error=type(error).__name__)

    def _committed(self, session: _OpenSession, version: int, state: GameState, status: Any) -> None:
        """What follows every commit: webhooks, then the next bot turn or timer."""
        self._announce(session, version, state, status)
        if self.turns is None or status.game_over:
            return
        bots = self._bots(session)
        if bots or session.meta.turn_seconds:
            self._schedule(session.session_id, version, status, bots, session.meta.turn_seconds)

    @staticmethod
    def _played_by_bot(seat: int) -> NotPermitted:
        return NotPermitted(f"Seat {seat} was handed to a bot: the server plays it now, and its token may only "
                            "read.", "seat_played_by_bot")

    # ------------------------------------------------------------------ helpers
    def _announce(self, session: _OpenSession, version: int, state: GameState, status: Any) -> None:
        """Queue the session's webhooks for a committed version: a spectator's share of it only."""
        meta = session.meta
        if not meta.webhooks or self.webhooks is None or meta.webhook_secret is None:
            return
        ruleset = session.ruleset
        self.webhooks.committed(session_id=session.session_id, game=ruleset.id, version=version,
                                targets=meta.webhooks, secret=meta.webhook_secret, status=to_builtins(status),
                                spectator_view=ruleset.view(state, None),
                                revealed=_revealed_once_over(state, status.game_over))

    def _commit(self, session: _OpenSession, state: bytes, entry: bytes, write_id: str,
                notes: tuple[str, ...] = ()) -> CommitOutcome:
        """``store.commit`` of the state computed from ``session.current`` (and, with ``notes``, from those
        notes as read with it); what lands is this worker's latest copy of the session. A session gone
        meanwhile is forgotten here (its meta and state) and not found."""
        session_id = session.session_id
        try:
            outcome = self.store.commit(session_id, session.version, state, entry, write_id,
                                        based_on=session.current, notes=notes)
        except SessionGone:
            self._forget(session_id)
            raise SessionNotFound(session_id) from None
        if outcome.applied:
            # A commit changes no note, and this one landed on the notes as read: they still hold.
            self._latest.put(session_id, Current(state, outcome.version, write_id, session.current.notes))
        else:
            self._latest.forget(session_id)
        return outcome

    def _remember(self, session_id: str, ruleset: Ruleset, meta: _Meta) -> None:
        self._metas.put(session_id, (ruleset, meta))

    def _forget(self, session_id: str) -> None:
        self._metas.forget(session_id)
        self._latest.forget(session_id)

    def _open(self, session_id: str) -> _OpenSession:
        """The session's meta and its current state and version.

        The meta is written once, at creation, and never changes, so a process keeps it
        decoded (and its rules version checked) after the first read: later opens read only
        the state hash, one command. A session deleted or expired meanwhile has no state
        left, so the read finds it gone whoever deleted it; an id is never reused (128
        random bits, and ``create`` refuses a taken one).
        """
        if not _SESSION_ID.match(session_id):
            raise SessionNotFound(session_id)
        known = self._metas.get(session_id)
        if known is not None:
            current = self.store.current(session_id)
            if current is None:
                self._forget(session_id)
                raise SessionNotFound(session_id)
            self._keep(session_id, current)
            return _OpenSession(session_id, known[0], known[1], current)
        snapshot = self.store.snapshot(session_id)
        if snapshot is None:
            raise SessionNotFound(session_id)
        meta = msgspec.json.decode(snapshot.meta, type=_Meta)
        ruleset = self._rulesets(meta.game)
        if meta.rules_version != ruleset.rules_version:
            raise SessionOutdated(
                f"This session was started under {meta.game} rules version {meta.rules_version}; "
                f"this referee now plays {ruleset.rules_version}, so the session cannot continue.")
        self._remember(session_id, ruleset, meta)
        self._keep(session_id, snapshot.current)
        return _OpenSession(session_id, ruleset, meta, snapshot.current)

    def _keep(self, session_id: str, current: Current) -> None:
        """``current``, just read, as this worker's latest copy, unless it has no write id (a session
        stored before states were named: a commit cannot be bound to it)."""
        if current.write is None:
            self._latest.forget(session_id)
        else:
            self._latest.put(session_id, current)

    def _open_to_act(self, session_id: str) -> _OpenSession:
        """The session as this worker last read or committed it, if it holds both its meta and a copy
        (``kept``: maybe outdated, see ``_play``), else as the store has it.

        A live game's next action often comes to the worker that committed the one before, and
        starting from its copy saves the read of the state hash: the action costs one round trip,
        the commit. Only an action may start from a copy; a read (``GET``) always reads the store,
        since nothing would catch a stale answer there."""
        known = self._metas.get(session_id)
        latest = self._latest.get(session_id) if known is not None else None
        if known is None or latest is None:
            return self._open(session_id)
        return _OpenSession(session_id, known[0], known[1], latest, kept=True)

    @staticmethod
    def _caller(session: _OpenSession, token: str | None) -> Caller:
        if token is None:
            return SPECTATOR
        caller = tokens.identify(token, session.meta.seat_tokens, session.meta.owner_token)
        if caller is None:
            raise NotAuthenticated("This token does not belong to this session.")
        return caller

    @staticmethod
    def _header(session: _OpenSession, caller: Caller) -> dict[str, Any]:
        return {
            "session_id": session.session_id,
            "game": session.meta.game,
            "players": session.meta.players,
            "seat": caller.seat,
            "role": caller.role,
            "version": session.version,
            "seed_commitment": session.meta.seed_commitment,
        }

    @staticmethod
    def _not_your_seat(seat: int, named: Any) -> NotPermitted:
        return NotPermitted(f"Your token is seat {seat}'s; this action is for seat {named}.", "not_your_seat")
