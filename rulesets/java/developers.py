"""JAVA-5 and JAVA-6: developers entering, leaving and moving across the land."""

from __future__ import annotations

from rulesets.core import Events

from collections import deque
from typing import Iterator


from .events import DeveloperEntered, DeveloperExited, DeveloperMoved
from .actions import EnterDeveloper, ExitDeveloper, MoveDeveloper
from .board import CENTRAL, ENTER_COST, ENTRY, ENTRY_REGIONS, EXIT_COST, HEXES, INDEX, N, NEIGHBORS, as_hex
from .components import COSTS
from .land import NOBODY, Land
from .state import JavaState
from .action_points import check_ap, spend
from .explain import hex_of, held_by, lies_in, space, spaces, terrain
from .refusals import (BOTH, COMING_IN, DESTINATION_NOT_LAND, DESTINATION_OCCUPIED, INVALID_PATH, LEAVING,
                       NO_DEVELOPER_IN_SUPPLY, NO_OWN_DEVELOPER_THERE, NO_PATH, NOT_A_LAND_SPACE, NOT_AN_ENTRY_SPACE,
                       REGION_NAMES, SAME_SPACE, SPACE_OCCUPIED, VIA_REGION_NOT_ADJACENT, one_or_two)

CHANGE_AP = COSTS.move_developer.per_terrain_change
SAME_AP = COSTS.move_developer.same_terrain


def entry_space(land: Land, i: int) -> bool:
    """JAVA-5.1: an edge space, or an outer hex a tile overhangs onto (JAVA-2.8)."""
    return ENTRY[i] and (CENTRAL[i] or land.level[i] >= 1)


def region_cost(i: int, via: str | None, table: dict[str, int]) -> int:
    """JAVA-5.2 / D6: the named region's cost, or the cheapest region the space touches."""
    if via is not None:
        return table[via]
    return min(table[r] for r in ENTRY_REGIONS[i])


def _check_via(i: int, via: str | None) -> None:
    if via is not None and via not in ENTRY_REGIONS[i]:
        touched = list(ENTRY_REGIONS[i])
        raise VIA_REGION_NOT_ADJACENT(space=HEXES[i], regions=one_or_two([REGION_NAMES[r]() for r in touched], BOTH),
                                      explain={"space": space(i), "adjacent_to": touched})


def _where(land: Land, h: tuple[int, ...], i: int | None) -> dict[str, object]:
    """not_an_entry_space's explain: where the space lies and how high (an outer hex is an entry space once a
    tile overhangs onto it, JAVA-2.8)."""
    return {"space": hex_of(h), "lies_in": lies_in(i), "level": 0 if i is None else land.level[i]}


def enter_developer(state: JavaState, action: EnterDeveloper, land: Land | None = None) -> Events:
    """``land``: the state's, when the caller carries it (the simulation path, ``carried``); kept up to date."""
    seat = action.player
    supply = state.players[seat].developer_supply
    if supply == 0:
        raise NO_DEVELOPER_IN_SUPPLY(explain={"needed": {"developers": 1}, "have": {"developers": supply}})
    land = land or Land(state)
    i = INDEX.get(tuple(action.to))
    if i is None or not entry_space(land, i):
        raise NOT_AN_ENTRY_SPACE("JAVA-5.1", movement=COMING_IN(), explain=_where(land, action.to, i))
    if not land.is_land(i):
        raise NOT_A_LAND_SPACE(explain={"space": space(i), "terrain": terrain(land, i)})
    if land.dev[i] != NOBODY:
        raise SPACE_OCCUPIED("JAVA-2.16", explain={"space": space(i), "held_by": land.dev[i]})
    _check_via(i, action.via)
    cost = region_cost(i, action.via, ENTER_COST)
    check_ap(state, cost, "JAVA-5.2")
    state.players[seat].developer_supply -= 1
    land.set_developer(i, seat)
    spend(state, cost)
    return [DeveloperEntered(player=seat, to=HEXES[i], cost=cost)]


def exit_developer(state: JavaState, action: ExitDeveloper, land: Land | None = None) -> Events:
    seat = action.player
    land = land or Land(state)
    i = INDEX.get(tuple(action.from_))
    if i is None or land.dev[i] != seat:
        raise NO_OWN_DEVELOPER_THERE("JAVA-5.3", explain={"space": hex_of(action.from_), "held_by": held_by(land, i)})
    if not entry_space(land, i):
        raise NOT_AN_ENTRY_SPACE("JAVA-5.3", movement=LEAVING(), explain=_where(land, action.from_, i))
    _check_via(i, action.via)
    cost = region_cost(i, action.via, EXIT_COST)
    check_ap(state, cost, "JAVA-5.3")
    land.set_developer(i, None)
    state.players[seat].developer_supply += 1
    spend(state, cost)
    return [DeveloperExited(player=seat, from_=HEXES[i], cost=cost)]


def _cheapest_first(land: Land, start: int, seat: int, within: int | None = None) -> Iterator[tuple[int, int]]:
    """JAVA-6.2 to 6.5: ``(space, fewest terrain changes)`` for every land space reachable from
    ``start`` (through the mover's own developers, never another player's), cheapest first.

    A step costs ``SAME_AP`` (nothing) or ``CHANGE_AP``: a 0-1 breadth-first search, whose
    deque pops spaces in order of cost, so a space's first pop is final and a caller after
    one destination stops there instead of costing the whole land; ``within``: none dearer than that.
    """
    unseen = 1 << 30
    dist = [unseen] * N
    dist[start] = 0
    done = [False] * N
    queue = deque([start])
    village, dev, level, palace = land.village, land.dev, land.level, land.palace
    while queue:
        i = queue.popleft()
        if done[i]:
            continue  # an entry left behind by a cheaper way found later
        done[i] = True
        d = dist[i]
        if within is not None and d > within:
            return  # popped cheapest first: every space left costs more
        yield i, d
        for j in NEIGHBORS[i]:
            # land.is_land(j), inlined: this loop is the whole cost of a move
            if done[j] or not level[j] or palace[j] != NOBODY or (dev[j] != NOBODY and dev[j] != seat):
                continue
            step = CHANGE_AP if village[i] != village[j] else SAME_AP
            if d + step < dist[j]:
                dist[j] = d + step
                if step == 0:
                    queue.appendleft(j)
                else:
                    queue.append(j)


def move_costs(land: Land, start: int, seat: int, within: int | None = None) -> dict[int, int]:
    """The fewest terrain changes to every land space reachable from ``start`` (JAVA-6.2 to 6.5), at most
    ``within`` of them when given."""
    return dict(_cheapest_first(land, start, seat, within))


def move_cost(land: Land, start: int, goal: int, seat: int) -> int | None:
    """The fewest terrain changes from ``start`` to ``goal``, None when no path leads there."""
    for i, cost in _cheapest_first(land, start, seat):
        if i == goal:
            return cost
    return None


def move_developer(state: JavaState, action: MoveDeveloper, land: Land | None = None) -> Events:
    seat = action.player
    land = land or Land(state)
    start = INDEX.get(tuple(action.from_))
    if start is None or land.dev[start] != seat:
        raise NO_OWN_DEVELOPER_THERE("JAVA-6.1", explain={"space": hex_of(action.from_),
                                                         "held_by": held_by(land, start)})
    goal = INDEX.get(tuple(action.to))
    if goal == start:
        raise SAME_SPACE(explain={"from": space(start), "to": space(start)})
    if goal is None or not land.is_land(goal):
        raise DESTINATION_NOT_LAND(explain={"space": hex_of(action.to), "terrain": terrain(land, goal)})
    if land.dev[goal] != NOBODY:
        raise DESTINATION_OCCUPIED(explain={"space": space(goal), "held_by": land.dev[goal]})
    if action.path is not None:
        cost = _path_cost(land, seat, start, goal, [as_hex(h) for h in action.path])
    else:
        found = move_cost(land, start, goal, seat)
        if found is None:
            raise NO_PATH(explain={"from": space(start), "to": space(goal),
                                   "reachable": spaces(i for i in move_costs(land, start, seat) if i != start)})
        cost = found
    check_ap(state, cost, "JAVA-6.4")
    land.set_developer(start, None)
    land.set_developer(goal, seat)
    spend(state, cost)
    return [DeveloperMoved(player=seat, from_=HEXES[start], to=HEXES[goal], cost=cost)]


def _path_cost(land: Land, seat: int, start: int, goal: int, path: list[tuple[int, int]]) -> int:
    """JAVA-6.5: a supplied path is validated and charged as given; its refusal names the step at fault."""
    for h in path:
        if h not in INDEX:
            raise INVALID_PATH(explain={"space": hex_of(h), "terrain": "off_board"})
    cells = [INDEX[h] for h in path]
    if len(cells) < 2 or cells[0] != start or cells[-1] != goal:
        raise INVALID_PATH(explain={"needed": {"from": space(start), "to": space(goal)},
                                    "offered": {"from": space(cells[0]) if cells else None,
                                                "to": space(cells[-1]) if cells else None}})
    cost = 0
    for a, b in zip(cells, cells[1:]):
        if b not in NEIGHBORS[a]:
            raise INVALID_PATH(explain={"space": space(b), "adjacent_to": spaces(NEIGHBORS[a])})
        if not land.is_land(b):
            raise INVALID_PATH(explain={"space": space(b), "terrain": terrain(land, b)})
        if b != goal and land.dev[b] not in (NOBODY, seat):
            raise INVALID_PATH(explain={"space": space(b), "held_by": land.dev[b]})
        cost += CHANGE_AP if land.village[a] != land.village[b] else SAME_AP
    return cost
