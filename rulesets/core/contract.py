"""The contract every game implements, and the checks every game shares.

A game subclasses :class:`Ruleset` and fills in the rulebook: ``create`` (setup),
``perform`` (one action on a private copy of the state), ``legal_actions``, ``view``,
``status`` and ``check_consistency``. The base class owns what is the same for every
game: player-count and option checks, decoding and type-checking states and actions,
refusing states of another game or rules version, seat checks, copy-before-apply,
event redaction and replay.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence

import msgspec

from .codec import Count, clone, convert, split_validation_error, to_builtins
from .errors import IllegalAction, InvalidAction, InvalidSetup, InvalidState, RulesetError
from .rng import Rng, normalize_seed

Event = dict[str, Any]


class GameState(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Fields every game's state starts with. Subclasses add the game itself.

    Every game also has ``players: list[...]``, one entry per seat, 0-based.
    """

    game: str
    rules_version: str
    move: Count = 0
    rng: Rng


class _Header(msgspec.Struct):
    """Just enough of a posted state to know whose it is before decoding it all."""

    game: str
    rules_version: str


class Status(msgspec.Struct, kw_only=True):
    phase: str
    round: int
    active_players: list[int]
    game_over: bool
    scores: list[int] | None = None
    winners: list[int] | None = None


@dataclass(frozen=True)
class OptionSpec:
    """One variant a game offers at setup."""

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None  # enumerated values; None for free-form
    kind: str = "enum"  # "enum", "bool", or "list"
    rule: str | None = None
    assumed: bool = False  # True when the variant rests on ASSUMED data
    #: for a "list": what the value must satisfy, and how to say so when it does not.
    validate: Callable[[Any], bool] | None = None
    requirement: str = "a list"

    def check(self, value: Any) -> None:
        if value is None and self.default is None:
            return  # "not chosen": the game derives it (from the player count, the component file...)
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidSetup("invalid_options", self.rule, f"Option '{self.name}' must be true or false.",
                                   path=f"$.options.{self.name}")
        elif self.kind == "enum":
            if value not in (self.choices or ()):
                raise InvalidSetup("invalid_options", self.rule,
                                   f"Option '{self.name}' must be one of {', '.join(map(str, self.choices or ()))}.",
                                   path=f"$.options.{self.name}")
        elif self.kind == "list":
            if not isinstance(value, list) or (self.validate is not None and not self.validate(value)):
                raise InvalidSetup("invalid_options", self.rule, f"Option '{self.name}' must be {self.requirement}.",
                                   path=f"$.options.{self.name}")

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default,
                               "description": self.description}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.rule:
            out["rule"] = self.rule
        if self.assumed:
            out["assumed"] = True
        return out


class Ruleset(ABC):
    """One published game. Subclasses set the class attributes and the abstract methods."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    #: rule ID -> short title, the game's rule index (served in its metadata).
    rules: ClassVar[Mapping[str, str]] = {}
    #: the rule cited when the player count is out of range.
    player_count_rule: ClassVar[str | None] = None
    #: the typed state; the action type is a tagged union on ``type``.
    State: ClassVar[type[GameState]]
    Action: ClassVar[Any]
    #: extra facts for the metadata (data status, sources...).
    notes: ClassVar[Mapping[str, Any]] = {}

    # ------------------------------------------------------------------ metadata
    def metadata(self, detailed: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "rules_version": self.rules_version,
        }
        if detailed:
            out["options"] = [spec.describe() for spec in self.options]
            out["rules"] = [{"id": rule_id, "title": title} for rule_id, title in self.rules.items()]
            out["notes"] = dict(self.notes)
        return out

    # ------------------------------------------------------------------ setup
    def setup(self, players: int, seed: int | str | None = None,
              options: Mapping[str, Any] | None = None) -> GameState:
        """A new game for ``players`` seats; all chance comes from ``seed``.

        Refusals come in the order rulebooks list a game's creation checks: the player
        count, then forbidden combinations of options, then each option on its own.
        """
        given = dict(options or {})
        chosen = {spec.name: given.get(spec.name, spec.default) for spec in self.options}
        low, high = self.player_range(chosen)
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise InvalidSetup("invalid_player_count", self.player_count_rule,
                               f"{self.title} is played by {low} to {high} players with these options, not {players}.",
                               path="$.players", min=low, max=high)
        self.check_options(chosen)
        resolved = self.resolve_options(given)
        try:
            seed_text = normalize_seed(seed)
        except TypeError as exc:
            raise InvalidSetup("invalid_seed", None, str(exc), path="$.seed") from None
        return self.create(players, seed_text, resolved)

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option with its value (given or default), each checked on its own."""
        known = {spec.name: spec for spec in self.options}
        for name in given:
            if name not in known:
                raise InvalidSetup("invalid_options", None,
                                   f"{self.title} has no option '{name}'; it offers {', '.join(known) or 'none'}.",
                                   path=f"$.options.{name}")
        resolved = {}
        for name, spec in known.items():
            value = given.get(name, spec.default)
            spec.check(value)
            resolved[name] = value
        return resolved

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """Player counts allowed with these options (a solo variant may narrow it).

        It runs before the options are checked: a value may be of the wrong type.
        """
        return self.min_players, self.max_players

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Refuse forbidden combinations of options (raise ``InvalidSetup``).

        It runs before each option's own check, so a value may be of the wrong type:
        refuse only the combinations recognised for certain.
        """

    @abstractmethod
    def create(self, players: int, seed: str, options: dict[str, Any]) -> GameState:
        """Build the starting state (the rulebook's setup section)."""

    # ------------------------------------------------------------------ decoding
    def load_state(self, raw: Any) -> GameState:
        """Posted JSON to a typed state, refusing anything the components contradict."""
        if isinstance(raw, self.State):
            state = raw
        else:
            if not isinstance(raw, dict):
                raise InvalidState("A state must be a JSON object.", "$")
            try:
                header = convert(raw, _Header)
            except msgspec.ValidationError as exc:
                message, path = split_validation_error(exc)
                raise InvalidState(message, path) from None
            if header.game != self.id:
                raise InvalidState(f"This state belongs to '{header.game}', not '{self.id}'.", "$.game",
                                   code="wrong_game", expected=self.id)
            if header.rules_version != self.rules_version:
                raise InvalidState(
                    f"This state was made under rules version {header.rules_version}; "
                    f"this referee plays {self.id} {self.rules_version}.",
                    "$.rules_version", code="rules_version_mismatch", expected=self.rules_version)
            try:
                state = convert(raw, self.State)
            except msgspec.ValidationError as exc:
                message, path = split_validation_error(exc)
                raise InvalidState(message, path) from None
        self.check_consistency(state)
        return state

    def load_action(self, raw: Any) -> Any:
        """Posted JSON to a typed action (a member of the ``Action`` union)."""
        if not isinstance(raw, dict):
            raise InvalidAction("An action must be a JSON object.", "$")
        try:
            return convert(raw, self.Action)
        except msgspec.ValidationError as exc:
            message, path = split_validation_error(exc)
            raise InvalidAction(message, path) from None

    def dump(self, value: Any) -> Any:
        return to_builtins(value)

    @abstractmethod
    def check_consistency(self, state: GameState) -> None:
        """Raise ``InvalidState`` (with a path) where the state contradicts the components."""

    # ------------------------------------------------------------------ play
    def apply(self, state: GameState, action: Any, *, in_place: bool = False) -> tuple[GameState, list[Event]]:
        """Validate and apply one action; the input state is never touched.

        ``in_place=True`` is for a caller that owns a throw-away state (one it has just
        decoded from a request): it skips the defensive copy, and after a refusal that
        state must be discarded, since the rules may have changed part of it.
        """
        if isinstance(action, dict):
            action = self.load_action(action)
        self.check_seat(state, action.player, "$.player")
        after = state if in_place else clone(state, self.State)
        events = self.perform(after, action)
        return after, events

    @abstractmethod
    def perform(self, state: GameState, action: Any) -> list[Event]:
        """Apply ``action`` to ``state`` (a private copy) or raise ``IllegalAction``."""

    @abstractmethod
    def legal_actions(self, state: GameState, player: int) -> list[Any]:
        """Every action ``apply`` accepts from ``player`` now."""

    def validate(self, state: GameState, action: Any) -> RulesetError | None:
        """The refusal ``apply`` would raise, or None when the action is legal."""
        try:
            self.apply(state, action)
        except (IllegalAction, InvalidAction) as refusal:
            return refusal
        return None

    @abstractmethod
    def view(self, state: GameState, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator), as JSON-ready builtins."""

    @abstractmethod
    def status(self, state: GameState) -> Status:
        """Phase, round, who may act, and once over, scores and winners."""

    def check_seat(self, state: GameState, player: Any, path: str) -> None:
        seats = len(state.players)  # type: ignore[attr-defined]
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < seats:
            raise InvalidAction(f"Seat {player} is not in this {seats}-player game (seats are 0 to {seats - 1}).",
                                path, code="unknown_player")

    # ------------------------------------------------------------------ redaction
    def view_events(self, events: Iterable[Event], player: int | None) -> list[Event]:
        """Events as ``player`` may see them: an event with ``visible_to`` is private to those seats."""
        out = []
        for event in events:
            visible_to = event.get("visible_to")
            if visible_to is None or (player is not None and player in visible_to):
                out.append(event)
        return out

    def view_action(self, action: Any, player: int | None) -> dict[str, Any]:
        """An applied action as ``player`` may see it; most actions are public once taken."""
        return to_builtins(action)

    # ------------------------------------------------------------------ replay
    def replay(self, players: int, seed: int | str | None, options: Mapping[str, Any] | None,
               actions: Sequence[Any]) -> GameState:
        """Setup, then every action in order; the first refusal names its ``action_index``."""
        state = self.setup(players, seed, options)
        for index, raw in enumerate(actions):
            try:
                state, _ = self.apply(state, raw)
            except RulesetError as refusal:
                refusal.context["action_index"] = index
                raise
        return state
