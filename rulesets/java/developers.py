"""JAVA-5 and JAVA-6: developers entering, leaving and moving across the land."""

from __future__ import annotations

from collections import deque
from typing import Iterator

from rulesets.core import IllegalAction

from .actions import EnterDeveloper, ExitDeveloper, MoveDeveloper
from .board import CENTRAL, ENTER_COST, ENTRY, ENTRY_REGIONS, EXIT_COST, HEXES, INDEX, N, NEIGHBORS
from .components import COSTS
from .land import NOBODY, Land
from .state import JavaState
from .action_points import check_ap, spend

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
        raise IllegalAction("via_region_not_adjacent", "JAVA-5.2",
                            f"{HEXES[i]} touches {' and '.join(ENTRY_REGIONS[i])} only.")


def enter_developer(state: JavaState, action: EnterDeveloper) -> list[dict]:
    seat = action.player
    if state.players[seat].developer_supply == 0:
        raise IllegalAction("no_developer_in_supply", "JAVA-5.1", "All your developers are on the board.")
    land = Land(state)
    i = INDEX.get(tuple(action.to))  # type: ignore[arg-type]
    if i is None or not entry_space(land, i):
        raise IllegalAction("not_an_entry_space", "JAVA-5.1",
                            "Developers come in on an edge space or an overhanging tile.")
    if not land.is_land(i):
        raise IllegalAction("not_a_land_space", "JAVA-5.1", "Developers stand on land tiles, not on bare board, "
                            "irrigation or palaces.")
    if land.dev[i] != NOBODY:
        raise IllegalAction("space_occupied", "JAVA-2.16", "A developer already stands there.")
    _check_via(i, action.via)
    cost = region_cost(i, action.via, ENTER_COST)
    check_ap(state, cost, "JAVA-5.2")
    state.players[seat].developer_supply -= 1
    land.space(i).developer = seat
    spend(state, cost)
    return [{"type": "developer_entered", "player": seat, "to": HEXES[i], "cost": cost}]


def exit_developer(state: JavaState, action: ExitDeveloper) -> list[dict]:
    seat = action.player
    land = Land(state)
    i = INDEX.get(tuple(action.from_))  # type: ignore[arg-type]
    if i is None or land.dev[i] != seat:
        raise IllegalAction("no_own_developer_there", "JAVA-5.3", "None of your developers stands there.")
    if not entry_space(land, i):
        raise IllegalAction("not_an_entry_space", "JAVA-5.3",
                            "Developers leave from an edge space or an overhanging tile.")
    _check_via(i, action.via)
    cost = region_cost(i, action.via, EXIT_COST)
    check_ap(state, cost, "JAVA-5.3")
    land.space(i).developer = None
    state.players[seat].developer_supply += 1
    spend(state, cost)
    return [{"type": "developer_exited", "player": seat, "from": HEXES[i], "cost": cost}]


def _cheapest_first(land: Land, start: int, seat: int) -> Iterator[tuple[int, int]]:
    """JAVA-6.2 to 6.5: ``(space, fewest terrain changes)`` for every land space reachable from
    ``start`` (through the mover's own developers, never another player's), cheapest first.

    A step costs ``SAME_AP`` (nothing) or ``CHANGE_AP``: a 0-1 breadth-first search, whose
    deque pops spaces in order of cost, so a space's first pop is final and a caller after
    one destination stops there instead of costing the whole land.
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


def move_costs(land: Land, start: int, seat: int) -> dict[int, int]:
    """The fewest terrain changes to every land space reachable from ``start`` (JAVA-6.2 to 6.5)."""
    return dict(_cheapest_first(land, start, seat))


def move_cost(land: Land, start: int, goal: int, seat: int) -> int | None:
    """The fewest terrain changes from ``start`` to ``goal``, None when no path leads there."""
    for i, cost in _cheapest_first(land, start, seat):
        if i == goal:
            return cost
    return None


def move_developer(state: JavaState, action: MoveDeveloper) -> list[dict]:
    seat = action.player
    land = Land(state)
    start = INDEX.get(tuple(action.from_))  # type: ignore[arg-type]
    if start is None or land.dev[start] != seat:
        raise IllegalAction("no_own_developer_there", "JAVA-6.1", "None of your developers stands there.")
    goal = INDEX.get(tuple(action.to))  # type: ignore[arg-type]
    if goal == start:
        raise IllegalAction("same_space", "JAVA-6.1", "A move ends on another space.")
    if goal is None or not land.is_land(goal):
        raise IllegalAction("destination_not_land", "JAVA-6.2",
                            "A developer moves onto a land space (no bare board, irrigation or palace).")
    if land.dev[goal] != NOBODY:
        raise IllegalAction("destination_occupied", "JAVA-6.2", "A developer already stands there.")
    if action.path is not None:
        cost = _path_cost(land, seat, start, goal, [tuple(h) for h in action.path])  # type: ignore[misc]
    else:
        found = move_cost(land, start, goal, seat)
        if found is None:
            raise IllegalAction("no_path", "JAVA-6.2", "No path of land spaces free of other players' developers "
                                "leads there.")
        cost = found
    check_ap(state, cost, "JAVA-6.4")
    land.space(start).developer = None
    land.space(goal).developer = seat
    spend(state, cost)
    return [{"type": "developer_moved", "player": seat, "from": HEXES[start], "to": HEXES[goal], "cost": cost}]


def _path_cost(land: Land, seat: int, start: int, goal: int, path: list[tuple[int, int]]) -> int:
    """JAVA-6.5: a supplied path is validated and charged as given."""
    cells = [INDEX.get(h) for h in path]
    bad = IllegalAction("invalid_path", "JAVA-6.2", "The path must run from 'from' to 'to' over adjacent land "
                        "spaces, passing no other player's developer.")
    if len(cells) < 2 or cells[0] != start or cells[-1] != goal or any(c is None for c in cells):
        raise bad
    cost = 0
    for a, b in zip(cells, cells[1:]):
        if b not in NEIGHBORS[a] or not land.is_land(b):  # type: ignore[index, arg-type]
            raise bad
        if b != goal and land.dev[b] not in (NOBODY, seat):  # type: ignore[index]
            raise bad
        cost += CHANGE_AP if land.village[a] != land.village[b] else SAME_AP  # type: ignore[index]
    return cost
