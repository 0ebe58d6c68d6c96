"""One random legal action without listing them all (``Ruleset.random_action``, for rollouts).

A turn's legal list reaches thousands of actions, most of them tile placements and
developer moves, so listing it for every step of a random game is most of the game's
cost. Here the draw goes by levels instead: the turn's action types in a random order,
the first that has any legal action gives one; a developer move first picks one of the
seat's developers (in a random order, the first that can move) and then a destination; an
entry, a space and then a region; a placement tries random tile kinds, footprints and
village hexes, and only on a crowded board falls back to every footprint that fits. The board is
the one carried along the simulation (``carried``): its ``Land`` and which footprints fit now.
Every listed action can be drawn (each type, developer and instance comes first in some
order), and only listed ones: each level is the very block ``legal_actions`` lists from.
The draw is not uniform over the list: a type with one action weighs as much as the
placements together, which also makes random games place tiles sooner.
"""

from __future__ import annotations

import random
from typing import Any, Iterator, Sequence, TypeVar

from . import carried
from .action_points import can_pay, tile_obligation_open
from .actions import PlaceTile
from .board import ENTER_COST, FOOTPRINTS, HEXES, Footprint
from .components import TILE_SIZE, TILE_TYPES, TILE_VILLAGES
from .legal import BLOCKS, Turn, entries_at, entry_spaces, legal_actions, moves_from
from .state import JavaState
from .tiles import OVERHANG_AP, TILE_AP, joins_two_cities, tiles_left

#: fitting footprints drawn at random before a placement is looked for among all of them
PLACEMENT_TRIES = 8
#: no entry costs less (JAVA-5.2): a turn that cannot pay it has none
CHEAPEST_ENTRY = min(ENTER_COST.values())
T = TypeVar("T")


def random_action(state: JavaState, seat: int, rnd: random.Random) -> Any | None:
    if state.phase != "actions":
        listed = legal_actions(state, seat, None)  # festival steps list a handful of bids at most
        return rnd.choice(listed) if listed else None
    if seat != state.turn.active:
        return None
    turn = CarriedTurn(state, seat, carried.of(state))
    for name, block in in_random_order(BLOCKS, rnd):
        if name in SAMPLED:
            found = SAMPLED[name](turn, rnd)
            if found is not None:
                return found
            continue
        actions = block(turn)
        if actions:
            return rnd.choice(actions)
    return None


def in_random_order(items: Sequence[T], rnd: random.Random) -> Iterator[T]:
    """``items`` in a random order, drawn one at a time (a draw usually stops at the first few)."""
    left = list(items)
    while left:
        k = int(rnd.random() * len(left))
        yield left[k]
        left[k] = left[-1]
        left.pop()


class CarriedTurn(Turn):
    """A turn read from the carried board: whether a tile may still be laid asks only the footprints that fit."""

    __slots__ = ("board",)

    def __init__(self, state: JavaState, seat: int, board: carried.Carried) -> None:
        super().__init__(state, seat, board.land)
        self.board = board

    def may_end(self) -> bool:
        """JAVA-3.5.3 as ``Turn.may_end`` answers it (``any_affordable_placement``), from the fitting footprints."""
        if self._may_end is None:
            self._may_end = not tile_obligation_open(self.state) or not self.placeable()
        return self._may_end

    def placeable(self) -> bool:
        """Whether any tile the seat has may be laid now within its AP (stops at the first)."""
        land, left = self.land, self.left
        for kind in self.kinds():
            size = TILE_SIZE[kind]
            footprints = FOOTPRINTS[size]
            for n in self.board.fitting[size]:
                fp = footprints[n]
                if _cost(land.level, fp) <= left and (
                        not TILE_VILLAGES[kind] or any(not joins_two_cities(land, fp.cells, v) for v in fp.cells)):
                    return True
        return False

    def kinds(self) -> list[str]:
        """The tile kinds the seat may lay now (JAVA-4.1), none without the AP for a tile."""
        if self.left < TILE_AP:
            return []
        return [kind for kind in TILE_TYPES if tiles_left(self.state, self.seat, kind)]


def _cost(level: list[int], fp: Footprint) -> int:
    """JAVA-4.9/4.10 on a footprint that fits (one level throughout)."""
    return TILE_AP if level[fp.cells[0]] else TILE_AP + OVERHANG_AP * fp.outer


def _a_move(turn: Turn, rnd: random.Random) -> Any | None:
    for i in in_random_order(turn.own_developers(), rnd):
        moves = moves_from(turn, i)
        if moves:
            return rnd.choice(moves)
    return None


def _an_entry(turn: Turn, rnd: random.Random) -> Any | None:
    if not can_pay(turn.state, CHEAPEST_ENTRY):
        return None
    for i in in_random_order(entry_spaces(turn), rnd):
        entries = entries_at(turn, i)
        if entries:
            return rnd.choice(entries)
    return None


def _a_placement(turn: CarriedTurn, rnd: random.Random) -> Any | None:
    """A random tile kind, fitting footprint and village hex, kept when legal (affordable, JAVA-4.9/4.10, and
    joining no two cities, JAVA-4.8); after ``PLACEMENT_TRIES`` misses one drawn from every placement
    left. Each listed placement is one such draw."""
    kinds = turn.kinds()
    if not kinds:
        return None
    land, fitting, seat, left = turn.land, turn.board.fitting, turn.seat, turn.left
    level = land.level
    for _ in range(PLACEMENT_TRIES):
        kind = rnd.choice(kinds)
        size = TILE_SIZE[kind]
        if not fitting[size]:
            continue
        fp = FOOTPRINTS[size][rnd.choice(fitting[size])]
        if _cost(level, fp) > left:
            continue
        if not TILE_VILLAGES[kind]:
            return PlaceTile(player=seat, tile=kind, hexes=fp.hexes)
        village = rnd.choice(fp.cells)
        if not joins_two_cities(land, fp.cells, village):
            return PlaceTile(player=seat, tile=kind, hexes=fp.hexes, village=HEXES[village] if size > 1 else None)
    candidates = [(kind, FOOTPRINTS[TILE_SIZE[kind]][n]) for kind in kinds for n in fitting[TILE_SIZE[kind]]]
    for kind, fp in in_random_order(candidates, rnd):
        if _cost(level, fp) > left:
            continue
        if not TILE_VILLAGES[kind]:
            return PlaceTile(player=seat, tile=kind, hexes=fp.hexes)
        villages = [v for v in fp.cells if not joins_two_cities(land, fp.cells, v)]
        if villages:  # else every village hex of it would join two cities (JAVA-4.8)
            village = rnd.choice(villages)
            return PlaceTile(player=seat, tile=kind, hexes=fp.hexes,
                             village=HEXES[village] if len(fp.cells) > 1 else None)
    return None


#: the types drawn level by level rather than from their whole list
SAMPLED = {"move_developer": _a_move, "place_tile": _a_placement, "enter_developer": _an_entry}


__all__ = ["random_action"]
