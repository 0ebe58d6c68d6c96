"""Hand-built positions and one-line assertions about them, bound to one ruleset.

A game's rule tests set a position up, edit it, and ask what the referee answers::

    game = Scenario(RULESET)
    state = game.arrange(players=3, edit=lambda s: setattr(s, "heap", 2))
    after, events = game.play(state, type="take", player=0, stones=2)
    game.refused(state, {"type": "take", "player": 0, "stones": 3}, "bad_take", rule="CN-3")

Every helper raises ``AssertionError`` with the answer it got when the referee disagrees, so
the tests run under pytest or any other runner.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Iterable, Mapping, TypeVar

from rulesets.core.codec import to_builtins
from rulesets.core.contract import GameState, Ruleset
from rulesets.core.errors import InvalidState, RulesetError

S = TypeVar("S", bound=GameState)


class _Any:
    """The ``rule=ANY`` default: any rule (or none) is fine."""

    _instance: "_Any | None" = None

    def __new__(cls) -> "_Any":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ANY"


#: Pass as ``rule`` to accept whatever rule a refusal cites.
ANY: Any = _Any()


class Scenario(Generic[S]):
    """The scenario helpers of one ruleset: set-up, checked hand-built states, plays and refusals."""

    def __init__(self, ruleset: Ruleset[S, Any]) -> None:
        self.ruleset = ruleset

    def __repr__(self) -> str:
        return f"Scenario({self.ruleset.id})"

    # ------------------------------------------------------------------ positions
    def new(self, players: int = 2, seed: int | str = "scenario", *, first_player: int | None = None,
            **options: Any) -> S:
        """A fresh set-up: ``players`` seats, this seed, these options (and seat ``first_player`` first)."""
        kwargs: dict[str, Any] = {} if first_player is None else {"first_player": first_player}
        return self.ruleset.setup(players, seed, options, **kwargs)

    def checked(self, state: S) -> S:
        """The state as the referee would load it from a client: it must pass ``load_state``.

        A hand-built position is only worth testing when it is one the referee accepts, so the
        state goes through its wire form and every consistency check; the loaded copy is returned.
        """
        try:
            return self.ruleset.load_state(to_builtins(state))
        except InvalidState as refusal:
            raise AssertionError(f"{self.ruleset.id}: the scenario is not a state the referee accepts: "
                                 f"{refusal.code} at {refusal.path}: {refusal.detail}") from refusal

    def arrange(self, *, players: int = 2, seed: int | str = "scenario", options: Mapping[str, Any] | None = None,
                first_player: int | None = None, edit: Callable[[S], S | None] | None = None) -> S:
        """Set up, apply ``edit`` (it changes the state in place, or returns a new one), then ``checked``."""
        state = self.new(players, seed, first_player=first_player, **dict(options or {}))
        if edit is not None:
            edited = edit(state)
            if edited is not None:
                state = edited
        return self.checked(state)

    # ------------------------------------------------------------------ actions
    @staticmethod
    def action_of(action: Any = None, fields: Mapping[str, Any] | None = None) -> Any:
        """An action given as a typed action, a dict, keyword fields, or a dict with fields added."""
        if not fields:
            if action is None:
                raise TypeError("no action given: pass an action or its fields")
            return action
        if action is None:
            return dict(fields)
        return {**to_builtins(action), **fields}

    def play(self, state: S, action: Any = None, **fields: Any) -> tuple[S, list[dict[str, Any]]]:
        """Apply the action (``action``, or ``**fields``): the next state and its events in wire form."""
        after, events = self.ruleset.apply(state, self.action_of(action, fields))
        return after, to_builtins(events)

    def refused(self, state: S, action: Any, code: str, rule: str | None = ANY) -> RulesetError:
        """Assert ``apply`` refuses ``action`` with ``code`` (and ``rule``, unless ANY); return the refusal.

        ``rule=None`` asserts the refusal cites no rule.
        """
        try:
            self.ruleset.apply(state, action)
        except RulesetError as refusal:
            got = refusal
        else:
            raise AssertionError(f"{self.ruleset.id}: {to_builtins(action)} was accepted; expected {code}")
        assert got.code == code, (f"{self.ruleset.id}: expected {code}, got {got.code} "
                                  f"(rule {got.rule}): {got.detail}")
        if rule is not ANY:
            assert got.rule == rule, (f"{self.ruleset.id}: {code} cites {got.rule}, expected {rule}: "
                                      f"{got.detail}")
        return got

    def accepted(self, state: S, action: Any) -> bool:
        """Whether ``apply`` accepts ``action`` (any ``RulesetError`` is a refusal; anything else propagates)."""
        try:
            self.ruleset.apply(state, action)
        except RulesetError:
            return False
        return True

    def state_refused(self, raw: Any, path: str, code: str = "invalid_state") -> InvalidState:
        """Assert ``load_state(raw)`` refuses with ``code`` at ``path``; return the refusal."""
        try:
            self.ruleset.load_state(raw)
        except InvalidState as refusal:
            got = refusal
        else:
            raise AssertionError(f"{self.ruleset.id}: the state loaded; expected {code} at {path}")
        assert (got.code, got.path) == (code, path), (f"{self.ruleset.id}: expected {code} at {path}, got "
                                                      f"{got.code} at {got.path}: {got.detail}")
        return got

    def seen(self, events: Iterable[Any], seat: int | None) -> list[dict[str, Any]]:
        """The events ``seat`` (``None``: a spectator) may see, in wire form."""
        seen: list[dict[str, Any]] = to_builtins(self.ruleset.view_events(events, seat))
        return seen


# ---------------------------------------------------------------------- the same, ruleset first
def checked(ruleset: Ruleset[S, Any], state: S) -> S:
    """``Scenario(ruleset).checked(state)``."""
    return Scenario(ruleset).checked(state)


def play(ruleset: Ruleset[S, Any], state: S, action: Any = None, **fields: Any) -> tuple[S, list[dict[str, Any]]]:
    """``Scenario(ruleset).play(state, action, **fields)``."""
    return Scenario(ruleset).play(state, action, **fields)


def refused(ruleset: Ruleset[S, Any], state: S, action: Any, code: str, rule: str | None = ANY) -> RulesetError:
    """``Scenario(ruleset).refused(state, action, code, rule)``."""
    return Scenario(ruleset).refused(state, action, code, rule)


def accepted(ruleset: Ruleset[S, Any], state: S, action: Any) -> bool:
    """``Scenario(ruleset).accepted(state, action)``."""
    return Scenario(ruleset).accepted(state, action)


def state_refused(ruleset: Ruleset[Any, Any], raw: Any, path: str, code: str = "invalid_state") -> InvalidState:
    """``Scenario(ruleset).state_refused(raw, path, code)``."""
    return Scenario(ruleset).state_refused(raw, path, code)


def seen(ruleset: Ruleset[Any, Any], events: Iterable[Any], seat: int | None) -> list[dict[str, Any]]:
    """``Scenario(ruleset).seen(events, seat)``."""
    return Scenario(ruleset).seen(events, seat)
