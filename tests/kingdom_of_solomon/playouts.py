"""A playout driver that offers out-of-turn plays (KOS-6.2, 6.3) at every step.

It holds the ruleset to the same contract as ``rulesets.testing.playout.random_playout``
(listed actions accepted, nudged ones refused unless listed, ``apply`` never mutates
its input and is deterministic, an active seat always has a move), and it asks every
seat, not only the active ones: a seat that is not on turn may list only
``play_fortune``, and the driver may pick such a play. It also keeps the figures the
report quotes: out-of-turn plays, the slowest ``legal_actions`` and the largest list.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from rulesets.core import RulesetError, to_builtins
from rulesets.core.host import canonical_json
from rulesets.testing.playout import ContractBroken, nudged_actions

from .scenario import R

OUT_OF_TURN = "play_fortune"


@dataclass
class Game:
    players: int
    seed: Any
    options: dict
    state: Any = None
    actions: list = field(default_factory=list)
    out_of_turn: int = 0
    slowest_legal: float = 0.0
    largest_list: int = 0
    events: list = field(default_factory=list)


def play(players: int, seed: Any, options: dict | None = None, *, sample_legal: int = 0, nudges: int = 0,
         check_every: int = 0, keep_events: bool = False, max_steps: int = 6000) -> Game:
    """One whole game; ``check_every`` n > 0 runs the mutation/determinism checks every n-th step (1: all)."""
    options = dict(options or {})
    chooser = random.Random(f"kos/{players}/{seed}/{sorted(options.items())}")
    game = Game(players, seed, options, R.setup(players, seed, options))
    state = game.state
    step = 0
    while True:
        status = R.status(state)
        if status.game_over:
            game.state = state
            return game
        if step >= max_steps:
            raise ContractBroken(f"no end after {max_steps} actions")
        menus: dict[int, list] = {}
        for seat in range(players):
            started = time.perf_counter()
            menu = R.legal_actions(state, seat)
            game.slowest_legal = max(game.slowest_legal, time.perf_counter() - started)
            game.largest_list = max(game.largest_list, len(menu))
            if seat not in status.active_players:
                wrong = [a for a in menu if a.__struct_config__.tag != OUT_OF_TURN]
                if wrong:
                    raise ContractBroken(f"seat {seat} is not active but lists {to_builtins(wrong[0])}")
            if menu:
                menus[seat] = menu
        if not any(menus.get(seat) for seat in status.active_players):
            raise ContractBroken(f"active players {status.active_players} have no legal action")
        actor = chooser.choice(sorted(menus))
        action = chooser.choice(menus[actor])
        if sample_legal or nudges:
            listed = {canonical_json(a) for menu in menus.values() for a in menu}
            for other in chooser.sample(menus[actor], min(sample_legal, len(menus[actor]))):
                try:
                    R.apply(state, other)
                except RulesetError as refusal:
                    raise ContractBroken(f"listed {to_builtins(other)} refused: {refusal!r}") from refusal
            misses = list(nudged_actions(to_builtins(chooser.choice(menus[actor])), players))
            for miss in chooser.sample(misses, min(nudges, len(misses))):
                _must_refuse(state, miss, listed)
        check = check_every and step % check_every == 0
        before = canonical_json(state) if check else None
        after, events = R.apply(state, action)
        if check:
            if canonical_json(state) != before:
                raise ContractBroken("apply mutated its input state")
            again, _ = R.apply(state, action)
            if canonical_json(again) != canonical_json(after):
                raise ContractBroken("apply is not deterministic")
        if actor not in status.active_players:
            game.out_of_turn += 1
        if keep_events:
            game.events.append(events)
        game.actions.append(to_builtins(action))
        state = after
        step += 1


def _must_refuse(state: Any, raw: dict, listed: set) -> None:
    try:
        action = R.load_action(raw)
    except RulesetError:
        return
    if canonical_json(action) in listed:
        return
    try:
        R.apply(state, action)
    except RulesetError:
        return
    raise ContractBroken(f"unlisted action {raw} was accepted")


CONFIGS = [(2, {}), (3, {}), (4, {}), (2, {"variant_all_bonus": True}), (3, {"variant_all_bonus": True})]
