"""Seeded random playouts, the fidelity check every game's tests run.

A playout sets a game up, then repeatedly asks ``legal_actions`` of every active
player and applies one at random, until ``status`` says the game is over. Along the
way it holds the ruleset to its contract:

* every listed action it tries is accepted by ``apply`` (a sample per step, plus the
  one it plays);
* actions *not* in the list (the listed ones nudged: another seat, a number off by
  one, a field dropped) are refused with a ``RulesetError``, never a crash;
* ``apply`` never mutates its input and gives byte-identical results twice;
* at least one active player always has a legal action until the game ends.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping

from rulesets.core.codec import canonical_json, to_builtins
from rulesets.core.contract import GameState, Ruleset
from rulesets.core.errors import RulesetError


class ContractBroken(AssertionError):
    """A ruleset disagreed with itself (legal list vs apply, mutation, nondeterminism)."""


@dataclass
class Playout:
    ruleset: Ruleset[Any, Any]
    players: int
    seed: int | str
    options: Mapping[str, Any]
    state: GameState
    actions: list[dict[str, Any]] = field(default_factory=list)
    steps: int = 0
    #: actions played by a seat the game was not awaiting (out-of-turn cards)
    out_of_turn: int = 0


def nudged_actions(action: dict[str, Any], seats: int) -> Iterator[dict[str, Any]]:
    """Near misses of a legal action: each top-level field changed a little, or dropped."""
    for key, value in action.items():
        if key == "type":
            yield {**action, "type": value + "_x"}
        elif key == "player":
            for other in range(seats):
                if other != value:
                    yield {**action, "player": other}
        elif isinstance(value, bool):
            yield {**action, key: not value}
        elif isinstance(value, int):
            yield {**action, key: value + 1}
            yield {**action, key: value - 1}
        elif isinstance(value, str):
            yield {**action, key: value + "?"}
        elif isinstance(value, dict):
            for inner_key, inner in value.items():
                if isinstance(inner, int) and not isinstance(inner, bool):
                    yield {**action, key: {**value, inner_key: inner + 1}}
        if key not in ("type", "player"):
            yield {k: v for k, v in action.items() if k != key}


def random_playout(ruleset: Ruleset[Any, Any], players: int, seed: int | str, options: Mapping[str, Any] | None = None,
                   *, chooser: random.Random | None = None, sample_legal: int = 4, nudges: int = 6,
                   max_steps: int = 5000,
                   pick: Callable[[random.Random, list[Any]], Any] | None = None,
                   setup_kwargs: Mapping[str, Any] | None = None, out_of_turn_rate: float = 0.2) -> Playout:
    """Play one whole game at random, checking the contract at every step.

    ``setup_kwargs`` go to ``setup`` as they are (``first_player``, ``colors``). Seats the
    game is not awaiting are asked too: they may list only actions the phase table lets
    any seat send (``anytime``, or a phase's ``anyone``), and when some do, one of those
    is played with probability ``out_of_turn_rate``.
    """
    options = dict(options or {})
    chooser = chooser or random.Random(f"{ruleset.id}/{players}/{seed}")
    state = ruleset.setup(players, seed, options, **(setup_kwargs or {}))
    playout = Playout(ruleset, players, seed, options, state)
    while True:
        status = ruleset.status(state)
        if status.game_over:
            return playout
        if playout.steps >= max_steps:
            raise ContractBroken(f"{ruleset.id}: no end after {max_steps} actions")
        menus = {p: ruleset.legal_actions(state, p) for p in status.active_players}
        actors = [p for p, menu in menus.items() if menu]
        if not actors:
            raise ContractBroken(f"{ruleset.id}: active players {status.active_players} have no legal action")
        out_of_turn = _out_of_turn_menus(ruleset, state, menus, players)
        menus.update(out_of_turn)
        if out_of_turn and chooser.random() < out_of_turn_rate:
            actor = chooser.choice(sorted(out_of_turn))
            playout.out_of_turn += 1
        else:
            actor = chooser.choice(actors)
        menu = menus[actor]
        action = pick(chooser, menu) if pick else chooser.choice(menu)
        listed = {canonical_json(a) for options_of_seat in menus.values() for a in options_of_seat}
        for other in chooser.sample(menu, min(sample_legal, len(menu))):
            _must_accept(ruleset, state, other)
        near_misses = [n for n in nudged_actions(to_builtins(chooser.choice(menu)), players)]
        for miss in chooser.sample(near_misses, min(nudges, len(near_misses))):
            _must_refuse_unless_listed(ruleset, state, miss, listed)
        before = canonical_json(state)
        state, _events = ruleset.apply(state, action)
        if canonical_json(playout.state) != before:
            raise ContractBroken(f"{ruleset.id}: apply mutated its input state")
        again, _ = ruleset.apply(playout.state, action)
        if canonical_json(again) != canonical_json(state):
            raise ContractBroken(f"{ruleset.id}: apply is not deterministic")
        playout.actions.append(to_builtins(action))
        playout.state = state
        playout.steps += 1


def _out_of_turn_menus(ruleset: Ruleset[Any, Any], state: GameState, menus: Mapping[int, list[Any]],
                       players: int) -> dict[int, list[Any]]:
    """The legal actions of the seats the game is not awaiting, which must all be out-of-turn kinds."""
    phase = ruleset.flow.phase(state)
    allowed = set(ruleset.flow.anytime) | (set(phase.anyone) if phase is not None else set())
    found = {}
    for seat in range(players):
        if seat in menus:
            continue
        menu = ruleset.legal_actions(state, seat)
        wrong = [a for a in menu if type(a) not in allowed]
        if wrong:
            raise ContractBroken(f"{ruleset.id}: seat {seat} is not active but has legal actions such as "
                                 f"{to_builtins(wrong[0])}")
        if menu:
            found[seat] = menu
    return found


def _must_accept(ruleset: Ruleset[Any, Any], state: GameState, action: Any) -> None:
    try:
        ruleset.apply(state, action)
    except RulesetError as refusal:
        raise ContractBroken(
            f"{ruleset.id}: listed action {to_builtins(action)} refused: {refusal!r}") from refusal


def _must_refuse_unless_listed(ruleset: Ruleset[Any, Any], state: GameState, raw: dict[str, Any], listed: set[bytes]) -> None:
    try:
        action = ruleset.load_action(raw)
    except RulesetError:
        return  # refused at the schema: fine
    if canonical_json(action) in listed:
        return
    try:
        ruleset.apply(state, action)
    except RulesetError:
        return
    raise ContractBroken(f"{ruleset.id}: unlisted action {raw} was accepted")
