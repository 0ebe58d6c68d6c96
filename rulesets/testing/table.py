"""Table chance under test: a seeded game's own draws replayed as a table's, and table games
played by answering ``outcome_required`` (:mod:`rulesets.core.outcomes`)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from rulesets.core.codec import to_builtins
from rulesets.core.contract import GameState, Ruleset
from rulesets.core.errors import RulesetError
from rulesets.core.outcomes import Draw, recording


@dataclass
class SeededGame:
    """A seeded game played at random, with what its seed drew at setup and in each action."""

    setup_draws: list[Draw]
    actions: list[dict[str, Any]]  # each carries the ``outcomes`` its draws made
    action_draws: list[list[Draw]]  # each action's draws (source, outcome, rule), in order
    state: GameState

    @property
    def setup_outcomes(self) -> list[str]:
        return [draw.outcome for draw in self.setup_draws]


def play_seeded(ruleset: Ruleset[Any, Any], players: int, seed: str, options: Mapping[str, Any] | None = None,
                *, max_steps: int = 4000, pick: Callable[[random.Random, list[Any]], Any] | None = None) -> SeededGame:
    """A seeded random game to its end; every named draw is recorded with the action that made it.
    ``pick`` chooses from a menu (default: uniformly), as ``random_playout`` takes it."""
    chooser = random.Random(f"table/{ruleset.id}/{players}/{seed}")
    with recording() as setup_draws:
        state = ruleset.setup(players, seed, options)
    actions: list[dict[str, Any]] = []
    action_draws: list[list[Draw]] = []
    for _ in range(max_steps):
        status = ruleset.status(state)
        if status.game_over:
            break
        seat = chooser.choice(status.active_players)
        menu = ruleset.legal_actions(state, seat)
        if not menu:
            continue
        action = to_builtins(pick(chooser, menu) if pick is not None else chooser.choice(menu))
        with recording() as draws:
            state, _ = ruleset.apply(state, action)
        action_draws.append(draws)
        actions.append({**action, "outcomes": [draw.outcome for draw in draws]})
    return SeededGame(setup_draws, actions, action_draws, state)


def replay_at_table(ruleset: Ruleset[Any, Any], players: int, game: SeededGame,
                    options: Mapping[str, Any] | None = None) -> GameState:
    """The seeded game again as a table game: each outcome the one its seed drew."""
    state: GameState = ruleset.setup(players, None, options, chance="table", outcomes=game.setup_outcomes)
    for action in game.actions:
        state, _ = ruleset.apply(state, action)
    return state


def seen_alike(ruleset: Ruleset[Any, Any], one: GameState, other: GameState) -> list[str]:
    """Where two states differ as anyone sees them (every seat's view, the public view, the status):
    a table's piles keep a canonical order the seed's do not, and nobody sees that order."""
    differences = []
    if to_builtins(ruleset.status(one)) != to_builtins(ruleset.status(other)):
        differences.append("status")
    for seat in [None, *range(len(one.players))]:
        if to_builtins(ruleset.view(one, seat)) != to_builtins(ruleset.view(other, seat)):
            differences.append(f"view of seat {seat}")
    return differences


Answer = tuple[Any, dict[str, Any] | None]  # (the next state, or None; the refusal's body, or None)


def answered(entry: dict[str, Any], chooser: random.Random) -> list[str]:
    """Outcomes for one ``outcome_required`` entry: up to ``count`` picks among its candidates by
    copies, without putting back. A pile stacked in layers may give more than its top layer's
    candidates (the next layer comes up): the picks stop where the candidates run out."""
    outcomes = []
    left = dict(entry["candidates"])
    for _ in range(entry["count"]):
        pool = [card for card, copies in sorted(left.items()) for _ in range(copies)]
        if not pool:
            break
        card = chooser.choice(pool)
        left[card] -= 1
        outcomes.append(card)
    return outcomes


def with_outcomes(attempt: Callable[[list[str]], Answer], chooser: random.Random, *, rounds: int = 256) -> Any:
    """``attempt(outcomes)`` until accepted, as an app at a table would: each ``outcome_required`` is
    answered with its first entry's draws (the later entries rest on assumed outcomes, so they may
    change); an ``unexpected_outcome`` after them (what the table drew made the rules draw less than
    assumed) keeps the ``drawn`` outcomes the rules took."""
    outcomes: list[str] = []
    for _ in range(rounds):
        result, refusal = attempt(outcomes)
        if refusal is None:
            return result
        code = refusal.get("code")
        if code == "outcome_required":
            outcomes = outcomes + answered(refusal["needed"][0], chooser)
        elif code == "unexpected_outcome" and 0 < refusal["drawn"] < len(outcomes):
            outcomes = outcomes[:refusal["drawn"]]
        else:
            raise AssertionError(f"refused with {refusal}")
    raise AssertionError("outcome_required never ended")


def library_attempt(ruleset: Ruleset[Any, Any], state: Any, action: dict[str, Any] | None, players: int = 0,
                    options: Mapping[str, Any] | None = None) -> Callable[[list[str]], Answer]:
    """An attempt against the library: an action (or, with ``action`` None, setup)."""
    def attempt(outcomes: list[str]) -> Answer:
        try:
            if action is None:
                return ruleset.setup(players, None, options, chance="table", outcomes=outcomes), None
            return ruleset.apply(state, {**action, "outcomes": outcomes})[0], None
        except RulesetError as refusal:
            return None, {"code": refusal.code, "rule": refusal.rule, **refusal.context}
    return attempt
