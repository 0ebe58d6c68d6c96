"""``/v1/sessions``: the HTTP face of :mod:`service.sessions.logic`.

Views read the caller's token and preconditions from headers, hand the work to
``Sessions``, and turn its answers and refusals into responses. Every answer that
shows the game carries the session version as its ``ETag`` and ``Vary:
Authorization``: the same URL shows each seat a different view.
"""

from __future__ import annotations

from typing import Any

import orjson
import structlog
from flask import current_app, request
from flask.views import MethodView

from rulesets.core.host import RulesetError, UnknownGame, withheld_from_a_seat

from ..api import Blueprint
from ..cache_headers import no_store
from ..encoding import json_response
from ..envelopes import read_plain_envelope
from ..problems import Problem, problem_response
from ..refusals import refusal_problem
from . import headers
from ..pictures import PICTURE_CONTENT, PictureQuery, picture_response
from ..webhooks import WebhookRefused, WebhooksUnavailable
from ..verify_api import SignedGameRecord, record_signer
from .errors import (BotsUnavailable, GameNotOver, InvalidSeating, NotAuthenticated, NothingToUndo, NotPermitted,
                     SeatAlreadyBot, SeatNotFound, SessionError, SessionNotFound, SessionOutdated, UndoNeedsConsent,
                     UndoRequestNotFound, VersionConflict)
from .logic import Reply, Sessions
from .pictures import session_picture
from .schemas import (ActionRequest, BotSeatResult, plain_action_request, ActionResult, CreatedSession, CreateSessionRequest, LegalActionsQuery, LogQuery,
                      SessionLegalActions, SessionLog, SessionReadQuery, SessionView, StreamQuery, StreamTicket, UndoAnswerBody,
                      UndoRequestBody, UndoRequestState, UndoResult)
from .store import StoreFull, StoreUnavailable
from .stream import BadLastEventId, SessionStreams, TooManyStreams
from .stream_socket import SocketWriter
from .wait_slots import TooManyWaits

#: Seconds a client should wait before retrying while the store is unreachable.
RETRY_AFTER_SECONDS = 1
#: Seconds a client should wait before trying to create a session in a full store.
FULL_RETRY_AFTER_SECONDS = 60
SECURITY_SCHEME = "sessionToken"
#: The token is optional where a spectator may look, required where a seat or the owner acts.
_OPTIONAL_TOKEN: list[dict[str, list[str]]] = [{SECURITY_SCHEME: []}, {}]
_REQUIRED_TOKEN: list[dict[str, list[str]]] = [{SECURITY_SCHEME: []}]
_ETAG_HEADER = {"description": "The session version, quoted.", "schema": {"type": "string", "example": '"12"'}}

log = structlog.get_logger("service.sessions")

blp = Blueprint("sessions", __name__, url_prefix="/v1/sessions",
                description="Server-held games: the server keeps the state; each seat acts and sees "
                            "through its own secret token (`Authorization: Bearer <token>`).")


def sessions() -> Sessions:
    return current_app.extensions["sessions"]


def _token() -> str | None:
    return headers.bearer_token(request.headers.get("Authorization"))


def _answer(reply: Reply, status: int = 200):
    response = json_response(reply.body, status)
    response.headers["ETag"] = headers.etag(reply.version)
    return response  # Vary: Authorization and Cache-Control: service.cache_headers, for every session answer


# ---------------------------------------------------------------- refusals
def _problem(error: SessionError) -> Problem:
    if isinstance(error, SessionNotFound):
        return Problem(404, "session_not_found", error.detail, title="No such session")
    if isinstance(error, NotAuthenticated):
        return Problem(401, "invalid_token", error.detail, title="Not authenticated",
                       headers={"WWW-Authenticate": f'{headers.REALM}, error="invalid_token"'})
    if isinstance(error, NotPermitted):
        return Problem(403, error.code, error.detail, title="Not permitted")
    if isinstance(error, VersionConflict):
        return Problem(409, "version_conflict", error.detail, title="Version conflict",
                       current_version=error.current, expected_version=error.expected,
                       headers={"ETag": headers.etag(error.current)})
    if isinstance(error, GameNotOver):
        return Problem(409, "game_not_over", error.detail, title="Game not over")
    if isinstance(error, NothingToUndo):
        return Problem(422, "nothing_to_undo", error.detail, title="Nothing to undo")
    if isinstance(error, UndoNeedsConsent):
        return Problem(409, "undo_needs_consent", error.detail, title="Undo needs consent",
                       undo_requests=error.path, undoes=error.undoes)
    if isinstance(error, UndoRequestNotFound):
        return Problem(404, "undo_request_not_found", error.detail, title="No such undo request")
    if isinstance(error, SeatNotFound):
        return Problem(404, "seat_not_found", error.detail, title="No such seat")
    if isinstance(error, SeatAlreadyBot):
        return Problem(409, "seat_already_bot", error.detail, title="Seat already a bot")
    if isinstance(error, InvalidSeating):
        return Problem(422, "invalid_seat", error.detail, title="No such seat",
                       errors=[{"path": error.path, "message": error.detail}])
    if isinstance(error, BotsUnavailable):
        return Problem(501, "bots_unavailable", error.detail, title="Bots unavailable")
    if isinstance(error, SessionOutdated):
        return Problem(409, "session_rules_outdated", error.detail, title="Session rules outdated")
    return Problem(400, "session_error", error.detail)


@blp.errorhandler(SessionError)
def _session_error(error: SessionError):
    return problem_response(_problem(error))


@blp.errorhandler(StoreFull)
def _store_full(error: StoreFull):
    return problem_response(Problem(503, "sessions_full",
                  "The server holds as many sessions as it may; retry later, when one has ended or expired. "
                  "The stateless /v1/games endpoints are unaffected.",
                  title="Sessions full", headers={"Retry-After": str(FULL_RETRY_AFTER_SECONDS)}))


@blp.errorhandler(StoreUnavailable)
def _store_unavailable(error: StoreUnavailable):
    log.warning("session_store_unavailable", error=str(error))
    return problem_response(Problem(503, "sessions_unavailable",
                  "The session store cannot be reached just now; retry shortly. "
                  "The stateless /v1/games endpoints are unaffected.",
                  title="Sessions unavailable", headers={"Retry-After": str(RETRY_AFTER_SECONDS)}))


@blp.errorhandler(TooManyWaits)
def _too_many_waits(error: TooManyWaits):
    return problem_response(Problem(
        429, "too_many_long_polls",
        f"This client already holds {error.limit} long-polls open (SESSION_LONG_POLLS_PER_CLIENT); "
        "wait for one to be answered, or read without wait_version.",
        title="Too many long-polls", limit=error.limit, headers={"Retry-After": str(error.retry_after)}))


@blp.errorhandler(TooManyStreams)
def _too_many_streams(error: TooManyStreams):
    setting = "SESSION_STREAMS_PER_CLIENT" if error.scope == "client" else "SESSION_STREAMS_PER_WORKER"
    who = "This client already holds" if error.scope == "client" else "This server process already serves"
    return problem_response(Problem(
        429, "too_many_streams", f"{who} {error.limit} event streams ({setting}); close one and retry.",
        title="Too many streams", limit=error.limit, scope=error.scope, headers={"Retry-After": "5"}))


@blp.errorhandler(BadLastEventId)
def _bad_last_event_id(error: BadLastEventId):
    return problem_response(Problem(400, "invalid_last_event_id", str(error), title="Invalid Last-Event-ID"))


def streams() -> SessionStreams:
    return current_app.extensions["session_streams"]


# ---------------------------------------------------------------- endpoints
@blp.route("")
class SessionCollection(MethodView):
    @blp.arguments(CreateSessionRequest)
    @blp.response(201, CreatedSession)
    @blp.documents_errors(422, 501, 503)
    def post(self, body: dict[str, Any]):
        """Start a game the server keeps: one secret token per seat, and one for the owner.

        The tokens are shown only in this answer; the server keeps SHA-256 digests.
        """
        try:
            reply = sessions().create(body["game"], body["players"], body["seed"], body["options"],
                                      first_player=body["first_player"], colors=body["colors"],
                                      webhooks=body["webhooks"], bots=body["bots"],
                                      turn_seconds=body["turn_seconds"], chance=body["chance"],
                                      outcomes=body["outcomes"])
        except WebhookRefused as refused:
            raise Problem(422, refused.code, refused.detail, title="Webhook host not allowed",
                          errors=[{"path": f"$.webhooks[{refused.index}].url", "message": refused.detail}]) from None
        except WebhooksUnavailable as error:
            raise Problem(501, "webhooks_unavailable", str(error), title="Webhooks unavailable") from None
        except UnknownGame as error:
            raise Problem(422, "unknown_game", str(error), title="Unknown game",
                          errors=[{"path": "$.game", "message": "not a game this referee knows"}]) from None
        except RulesetError as refusal:
            raise refusal_problem(refusal) from None
        response = _answer(reply, 201)
        response.headers["Location"] = f"{blp.url_prefix}/{reply.body['session_id']}"
        return no_store(response)  # it carries every token


@blp.route("/<session_id>")
class SessionResource(MethodView):
    @blp.arguments(SessionReadQuery, location="query", as_kwargs=True)
    @blp.response(200, SessionView, headers={"ETag": _ETAG_HEADER})
    @blp.alt_response(304, description="Not modified: If-None-Match named the current version.",
                      headers={"ETag": _ETAG_HEADER})
    @blp.documents_errors(401, 404, 429, 503)
    @blp.doc(security=_OPTIONAL_TOKEN)
    def get(self, session_id: str, wait_version: int | None = None, wait_seconds: float | None = None):
        """The game as the caller may see it: a seat's view with its token, a spectator's without.

        Long-poll with ``wait_version``: the answer comes once the version is past it, or when
        the wait (``wait_seconds``, at most the server's SESSION_WAIT_MAX_SECONDS) runs out.
        ``429`` (with ``Retry-After``) when this client already holds SESSION_LONG_POLLS_PER_CLIENT
        long-polls open.
        """
        reply = sessions().read(session_id, _token(), wait_version=wait_version, wait_seconds=wait_seconds,
                                client=request.remote_addr or "unknown")
        known = headers.if_none_match_versions(request.headers.get("If-None-Match"))
        if known is None or reply.version in known:
            response = current_app.response_class(status=304)
            response.headers["ETag"] = headers.etag(reply.version)
            return response
        return _answer(reply)

    @blp.response(204)
    @blp.documents_errors(401, 403, 404, 503)
    @blp.doc(security=_REQUIRED_TOKEN)
    def delete(self, session_id: str):
        """End the session and forget it: the owner token only."""
        sessions().delete(session_id, _token())
        return current_app.response_class(status=204)


@blp.route("/<session_id>/legal-actions")
class SessionLegalActionsResource(MethodView):
    @blp.arguments(LegalActionsQuery, location="query", as_kwargs=True)
    @blp.response(200, SessionLegalActions)
    @blp.documents_errors(400, 401, 404, 503)
    @blp.doc(security=_OPTIONAL_TOKEN)
    def get(self, session_id: str, type: list[str] | None = None, where: str | None = None):  # noqa: A002
        """The caller's legal actions now (none for a spectator or the owner).

        ``type`` (repeatable) and ``where`` (a JSON object of field values) narrow the list.
        """
        return _answer(sessions().legal_actions(session_id, _token(), types=type, where=_where(where)))


def _where(text: str | None) -> dict[str, Any] | None:
    if text is None:
        return None
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        value = None
    if not isinstance(value, dict):
        raise Problem(400, "invalid_query", "where must be a JSON object of action fields and values.",
                      errors=[{"path": "$.where", "message": "Not a JSON object."}])
    return value


@blp.route("/<session_id>/actions")
class SessionActions(MethodView):
    @blp.arguments(ActionRequest, decoder=lambda schema: read_plain_envelope(schema, plain_action_request))
    @blp.response(200, ActionResult)
    @blp.documents_errors(400, 401, 403, 404, 409, 422, 503)
    @blp.doc(security=_REQUIRED_TOKEN)
    def post(self, body: dict[str, Any], session_id: str):
        """Apply an action as the caller's seat.

        ``403`` when the action is another seat's; ``409`` (with ``current_version``) when
        ``expected_version`` or ``If-Match`` names a version the session has moved past;
        ``422`` with the rule's code, rule ID and detail when the rules refuse it.
        Without either, the action is judged against whatever the current state is.
        """
        expected = _expected_version(body)
        try:
            reply = sessions().act(session_id, _token(), body["action"], expected)
        except RulesetError as refusal:  # only a seat acts: a table's pile contents are not its to read
            raise refusal_problem(withheld_from_a_seat(refusal), "$.action") from None
        return _answer(reply)


def _expected_version(body: dict[str, Any]) -> int | None:
    """``expected_version`` from the body or ``If-Match``; both given, they must agree."""
    expected = body["expected_version"]
    demanded = headers.if_match_version(request.headers.get("If-Match"))
    if expected is not None and demanded is not None and expected != demanded:
        raise Problem(400, "conflicting_preconditions",
                      f"expected_version is {expected} but If-Match names {demanded}; send one, or both equal.")
    return demanded if expected is None else expected


@blp.route("/<session_id>/undo")
class SessionUndo(MethodView):
    @blp.arguments(UndoRequestBody)
    @blp.response(200, UndoResult)
    @blp.documents_errors(400, 401, 403, 404, 409, 422, 503)
    @blp.doc(security=_REQUIRED_TOKEN)
    def post(self, body: dict[str, Any], session_id: str):
        """Take back your last action, when the undo policy allows it without consent.

        Free when you made the last action, no other seat has written since, and it used no
        chance and showed nobody anything new (no draw, no private event, no reveal): the answer
        is a new version whose state is the one before. ``422 nothing_to_undo`` when the last
        action is not yours; ``409 undo_needs_consent`` (with ``undo_requests``, the path to ask
        the other seats) otherwise; ``409 version_conflict`` as for actions.
        """
        return _answer(sessions().undo(session_id, _token(), _expected_version(body)))


@blp.route("/<session_id>/undo-requests")
class SessionUndoRequests(MethodView):
    @blp.arguments(UndoRequestBody)
    @blp.response(201, UndoRequestState)
    @blp.documents_errors(400, 401, 403, 404, 409, 422, 503)
    @blp.doc(security=_REQUIRED_TOKEN)
    def post(self, body: dict[str, Any], session_id: str):
        """Ask every other seat to consent to taking back your last action.

        The request is bound to the current version: any new version cancels it. Each other
        seat answers at ``path``; the last consent lands the undo (``undo_version``). With no
        other seat the undo lands at once.
        """
        reply = sessions().request_undo(session_id, _token(), _expected_version(body))
        return _answer(reply, 201)


@blp.route("/<session_id>/undo-requests/<request_id>")
class SessionUndoRequest(MethodView):
    @blp.arguments(UndoAnswerBody)
    @blp.response(200, UndoRequestState)
    @blp.documents_errors(400, 401, 403, 404, 409, 503)
    @blp.doc(security=_REQUIRED_TOKEN)
    def post(self, body: dict[str, Any], session_id: str, request_id: str):
        """Accept (``{"accept": true}``) or decline (``{"accept": false}``) another seat's undo request.

        A decline cancels it; the last acceptance takes the action back as a new version.
        ``404 undo_request_not_found`` once it was answered or a new version cancelled it.
        """
        return _answer(sessions().answer_undo(session_id, _token(), request_id, body["accept"]))


@blp.route("/<session_id>/seats/<int:seat>/bot")
class SessionSeatBot(MethodView):
    @blp.response(200, BotSeatResult)
    @blp.documents_errors(401, 403, 404, 409, 501, 503)
    @blp.doc(security=_REQUIRED_TOKEN)
    def post(self, session_id: str, seat: int):
        """Hand a seat to a bot: the owner token only. From now on the server plays it from that
        seat's view (logged ``"by": "bot"``); the seat's token may still read its view, but acting or
        undoing with it is ``403 seat_played_by_bot``. ``404 seat_not_found`` for a seat the game does
        not have; ``409 seat_already_bot`` when a bot plays it already."""
        return _answer(sessions().hand_to_bot(session_id, _token(), seat))


@blp.route("/<session_id>/log")
class SessionLogResource(MethodView):
    @blp.arguments(LogQuery, location="query", as_kwargs=True)
    @blp.response(200, SessionLog)
    @blp.documents_errors(401, 404, 503)
    @blp.doc(security=_OPTIONAL_TOKEN)
    def get(self, session_id: str, since: int = 0):
        """Every applied action and its events, as far as the caller may see them."""
        return _answer(sessions().log(session_id, _token(), since))


@blp.route("/<session_id>/record")
class SessionRecordResource(MethodView):
    @blp.response(200, SignedGameRecord)
    @blp.documents_errors(401, 404, 409, 501, 503)
    @blp.doc(security=_REQUIRED_TOKEN)
    def get(self, session_id: str):
        """The finished game as one record signed by this referee (Ed25519; the key is at
        /.well-known/tabletop-referee/game-record-key): seed, salt, every action in full, scores.
        A seat or owner token, once the game is over; POST it as is to /v1/games/{game}/verify."""
        signer = record_signer()
        reply = sessions().record(session_id, _token())
        response = _answer(Reply(signer.sign(reply.body), reply.version))
        response.headers["Cache-Control"] = "private, no-store"  # it holds every seat's secrets
        return response


_SSE_DOC = {
    "description": "Server-sent events: one message per version, `id:` the version, `data:` one JSON object "
                   "(`version`, `type` start/action/undo, `seat`, for an action `by` (seat, bot or timeout), `action`, "
                   "`events` as the stream's seat may "
                   "see them, `status`, and `view` whole on a connection's first message, else `view_patch`, an "
                   "RFC 6902 JSON Patch against the previous message's view); `: ping` comments as heartbeats; "
                   "`event: gone` if the session is deleted. Ends after the message whose status is game over.",
    "content": {"text/event-stream": {"schema": {"type": "string"}}},
}


@blp.route("/<session_id>/stream")
class SessionStream(MethodView):
    @blp.arguments(StreamQuery, location="query", as_kwargs=True)
    @blp.doc(responses={"200": _SSE_DOC}, security=_OPTIONAL_TOKEN,
             parameters=[{"in": "query", "name": "ticket", "required": False, "schema": {"type": "string"},
                          "description": "A ticket from POST .../stream-tickets, for a client that cannot send "
                                         "Authorization (a browser's EventSource); it works once."},
                         {"in": "header", "name": "Last-Event-ID", "required": False, "schema": {"type": "integer"},
                          "description": "The last version the client holds: the stream resumes after it."}])
    @blp.alt_response(204, description="Nothing more to send: the game is over at Last-Event-ID.")
    @blp.documents_errors(400, 401, 403, 404, 429, 503)
    def get(self, session_id: str, ticket: str | None = None):
        """The session as a stream of server-sent events, as the caller's seat may see it.

        The token goes in ``Authorization``; a browser's ``EventSource`` passes ``?ticket=`` from
        POST .../stream-tickets instead. ``Last-Event-ID`` resumes after that version, from the log:
        no gap, no repeat. ``429`` past SESSION_STREAMS_PER_CLIENT streams from one client or
        SESSION_STREAMS_PER_WORKER in one server process.
        """
        messages, release = streams().open(session_id, _token(), ticket, request.headers.get("Last-Event-ID"),
                                           request.remote_addr or "unknown", SocketWriter.of(request.environ))
        if messages is None:
            return current_app.response_class(status=204)
        # Not stream_with_context: the generator needs no request context (open() read everything it
        # needs), and holding one across yields breaks a client that interleaves requests in one thread.
        response = current_app.response_class(messages, mimetype="text/event-stream")
        response.call_on_close(release)
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Accel-Buffering"] = "no"  # a proxy in front must not hold messages back
        return response


@blp.route("/<session_id>/stream-tickets")
class SessionStreamTickets(MethodView):
    @blp.response(201, StreamTicket)
    @blp.documents_errors(401, 404, 503)
    @blp.doc(security=_REQUIRED_TOKEN)
    def post(self, session_id: str):
        """A single-use ticket, good for SESSION_STREAM_TICKET_SECONDS (60), to open this seat's stream
        as ``GET .../stream?ticket=...``: for a browser's EventSource, which cannot send the token."""
        return no_store(json_response(streams().new_ticket(session_id, _token()), 201))


@blp.route("/<session_id>/picture")
class SessionPicture(MethodView):
    @blp.arguments(PictureQuery, location="query", as_kwargs=True)
    @blp.doc(responses={"200": PICTURE_CONTENT}, security=_OPTIONAL_TOKEN)
    @blp.documents_errors(401, 404, 503)
    def get(self, session_id: str, theme: str = "light", size: int | None = None, format: str = "svg"):  # noqa: A002
        """A picture of the game as the caller's seat sees it (a spectator's without a token), drawn from
        that seat's view alone, the last action marked. SVG, or PNG with ``format=png``."""
        document, version = session_picture(sessions(), session_id, _token(), theme=theme, size=size)
        response = picture_response(document, fmt=format, size=size)
        response.headers["ETag"] = headers.etag(version)
        return response
