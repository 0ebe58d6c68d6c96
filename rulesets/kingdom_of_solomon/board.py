"""The map (KOS-3): ownership, regions, yields, and where a road may go (KOS-8.24..8.27)."""

from __future__ import annotations

from .components import AREAS, BORDERS, NEIGHBOURS, NEUTRAL, SITES
from .events import Events, RoadBuilt
from .refusals import (AREAS_NOT_ADJACENT, NO_ROADS_LEFT, ROAD_ALREADY_PRESENT, ROAD_ENDPOINT_BLOCKED,
                       ROAD_NEEDS_OWN_BUILDING)
from .state import KosState, Road


def owners(state: KosState) -> dict[str, int]:
    """KOS-3.3: area -> the seat whose marker is on its site."""
    return {marker.area: marker.owner for marker in state.markers}


def empty_sites(state: KosState) -> list[str]:
    taken = {marker.area for marker in state.markers}
    return [area for area in AREAS if area in SITES and area not in taken]


def markers_placed(state: KosState, seat: int) -> int:
    return sum(1 for marker in state.markers if marker.owner == seat)


def region_of(state: KosState, seat: int, area: str) -> set[str] | None:
    """KOS-3.5: the areas of ``seat``'s region containing ``area``, or None when no road of his touches it."""
    links: dict[str, list[str]] = {}
    for road in state.roads:
        if road.owner == seat:
            a, b = road.areas
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
    if area not in links:
        return None
    seen = {area}
    todo = [area]
    while todo:
        for nxt in links[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def yield_of(areas: set[str] | list[str]) -> dict[str, int]:
    """KOS-3.6: the icons of every area, each area once."""
    total: dict[str, int] = {}
    for area in areas:
        for resource in AREAS[area].resources:
            total[resource] = total.get(resource, 0) + 1
    return total


def area_yield(state: KosState, seat: int, area: str, privileged: bool) -> dict[str, int]:
    """KOS-5.3, 5.5, 5.6: what a pawn of ``seat`` in ``area`` collects."""
    beneficiary = seat
    if privileged:
        beneficiary = owners(state).get(area, seat)
    region = region_of(state, beneficiary, area)
    return yield_of(region if region is not None else [area])


def road_key(a: str, b: str) -> list[str]:
    return sorted((a, b))


def check_road(state: KosState, seat: int, areas: list[str], *, pool_rule: bool = True) -> list[str]:
    """KOS-8.24..8.27 in the order of spec 3.9 (the cost is checked by the caller); returns the sorted pair."""
    if pool_rule and state.roads_in_supply <= 0:
        raise NO_ROADS_LEFT(explain={"needed": {"roads": 1}, "have": {"roads": state.roads_in_supply}})
    a, b = areas
    if a == b or b not in NEIGHBOURS[a]:
        raise AREAS_NOT_ADJACENT(first=a, second=b, context={"areas": [a, b]},
                                 explain={"space": b, "adjacent_to": sorted(NEIGHBOURS[a])})
    key = road_key(a, b)
    if any(road.areas == key for road in state.roads):
        raise ROAD_ALREADY_PRESENT(first=a, second=b, context={"areas": key})
    owner = owners(state)
    if owner.get(a) != seat and owner.get(b) != seat:
        raise ROAD_NEEDS_OWN_BUILDING(context={"areas": key})
    for area in key:
        if area in NEUTRAL:
            continue
        if area not in owner or owner[area] != seat:
            raise ROAD_ENDPOINT_BLOCKED(area=area, context={"area": area})
    return key


def legal_roads(state: KosState, seat: int) -> list[list[str]]:
    """Every border ``seat`` may put a road on now, cost aside (sorted pairs, map order)."""
    if state.roads_in_supply <= 0:
        return []
    owner = owners(state)
    built = {tuple(road.areas) for road in state.roads}
    out = []
    for a, b in BORDERS:
        if (a, b) in built:
            continue
        if owner.get(a) != seat and owner.get(b) != seat:
            continue
        if all(area in NEUTRAL or owner.get(area) == seat for area in (a, b)):
            out.append([a, b])
    return out


def build_road_now(state: KosState, seat: int, key: list[str], events: Events) -> None:
    """A road from the pool onto the border ``key`` (checked by the caller)."""
    state.roads_in_supply -= 1
    state.roads.append(Road(areas=key, owner=seat))
    events.append(RoadBuilt(player=seat, areas=key))
