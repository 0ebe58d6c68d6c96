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

from rulesets.core import to_builtins
from rulesets.core.host import canonical_json
from rulesets.core.events import event_type
from rulesets.java import RULESET as R
from rulesets.java.board import INDEX
from rulesets.java.land import Land

TYPE_WEIGHTS = {"declare_festival": 1, "build_palace": 5, "extend_palace": 5, "take_festival_card": 3,
                "move_developer": 5,
                "place_tile": 3, "festival_bid": 3, "festival_tie_response": 1, "end_turn": 1,
                "exit_developer": 0.3, "enter_developer": 0.6, "place_irrigation": 0.3}
ALL_TYPES = frozenset(["use_action_token", "place_tile", "enter_developer", "exit_developer", "move_developer",
                       "build_palace", "extend_palace", "place_irrigation", "take_festival_card", "end_turn",
                       "declare_festival", "festival_bid", "festival_pass", "festival_propose_tie",
                       "festival_tie_response"])


CITY_PULL = 300
#: the bulk driver keeps this many developers in each supply, so the board never clogs up with them.
DEVELOPER_RESERVE = 6


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
        labels, cities = land.groups(), land.palaces_by_group()

        def weight(action: Any) -> int:
            i = INDEX[tuple(action.to)]
            return CITY_PULL if labels[i] in cities else 4 if land.village[i] else 1
        return rng.choices(options, [weight(a) for a in options])[0]
    return rng.choice(options)


TURN_TYPES = ("use_action_token", "place_tile", "enter_developer", "exit_developer", "move_developer",
              "build_palace", "extend_palace", "place_irrigation", "take_festival_card", "end_turn",
              "declare_festival")
FESTIVAL_TYPES = ("festival_bid", "festival_pass", "festival_propose_tie", "festival_tie_response")
ORDER_WEIGHTS = {**TYPE_WEIGHTS, "place_tile": 6}


def _weighted_order(rng: random.Random, types: tuple[str, ...]) -> list[str]:
    """The action types in a random order, heavier ones likelier first (asked one type at a time)."""
    return sorted(types, key=lambda t: rng.random() ** (1.0 / ORDER_WEIGHTS.get(t, 1)), reverse=True)


#: for the fully checked playouts: short games (tiles and turn ends first), palaces and festivals often.
PICK_WEIGHTS = {"place_tile": 4, "end_turn": 3, "declare_festival": 3, "build_palace": 3, "extend_palace": 3,
                "festival_bid": 2, "take_festival_card": 1, "move_developer": 1, "enter_developer": 1,
                "exit_developer": 0.3, "place_irrigation": 0.3}


def weighted_pick(rng: random.Random, menu: list[Any]) -> Any:
    """For ``random_playout(pick=...)``: a type first (weighted), then one of its actions."""
    by_type: dict[str, list[Any]] = {}
    for action in menu:
        by_type.setdefault(_tag(action), []).append(action)
    types = sorted(by_type)
    kind = rng.choices(types, [PICK_WEIGHTS.get(t, 1) for t in types])[0]
    options = by_type[kind]
    if kind == "place_tile":
        return rng.choices(options, [4 if a.tile == "triple" else 1 for a in options])[0]
    return rng.choice(options)


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
        menu = []
        kinds = FESTIVAL_TYPES if state.phase == "festival" else TURN_TYPES
        if state.players[seat].developer_supply <= DEVELOPER_RESERVE:  # keep room on the board for tiles
            kinds = tuple(k for k in kinds if k != "enter_developer")
        for kind in _weighted_order(rng, kinds):
            menu = R.legal_actions(state, seat, types={kind})
            if menu:
                break
        assert menu, f"seat {seat} has no legal action"
        action = _choose(rng, state, menu)
        state, events = R.apply(state, action, in_place=False)
        for event in events:
            kind = event_type(type(event))
            if kind == "festival_declared":
                figures.festivals += 1
            elif kind in ("festival_joined", "festival_raised", "tie_proposed", "tie_refused",
                          "tie_accepted", "festival_passed", "festival_declined"):
                figures.stages[kind] += 1
            elif kind == "festival_resolved":
                figures.outcomes["tie" if event.tie else "sole"] += 1
        steps += 1
        if reload_every and steps % reload_every == 0:
            assert canonical_json(R.load_state(to_builtins(state))) == canonical_json(state)
    figures.games += 1
    figures.steps += steps
    figures.seconds += time.perf_counter() - started
    return state


def bulk(players: int, seeds: range) -> Figures:
    """One chunk of the bulk battery: every game ends with scores, winners and every reckoning done."""
    figures = Figures()
    for seed in seeds:
        state = quick_playout(players, seed, figures, reload_every=150)
        status = R.status(state)
        assert status.game_over and len(status.scores) == players and status.winners
        assert all(p.gfr_done for p in state.players)
    assert figures.games == len(seeds) and figures.festivals > 0
    print(f"\njava {players}p seeds {seeds.start}-{seeds.stop - 1}: {figures.games} games, {figures.steps} steps, "
          f"{figures.games / figures.seconds:.1f} games/s, {figures.festivals} festivals, "
          f"stages {dict(figures.stages)}, outcomes {dict(figures.outcomes)}")
    return figures
