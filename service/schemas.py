"""marshmallow schemas of the HTTP envelopes: what wraps a game's state and actions.

The states and actions themselves are each game's msgspec types; here they are
opaque JSON objects (``GameStateField``, ``GameActionField``, ...). Each such field names
its ``game_slot``: the OpenAPI document copies an envelope once per game and puts that
game's own schema in the slot (see ``service.spec``).
"""

from __future__ import annotations

from typing import Any, Callable, Sized

from flask import current_app, has_app_context
from marshmallow import INCLUDE, Schema, ValidationError, fields, utils, validate, validates_schema

from rulesets.core.host import MAX_OUTCOMES

#: Used outside an app (the OpenAPI build, a schema loaded by hand); the app's MAX_REPLAY_ACTIONS wins.
DEFAULT_MAX_REPLAY_ACTIONS = 5000
#: The most seats any game may have (core's Seat is 0 to 7), with room to spare: a longer
#: ``colors`` is refused before its items are looked at.
MAX_SEAT_ITEMS = 16
#: More action types than any game has.
MAX_TYPE_ITEMS = 64


class GameStateField(fields.Dict):
    """A whole game state, checked by its ruleset (msgspec), not by marshmallow."""

    game_slot = "state"


class GameActionField(fields.Dict):
    """One action, a JSON object tagged by ``type``, checked by its ruleset."""

    game_slot = "action"


class GameLoggedActionField(fields.Dict):
    """An applied action as one seat may see it (``ruleset.view_action``): its private
    fields are another seat's only, and a concealed type comes as its disguise."""

    game_slot = "logged_action"


class GameViewField(fields.Dict):
    """What one seat (or a spectator) may see of a state, built by the ruleset."""

    game_slot = "view"


class GameEventField(fields.Dict):
    """One event, a JSON object tagged by ``type``; a private one carries ``visible_to``."""

    game_slot = "event"


class GameSeenEventField(fields.Dict):
    """One event as one seat may see it (``ruleset.view_events``): fields not declared
    public are the event's player's only."""

    game_slot = "seen_event"


class GameOptionsField(fields.Dict):
    """Setup options by name, checked by the ruleset."""

    game_slot = "options"


class GamePhaseField(fields.String):
    """The name of a phase of the game's flow."""

    game_slot = "phase"


class GameRefusalCodeField(fields.String):
    """A refusal code from the game's catalogue (``ruleset.refusal_catalogue()``)."""

    game_slot = "refusal_code"


class GameIdField(fields.String):
    """A ruleset id: in a game's copy of an envelope, that game's id and nothing else."""

    game_slot = "game"


class SealedStateField(fields.String):
    """A whole game state sealed by this referee (``service.sealing``): opaque to the client."""


class SeatKeyField(fields.String):
    """One seat's key in a sealed game (a sealed setup's ``seat_keys``): opaque to the client."""


class OutcomeField(fields.Field):
    """One outcome a table reports: a component id, or a whole number (a seat, a die's face)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise ValidationError("An outcome is a component id (a string) or a whole number.")
        return value


class SeedField(fields.Field):
    """An integer or a string: all chance in a game derives from it.

    Its OpenAPI type is set by ``service.spec`` (no metadata needed).
    """

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise ValidationError("A seed must be an integer or a string.")
        return value


def _player_count(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, metadata={"description": "How many seats the game has."}, **kwargs)


class BoundedList(fields.List):
    """A request list refused by its length before any item is read.

    marshmallow checks every item and words an error for each: half a million bad items
    cost seconds and megabytes of errors. ``max_items`` is a number, or a function read at
    load time (a setting). A fixed bound is documented as ``maxItems``.
    """

    def __init__(self, inner: Any, *, max_items: int | Callable[[], int], **kwargs: Any) -> None:
        if isinstance(max_items, int):
            kwargs["metadata"] = {**kwargs.get("metadata", {}), "maxItems": max_items}
        super().__init__(inner, **kwargs)
        self.max_items = max_items

    def limit(self) -> int:
        return self.max_items if isinstance(self.max_items, int) else self.max_items()

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if utils.is_collection(value) and isinstance(value, Sized):  # a JSON array is both
            limit = self.limit()
            if len(value) > limit:
                raise ValidationError(f"At most {limit} items are accepted here; this list has {len(value)}.")
        return super()._deserialize(value, attr, data, **kwargs)


def max_replay_actions() -> int:
    return current_app.config["MAX_REPLAY_ACTIONS"] if has_app_context() else DEFAULT_MAX_REPLAY_ACTIONS


class Envelope(Schema):
    """Request envelopes refuse fields they do not know: a typo is an error, not a silent default."""


# ---------------------------------------------------------------- requests
_SEAT_KEY = ("With sealed_state: the key of the seat the request is for (player, or the action's player), "
             "from the sealed setup's seat_keys; without it 403 seat_key_required, another key 403 "
             "invalid_seat_key. A spectator's view needs none; with a plain state it is ignored.")


class StateOrSealedState(Envelope):
    """``state`` or ``sealed_state``: a request sends exactly one (the view checks which)."""

    state = GameStateField(load_default=None, allow_none=True, metadata={
        "description": "The full state (send this or sealed_state)."})
    sealed_state = SealedStateField(load_default=None, allow_none=True, metadata={
        "description": "The state as a sealed token from setup or apply (send this or state)."})
    seat_key = SeatKeyField(load_default=None, allow_none=True, metadata={"description": _SEAT_KEY})


class Seating(Envelope):
    """Who sits where, as every game's setup takes it (setup, replay, session creation)."""

    first_player = fields.Integer(strict=True, load_default=None, allow_none=True, metadata={
        "description": "The seat that plays first (default 0); the game refuses a seat it does not have."})
    colors = BoundedList(fields.String(), max_items=MAX_SEAT_ITEMS, load_default=None, allow_none=True, metadata={
        "description": "Each seat's colour, one per seat, from the game's `colors` (default: their order)."})


class TableChance(Envelope):
    """How a game's chance is drawn: from its seed, or reported by a real table (issue 24)."""

    chance = fields.String(load_default="seeded", validate=validate.OneOf(["seeded", "table"]), metadata={
        "description": "\"seeded\" (the default): every shuffle and draw comes from the seed. \"table\": a real "
                       "table shuffles and draws, and every action that draws carries what came out in its "
                       "outcomes (no seed: a seed with it is 422 invalid_seed; no seed commitment)."})
    outcomes = BoundedList(OutcomeField(), max_items=MAX_OUTCOMES, load_default=None, allow_none=True, metadata={
        "description": "With chance \"table\": what the table drew for setup's own deals, component ids (a seat or "
                       "a die's face as a number) in the order the rules draw them. Missing or too few: 422 "
                       "outcome_required, whose needed lists every draw still to report."})


class SetupRequest(Seating, TableChance):
    players = _player_count(required=True)
    seed = SeedField(load_default=None, allow_none=True,
                     metadata={"description": "All chance derives from it; omitted: a random one (none with "
                                              "chance \"table\")."})
    options = GameOptionsField(keys=fields.String(), load_default=dict,
                               metadata={"description": "Variant choices by option name; see the game's metadata."})
    salt = fields.String(load_default=None, allow_none=True, metadata={
        "description": "Blinds the seed's commitment; omitted (the usual case): a fresh random one. "
                       "Give one only to rebuild a known setup byte for byte."})
    sealed = fields.Boolean(load_default=False, metadata={
        "description": "Answer sealed_state (the state sealed with the server's key) and a seat's view "
                       "instead of the full state."})
    player = fields.Integer(strict=True, load_default=None, allow_none=True, metadata={
        "description": "With sealed: whose view the answer carries (null or omitted: a spectator's)."})


class StateAndPlayerRequest(StateOrSealedState):
    player = fields.Integer(strict=True, required=True, metadata={"description": "A 0-based seat."})


class LegalActionsRequest(StateAndPlayerRequest):
    types = BoundedList(fields.String(), max_items=MAX_TYPE_ITEMS, load_default=None, allow_none=True, metadata={
        "description": "Only actions of these types (default: every type)."})
    where = fields.Dict(keys=fields.String(), load_default=None, allow_none=True, metadata={
        "description": "Only actions whose top-level fields have these values, e.g. {\"tile\": \"triple\"}."})


#: ``suggest``'s budget: the default, and the most a request may ask (issue 23).
SUGGEST_BUDGET_MS = 300
MAX_SUGGEST_BUDGET_MS = 2000


class SuggestRequest(StateAndPlayerRequest):
    budget_ms = fields.Integer(strict=True, load_default=SUGGEST_BUDGET_MS,
                               validate=validate.Range(min=1, max=MAX_SUGGEST_BUDGET_MS), metadata={
        "description": f"How long the search may take, in ms (default {SUGGEST_BUDGET_MS}, at most "
                       f"{MAX_SUGGEST_BUDGET_MS}); the answer comes within it plus 50 ms."})
    seed = SeedField(load_default=None, allow_none=True, metadata={
        "description": "Fixes the search's chance: the same request and seed, the same answer "
                       "(omitted: a seed derived from the seat's view)."})


class ViewRequest(StateOrSealedState):
    player = fields.Integer(strict=True, load_default=None, allow_none=True,
                            metadata={"description": "A 0-based seat; null or omitted: a spectator."})


class StateAndActionRequest(StateOrSealedState):
    action = GameActionField(required=True)  # a table game's outcomes: see apply's description


class ReplayRequest(Seating, TableChance):
    players = _player_count(required=True)
    seed = SeedField(load_default=None, allow_none=True, metadata={
        "description": "The seed the game was set up with (required unless chance is \"table\")."})

    @validates_schema
    def _seed_unless_at_table(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("chance", "seeded") != "table" and data.get("seed") is None:
            raise ValidationError("Missing data for required field (a seeded game replays from its seed).",
                                  field_name="seed")
    salt = fields.String(load_default=None, allow_none=True, metadata={
        "description": "The salt of the game's seed commitment, to rebuild the state exactly; omitted: a new one."})
    options = GameOptionsField(keys=fields.String(), load_default=dict)
    actions = BoundedList(GameActionField(), max_items=max_replay_actions, required=True,
                          metadata={"description": "Every action since setup, in order; at most the server's "
                                                   "MAX_REPLAY_ACTIONS (5000 unless configured)."})


# ---------------------------------------------------------------- answers
class StatusSchema(Schema):
    phase = GamePhaseField(required=True)
    round = fields.Integer(required=True)
    active_players = fields.List(fields.Integer(), required=True,
                                 metadata={"description": "Seats that may act now (several at once is possible)."})
    game_over = fields.Boolean(required=True)
    scores = fields.List(fields.Integer(), allow_none=True, metadata={"description": "Once the game is over."})
    winners = fields.List(fields.Integer(), allow_none=True, metadata={"description": "Once the game is over."})


_TABLE = "\"table\" in a table game's answers (its seed_commitment is then null: the table shuffled)."
_COMMITMENT = ("SHA-256 commitment to the seed (salted); fixed for the game's life. Once the game is over, "
               "seed and salt open it (POST /v1/games/{game}/verify).")


class Revealed(Schema):
    """What a finished game reveals (absent before the end)."""

    seed = fields.String(metadata={"description": "Once the game is over: the seed."})
    salt = fields.String(allow_none=True, metadata={"description": "Once the game is over: the salt."})


class StateAndStatus(Schema):
    state = GameStateField(required=True)
    status = fields.Nested(StatusSchema, required=True)


class SetupResponse(Schema):
    state = GameStateField(metadata={"description": "The full state (absent when sealed)."})
    sealed_state = SealedStateField(metadata={"description": "When sealed: the state, sealed; post it back as is."})
    view = GameViewField(metadata={"description": "When sealed: the view of the seat named by player."})
    seat_keys = fields.List(fields.String(), metadata={
        "description": "When sealed: each seat's key, indexed by seat. Hand each seat its own: a sealed request "
                       "for a seat must carry it as seat_key. Only this answer holds them; they stay valid for "
                       "the game's every later sealed state."})
    status = fields.Nested(StatusSchema, required=True)
    seed_commitment = fields.String(required=True, allow_none=True, metadata={"description": _COMMITMENT})
    chance = fields.String(metadata={"description": _TABLE})


class ScoredAction(Schema):
    action = GameActionField(required=True)
    value = fields.Float(required=True, metadata={"description": "The mean result of its playouts for the seat, "
                                                                 "0 (lost) to 1 (won)."})
    visits = fields.Integer(required=True, metadata={"description": "How many playouts tried it."})


class Searched(Schema):
    determinizations = fields.Integer(required=True, metadata={
        "description": "How many full states were sampled from the seat's view."})
    playouts = fields.Integer(required=True)
    elapsed_ms = fields.Float(required=True)
    cut_short = fields.Boolean(required=True, metadata={
        "description": "The clock's safety stop ended the search before its planned work: this answer may "
                       "not come again for the same seed."})


class SuggestResponse(Schema):
    suggestions = fields.List(fields.Nested(ScoredAction), required=True, metadata={
        "description": "At most five legal actions of the seat, the best first."})
    searched = fields.Nested(Searched, required=True)


class LegalActionsResponse(Schema):
    actions = fields.List(GameActionField(), required=True)


class FieldError(Schema):
    path = fields.String(required=True, metadata={"description": "A JSON path into the request body."})
    message = fields.String(required=True)


class Violation(Schema):
    """A rules refusal: the same members a ``422`` problem from ``apply`` carries."""

    class Meta:
        unknown = INCLUDE

    code = GameRefusalCodeField(required=True, metadata={
        "description": "The refusal's code, one of the game's catalogue (GET /v1/games/{game}: errors)."})
    rule = fields.String(required=True, allow_none=True, metadata={"description": "The rule ID cited."})
    detail = fields.String(required=True)
    errors = fields.List(fields.Nested(FieldError))


class ValidateResponse(Schema):
    legal = fields.Boolean(required=True)
    violation = fields.Nested(Violation, metadata={"description": "Present when the action is not legal."})


class ApplyResponse(Revealed):
    state = GameStateField(metadata={"description": "The next state (absent when the request was sealed)."})
    sealed_state = SealedStateField(metadata={"description": "When the request was sealed: the next state, sealed."})
    view = GameViewField(metadata={"description": "When the request was sealed: the acting seat's view; "
                                               "events are then only those that seat may see."})
    events = fields.List(GameEventField(), required=True,
                         metadata={"description": "What happened, in order; private ones carry visible_to."})
    status = fields.Nested(StatusSchema, required=True)


class ViewResponse(Revealed):
    view = GameViewField(required=True, metadata={"description": "The state as that seat (or a spectator) may see it."})
    seed_commitment = fields.String(required=True, allow_none=True, metadata={"description": _COMMITMENT})
    chance = fields.String(metadata={"description": _TABLE})


class GameSummary(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    rules_version = fields.String(required=True)


class GameList(Schema):
    games = fields.List(fields.Nested(GameSummary), required=True)


class OptionDescription(Schema):
    name = fields.String(required=True)
    kind = fields.String(required=True, metadata={"enum": ["enum", "bool", "int", "list"]})
    default = fields.Raw(required=True, allow_none=True)
    description = fields.String(required=True)
    choices = fields.List(fields.Raw(allow_none=True))
    minimum = fields.Integer(metadata={"description": "For an int: the smallest value allowed."})
    maximum = fields.Integer(metadata={"description": "For an int: the largest value allowed."})
    rule = fields.String()
    assumed = fields.Boolean(metadata={"description": "The variant rests on assumed component data."})


class RuleEntry(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    text = fields.String(metadata={"description": "The rule as the spec states it (a game not yet giving "
                                                  "its rules' texts leaves it out)."})


class RefusalEntry(Schema):
    """One refusal the game can answer: a problem's (or a violation's) ``code`` is one of these."""

    code = GameRefusalCodeField(required=True)
    rules = fields.List(fields.String(), required=True, metadata={"description": "The rule IDs it may cite."})
    status = fields.Integer(required=True, metadata={"description": "The HTTP status of its problem."})
    message = fields.String(required=True, metadata={
        "description": "The template its detail sentence is worded from; {name} stands for a value."})


class GameDetail(GameSummary):
    options = fields.List(fields.Nested(OptionDescription), required=True)
    colors = fields.List(fields.String(), required=True,
                         metadata={"description": "Seat colours on offer, in their default order (empty: none)."})
    actions = fields.List(fields.String(), required=True, metadata={"description": "Every action type of the game."})
    rules = fields.List(fields.Nested(RuleEntry), required=True, metadata={"description": "The rule index."})
    errors = fields.List(fields.Nested(RefusalEntry), required=True, metadata={
        "description": "Every refusal code the game can answer (core's included), with the rules each cites."})
    notes = fields.Dict(required=True)


class ComponentsDocument(Schema):
    """A game's component data (each game's own typed document; see the game's schema)."""

    class Meta:
        unknown = INCLUDE

    data_version = fields.String(allow_none=True, metadata={"description": "The component data version a state names."})


class ProblemSchema(Schema):
    """RFC 9457 problem details, with this service's members."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, metadata={"description": "A URN naming the problem; ends with its code."})
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    code = fields.String(required=True, metadata={"description": "Machine-readable; a rules refusal's error code."})
    rule = fields.String(metadata={"description": "The rule ID a rules refusal cites."})
    errors = fields.List(fields.Nested(FieldError), metadata={"description": "Where the request is at fault."})
    action_index = fields.Integer(metadata={"description": "replay: the first refused action."})
    error_count = fields.Integer(metadata={
        "description": "How many field errors there are, when more than the 20 listed in `errors`."})
    request_id = fields.String()
    explain = fields.Dict(metadata={"description": (
        "A rules refusal where the rule compares amounts or positions: what the move needed and what the seat "
        "has or offered (`{\"needed\": {\"stone\": 2}, \"have\": {\"stone\": 1}}`), or the space and what "
        "it had to be next to or within.")})
    nearest = fields.List(fields.Dict(), metadata={"description": (
        "A rules refusal (`Illegal action`): up to three legal actions of the acting seat of the refused "
        "one's type, those differing from it in the fewest top-level fields first; absent where the seat "
        "has none of that type.")})


class Health(Schema):
    status = fields.String(required=True)


class ReadinessCheck(Schema):
    name = fields.String(required=True)
    ok = fields.Boolean(required=True)
    detail = fields.String(required=True)


class Readiness(Schema):
    status = fields.String(required=True)
    checks = fields.List(fields.Nested(ReadinessCheck), required=True)
