"""marshmallow schemas of the session envelopes (they document the endpoints in OpenAPI)."""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, fields, validate

from ..webhooks.payloads import EVENTS as WEBHOOK_EVENTS
from ..schemas import (MAX_TYPE_ITEMS, BoundedList, Envelope, GameActionField, GameIdField,
                       GameLoggedActionField,
                       GameOptionsField, GameSeenEventField, GameViewField, Revealed, Seating, SeedField, StatusSchema, TableChance)

_VERSION = "How many actions the session has applied; every action adds one."
_COMMITMENT = ("SHA-256 commitment to the seed (salted), fixed for the session's life; once the game is over, "
               "answers also carry the seed and salt that open it.")


def _commitment() -> fields.String:
    return fields.String(required=True, allow_none=True, metadata={"description": _COMMITMENT})

#: The largest version a request may name: the Redis store compares versions in Lua, whose
#: numbers are doubles, exact up to 2**53 (Redis itself takes 64-bit integers). No session
#: gets near it; a number past it is a 422, not a store error.
MAX_VERSION = 2**53 - 1


def _version(*, strict: bool = True, **kwargs) -> fields.Integer:
    """A session version; query strings are text, so there it is parsed, not required to be a number."""
    return fields.Integer(strict=strict, validate=validate.Range(min=0, max=MAX_VERSION), **kwargs)


#: Webhooks one session may have: enough for a frontend, a bot and a notifier, not a fan-out service.
MAX_WEBHOOKS = 5
MAX_WEBHOOK_URL_CHARS = 2048


class WebhookSubscription(Envelope):
    url = fields.Url(required=True, schemes={"http", "https"}, require_tld=False,
                     validate=validate.Length(max=MAX_WEBHOOK_URL_CHARS), metadata={
                         "description": "Where each delivery is POSTed. Its host must resolve to public addresses, "
                                        "or be listed in the server's WEBHOOK_ALLOWED_HOSTS."})
    events = fields.List(fields.String(validate=validate.OneOf(WEBHOOK_EVENTS)), required=True,
                         validate=validate.Length(min=1, max=len(WEBHOOK_EVENTS)), metadata={
                             "description": "`turn`: a new version leaves some seat to act; "
                                            "`game_over`: the game has ended."})


#: The longest turn a timer may allow: a week, for correspondence play.
MAX_TURN_SECONDS = 7 * 86400
#: The most seats any game has; ``bots`` lists no more.
MAX_SEATS = 8


def _turn_limit(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, allow_none=True, validate=validate.Range(min=1, max=MAX_TURN_SECONDS), **kwargs)


class TurnSeconds(Envelope):
    default = _turn_limit(load_default=None, metadata={
        "description": "Seconds every seat has to act each time it becomes active (null: no limit)."})
    per_seat = fields.Dict(keys=fields.String(validate=validate.Regexp(r"^[0-9]{1,2}$")), values=_turn_limit(),
                           load_default=dict, validate=validate.Length(max=MAX_SEATS), metadata={
                               "description": "A seat's own limit, by seat number as text: overrides `default` "
                                              "(null: that seat has no limit)."})


class Deadline(Schema):
    seat = fields.Integer(required=True)
    deadline = fields.String(required=True, metadata={"format": "date-time",
                                                      "description": "When the bot plays for the seat, UTC."})
    deadline_ms = fields.Integer(required=True, metadata={"description": "The same instant, epoch milliseconds."})


def _bots_field() -> fields.List:
    return fields.List(fields.Integer(), required=True, metadata={
        "description": "Seats the server plays (from creation, or handed to a bot by the owner since)."})


def _turn_seconds_field() -> fields.List:
    return fields.List(fields.Integer(allow_none=True), required=True, allow_none=True, metadata={
        "description": "Each seat's time to act, in seconds (null: no limit); null: the session has no timers."})


def _deadlines_field() -> fields.List:
    return fields.List(fields.Nested(Deadline), required=True, metadata={
        "description": "Each active seat with a time limit, and when its clock runs out: every active seat's "
                       "clock starts again at each new version. Bot seats have none: they play at once."})


# ---------------------------------------------------------------- requests
class CreateSessionRequest(Seating, TableChance):
    game = GameIdField(required=True, metadata={"description": "A ruleset id, as listed by GET /v1/games."})
    players = fields.Integer(strict=True, required=True, metadata={"description": "How many seats the game has."})
    seed = SeedField(load_default=None, allow_none=True,
                     metadata={"type": ["integer", "string", "null"],
                               "description": "All chance derives from it; omitted: a random one. "
                                              "It stays on the server until the game is over: "
                                              "no answer repeats it before."})
    options = GameOptionsField(keys=fields.String(), load_default=dict,
                               metadata={"description": "Variant choices by option name; see the game's metadata."})
    webhooks = fields.List(fields.Nested(WebhookSubscription), load_default=list,
                           validate=validate.Length(max=MAX_WEBHOOKS), metadata={
                               "description": "Turn webhooks, signed as Standard Webhooks says with the "
                                              "webhook_secret of the answer (see the document's webhooks)."})
    bots = fields.List(fields.Integer(strict=True), load_default=list, validate=validate.Length(max=MAX_SEATS),
                       metadata={"description": "Seats the server plays, from that seat's view only; they get no "
                                                "token (null in seat_tokens)."})
    turn_seconds = fields.Nested(TurnSeconds, load_default=None, allow_none=True, metadata={
        "description": "Turn timers: when an active seat's time runs out, the bot plays that move for it "
                       "(logged `\"by\": \"timeout\"`)."})


class ActionRequest(Envelope):
    action = GameActionField(required=True, metadata={"description": "One action; its player must be your seat."})
    expected_version = _version(
        load_default=None, allow_none=True,
        metadata={"description": "Apply only if the session is still at this version (else 409). "
                                 "Same as the header `If-Match: \"<version>\"`."})


def plain_action_request(body: Any) -> dict[str, Any] | None:
    """``ActionRequest``'s load of the common body, ``{"action": {...}, "expected_version": n}``, without
    marshmallow (see ``service.envelopes.read_plain_envelope``); None for anything else, the schema's to judge."""
    if type(body) is not dict or not body.keys() <= _ACTION_REQUEST_KEYS or type(body.get("action")) is not dict:
        return None
    expected = body.get("expected_version")
    if expected is not None and not (type(expected) is int and 0 <= expected <= MAX_VERSION):
        return None
    return {"action": body["action"], "expected_version": expected}


_ACTION_REQUEST_KEYS = frozenset(ActionRequest().load_fields)


class UndoRequestBody(Envelope):
    expected_version = _version(
        load_default=None, allow_none=True,
        metadata={"description": "Undo only if the session is still at this version (else 409). "
                                 "Same as the header `If-Match: \"<version>\"`."})


class UndoAnswerBody(Envelope):
    accept = fields.Boolean(required=True, metadata={
        "description": "true: you consent to the undo; false: you decline it, which cancels the request."})


class _Query(Schema):
    """Query strings tolerate parameters they do not know (cache-busters, tracing)."""

    class Meta:
        unknown = EXCLUDE


class SessionReadQuery(_Query):
    wait_version = _version(strict=False, metadata={"description": "Long-poll: answer once the version is past this one, "
                                                     "or when the wait ends (the answer then shows no change)."})
    wait_seconds = fields.Float(validate=validate.Range(min=0), metadata={
        "description": "How long a long-poll may wait; capped by the server's SESSION_WAIT_MAX_SECONDS."})


class LegalActionsQuery(_Query):
    type = BoundedList(fields.String(), max_items=MAX_TYPE_ITEMS, metadata={
        "description": "Only actions of this type; repeat the parameter for several (default: every type)."})
    where = fields.String(metadata={
        "description": "Only actions whose top-level fields have these values: a JSON object, "
                       "e.g. {\"tile\":\"triple\"}."})


class LogQuery(_Query):
    since = _version(strict=False, load_default=0, metadata={"description": "Only entries after this version."})


# ---------------------------------------------------------------- answers
class CreatedSession(Envelope):
    session_id = fields.String(required=True)
    game = GameIdField(required=True)
    players = fields.Integer(required=True)
    first_player = fields.Integer(required=True)
    colors = fields.List(fields.String(), required=True, metadata={"description": "Each seat's colour (empty: none)."})
    options = GameOptionsField(required=True, metadata={"description": "Every option, defaults filled in."})
    version = fields.Integer(required=True, metadata={"description": _VERSION})
    seat_tokens = fields.List(fields.String(allow_none=True), required=True, metadata={
        "description": "Seat i's secret bearer token at index i (null: a bot seat). Shown once: the server keeps "
                       "only digests."})
    owner_token = fields.String(required=True, metadata={
        "description": "The creator's secret: it may delete the session; it cannot act. Shown once."})
    bots = _bots_field()
    turn_seconds = _turn_seconds_field()
    status = fields.Nested(StatusSchema, required=True)
    seed_commitment = _commitment()
    chance = fields.String(metadata={"description": "\"table\" for a table game (its seed_commitment is null)."})
    webhook_secret = fields.String(metadata={
        "description": "With webhooks only: `whsec_` + base64, the key that signs every delivery "
                       "(Standard Webhooks). Shown once: no later answer repeats it."})


class _Caller(Envelope, Revealed):
    session_id = fields.String(required=True)
    game = GameIdField(required=True)
    players = fields.Integer(required=True)
    seat = fields.Integer(required=True, allow_none=True,
                          metadata={"description": "The caller's seat; null for a spectator or the owner."})
    role = fields.String(required=True, metadata={"enum": ["seat", "owner", "spectator"]})
    version = fields.Integer(required=True, metadata={"description": _VERSION})
    seed_commitment = _commitment()


class UndoRequestState(Envelope):
    session_id = fields.String(required=True)
    request_id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={
        "description": "The version the request was made at; any new version cancels it."})
    seat = fields.Integer(required=True, metadata={"description": "Who asked: the seat that made the action."})
    undoes = fields.Integer(required=True, metadata={"description": "The version the undo would take back."})
    state = fields.String(required=True, metadata={"enum": ["pending", "accepted", "declined"]})
    accepted = fields.List(fields.Integer(), required=True, metadata={"description": "Seats that consented."})
    waiting_for = fields.List(fields.Integer(), required=True,
                              metadata={"description": "Seats whose answer is still awaited (pending only)."})
    declined_by = fields.Integer(required=True, allow_none=True)
    undo_version = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Once every other seat accepted: the new version the undo made."})
    path = fields.String(required=True, metadata={"description": "Where the other seats POST their answer."})


class SessionView(_Caller):
    status = fields.Nested(StatusSchema, required=True)
    view = GameViewField(required=True, metadata={"description": "The state as the caller may see it."})
    undo_request = fields.Nested(UndoRequestState, allow_none=True, metadata={
        "description": "The pending undo request, if one waits for answers (null: none)."})
    bots = _bots_field()
    turn_seconds = _turn_seconds_field()
    deadlines = _deadlines_field()


class BotSeatResult(_Caller):
    bots = _bots_field()
    status = fields.Nested(StatusSchema, required=True)


class UndoResult(Envelope):
    session_id = fields.String(required=True)
    game = GameIdField(required=True)
    seat = fields.Integer(required=True)
    version = fields.Integer(required=True, metadata={"description": "The new version: the state before the "
                                                                     "undone action."})
    undone = fields.Integer(required=True, metadata={"description": "The version taken back; the log keeps it, "
                                                                    "marked undone_by."})
    events = fields.List(GameSeenEventField(), required=True, metadata={"description": "Always empty."})
    status = fields.Nested(StatusSchema, required=True)
    view = GameViewField(required=True, metadata={"description": "The restored state as you may see it."})
    seed_commitment = _commitment()


class SessionLegalActions(_Caller):
    actions = fields.List(GameActionField(), required=True,
                          metadata={"description": "The caller's legal actions now; empty for a non-seat."})


class ActionResult(Envelope, Revealed):
    session_id = fields.String(required=True)
    game = GameIdField(required=True)
    seat = fields.Integer(required=True)
    version = fields.Integer(required=True, metadata={"description": "The session's version after the action."})
    events = fields.List(GameSeenEventField(), required=True, metadata={"description": "What happened, as you may see it."})
    status = fields.Nested(StatusSchema, required=True)
    view = GameViewField(required=True, metadata={"description": "The new state as you may see it."})
    seed_commitment = _commitment()


class LogEntry(Envelope):
    version = fields.Integer(required=True, metadata={"description": "The version this action produced."})
    seat = fields.Integer(required=True, metadata={"description": "Who acted (for an undo: who asked)."})
    type = fields.String(metadata={"enum": ["action", "undo"], "description": "An action, or an undo of one."})
    by = fields.String(metadata={"enum": ["seat", "bot", "timeout"], "description":
                                 "An action: who made it (an undo is always its seat's): `seat` the seat's token holder, `bot` the server playing a bot seat, "
                                 "`timeout` the bot standing in for a seat whose time ran out."})
    undoes = fields.Integer(metadata={"description": "An undo: the version it took back."})
    undone_by = fields.Integer(metadata={"description": "An action taken back: the version of the undo."})
    action = GameLoggedActionField(required=True, allow_none=True,
                                   metadata={"description": "The action as you may see it; null for an undo."})
    events = fields.List(GameSeenEventField(), required=True, metadata={"description": "Only those the caller may see."})


class SessionLog(_Caller):
    since = fields.Integer(required=True)
    entries = fields.List(fields.Nested(LogEntry), required=True)


class StreamQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    ticket = fields.String(metadata={"description": "A stream ticket from POST .../stream-tickets, for a client "
                                                    "that cannot send Authorization (a browser's EventSource)."})


class StreamTicket(Schema):
    ticket = fields.String(required=True, metadata={"description": "Good for one stream, within expires_in seconds."})
    expires_in = fields.Integer(required=True, metadata={"description": "Seconds the ticket stays good."})
    seat = fields.Integer(required=True, allow_none=True, metadata={"description": "The seat the stream will show "
                                                                                   "(null: the owner's view)."})
    role = fields.String(required=True)
