"""Seeded playout drivers for Java.

``weighted_pick`` steers the core's random playouts towards what makes Java games
interesting (palaces, festivals, developers walking into villages) without leaving
the legal list. ``quick_playout`` is the bulk driver: it asks ``legal_actions`` by
type (the placements only when it has chosen to place a tile), applies, and keeps
figures (festivals and their stages, the slowest and largest full legal list).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rulesets.core import canonical_json, to_builtins
from rulesets.java import RULESET as R
from rulesets.java.board import INDEX
from rulesets.java.land import Land

TYPE_WEIGHTS = {"declare_festival": 10, "build_palace": 5, "extend_palace": 5, "take_festival_card": 2,
                "place_tile": 3, "festival_bid": 3, "festival_tie_response": 1, "end_turn": 1,
                "exit_developer": 0.3, "enter_developer": 0.6, "place_irrigation": 0.5}
ALL_TYPES = frozenset(["use_action_token", "place_tile", "enter_developer", "exit_developer", "move_developer",
                       "build_palace", "extend_palace", "place_irrigation", "take_festival_card", "end_turn",
                       "declare_festival", "festival_bid", "festival_pass", "festival_propose_tie",
                       "festival_tie_response"])


def _tag(action: Any) -> str:
    return action.__struct_config__.tag


def _choose(rng: random.Random, state: Any, menu: list[Any]) -> Any:
    """A type first (weighted), then an action of it; developers prefer village spaces."""
    by_type: dict[str, list[Any]] = {}
    for action in menu:
        by_type.setdefault(_tag(action), []).append(action)
    types = sorted(by_type)
    kind = rng.choices(types, [TYPE_WEIGHTS.get(t, 1) for t in types])[0]
    options = by_type[kind]
    if kind == "place_tile":  # triples first, so the end comes before the board clogs
        return rng.choices(options, [4 if a.tile == "triple" else 1 for a in options])[0]
    if kind in ("move_developer", "enter_developer"):
        land = Land(state)
        weights = [6 if land.village[INDEX[tuple(a.to)]] else 1 for a in options]
        return rng.choices(options, weights)[0]
    return rng.choice(options)


def weighted_pick(rng: random.Random, menu: list[Any]) -> Any:
    """For ``random_playout(pick=...)``: the type-weighted choice (no state at hand: no village bias)."""
    by_type: dict[str, list[Any]] = {}
    for action in menu:
        by_type.setdefault(_tag(action), []).append(action)
    types = sorted(by_type)
    return rng.choice(by_type[rng.choices(types, [TYPE_WEIGHTS.get(t, 1) for t in types])[0]])


@dataclass
class Figures:
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    festivals: int = 0
    stages: Counter = field(default_factory=Counter)
    outcomes: Counter = field(default_factory=Counter)
    slowest_legal: float = 0.0
    largest_legal: int = 0


def quick_playout(players: int, seed: int, figures: Figures, *, full_legal_every: int = 0,
                  reload_every: int = 0, max_steps: int = 3000, stop_after: int = 0) -> Any:
    """One whole game; returns the final state. Each chosen action must be accepted."""
    rng = random.Random(f"java/{players}/{seed}")
    state = R.setup(players, seed)
    started = time.perf_counter()
    steps = 0
    while True:
        status = R.status(state)
        if status.game_over or (stop_after and steps >= stop_after and state.phase == "actions"):
            break
        assert steps < max_steps, "no end in sight"
        seat = status.active_players[0]
        if full_legal_every and steps % full_legal_every == 0:
            t0 = time.perf_counter()
            full = R.legal_actions(state, seat)
            figures.slowest_legal = max(figures.slowest_legal, time.perf_counter() - t0)
            figures.largest_legal = max(figures.largest_legal, len(full))
        menu = R.legal_actions(state, seat, types=ALL_TYPES - {"place_tile"})
        tiles_possible = state.phase == "actions"
        if tiles_possible and (not menu or rng.random() < 0.5):
            placements = R.legal_actions(state, seat, types={"place_tile"})
            if placements:
                menu = placements
        assert menu, f"seat {seat} has no legal action"
        action = _choose(rng, state, menu)
        state, events = R.apply(state, action, in_place=False)
        for event in events:
            if event["type"] == "festival_declared":
                figures.festivals += 1
            elif event["type"] in ("festival_joined", "festival_raised", "tie_proposed", "tie_refused",
                                   "tie_accepted", "festival_passed", "festival_declined"):
                figures.stages[event["type"]] += 1
            elif event["type"] == "festival_resolved":
                figures.outcomes["tie" if event["tie"] else "sole"] += 1
        steps += 1
        if reload_every and steps % reload_every == 0:
            assert canonical_json(R.load_state(to_builtins(state))) == canonical_json(state)
    figures.games += 1
    figures.steps += steps
    figures.seconds += time.perf_counter() - started
    return state
