"""The game loop every game shares: who may send which action when.

A game describes its flow as a :class:`PhaseTable`: for each phase, the action types
it accepts (each with its handler), the seats whose decision the game awaits, and the
rules cited when an action comes at the wrong time or from the wrong seat. Core
routes every action through it, in the order most rulebooks list these checks:

1. the seat exists (``unknown_player``);
2. the game is not over (``game_over``);
3. the action belongs to the current phase (``wrong_phase``, citing the rule of the
   phase the action belongs to);
4. the sender is one of the seats the phase awaits (``not_your_turn``), unless the
   action is one any seat may send (an out-of-turn card: its handler says who may).

A game whose spec orders the first two the other way round sets ``seat_check_first``
to False. A game whose spec checks the action's parameters (unknown ids, forbidden
forms) right after ``game_over`` names that check in ``check_parameters``; it runs
before the seat (when the seat comes second), the phase and the turn. ``status().active_players`` is the awaited seats, so the loop and the
status can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterable, Mapping, Sequence, TypeVar

from . import refusals
from .errors import RulesetError
from .refusals import Refusal

S = TypeVar("S")
A = TypeVar("A")
#: a phase's handler: it applies one action to the state (a private copy) and answers the game's events.
Handler = Callable[[Any, Any], list[Any]]

# The loop's refusal codes are core's catalogue entries (rulesets.core.refusals: GAME_OVER,
# WRONG_PHASE, NOT_YOUR_TURN, UNKNOWN_PLAYER): compare a refusal's code with ``entry.code``.


def action_type(action_class: type) -> str:
    """The wire name of an action type (its msgspec tag)."""
    config = getattr(action_class, "__struct_config__", None)
    tag = getattr(config, "tag", None)
    return tag if isinstance(tag, str) else action_class.__name__


@dataclass(frozen=True)
class Phase(Generic[S]):
    """One phase (or step) of a game's flow.

    ``actors`` names the seats whose decision the game awaits now, in order of
    precedence; ``anyone`` lists action types of this phase that any seat may send
    (their handler decides who is eligible, and a seat that is not eligible gets the
    handler's own refusal).
    """

    name: str
    moves: Mapping[type, Handler]
    actors: Callable[[S], Sequence[int]]
    wrong_phase_rule: str | None
    not_your_turn_rule: str | None
    #: the refusal for a seat the phase does not await (a game may name its own code)
    not_your_turn: Refusal = refusals.NOT_YOUR_TURN
    anyone: frozenset[type] = frozenset()
    #: a sentence naming what the phase awaits, for refusals ("seat 2 to discard")
    describe: Callable[[S], "str | refusals.Worded"] | None = None


@dataclass(frozen=True)
class PhaseTable(Generic[S]):
    """A game's phases, keyed by what ``phase_of(state)`` answers.

    ``anytime`` holds out-of-turn actions accepted in every phase but the end (a
    card its holder may play at any moment); their handlers check eligibility.
    ``by_name`` is built from ``phases``: each phase under its name.
    """

    phases: Sequence[Phase[S]]
    phase_of: Callable[[S], str]
    over: str
    game_over_rule: str | None
    anytime: Mapping[type, Handler] = field(default_factory=dict)
    #: the rule a game cites for an action from a seat it does not have
    unknown_player_rule: str | None = None
    seat_check_first: bool = True
    check_parameters: Callable[[Any], None] | None = None
    by_name: Mapping[str, Phase[S]] = field(init=False, repr=False, compare=False)
    #: each action type's phase (the first that lists it), for ``wrong_phase``'s rule
    _home: Mapping[type, Phase[S]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name = {phase.name: phase for phase in self.phases}
        if len(by_name) != len(self.phases):
            raise ValueError("two phases share a name")
        home: dict[type, Phase[S]] = {}
        for phase in self.phases:
            for move in phase.moves:
                home.setdefault(move, phase)
        object.__setattr__(self, "by_name", by_name)
        object.__setattr__(self, "_home", home)

    # ---------------------------------------------------------------- lookups
    def phase(self, state: S) -> Phase[S] | None:
        """The current phase, or None once the game is over."""
        return self.named(self.phase_of(state))

    def named(self, name: str) -> Phase[S] | None:
        """The phase ``phase_of`` calls ``name``, or None for the end of the game."""
        if name == self.over:
            return None
        try:
            return self.by_name[name]
        except KeyError:
            raise ValueError(f"phase {name!r} is not in the phase table") from None

    def is_over(self, state: S) -> bool:
        return self.phase_of(state) == self.over

    def active_players(self, state: S) -> list[int]:
        phase = self.phase(state)
        return [] if phase is None else list(phase.actors(state))

    def action_types(self) -> list[type]:
        """Every action type the table routes, in table order (for documentation and checks)."""
        seen: dict[type, None] = {}
        for phase in self.phases:
            seen.update(dict.fromkeys(phase.moves))
        seen.update(dict.fromkeys(self.anytime))
        return list(seen)

    def allows(self, state: S, action_class: type) -> bool:
        phase = self.phase(state)
        return phase is not None and (action_class in phase.moves or action_class in self.anytime)

    # ---------------------------------------------------------------- routing
    def route(self, state: S, action: Any, seats: int) -> Handler:
        """The handler for ``action`` now, or the loop's refusal (checks 1 to 4 above)."""
        # Runs before every action: the lookups are written out rather than delegated.
        player = action.player
        if self.seat_check_first:
            check_seat(player, seats, rule=self.unknown_player_rule)
        name = self.phase_of(state)
        if name == self.over:
            raise refusals.GAME_OVER(self.game_over_rule)
        if self.check_parameters is not None:
            self.check_parameters(action)
        if not self.seat_check_first:
            check_seat(player, seats, rule=self.unknown_player_rule)
        phase = self.by_name.get(name)
        if phase is None:
            raise ValueError(f"phase {name!r} is not in the phase table")
        kind = type(action)
        if self.anytime:
            handler = self.anytime.get(kind)
            if handler is not None:
                return handler
        handler = phase.moves.get(kind)
        if handler is None:
            raise self._wrong_phase(phase, kind)
        if kind in phase.anyone:
            return handler
        awaited = phase.actors(state)
        if player not in awaited:
            waiting = phase.describe(state) if phase.describe else _seats(awaited)
            raise phase.not_your_turn(phase.not_your_turn_rule, player=player, awaited=waiting,
                                      context={"active": list(awaited)})
        return handler

    def _wrong_phase(self, current: Phase[S], kind: type) -> RulesetError:
        home = self._home.get(kind)
        rule = home.wrong_phase_rule if home is not None else current.wrong_phase_rule
        where = refusals.PHASE_NAMED(phase=home.name) if home is not None else refusals.NO_PHASE()
        return refusals.WRONG_PHASE(rule, action=action_type(kind), where=where, phase=current.name,
                                   context={"phase": current.name})


def check_seat(player: Any, seats: int, path: str = "$.player", rule: str | None = None) -> None:
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < seats:
        raise refusals.UNKNOWN_PLAYER(rule, player=player, seats=seats, last=seats - 1, context={"path": path})


def _seats(seats: Iterable[int]) -> refusals.Worded:
    listed = list(seats)
    if not listed:
        return refusals.NOBODY()
    if len(listed) == 1:
        return refusals.ONE_SEAT(seat=listed[0])
    return refusals.SEATS(seats=", ".join(map(str, listed)))
