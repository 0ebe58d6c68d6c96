"""Noninterference: what a seat may not know changes nothing it is told.

A game's tests say, from its rulebook and not from its secrecy markers, which states a seat
cannot tell apart: a ``twin`` of a state for a seat re-deals the cards it cannot see among the
places it cannot see, permutes the decks, changes the choices still sealed from it and the
seed and salt, keeping every count and every card the seat sees or was shown. The property,
for any surface that answers a seat (the ruleset itself, sessions, sealed states):

* the seat's ``view``, its ``legal-actions`` and the ``status`` are byte-identical in a state
  and its twin;
* every action by that seat gets the same answer in both (accepted, or refused with the same
  code, rule, detail and path), and the events it is shown are the same;
* every action of another seat accepted in both shows the seat the same events and the same
  logged action; and the positions such actions lead to answer the seat the same again;
* where the rules keep an action's content from the seat (a bid staged one card at a time),
  the action and its ``alternative`` show the seat the same too;

except where the rules show the seat something: an event that ``disclosed`` names (a card it
draws, a hand laid face up) may differ, and is compared by its type alone.

``check_noninterference`` runs it with Hypothesis at positions of seeded playouts: at each
position Hypothesis draws the seat, the twin's randomness and the actions tried, and shrinks a
failure to a small difference. ``Secrets`` is what a game supplies.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Protocol, Sequence, TypeVar

from rulesets.core.codec import canonical_json, to_builtins
from rulesets.core.contract import Ruleset
from rulesets.core.errors import RulesetError
from rulesets.core.rng import Rng

from .playout import nudged_actions, random_playout

S = TypeVar("S")
Viewer = int | None


def _never_disclosed(event: dict[str, Any], viewer: Viewer) -> bool:
    return False


@dataclass(frozen=True)
class Secrets(Generic[S]):
    """What a game's rulebook says a seat may not know, as its tests write it.

    ``twin(state, viewer, rnd)``: a state ``viewer`` (None: a spectator) cannot tell from
    ``state``; it may return a copy or the state it was given, changed (it is handed a copy).
    ``disclosed(event, viewer)``: the rules show ``viewer`` this event's content (the event as
    the viewer is shown it, JSON builtins), so it may differ between twins.
    ``alternative(state, action, viewer, rnd)``: another action its actor could take instead
    whose difference the rules keep from ``viewer`` (None: none), for games whose secret is a
    choice rather than a card.
    """

    twin: Callable[[S, Viewer, random.Random], S]
    disclosed: Callable[[dict[str, Any], Viewer], bool] = _never_disclosed
    alternative: Callable[[S, dict[str, Any], Viewer, random.Random], dict[str, Any] | None] | None = None


class Attempt(Protocol):
    """One action applied on a surface."""

    #: the refusal as the sender is told it (code, rule, detail, path), or None when accepted
    refusal: dict[str, Any] | None

    def seen_by(self, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` is told of the accepted action: its events and the logged action."""

    def after(self, viewer: Viewer) -> dict[str, Any]:
        """``viewer``'s answers in the state the action led to."""


class Surface(Protocol):
    """A way a seat is answered: the ruleset itself, a session, a sealed state."""

    def observe(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        """Everything ``viewer`` is told of ``state``: view, status, its legal actions."""

    def attempt(self, state: Any, action: dict[str, Any]) -> Attempt:
        """``action`` sent for its ``player`` on ``state``."""


# ---------------------------------------------------------------------- the ruleset itself
@dataclass
class _StatelessAttempt:
    ruleset: Ruleset[Any, Any]
    action: dict[str, Any]
    refusal: dict[str, Any] | None
    state: Any = None
    events: list[Any] = field(default_factory=list)

    def seen_by(self, viewer: Viewer) -> dict[str, Any]:
        typed = self.ruleset.load_action(self.action)
        return {"events": to_builtins(self.ruleset.view_events(self.events, viewer)),
                "action": to_builtins(self.ruleset.view_action(typed, viewer, self.state))}

    def after(self, viewer: Viewer) -> dict[str, Any]:
        return Stateless(self.ruleset).observe(self.state, viewer)


@dataclass(frozen=True)
class Stateless:
    """The ruleset's own answers, as the stateless endpoints give them."""

    ruleset: Ruleset[Any, Any]

    def observe(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        seen: dict[str, Any] = {"view": self.ruleset.view(state, viewer),
                                "status": to_builtins(self.ruleset.status(state))}
        if viewer is not None:
            seen["legal"] = to_builtins(self.ruleset.legal_actions(state, viewer))
        return seen

    def attempt(self, state: Any, action: dict[str, Any]) -> Attempt:
        try:
            after, events = self.ruleset.apply(state, action)
        except RulesetError as refusal:
            return _StatelessAttempt(self.ruleset, action, _refusal_of(refusal))
        return _StatelessAttempt(self.ruleset, action, None, after, list(events))


def _refusal_of(refusal: RulesetError) -> dict[str, Any]:
    return {"code": refusal.code, "rule": refusal.rule, "detail": refusal.detail,
            "path": getattr(refusal, "path", None)}


# ---------------------------------------------------------------------- helpers for a twin
def reseeded(state: Any, rnd: random.Random) -> None:
    """A new seed and salt (what is left of the draws is what nobody may know)."""
    salt = None if state.rng.salt is None else f"twin-salt-{rnd.getrandbits(64):x}"
    state.rng = Rng(seed=f"twin-{rnd.getrandbits(64):x}", counter=state.rng.counter, salt=salt)


def redealt(places: Sequence[list[Any]], rnd: random.Random) -> None:
    """The items of ``places`` shuffled among them, each place keeping its size (in place)."""
    pool = [item for place in places for item in place]
    rnd.shuffle(pool)
    start = 0
    for place in places:
        place[:] = pool[start:start + len(place)]
        start += len(place)


# ---------------------------------------------------------------------- the property
class Interference(AssertionError):
    """Two states a seat cannot tell apart told it different things."""


@dataclass
class Report:
    """How much a run compared; ``failure`` is the first interference met (None: none)."""

    game: str
    players: int
    surface: str
    positions: int = 0
    comparisons: int = 0
    changed_twins: int = 0
    failure: str | None = None
    failed_at: int | None = None


def positions_of(ruleset: Ruleset[Any, Any], players: int, count: int, seed: str) -> list[Any]:
    """``count`` states spread evenly along seeded random whole games (as many as it takes)."""
    states: list[Any] = []
    games = 0
    while len(states) < count * 2 and games < 50:
        done = random_playout(ruleset, players, f"{seed}-ni-{games}", sample_legal=0, nudges=0)
        state = ruleset.setup(players, f"{seed}-ni-{games}")
        states.append(state)
        for action in done.actions:
            state, _ = ruleset.apply(state, action)
            states.append(state)
        games += 1
    if len(states) <= count:
        return states
    stride = len(states) / count
    return [states[int(i * stride)] for i in range(count)]


def _until_disclosed(left: list[Any], right: list[Any], viewer: Viewer,
                     secrets: Secrets[Any]) -> tuple[list[Any], list[Any], bool]:
    """The two event lists up to the first event either shows as a disclosure (once the rules show the seat
    something, a drawn card, a guess that hit, what follows may depend on it), and whether one did."""
    def first(events: list[Any]) -> int:
        return next((i for i, e in enumerate(events) if isinstance(e, dict) and secrets.disclosed(e, viewer)),
                    len(events))
    cut = min(first(left), first(right))
    if cut == len(left) == len(right):
        return left, right, False
    return left[:cut], right[:cut], True


def _same(left: Any, right: Any, what: str) -> None:
    a, b = canonical_json(left), canonical_json(right)
    if a != b:
        raise Interference(f"{what} differ:\n  state: {_excerpt(a, b)}\n  twin:  {_excerpt(b, a)}")


def _excerpt(text: bytes, other: bytes) -> str:
    at = next((i for i, (x, y) in enumerate(zip(text, other)) if x != y), min(len(text), len(other)))
    return text[max(0, at - 120): at + 120].decode(errors="replace")


class _Case:
    """One comparison of a state and its twin for a viewer, on one surface."""

    def __init__(self, ruleset: Ruleset[Any, Any], surface: Surface, secrets: Secrets[Any], state: Any,
                 viewer: Viewer, rnd: random.Random, pick: Callable[[Sequence[Any], int], list[Any]]) -> None:
        self.ruleset, self.surface, self.secrets = ruleset, surface, secrets
        self.state, self.viewer, self.rnd, self.pick = state, viewer, rnd, pick
        twin = secrets.twin(ruleset.load_state(to_builtins(state)), viewer, rnd)
        try:
            self.twin = ruleset.load_state(to_builtins(twin))
        except RulesetError as refused:
            # A twin the referee refuses is the generator's bug, not a leak: say so, not "interference".
            raise AssertionError(f"the Secrets' twin for {'a spectator' if viewer is None else f'seat {viewer}'} "
                                 f"is a state the referee refuses: {refused.code} at "
                                 f"{getattr(refused, 'path', '$')}: {refused.detail}") from None
        self.changed = canonical_json(self.twin) != canonical_json(state)
        self.comparisons = 0

    def run(self) -> None:
        who = "a spectator" if self.viewer is None else f"seat {self.viewer}"
        self.compare(self.surface.observe(self.state, self.viewer), self.surface.observe(self.twin, self.viewer),
                     f"{who}'s answers")
        active = list(self.ruleset.status(self.state).active_players)
        if self.viewer is not None:
            own = [to_builtins(a) for a in self.ruleset.legal_actions(self.state, self.viewer)]
            tried = self.pick(own, 3)
            for action in self.pick(own, 1):
                # A near miss sent for another seat is that seat's action, its refusal told to that seat.
                near = [n for n in nudged_actions(action, len(self.state.players)) if n.get("player") == self.viewer]
                tried += self.pick(near, 2)
            for action in tried:
                self.compare_attempts(action, f"{who}'s own {action}")
        for other in active:
            if other == self.viewer:
                continue
            theirs = [to_builtins(a) for a in self.ruleset.legal_actions(self.state, other)]
            for action in self.pick(theirs, 2):
                self.compare_attempts(action, f"seat {other}'s {action}, shown to {who}", others=True)
                self.compare_alternative(action, who)

    def compare(self, left: Any, right: Any, what: str) -> None:
        self.comparisons += 1
        _same(left, right, what)

    def compare_attempts(self, action: dict[str, Any], what: str, others: bool = False) -> None:
        mine, twins = self.surface.attempt(self.state, action), self.surface.attempt(self.twin, action)
        if others:
            # Another seat's secret decides what it may do: only what both states accept is shown to the viewer.
            if mine.refusal is not None or twins.refusal is not None:
                return
        else:
            self.compare(mine.refusal, twins.refusal, f"the answers to {what}")
            if mine.refusal is not None:
                return
        self.compare_shown(mine, twins, f"what {what} shows")

    def compare_alternative(self, action: dict[str, Any], who: str) -> None:
        if self.secrets.alternative is None:
            return
        other = self.secrets.alternative(self.state, action, self.viewer, self.rnd)
        if other is None:
            return
        first, second = self.surface.attempt(self.state, action), self.surface.attempt(self.state, other)
        if first.refusal is not None or second.refusal is not None:
            return
        self.compare_shown(first, second, f"what {action} and its secret alternative {other}, shown to {who}, show")

    def compare_shown(self, left: Attempt, right: Attempt, what: str) -> None:
        """What the viewer is told of the action; and, when the rules showed it nothing new, of the position the
        action led to (a seat cannot tell the two next positions apart either: which card copy left a
        hidden hand, say, must not show on the table afterwards)."""
        one, two = left.seen_by(self.viewer), right.seen_by(self.viewer)
        self.compare(one["action"], two["action"], f"the logged action in {what}")
        mine, twins, disclosed = _until_disclosed(one["events"], two["events"], self.viewer, self.secrets)
        self.compare(mine, twins, f"the events of {what}")
        if not disclosed:
            self.compare(left.after(self.viewer), right.after(self.viewer), f"the answers after {what}")


def check_noninterference(ruleset: Ruleset[Any, Any], secrets: Secrets[Any], players: int, *,
                          positions: int = 200, seed: str = "noninterference", surface: Surface | None = None,
                          surface_name: str = "stateless", examples: int = 2, stop_at_first: bool = False,
                          shrink: bool = True) -> Report:
    """Run the property at ``positions`` positions of seeded playouts of ``players`` seats.

    At each position Hypothesis tries ``examples`` cases (seat, twin, actions). Raises
    ``Interference`` at the first failure unless ``stop_at_first`` (then the report names it).
    """
    from hypothesis import HealthCheck, Phase, given, settings, strategies as st
    from hypothesis import seed as hypothesis_seed

    surface = surface or Stateless(ruleset)
    report = Report(ruleset.id, players, surface_name)
    viewers = [None, *range(players)]
    phases = [Phase.generate, Phase.shrink] if shrink else [Phase.generate]
    for index, position in enumerate(positions_of(ruleset, players, positions, seed)):  # noqa: B007 (read by case)

        @hypothesis_seed(index)
        @settings(max_examples=examples, database=None, deadline=None, phases=phases,
                  suppress_health_check=list(HealthCheck), report_multiple_bugs=False)
        @given(viewer=st.sampled_from(viewers), rnd=st.randoms(use_true_random=False), data=st.data())
        def case(viewer: Viewer, rnd: random.Random, data: Any) -> None:
            def pick(items: Sequence[Any], most: int) -> list[Any]:
                if not items:
                    return []
                chosen = data.draw(st.lists(st.integers(0, len(items) - 1), max_size=most, unique=True))
                return [items[i] for i in chosen]
            one = _Case(ruleset, surface, secrets, position, viewer, rnd, pick)
            one.run()
            report.comparisons += one.comparisons
            report.changed_twins += one.changed

        report.positions += 1
        try:
            case()
        except Interference as failure:
            report.failure, report.failed_at = f"{players}p position {index}: {failure}", report.positions
            if stop_at_first:
                return report
            raise Interference(report.failure) from None
    return report
