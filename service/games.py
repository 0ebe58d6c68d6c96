"""The stateless referee: `/v1/games/...`. The client holds the state.

Each view runs the design's checks in order: the envelope (`service.body` and the
marshmallow schema), the state (`load_state`), the action (`load_action`), then the
rules, the seat first among them (core's `PhaseTable.route`). Every refusal's paths
point into the request body. Every body is read by `service.envelopes`: one that fits
is decoded in one pass straight into the game's types; any other is read literally,
which words the errors.
"""

from __future__ import annotations

from typing import Any

from flask import g, request
from werkzeug.routing import BaseConverter

from rulesets.core.host import (UNKNOWN_PLAYER, GameState, IllegalAction, InvalidAction, Ruleset, RulesetError,
                                 all_rulesets, get_ruleset, new_salt, offer_nearest, salted, split_action,
                                 withheld_from_a_seat)

from rulesets.core import search

from .api import Blueprint
from .cache_headers import no_store
from .chance import chance_fields
from .components_api import components_response
from .encoding import json_response
from .envelopes import read_envelope
from .i18n import metadata
from .problems import Problem
from .refusals import refusal_fields, refusal_problem
from .schemas import (ApplyResponse, ComponentsDocument, GameDetail, GameList, LegalActionsRequest, LegalActionsResponse, ReplayRequest,
                      SuggestRequest, SuggestResponse,
                      SetupRequest, SetupResponse, StateAndActionRequest, StateAndStatus,
                      ValidateResponse, ViewRequest, ViewResponse)
from .sealed_states import HeldState, check_seat_key, new_table, request_state, seal_state, seat_keys

blp = Blueprint("games", __name__, url_prefix="/v1/games",
                description="Referee a game whose state the client holds: set up, list, check and apply actions.")


class GameIdConverter(BaseConverter):
    """`{game}` in a path: a ruleset id (checked against the registry, 404 otherwise)."""


@blp.before_request
def _resolve_game() -> None:
    """An unknown game is a 404 before the body is read."""
    game = (request.view_args or {}).get("game")
    if game is not None:
        g.ruleset = get_ruleset(game)


def _envelope(schema) -> dict[str, Any]:
    """The body, read by the one decoder of envelopes (``service.envelopes``)."""
    return read_envelope(schema, g.ruleset)


def _load_action(ruleset: Ruleset, raw: Any) -> tuple[Any, list[Any] | None]:
    """The action typed (already, when the body was decoded in one pass), and the outcomes it
    carries in a table game (none: the one-pass decode refuses the member, so such a body is a
    dict here). Its seat is core's to check, as it routes the action (``PhaseTable.route``)."""
    if not isinstance(raw, dict):
        return raw, None
    try:
        plain, outcomes = split_action(raw)
        return ruleset.load_action(plain), outcomes
    except RulesetError as refusal:
        raise refusal_problem(refusal, "$.action") from None


def _as_seen(held: HeldState, refusal: RulesetError) -> RulesetError:
    """A refusal as its caller may read it: a sealed state's seat does not read a table's piles."""
    return withheld_from_a_seat(refusal) if held.sealed else refusal


def _check_seat(ruleset: Ruleset, state: GameState, player: int) -> None:
    try:
        ruleset.check_seat(state, player, "$.player")
    except RulesetError as refusal:
        raise refusal_problem(refusal) from None


@blp.route("")
@blp.response(200, GameList)
def list_games():
    """Every game this referee knows."""
    return json_response({"games": [metadata(ruleset) for ruleset in all_rulesets()]})


@blp.route("/<game:game>")
@blp.response(200, GameDetail)
@blp.documents_errors(404)
def describe_game(game: str):
    """A game's metadata, its setup options and its rule index."""
    return json_response(metadata(g.ruleset, detailed=True))


@blp.route("/<game:game>/components")
@blp.response(200, ComponentsDocument)
@blp.documents_errors(404)
def components(game: str):
    """The game's component data: every board space with its coordinates and neighbours, every card, tile
    and item with its id, name, kind and printed values, the `assumed` flags, and the data version a state
    names. Cached: an `ETag` and `Cache-Control`; `If-None-Match` with the tag answers `304`."""
    return components_response(g.ruleset)


@blp.route("/<game:game>/setup", methods=["POST"])
@blp.arguments(SetupRequest, decoder=_envelope)
@blp.response(200, SetupResponse)
@blp.documents_errors(400, 404, 413, 415, 501)
def setup(body: dict[str, Any], game: str):
    """A new game: the full state (it holds the seed and deck order: keep it server-side) and its status.

    With `sealed`, the state comes sealed (`sealed_state`, opaque, for the client to post back) with
    the view of the seat named by `player`, and `seat_keys`: one per seat, indexed by seat, each to be
    handed to that seat alone (a sealed request for a seat must carry its `seat_key`; this is the only
    answer that holds them). Either way `seed_commitment` commits to the seed.
    """
    ruleset: Ruleset = g.ruleset
    player = body["player"]
    if player is not None and not body["sealed"]:
        raise Problem(422, "invalid_request", "player names whose view a sealed setup answers; send sealed: true.",
                      title="Invalid request", errors=[{"path": "$.player", "message": "only with sealed: true"}])
    try:
        state = salted(ruleset.setup(body["players"], body["seed"], body["options"],
                                     first_player=body["first_player"], colors=body["colors"],
                                     chance=body["chance"], outcomes=body["outcomes"]),
                       body["salt"] if body["salt"] is not None else new_salt())
    except RulesetError as refusal:
        raise refusal_problem(refusal) from None
    status = ruleset.status(state)
    if not body["sealed"]:
        return no_store(json_response({"state": state, "status": status, **chance_fields(state, False)}))
    if player is not None:
        _check_seat(ruleset, state, player)
    table = new_table()  # the sealed game's own random id: its seat keys derive from it
    return no_store(json_response({"sealed_state": seal_state(ruleset, state, table),
                                    "view": ruleset.view(state, player), "seat_keys": seat_keys(ruleset, state, table),
                                    "status": status, **chance_fields(state, False)}))


@blp.route("/<game:game>/legal-actions", methods=["POST"])
@blp.arguments(LegalActionsRequest, decoder=_envelope)
@blp.response(200, LegalActionsResponse)
@blp.documents_errors(400, 403, 404, 413, 415, 501)
def legal_actions(body: dict[str, Any], game: str):
    """Every action the seat may take now; `types` and `where` narrow the list to what the client asks.

    On a sealed state, only with the seat's `seat_key` (`403` otherwise).
    """
    ruleset: Ruleset = g.ruleset
    held = request_state(ruleset, body)
    state = held.state
    check_seat_key(ruleset, held, body["player"], body["seat_key"])
    _check_seat(ruleset, state, body["player"])
    return json_response({"actions": ruleset.legal_actions(state, body["player"], types=body["types"],
                                                           where=body["where"])})


@blp.route("/<game:game>/suggest", methods=["POST"])
@blp.arguments(SuggestRequest, decoder=_envelope)
@blp.response(200, SuggestResponse)
@blp.documents_errors(400, 403, 404, 413, 415, 501)
def suggest_move(body: dict[str, Any], game: str):
    """A move for the seat: at most five of its legal actions, the best first, found by searching from
    the seat's view alone (what it may not see is sampled, never read). Within `budget_ms` plus 50 ms;
    the same request with the same `seed` gets the same answer.

    A game the search cannot sample yet answers `501 search_not_available`; a seat with nothing to do
    now, `422 nothing_to_suggest`. On a sealed state, only with the seat's `seat_key` (`403` otherwise).
    """
    ruleset: Ruleset = g.ruleset
    if not ruleset.searchable:
        raise Problem(501, "search_not_available", f"{ruleset.id} has no bot yet: its search cannot sample a "
                      "state from a seat's view.", title="Search not available")
    held = request_state(ruleset, body)
    player = body["player"]
    check_seat_key(ruleset, held, player, body["seat_key"])
    _check_seat(ruleset, held.state, player)
    view = ruleset.view(held.state, player)  # the search gets this and nothing else
    del held
    try:
        # The budget counts from the request's arrival; between playouts the search lets the worker's
        # other requests run.
        found = search.suggest(ruleset, view, player, budget_ms=body["budget_ms"], seed=body["seed"],
                               arrived=g.get("started"), pause=search.share_processor)
    except search.NoLegalAction:
        raise Problem(422, "nothing_to_suggest", f"Seat {player} has no legal action now.",
                      title="Nothing to suggest", errors=[{"path": "$.player", "message": "no legal action now"}])
    return json_response(found.to_builtins())


@blp.route("/<game:game>/validate", methods=["POST"])
@blp.arguments(StateAndActionRequest, decoder=_envelope)
@blp.response(200, ValidateResponse)
@blp.documents_errors(400, 403, 404, 413, 415, 501)
def validate(body: dict[str, Any], game: str):
    """Whether `apply` would accept the action, and if not, the rule it breaks.

    A malformed state or action is still a `422`: only a rules refusal is an answer here. On a
    sealed state, only with the `seat_key` of the action's `player` (`403` otherwise).
    """
    ruleset: Ruleset = g.ruleset
    held = request_state(ruleset, body)
    state = held.state
    action, outcomes = _load_action(ruleset, body["action"])
    check_seat_key(ruleset, held, getattr(action, "player", None), body["seat_key"])
    try:
        refusal = ruleset.validate(state, action, outcomes=outcomes)
    except RulesetError as problem:  # outcomes a table game cannot take: the request's fault, as in apply
        raise refusal_problem(_as_seen(held, problem), "$.action") from None
    if refusal is not None:
        refusal = _as_seen(held, refusal)
    if refusal is None:
        return json_response({"legal": True})
    offer_nearest(refusal, ruleset, state, action)
    if refusal.code == UNKNOWN_PLAYER:
        # An action from a seat the game does not have is a malformed request, not a rules answer.
        raise refusal_problem(refusal, "$.action")
    return json_response({"legal": False, "violation": refusal_fields(refusal, "$.action")})


@blp.route("/<game:game>/apply", methods=["POST"])
@blp.arguments(StateAndActionRequest, decoder=_envelope)
@blp.response(200, ApplyResponse)
@blp.documents_errors(400, 403, 404, 413, 415, 501)
def apply(body: dict[str, Any], game: str):
    """The next state, what happened, and the new status; an illegal action is a `422` citing its rule.

    Sent a `sealed_state`, it answers the next `sealed_state`, the acting seat's `view` and only the
    events that seat may see; once the game is over, also the `seed` and `salt` its commitment opens with.
    A sealed state takes an action only with the `seat_key` of its `player` (`403` otherwise).

    In a table game (`chance: "table"`) the action object may carry `outcomes`: what the table drew for
    the draws it makes, component ids in the order the rules draw them. Missing or too few: `422
    outcome_required` with `needed` (`source`, `rule`, `count`, `candidates` with the copies left, in draw
    order; a later entry rests on assumed earlier outcomes and may change once they are known); one the
    pile cannot give: `422 impossible_outcome` citing the draw's rule; more than the rules draw: `422
    unexpected_outcome` (`drawn` says how many they took).
    """
    ruleset: Ruleset = g.ruleset
    held = request_state(ruleset, body)
    state = held.state
    action, outcomes = _load_action(ruleset, body["action"])
    check_seat_key(ruleset, held, getattr(action, "player", None), body["seat_key"])
    try:
        after, events = ruleset.apply(state, action, in_place=True, outcomes=outcomes)  # the state was decoded for this request alone
    except RulesetError as refusal:
        if isinstance(refusal, IllegalAction):
            # The rules may have changed part of the state they refused: the nearest legal actions are
            # those of the state as posted, decoded again (a refusal's cost, not every action's).
            offer_nearest(refusal, ruleset, request_state(ruleset, _envelope(StateAndActionRequest())).state, action)
        raise refusal_problem(_as_seen(held, refusal), "$.action") from None
    status = ruleset.status(after)
    if held.table is None:
        return no_store(json_response({"state": after, "events": events, "status": status}))
    seat = action.player
    # The same table id: the game's seat keys stay its seat keys from state to state.
    answer = {"sealed_state": seal_state(ruleset, after, held.table), "view": ruleset.view(after, seat),
              "events": ruleset.view_events(events, seat), "status": status}
    if status.game_over:
        answer.update(chance_fields(after, True))
    return no_store(json_response(answer))


@blp.route("/<game:game>/view", methods=["POST"])
@blp.arguments(ViewRequest, decoder=_envelope)
@blp.response(200, ViewResponse)
@blp.documents_errors(400, 403, 404, 413, 415, 501)
def view(body: dict[str, Any], game: str):
    """What one seat may see of the state (no seed, no deck order, no other hands), and the seed's commitment.

    Once the game is over, the answer also reveals the `seed` and `salt` that open the commitment.
    On a sealed state, a seat's view needs that seat's `seat_key` (`403` otherwise); a spectator's none.
    """
    ruleset: Ruleset = g.ruleset
    held = request_state(ruleset, body)
    state = held.state
    player = body["player"]
    check_seat_key(ruleset, held, player, body["seat_key"])
    if player is not None:
        _check_seat(ruleset, state, player)
    return json_response({"view": ruleset.view(state, player),
                          **chance_fields(state, ruleset.flow.is_over(state))})


@blp.route("/<game:game>/replay", methods=["POST"])
@blp.arguments(ReplayRequest, decoder=_envelope)
@blp.response(200, StateAndStatus)
@blp.documents_errors(400, 404, 413, 415)
def replay(body: dict[str, Any], game: str):
    """Setup from the seed, then every action in order; the first refusal names its `action_index`.

    A table game (`chance: "table"`, no seed) replays with setup's `outcomes` and each action's own."""
    ruleset: Ruleset = g.ruleset
    try:
        state = ruleset.replay(body["players"], body["seed"], body["options"], body["actions"],
                               first_player=body["first_player"], colors=body["colors"],
                               chance=body["chance"], outcomes=body["outcomes"],
                               salt=body["salt"] if body["salt"] is not None else new_salt())
    except RulesetError as refusal:
        index = refusal.context.get("action_index")
        base = f"$.actions[{index}]" if isinstance(refusal, InvalidAction) and index is not None else "$"
        raise refusal_problem(refusal, base) from None
    return no_store(json_response({"state": state, "status": ruleset.status(state)}))
