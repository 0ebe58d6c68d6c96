"""Scores at any moment: `POST /v1/games/{game}/score`.

Each seat's score as the final scoring would count it now, item by item with the rules that
score it (the game's score sheet, :mod:`rulesets.core.scoring`), and the order the tie-breaks
give. A plain state's caller holds the whole state, so it is scored whole. A sealed state's
caller may hold less: before the game is over, an item that counts what only its seat may see
(a private hand) is withheld from every other seat, with that seat's total and the ranking.
"""

from __future__ import annotations

from typing import Any

from flask import g, request
from marshmallow import Schema, fields

from rulesets.core.host import RulesetError, get_ruleset

from .api import Blueprint
from .encoding import json_response
from .envelopes import read_envelope
from .refusals import refusal_problem
from .schemas import ViewRequest
from .sealed_states import check_seat_key, request_state

blp = Blueprint("scores", __name__, url_prefix="/v1/games",
                description="Score a posted state as the final scoring would count it now.")


class ScoreRequest(ViewRequest):
    """``player`` (with its ``seat_key`` on a sealed state): whose secret items a sealed state shows."""


class ScoreItemSchema(Schema):
    category = fields.String(required=True, metadata={"description": "The rulebook's scoring category."})
    rule = fields.String(required=True, metadata={"description": "The rule ID that scores it."})
    points = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Its points now; null: withheld (a sealed state's secret item of another seat)."})


class SeatScoreSchema(Schema):
    seat = fields.Integer(required=True)
    total = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The sum of the seat's items; null when one of them is withheld."})
    items = fields.List(fields.Nested(ScoreItemSchema), required=True)


class PlaceSchema(Schema):
    seat = fields.Integer(required=True)
    place = fields.Integer(required=True, metadata={
        "description": "1 for the best; seats the tie-breaks cannot separate share a place, and the next place "
                       "skips (1, 1, 3)."})


class ScoreResponse(Schema):
    scores = fields.List(fields.Nested(SeatScoreSchema), required=True, metadata={"description": "One per seat."})
    ranking = fields.List(fields.Nested(PlaceSchema), required=True, allow_none=True, metadata={
        "description": "Every seat, best first, by total then the game's tie-breaks; null when a score is withheld."})
    final = fields.Boolean(required=True, metadata={
        "description": "True once the game is over: these are the final scores, the ranking its result."})


@blp.route("/<game:game>/score", methods=["POST"])
@blp.arguments(ScoreRequest, decoder=lambda schema: read_envelope(schema, g.ruleset))
@blp.response(200, ScoreResponse)
@blp.documents_errors(400, 403, 404, 413, 415, 422)
def score(body: dict[str, Any], game: str):
    """Each seat's score as the final scoring would count it now, itemized by the rulebook's scoring
    categories with their rule IDs, and the ranking its tie-breaks give.

    Before the end, "now" means: the final scoring applied to the position as it stands (cards in
    hand counted as the rules count them at the end). Once the game is over, the totals are
    `status.scores` and the first place is `status.winners`. On a sealed state, items that count a
    seat's private cards are shown to that seat only (with its `player` and `seat_key`).
    """
    ruleset = g.ruleset
    held = request_state(ruleset, body)
    player = body["player"]
    check_seat_key(ruleset, held, player, body["seat_key"])
    state = held.state
    try:
        if player is not None:
            ruleset.check_seat(state, player, "$.player")
    except RulesetError as refusal:
        raise refusal_problem(refusal) from None
    over = ruleset.flow.is_over(state)
    withhold = held.table is not None and not over
    scores: list[dict[str, Any]] = []
    for seat, sheet in enumerate(ruleset.score_sheet(state)):
        items = [{"category": item.category, "rule": item.rule,
                  "points": None if withhold and item.secret and seat != player else item.points}
                 for item in sheet]
        hidden = any(item["points"] is None for item in items)
        scores.append({"seat": seat, "total": None if hidden else sum(item["points"] for item in items),
                       "items": items})
    if any(entry["total"] is None for entry in scores):
        ranking = None
    else:
        ranking = [{"seat": place.seat, "place": place.place}
                   for place in ruleset.ranking(state, [entry["total"] for entry in scores])]
    return json_response({"scores": scores, "ranking": ranking, "final": over})


@blp.before_request
def _resolve_game() -> None:
    game = (request.view_args or {}).get("game")
    if game is not None:
        g.ruleset = get_ruleset(game)
