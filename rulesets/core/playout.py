"""Seeded random playouts, the fidelity check every game's tests run.

A playout sets a game up, then repeatedly asks ``legal_actions`` of every active
player and applies one at random, until ``status`` says the game is over. Along the
way it holds the ruleset to its contract:

* every listed action it tries is accepted by ``apply`` (a sample per step, plus the
  one it plays);
* actions *not* in the list (the listed ones nudged: another seat, a number off by
  one, a field dropped) are refused with a ``RulesetError``, never a crash;
* ``apply`` never mutates its input and gives byte-identical results twice;
* at least one active player always has a legal action until the game ends;
* a seat that is not active has no legal action, unless the game allows out-of-turn
  actions (``out_of_turn``: a card its holder may play at any moment); then such a
  seat may list only the flow's ``anytime`` actions, and the playout may pick them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping

from .codec import canonical_json, to_builtins
from .contract import GameState, Ruleset
from .errors import RulesetError


class ContractBroken(AssertionError):
    """A ruleset disagreed with itself (legal list vs apply, mutation, nondeterminism)."""


@dataclass
class Playout:
    ruleset: Ruleset
    players: int
    seed: int | str
    options: Mapping[str, Any]
    state: GameState
    actions: list[dict[str, Any]] = field(default_factory=list)
    steps: int = 0


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


def random_playout(ruleset: Ruleset, players: int, seed: int | str, options: Mapping[str, Any] | None = None,
                   *, chooser: random.Random | None = None, sample_legal: int = 4, nudges: int = 6,
                   max_steps: int = 5000,
                   pick: Callable[[random.Random, list[Any]], Any] | None = None,
                   out_of_turn: bool | None = None) -> Playout:
    """Play one whole game at random, checking the contract at every step.

    ``out_of_turn`` (default: the ruleset's own ``out_of_turn`` attribute, False when it
    has none) lets seats that are not active act with the out-of-turn actions they list.
    """
    options = dict(options or {})
    if out_of_turn is None:
        out_of_turn = bool(getattr(ruleset, "out_of_turn", False))
    anytime = {getattr(kind, "__struct_config__").tag for kind in ruleset.flow.anytime}
    chooser = chooser or random.Random(f"{ruleset.id}/{players}/{seed}")
    state = ruleset.setup(players, seed, options)
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
        for p in range(players):
            if p in menus:
                continue
            extra = ruleset.legal_actions(state, p)
            if not extra:
                continue
            if not out_of_turn:
                raise ContractBroken(f"{ruleset.id}: seat {p} is not active but has legal actions")
            wrong = [a for a in extra if a.__struct_config__.tag not in anytime]
            if wrong:
                raise ContractBroken(f"{ruleset.id}: seat {p} is not active but lists {to_builtins(wrong[0])}")
            menus[p] = extra
            actors.append(p)
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


def _must_accept(ruleset: Ruleset, state: GameState, action: Any) -> None:
    try:
        ruleset.apply(state, action)
    except RulesetError as refusal:
        raise ContractBroken(
            f"{ruleset.id}: listed action {to_builtins(action)} refused: {refusal!r}") from refusal


def _must_refuse_unless_listed(ruleset: Ruleset, state: GameState, raw: dict[str, Any], listed: set[bytes]) -> None:
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
