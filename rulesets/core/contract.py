"""The contract every game implements, and what core does for every game.

A game writes its rulebook and nothing else: its types with their hidden-information
declaration (:mod:`rulesets.core.secrecy`), its phase table (:mod:`rulesets.core.loop`)
whose handlers hold the rules of each action, ``create`` (setup), ``enumerate_actions``,
``final_scores``, ``check_consistency`` and its components file. The base class owns the
rest: player-count, seating and option checks; decoding and type-checking states and
actions; refusing states of another game or rules version; the loop (seat, game over,
phase, turn, dispatch, the move counter); copy-before-apply; every view and the
redaction of every event and logged action; status; replay.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, Any, Callable, ClassVar, Collection, Generic, Iterable, Mapping, Sequence, TypeVar

import msgspec

from .bounds import counters_within, first_out_of_bounds
from .codec import MAX_COUNT, Count, Seat, clone, convert, copier, split_validation_error, to_builtins
from . import refusals as core_refusals
from .errors import IllegalAction, InvalidAction, InvalidState, RulesetError
from .events import Event, seen_by
from .loop import PhaseTable, action_type, check_seat
from .refusals import CORE, Catalogue, Refusal
from .rule_index import Rule, rule_entry
from .commitment import salted
from .rng import Rng, normalize_seed
from .secrecy import SECRET, concealed_as, public, redact

#: what ``apply`` answers beside the next state: the game's event Structs.
Events = list[Any]
#: ``apply``'s refusal of an action whose result would not pass the input check (``rulesets.core.bounds``).
COUNTER_OVERFLOW = "counter_overflow"


@public
class GameState(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Fields every game's state starts with. Subclasses add the game itself.

    Every game also has ``players: list[...]``, one entry per seat, 0-based.
    """

    game: str
    rules_version: str
    move: Count = 0
    #: the seat that played first (setup's ``first_player``).
    first_player: Seat = 0
    rng: Annotated[Rng, SECRET]


S = TypeVar("S", bound=GameState)
A = TypeVar("A")


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
class Seating:
    """Who sits where: the first player, and each seat's colour (empty for a game without colours)."""

    first_player: int = 0
    colors: tuple[str, ...] = ()
    #: False when setup named no first player: ``first_player`` is then the default seat 0, and a
    #: game whose rules draw the start player when none is named draws it instead (its ``create``
    #: reads this, so the draw takes its place in the game's order of random draws).
    first_player_named: bool = False


@dataclass(frozen=True)
class OptionSpec:
    """One variant a game offers at setup."""

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None  # enumerated values; None for free-form
    kind: str = "enum"  # "enum", "bool", "int" or "list"
    rule: str | None = None
    assumed: bool = False  # True when the variant rests on ASSUMED data
    #: for a "list": what the value must satisfy, and how to say so when it does not.
    validate: Callable[[Any], bool] | None = None
    requirement: str = "a list"
    #: for an "int": the smallest and largest values allowed (None: unbounded on that side).
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> None:
        if value is None and self.default is None:
            return  # "not chosen": the game derives it (from the player count, the component file...)
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise self.refused("must be true or false")
        elif self.kind == "enum":
            if value not in (self.choices or ()):
                raise self.refused(f"must be one of {', '.join(map(str, self.choices or ()))}")
        elif self.kind == "int":
            # bool is an int subclass in Python; JSON's true is no number of drafts.
            if (isinstance(value, bool) or not isinstance(value, int)
                    or (self.minimum is not None and value < self.minimum)
                    or (self.maximum is not None and value > self.maximum)):
                bounds = {key: bound for key, bound in (("minimum", self.minimum), ("maximum", self.maximum))
                          if bound is not None}
                raise self.refused(f"must be {self._int_range()}", **bounds)
        elif self.kind == "list":
            if not isinstance(value, list) or (self.validate is not None and not self.validate(value)):
                raise self.refused(f"must be {self.requirement}")

    def refused(self, requirement: str, **members: Any) -> RulesetError:
        """This option's ``invalid_options`` refusal ("Option 'x' must be ..."); ``members`` join the problem."""
        return core_refusals.INVALID_OPTIONS(self.rule, option=self.name, requirement=requirement,
                                             context={"path": f"$.options.{self.name}", **members})

    def _int_range(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"an integer from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f"an integer of at least {self.minimum}"
        if self.maximum is not None:
            return f"an integer of at most {self.maximum}"
        return "an integer"

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default,
                               "description": self.description}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.kind == "int":
            if self.minimum is not None:
                out["minimum"] = self.minimum
            if self.maximum is not None:
                out["maximum"] = self.maximum
        if self.rule:
            out["rule"] = self.rule
        if self.assumed:
            out["assumed"] = True
        return out


class Ruleset(ABC, Generic[S, A]):
    """One published game. Subclasses set the class attributes and the abstract methods."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    #: rule ID -> the rule (title and text), the game's rule index (served in its metadata).
    rules: ClassVar[Mapping[str, Rule | str]] = {}
    #: every refusal the game's rules can raise, declared once (core's own are added to it).
    refusals: ClassVar[Catalogue] = Catalogue()
    #: the rule cited when the player count is out of range.
    player_count_rule: ClassVar[str | None] = None
    #: the seat colours on offer, in their default order (empty: the game has none).
    colors: ClassVar[tuple[str, ...]] = ()
    color_rule: ClassVar[str | None] = None
    color_refusal: ClassVar[Refusal] = core_refusals.INVALID_COLOR
    #: how the game refuses a first player that is not a seat.
    first_player_rule: ClassVar[str | None] = None
    first_player_refusal: ClassVar[Refusal] = core_refusals.INVALID_FIRST_PLAYER
    #: rules the game cites for core's codes beyond those its phase table and setup declarations name.
    core_rules: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: the typed state; the action type is a tagged union on ``type``.
    State: ClassVar[type]
    Action: ClassVar[Any]
    #: the game's flow: phases, their actions and handlers, who is awaited.
    flow: ClassVar[PhaseTable[Any]]
    #: the game's events: a tagged union (on ``type``) of :class:`rulesets.core.events.Event` Structs,
    #: each declaring who sees it (an event type outside the union fails the generic leak test).
    Event: ClassVar[Any]
    #: the component data the game serves (a Struct type) and the version a state names.
    Components: ClassVar[type | None] = None
    #: extra facts for the metadata (data status, sources, decisions...).
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
            out["colors"] = list(self.colors)
            out["actions"] = [action_type(kind) for kind in self.flow.action_types()]
            out["rules"] = [rule_entry(rule_id, rule) for rule_id, rule in self.rules.items()]
            out["errors"] = [entry.describe(rules) for entry, rules in self.refusal_catalogue()]
            out["notes"] = dict(self.notes)
        return out

    # ------------------------------------------------------------------ setup
    def setup(self, players: int, seed: int | str | None = None, options: Mapping[str, Any] | None = None, *,
              first_player: int | None = None, colors: Sequence[str] | None = None) -> S:
        """A new game for ``players`` seats; all chance comes from ``seed``.

        Refusals come in the order rulebooks list a game's creation checks: the player
        count, the seats (colours, first player), then forbidden combinations of
        options, then each option on its own.
        """
        given = dict(options or {})
        chosen = {spec.name: given.get(spec.name, spec.default) for spec in self.options}
        low, high = self.player_range(chosen)
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise core_refusals.INVALID_PLAYER_COUNT(self.player_count_rule, game=self.title, low=low, high=high,
                                                players=players, context={"path": "$.players", "min": low,
                                                                          "max": high})
        seating = Seating(first_player=self._check_first_player(players, first_player),
                          colors=self._check_colors(players, colors), first_player_named=first_player is not None)
        self.check_options(chosen)
        resolved = self.resolve_options(given)
        try:
            seed_text = normalize_seed(seed)
        except (TypeError, ValueError) as exc:
            raise core_refusals.INVALID_SEED(reason=f"The {exc}.", context={"path": "$.seed"}) from None
        return self.create(players, seed_text, resolved, seating)

    def _check_colors(self, players: int, colors: Sequence[str] | None) -> tuple[str, ...]:
        if colors is None:
            return self.colors[:players]
        if not self.colors:
            raise self.color_refusal(self.color_rule, reason=f"{self.title} has no seat colours to choose.",
                                     context={"path": "$.colors"})
        if (not isinstance(colors, (list, tuple)) or len(colors) != players
                or any(not isinstance(c, str) or c not in self.colors for c in colors) or len(set(colors)) != players):
            raise self.color_refusal(self.color_rule,
                                     reason=f"Name one colour per seat, each once, from {', '.join(self.colors)}.",
                                     context={"path": "$.colors", "choices": list(self.colors)})
        return tuple(colors)

    def _check_first_player(self, players: int, first_player: int | None) -> int:
        if first_player is None:
            return 0
        if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < players:
            raise self.first_player_refusal(self.first_player_rule, last=players - 1,
                                            context={"path": "$.first_player"})
        return first_player

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option with its value (given or default), each checked on its own."""
        known = {spec.name: spec for spec in self.options}
        for name in given:
            if name not in known:
                raise core_refusals.INVALID_OPTIONS(
                    option=name, requirement=f"is not one of {self.title}'s options (it offers {', '.join(known) or 'none'})",
                    context={"path": f"$.options.{name}"})
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
    def create(self, players: int, seed: str, options: dict[str, Any], seating: Seating) -> S:
        """Build the starting state (the rulebook's setup section)."""

    # ------------------------------------------------------------------ decoding
    def load_state(self, raw: Any) -> S:
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
                raise core_refusals.WRONG_GAME(given=header.game, expected=self.id,
                                          context={"path": "$.game", "expected": self.id})
            if header.rules_version != self.rules_version:
                raise core_refusals.RULES_VERSION_MISMATCH(given=header.rules_version, game=self.id,
                                                      expected=self.rules_version,
                                                      context={"path": "$.rules_version",
                                                               "expected": self.rules_version})
            try:
                state = convert(raw, self.State)
            except msgspec.ValidationError as exc:
                message, path = split_validation_error(exc)
                raise InvalidState(message, path) from None
        self.check_state(state)
        return state

    def check_state(self, state: S) -> None:
        """The header checks core owns, then the game's own consistency checks."""
        seats = len(state.players)  # type: ignore[attr-defined]
        if state.first_player >= seats:
            raise InvalidState(f"first_player names seat {state.first_player}; this game has {seats} seats.",
                               "$.first_player")
        self.check_consistency(state)

    def load_action(self, raw: Any) -> A:
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
    def check_consistency(self, state: S) -> None:
        """Raise ``InvalidState`` (with a path) where the state contradicts the components."""

    # ------------------------------------------------------------------ play
    def apply(self, state: S, action: A | dict[str, Any], *, in_place: bool = False) -> tuple[S, Events]:
        """Validate and apply one action; the input state is never touched.

        The phase table routes the action (seat, game over, phase, turn) to its handler,
        which checks the rules and applies them to a private copy; the move counter
        counts every accepted action.

        ``in_place=True`` is for a caller that owns a throw-away state (one it has just
        decoded from a request): it skips the defensive copy, and after a refusal that
        state must be discarded, since the rules may have changed part of it.
        """
        if isinstance(action, dict):
            action = self.load_action(action)
        handler = self.flow.route(state, action, len(state.players))  # type: ignore[attr-defined]
        after = state if in_place else self._copy_state(state)
        events = handler(after, action)
        after.move += 1
        if not self._counters_within(after):
            beyond = first_out_of_bounds(after, self.State)
            if beyond is not None:
                # The answer must pass the input check again: a counter at its bound stops the game here.
                raise core_refusals.COUNTER_OVERFLOW(path=beyond, bound=MAX_COUNT, context={"path": beyond})
        return after, events

    # Both run on every apply: looked up once per ruleset rather than per call.
    @cached_property
    def _copy_state(self) -> Callable[[S], S]:
        return copier(self.State)

    @cached_property
    def _counters_within(self) -> Callable[[S], bool]:
        return counters_within(self.State)

    def legal_actions(self, state: S, player: int, types: Collection[str] | None = None,
                      where: Mapping[str, Any] | None = None) -> list[A]:
        """Every action ``apply`` accepts from ``player`` now.

        ``types`` keeps only actions of those types (a game may then skip enumerating
        the others); ``where`` keeps only actions whose top-level fields have those
        values (``{"tile": "triple"}``), for clients that ask only for what they draw.
        """
        if self.flow.is_over(state):
            return []
        wanted = None if types is None else frozenset(types)
        actions = self.enumerate_actions(state, player, wanted)
        if wanted is not None:
            actions = [a for a in actions if a.__struct_config__.tag in wanted]  # type: ignore[attr-defined]
        if where:
            actions = [a for a in actions if all(getattr(a, key, _MISSING) == value for key, value in where.items())]
        return actions

    @abstractmethod
    def enumerate_actions(self, state: S, player: int, types: frozenset[str] | None) -> list[A]:
        """Every action ``apply`` accepts from ``player`` now (of the given ``types``, if any).

        Core has already answered for a finished game; ``types`` is a hint that lets a
        game skip enumerating what was not asked for.
        """

    def validate(self, state: S, action: Any) -> RulesetError | None:
        """The refusal ``apply`` would raise, or None when the action is legal."""
        try:
            self.apply(state, action)
        except (IllegalAction, InvalidAction) as refusal:
            return refusal
        return None

    def check_seat(self, state: S, player: Any, path: str) -> None:
        check_seat(player, len(state.players), path, self.flow.unknown_player_rule)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ status
    def status(self, state: S) -> Status:
        """Phase, round, who may act, and once over, scores and winners."""
        flow = self.flow
        name = flow.phase_of(state)
        phase = flow.by_name.get(name) or flow.named(name)  # named: the end of the game, or an unknown name
        if phase is not None:
            return Status(phase=name, round=self.round_of(state), active_players=list(phase.actors(state)),
                          game_over=False)
        scores = self.final_scores(state)
        return Status(phase=name, round=self.round_of(state), active_players=[], game_over=True,
                      scores=scores, winners=self.winners(state, scores))

    def round_of(self, state: S) -> int:
        return state.round  # type: ignore[attr-defined, no-any-return]

    @abstractmethod
    def final_scores(self, state: S) -> list[int]:
        """Each seat's final score (called once the game is over)."""

    def winners(self, state: S, scores: list[int]) -> list[int]:
        """The seats with the best score; games with tie-breaks override this."""
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    # ------------------------------------------------------------------ what a seat sees
    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator), as JSON-ready builtins.

        Built from the game's hidden-information declaration alone: nothing a seat may
        not see can reach it through a game's own code.
        """
        out = redact(state, player, state)
        out["viewer"] = player
        return out  # type: ignore[no-any-return]

    def view_events(self, events: Iterable[Any], player: int | None) -> list[Any]:
        """The events ``player`` may see, each as it may see it, as the game's event types declare.

        ``events`` are the game's event Structs, or their JSON (read back from a session's log).
        """
        typed = [event if isinstance(event, Event) else self.load_event(event) for event in events]
        return seen_by(typed, player)

    def load_event(self, raw: Any) -> Event:
        return convert(raw, self.Event)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ what a client may look up
    def refusal_catalogue(self) -> list[tuple[Refusal, list[str]]]:
        """Every refusal the game can answer, core's first, each with the rules this game cites for it."""
        cited = self._rules_cited_for_core_codes()
        replaced = {core_refusals.NOT_YOUR_TURN.code} - {phase.not_your_turn.code for phase in self.flow.phases}
        replaced |= {core_refusals.INVALID_FIRST_PLAYER.code} - {self.first_player_refusal.code}
        replaced |= {core_refusals.INVALID_COLOR.code} - {self.color_refusal.code}
        out = [(entry, sorted(cited.get(entry.code, ()), key=_rule_order) if entry.any_rule else list(entry.rules))
               for entry in CORE if entry.code not in self.refusals and entry.code not in replaced]
        out += [(entry, list(entry.rules)) for entry in self.refusals]
        return out

    def _rules_cited_for_core_codes(self) -> dict[str, set[str]]:
        """The rules this game cites for core's codes: from its phase table and its setup declarations."""
        cited: dict[str, set[str]] = {}

        def cite(code: str, rule: str | None) -> None:
            if rule is not None:
                cited.setdefault(code, set()).add(rule)

        flow = self.flow
        cite("game_over", flow.game_over_rule)
        cite("unknown_player", flow.unknown_player_rule)
        for phase in flow.phases:
            cite("wrong_phase", phase.wrong_phase_rule)
            cite(phase.not_your_turn.code, phase.not_your_turn_rule)
        cite("invalid_player_count", self.player_count_rule)
        cite(self.first_player_refusal.code, self.first_player_rule)
        cite(self.color_refusal.code, self.color_rule)
        for spec in self.options:
            cite("invalid_options", spec.rule)
        for code, rules in self.core_rules.items():
            for rule in rules:
                cite(code, rule)
        return cited

    def components_document(self) -> Any:
        """The game's component data as served to clients (an instance of ``Components``)."""
        raise NotImplementedError(f"{self.id} serves no components document")

    def view_action(self, action: Any, player: int | None, state: S | None = None) -> dict[str, Any]:
        """An applied action as ``player`` may see it (fields marked private stay with the actor).

        ``state`` is the current state, for sealed fields that a reveal has opened. An action type
        declared ``concealed`` reaches other seats as its disguise only.
        """
        shown_as = concealed_as(type(action))
        if shown_as is not None and player != action.player:
            return {"type": shown_as, "player": action.player}
        return redact(action, player, state, owner=action.player)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ replay
    def replay(self, players: int, seed: int | str | None, options: Mapping[str, Any] | None,
               actions: Sequence[Any], *, first_player: int | None = None,
               colors: Sequence[str] | None = None, salt: str | None = None) -> S:
        """Setup, then every action in order; the first refusal names its ``action_index``.

        ``salt`` is the one the game's seed commitment was made with (:func:`salted`).
        """
        state = self.setup(players, seed, options, first_player=first_player, colors=colors)
        if salt is not None:
            salted(state, salt)
        for index, raw in enumerate(actions):
            try:
                state, _ = self.apply(state, raw, in_place=True)
            except RulesetError as refusal:
                refusal.context["action_index"] = index
                raise
        return state


_MISSING = object()


def _rule_order(rule_id: str) -> list[Any]:
    """SOL-2.10 after SOL-2.9: numbers compare as numbers."""
    return [int(part) if part.isdigit() else part for part in rule_id.replace("-", ".").split(".")]
