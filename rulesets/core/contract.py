"""The contract every game implements, and what core does for every game.

A game writes its rulebook and nothing else: its types with their hidden-information
declaration (:mod:`rulesets.core.secrecy`), its phase table (:mod:`rulesets.core.loop`)
whose handlers hold the rules of each action, ``create`` (setup), ``enumerate_actions``,
``final_scores``, ``check_consistency`` and its components file. Core owns the rest, one
concern a module: setup with its player-count, seating and option checks
(:mod:`.setup`), every view and redaction (:mod:`.views`), replay (:mod:`.replay`), metadata
and the refusal catalogue (:mod:`.described`); and here, the play itself: decoding and
type-checking states and actions, refusing states of another game or rules version, the
loop (seat, game over, phase, turn, dispatch, the move counter), copy-before-apply and status.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping
from functools import cached_property
from typing import Any

import msgspec

from . import decoding
from . import outcomes as table
from . import refusals as core_refusals
from .bounds import counters_within, first_out_of_bounds
from .consistency import FIRST_PLAYER_NOT_A_SEAT, NOBODY_TO_ACT, state_refusal
from .codec import MAX_COUNT, convert, copier, to_builtins
from .declaration import A, GameState, S
from .described import Described
from .errors import IllegalAction, InvalidAction, RulesetError
from .loop import check_seat
from .options import OptionSpec
from .replay import Replay
from .scoring import Place, ScoreSheet, ranked, total
from .seating import Seating
from .views import Views

__all__ = ["Events", "GameState", "OptionSpec", "Ruleset", "Seating", "Status"]

#: what ``apply`` answers beside the next state: the game's event Structs.
Events = list[Any]


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


class Ruleset(Replay[S, A], Views[S, A], Described[S, A], ABC):
    """One published game. Subclasses set the class attributes (:class:`.declaration.Declaration`)
    and the abstract methods."""

    # ------------------------------------------------------------------ decoding
    def load_state(self, raw: Any) -> S:
        """Posted JSON to a typed state, refusing anything the components contradict."""
        if isinstance(raw, self.State):
            state: S = raw
        else:
            if not isinstance(raw, dict):
                raise state_refusal(decoding.STATE_NOT_AN_OBJECT(), "$")
            try:
                header = convert(raw, _Header)
            except msgspec.ValidationError as exc:
                raise decoding.undecodable(exc, state_refusal) from None
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
                raise decoding.undecodable(exc, state_refusal) from None
        self.check_state(state)
        return state

    def check_state(self, state: S) -> None:
        """The header checks core owns, then the game's own consistency checks."""
        seats = len(state.players)
        if state.first_player >= seats:
            raise state_refusal(FIRST_PLAYER_NOT_A_SEAT(seat=state.first_player, seats=seats), "$.first_player")
        self.check_consistency(state)
        # A game that is not over awaits someone: a state in which no seat may act would answer every
        # request with "nothing to do" forever (a trading step every seat has closed, posted by hand).
        phase = self.flow.phase(state)
        if phase is not None and not phase.actors(state):
            raise state_refusal(NOBODY_TO_ACT(phase=phase.name), "$")

    def load_action(self, raw: Any) -> A:
        """Posted JSON to a typed action (a member of the ``Action`` union)."""
        if not isinstance(raw, dict):
            raise decoding.invalid_action(decoding.ACTION_NOT_AN_OBJECT())
        try:
            action: A = convert(raw, self.Action)
        except msgspec.ValidationError as exc:
            raise decoding.undecodable(exc, decoding.invalid_action) from None
        return action

    def dump(self, value: Any) -> Any:
        return to_builtins(value)

    @abstractmethod
    def check_consistency(self, state: S) -> None:
        """Raise ``InvalidState`` (with a path) where the state contradicts the components."""

    # ------------------------------------------------------------------ play
    def apply(self, state: S, action: A | dict[str, Any], *, in_place: bool = False,
              outcomes: list[Any] | None = None) -> tuple[S, Events]:
        """Validate and apply one action; the input state is never touched.

        The phase table routes the action (seat, game over, phase, turn) to its handler,
        which checks the rules and applies them to a private copy; the move counter
        counts every accepted action.

        ``in_place=True`` is for a caller that owns a throw-away state (one it has just
        decoded from a request): it skips the defensive copy, and after a refusal that
        state must be discarded, since the rules may have changed part of it.

        ``outcomes`` (or the action object's own ``outcomes`` member) is what a real table drew
        for the draws this action makes (:mod:`.outcomes`); a seeded game takes none.
        """
        action, carried = table.split_action(action)
        if carried is not None:
            outcomes = carried
        typed: Any = self.load_action(action) if isinstance(action, dict) else action
        handler = self.flow.route(state, typed, len(state.players))
        after = state if in_place else self._copy_state(state)
        if state.rng.chance == "table":
            events = self._apply_at_table(handler, after, typed, outcomes or [])
        elif outcomes:
            raise table.unexpected(len(outcomes), 0)
        else:
            events = handler(after, typed)
        after.move += 1
        if not self._counters_within(after):
            beyond = first_out_of_bounds(after, self.State)
            if beyond is not None:
                # The answer must pass the input check again: a counter at its bound stops the game here.
                raise core_refusals.COUNTER_OVERFLOW(path=beyond, bound=MAX_COUNT, context={"path": beyond})
        return after, events

    @staticmethod
    def _apply_at_table(handler: Callable[[S, Any], Events], after: S, typed: Any, outcomes: list[Any]) -> Events:
        with table.reported(outcomes) as feed:
            try:
                events = handler(after, typed)
            except RulesetError:
                if feed.unmet:  # the refusal may rest on an assumed draw: what the table drew comes first
                    raise feed.required() from None
                raise
        feed.finish()
        return events

    # Both run on every apply: looked up once per ruleset rather than per call.
    @cached_property
    def _copy_state(self) -> Callable[[S], S]:
        state_type: type = self.State  # a plain type: mypy takes type[Any] for unhashable
        return copier(state_type)

    @cached_property
    def _counters_within(self) -> Callable[[S], bool]:
        state_type: type = self.State
        return counters_within(state_type)

    # ------------------------------------------------------------------ simulation (rulesets.core.simulation)
    def play_trusted(self, state: S, action: A) -> Events:
        """Apply a typed action known to be legal (drawn from this game's own legal actions), IN PLACE.

        What ``apply`` does minus what such an action cannot fail: no decoding, no defensive
        copy, no seat, game-over, phase or turn check, no counter-bound scan. The handler still
        runs the rules (a game may route to leaner handlers in ``trusted_handler``). The result
        (state and events) is ``apply``'s; an action that is not legal leaves the state undefined.
        """
        events = self.trusted_handler(state, action)(state, action)
        state.move += 1
        return events

    def trusted_handler(self, state: S, action: A) -> Callable[[Any, Any], Events]:
        """The handler ``flow.route`` would answer for a legal action, without its checks."""
        flow = self.flow
        kind = type(action)
        if flow.anytime:
            handler = flow.anytime.get(kind)
            if handler is not None:
                return handler
        return flow.by_name[flow.phase_of(state)].moves[kind]

    def random_action(self, state: S, player: int, rnd: random.Random) -> A | None:
        """One legal action of ``player`` chosen at random, or None when the seat has none.

        Every action ``legal_actions`` lists can be drawn, and only those. By default a uniform
        choice from that list; a game whose lists are long overrides this to draw without
        listing them all (the draw need not be uniform).
        """
        actions = self.legal_actions(state, player)
        return rnd.choice(actions) if actions else None

    def copy_state(self, state: S) -> S:
        """A deep copy of a state (what ``apply`` copies before it plays), for a caller about to play in place."""
        return self._copy_state(state)

    # ------------------------------------------------------------------ search (rulesets.core.search)
    #: with ``evaluate``: a playout stops after this many actions and is valued by ``evaluate``.
    rollout_depth: int | None = None
    #: how many playouts share one sampled state (None: the search's default); a game whose hidden part rarely
    #: matters within a playout and whose samples are dear to make sets it higher.
    playouts_per_determinization: int | None = None

    def determinize(self, view: dict[str, Any], viewer: int, rnd: random.Random) -> S:
        """A full state consistent with ``viewer``'s ``view``: what the seat cannot see drawn from what it
        has not seen (``rulesets.core.search.sampling``), with a fresh random source. A game's search needs it."""
        raise NotImplementedError(f"{self.id} has no determinize hook: it cannot sample a state from a seat's view")

    @property
    def searchable(self) -> bool:
        """Whether the game supplies ``determinize`` (the search refuses a game that does not)."""
        return type(self).determinize is not Ruleset.determinize

    def playout_action(self, state: S, player: int, rnd: random.Random) -> A | None:
        """The search's playout policy: by default ``random_action``; a game overrides it where random play is weak."""
        return self.random_action(state, player, rnd)

    def search_candidates(self, state: S, player: int, legal: list[A], rnd: random.Random) -> list[A]:
        """The actions the search tries at the root: by default every one of ``legal`` (the seat's legal actions
        in the search's first sample ``state``). A game whose lists run to thousands narrows them to a bounded,
        well-chosen subset of ``legal``, read from that sample (which the seat's view decides) and ``rnd`` only;
        the search keeps only actions of ``legal``."""
        return legal

    def evaluate(self, state: S, player: int) -> float | None:
        """A position's worth to ``player`` in [0, 1] before the end (None: the game has no evaluation, playouts run
        to the end). A game that gives one also sets ``rollout_depth``."""
        return None

    @property
    def has_evaluation(self) -> bool:
        return self.rollout_depth is not None and type(self).evaluate is not Ruleset.evaluate

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
            actions = [a for a in actions if _tag(a) in wanted]
        if where:
            actions = [a for a in actions if all(getattr(a, key, _MISSING) == value for key, value in where.items())]
        return actions

    @abstractmethod
    def enumerate_actions(self, state: S, player: int, types: frozenset[str] | None) -> list[A]:
        """Every action ``apply`` accepts from ``player`` now (of the given ``types``, if any).

        Core has already answered for a finished game; ``types`` is a hint that lets a
        game skip enumerating what was not asked for.
        """

    def validate(self, state: S, action: Any, *, outcomes: list[Any] | None = None) -> RulesetError | None:
        """The refusal ``apply`` would raise, or None when the action is legal."""
        try:
            self.apply(state, action, outcomes=outcomes)
        except (IllegalAction, InvalidAction) as refusal:
            return refusal
        return None

    def check_seat(self, state: S, player: Any, path: str) -> None:
        check_seat(player, len(state.players), path, self.flow.unknown_player_rule)

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
        return state.round

    @abstractmethod
    def score_sheet(self, state: S) -> ScoreSheet:
        """Each seat's scoring items (:mod:`.scoring`), counted on the state as it stands: at the end, the
        final scoring; before it, the score the final scoring would give if the game ended now."""

    def tie_break(self, state: S, seat: int) -> tuple[int, ...]:
        """What the rulebook compares after the total, highest first (none: tied totals share a place)."""
        return ()

    def final_scores(self, state: S) -> list[int]:
        """Each seat's total: the sum of its score sheet."""
        return [total(items) for items in self.score_sheet(state)]

    def ranking(self, state: S, scores: list[int] | None = None) -> list[Place]:
        """The seats in the order the total and then the tie-breaks give; unbroken ties share a place."""
        totals = self.final_scores(state) if scores is None else scores
        return ranked([(score, *self.tie_break(state, seat)) for seat, score in enumerate(totals)])

    def winners(self, state: S, scores: list[int]) -> list[int]:
        """The seats in first place."""
        return sorted(entry.seat for entry in self.ranking(state, scores) if entry.place == 1)


_MISSING = object()


def _tag(action: Any) -> Any:
    return action.__struct_config__.tag
