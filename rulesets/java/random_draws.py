"""One random legal action without listing them all (``Ruleset.random_action``, for rollouts).

A turn's legal list reaches thousands of actions, most of them tile placements and
developer moves, so listing it for every step of a random game is most of the game's
cost. Here the draw goes by levels instead: the turn's action types in a random order,
the first that has any legal action gives one; a developer move first picks one of the
seat's developers (in a random order, the first that can move) and then a destination; an
entry, a space and then a region; a placement tries random tile kinds, footprints and
village hexes, and only on a crowded board falls back to the listed placements.
Every listed action can be drawn (each type, developer and instance comes first in some
order), and only listed ones: each level is the very block ``legal_actions`` lists from.
The draw is not uniform over the list: a type with one action weighs as much as the
placements together, which also makes random games place tiles sooner.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import PlaceTile
from .board import FOOTPRINTS, HEXES
from .components import TILE_SIZE, TILE_TYPES, TILE_VILLAGES
from .legal import BLOCKS, Turn, entries_at, entry_spaces, legal_actions, moves_from
from .state import JavaState
from .tiles import TILE_AP, footprint_cost, joins_two_cities, tiles_left

#: footprints drawn at random before a placement is looked for in the full list
PLACEMENT_TRIES = 24


def random_action(state: JavaState, seat: int, rnd: random.Random) -> Any | None:
    if state.phase != "actions":
        listed = legal_actions(state, seat, None)  # festival steps list a handful of bids at most
        return rnd.choice(listed) if listed else None
    if seat != state.turn.active:
        return None
    turn = Turn(state, seat)
    blocks = list(BLOCKS)
    rnd.shuffle(blocks)
    for name, block in blocks:
        if name in SAMPLED:
            found = SAMPLED[name](turn, rnd)
            if found is not None:
                return found
            continue
        actions = block(turn)
        if actions:
            return rnd.choice(actions)
    return None


def _a_move(turn: Turn, rnd: random.Random) -> Any | None:
    developers = turn.own_developers()
    rnd.shuffle(developers)
    for i in developers:
        moves = moves_from(turn, i)
        if moves:
            return rnd.choice(moves)
    return None


def _an_entry(turn: Turn, rnd: random.Random) -> Any | None:
    spaces = entry_spaces(turn)
    rnd.shuffle(spaces)
    for i in spaces:
        entries = entries_at(turn, i)
        if entries:
            return rnd.choice(entries)
    return None


def _a_placement(turn: Turn, rnd: random.Random) -> Any | None:
    """A random tile kind, footprint and village hex, kept when legal; after ``PLACEMENT_TRIES`` misses
    (a crowded board) one of the listed placements. Each listed placement is one such draw."""
    state, seat, budget = turn.state, turn.seat, turn.left
    kinds = [kind for kind in TILE_TYPES if tiles_left(state, seat, kind)]
    if not kinds or budget < TILE_AP:
        return None
    land = turn.land
    blocked = land.blocked()
    for _ in range(PLACEMENT_TRIES):
        kind = rnd.choice(kinds)
        size = TILE_SIZE[kind]
        fp = rnd.choice(FOOTPRINTS[size])
        cost = footprint_cost(land, blocked, fp, size)
        if cost is None or cost > budget:
            continue
        if not TILE_VILLAGES[kind]:
            return PlaceTile(player=seat, tile=kind, hexes=fp.hexes)
        village = rnd.choice(fp.cells)
        if not joins_two_cities(land, fp.cells, village):
            return PlaceTile(player=seat, tile=kind, hexes=fp.hexes, village=HEXES[village] if size > 1 else None)
    listed = turn.tiles()
    return rnd.choice(listed) if listed else None


#: the types drawn level by level rather than from their whole list
SAMPLED = {"move_developer": _a_move, "place_tile": _a_placement, "enter_developer": _an_entry}


__all__ = ["random_action"]
