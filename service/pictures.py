"""Pictures over HTTP: a seat's view as SVG (or PNG), for a posted state and for a session seat.

Core draws from the seat's view only (``rulesets.core.drawing``); this module reads the
request, picks the theme and size, and answers ``image/svg+xml``. A picture is as private
as the view it shows: ``Cache-Control: private, no-store`` and ``Vary: Authorization``
where a token picks the seat.
"""

from __future__ import annotations

from typing import Any

from flask import Response, g, request
from marshmallow import EXCLUDE, Schema, fields, validate

from rulesets.core.drawing import MAX_SIZE, MIN_SIZE, THEMES, picture
from rulesets.core.host import RulesetError, get_ruleset

from .api import Blueprint
from .envelopes import read_envelope
from .refusals import refusal_problem
from .schemas import GameActionField, ViewRequest
from .sealed_states import check_seat_key, request_state

SVG_TYPE = "image/svg+xml"
PNG_TYPE = "image/png"
#: A picture holds no script and fetches nothing; if opened on its own, the browser allows neither.
PICTURE_CSP = "default-src 'none'; style-src 'unsafe-inline'"

blp = Blueprint("pictures", __name__, url_prefix="/v1/games",
                description="Pictures of a seat's view of a posted state (SVG, or PNG).")


class PictureQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    theme = fields.String(load_default="light", validate=validate.OneOf(THEMES),
                          metadata={"description": "light (default) or dark."})
    size = fields.Integer(load_default=None, validate=validate.Range(MIN_SIZE, MAX_SIZE),
                          metadata={"description": f"Width in pixels ({MIN_SIZE}-{MAX_SIZE}); default: the drawing's own."})
    format = fields.String(load_default="svg", validate=validate.OneOf(["svg", "png"]),
                           metadata={"description": "svg (default) or png (rendered by resvg)."})


class PictureRequest(ViewRequest):
    last_action = GameActionField(load_default=None, allow_none=True, metadata={
        "description": "The action that led to this state, to highlight (as the client holds it); "
                       "it is shown as the picture's seat may see it."})


def picture_response(document: str, *, fmt: str, size: int | None) -> Response:
    """The picture as the answer's body: SVG as drawn, or PNG rendered from it."""
    if fmt == "png":
        import resvg_py  # imported here: only a PNG answer needs the renderer

        body: bytes | str = bytes(resvg_py.svg_to_bytes(svg_string=document, width=size))
        response = Response(body, mimetype=PNG_TYPE)
    else:
        response = Response(document, mimetype=SVG_TYPE)
    response.headers["Content-Security-Policy"] = PICTURE_CSP
    response.headers["Cache-Control"] = "private, no-store"
    return response


PICTURE_CONTENT = {"description": "The picture of the seat's view.",
                   "content": {SVG_TYPE: {"schema": {"type": "string"}},
                               PNG_TYPE: {"schema": {"type": "string", "format": "binary"}}}}


@blp.route("/<game:game>/picture", methods=["POST"])
@blp.arguments(PictureQuery, location="query", as_kwargs=True)
@blp.arguments(PictureRequest, decoder=lambda schema: read_envelope(schema, g.ruleset))
@blp.doc(responses={"200": PICTURE_CONTENT})
@blp.documents_errors(400, 403, 404, 413, 415, 422)
def game_picture(body: dict[str, Any], game: str, theme: str = "light", size: int | None = None,
                 format: str = "svg"):  # noqa: A002 (the query parameter's name)
    """A picture of what one seat may see of the state (a spectator's when `player` is null), drawn
    from that seat's view alone: its hand face up, the others' as backs with counts.

    On a sealed state a seat's picture needs that seat's `seat_key`, as for its view.
    """
    ruleset = g.ruleset
    held = request_state(ruleset, body)
    player = body["player"]
    check_seat_key(ruleset, held, player, body["seat_key"])
    try:
        if player is not None:
            ruleset.check_seat(held.state, player, "$.player")
    except RulesetError as refusal:
        raise refusal_problem(refusal) from None
    last = body.get("last_action")
    if isinstance(last, dict):  # not yet typed (the envelope was read literally)
        try:
            last = ruleset.load_action(last)
        except RulesetError as refusal:
            raise refusal_problem(refusal, "$.last_action") from None
    document = picture(ruleset, held.state, player, theme=theme, size=size, last_action=last)
    return picture_response(document, fmt=format, size=size)


@blp.before_request
def _resolve_game() -> None:
    game = (request.view_args or {}).get("game")
    if game is not None:
        g.ruleset = get_ruleset(game)

