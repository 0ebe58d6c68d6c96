"""JAVA-4: action A, placing a land tile; and the search for every legal placement.

The handler checks in the spec's order (3.3 ``place_tile``), then commits the effects in
the order of JAVA-4.11. The search scans the precomputed footprints (``board.FOOTPRINTS``)
once per tile size against the state's ``Land``; a footprint's legality and cost are
shared by every tile type and village position of that size.
"""

from __future__ import annotations

from typing import Collection

from rulesets.core import Events, RulesetError, after


from .events import FinalRoundStarted, JavaEvent, TilePlaced
from .actions import PlaceTile
from .board import CENTRAL, FOOTPRINTS, HEXES, INDEX, NEIGHBOR_OFFSETS, NEIGHBORS, Footprint, as_hex
from .components import COSTS, TILE_SIZE, TILE_TYPE_NAMED, TILE_TYPES, TILE_VILLAGES
from .irrigation import score_enclosed_areas
from .land import NOBODY, Land
from .state import FinalRound, JavaState, PlacedTile, TileType
from .action_points import check_ap, spend
from .explain import hex_of, space, spaces
from .refusals import (COVERS_DEVELOPER, COVERS_PALACE, COVERS_POND, EXACT_COVER_SAME_TILE, HEX_OFF_BOARD,
                       INVALID_TILE_SHAPE, INVALID_VILLAGE_HEX, JOINS_TWO_CITIES, NO_HEX_IN_CENTRAL_JAVA,
                       TILE_NAMES, TILE_SUPPLY_EXHAUSTED, UNEVEN_SUPPORT, UNKNOWN_TILE_TYPE)

TILE_AP = COSTS.place_tile.ap
OVERHANG_AP = COSTS.place_tile.plus_per_hex_on_bare_outer_ring


def tiles_left(state: JavaState, seat: int, kind: str) -> int:
    """JAVA-4.1: triples from the general supply, the rest from the player's own."""
    if kind == "triple":
        return state.supply.triple
    own: int = getattr(state.players[seat].tiles, kind)  # a field of Tiles named by the tile type
    return own


def _adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in NEIGHBOR_OFFSETS


def _shape_error(kind: TileType, hexes: list[tuple[int, int]]) -> RulesetError | None:
    """JAVA-4.2: the refusal of a footprint of the wrong size or shape, None when it fits the tile."""
    size = TILE_SIZE[kind]
    name = TILE_NAMES[kind]()
    if len(hexes) != size:
        return INVALID_TILE_SHAPE(tile=name, size=size, explain={"needed": {"hexes": size},
                                                                 "offered": {"hexes": len(hexes)}})
    if len(set(hexes)) != size:
        return INVALID_TILE_SHAPE(tile=name, size=size, explain={"needed": {"hexes": size},
                                                                 "offered": {"hexes": len(set(hexes))}})
    for n, a in enumerate(hexes):
        for b in hexes[n + 1:]:
            if not _adjacent(a, b):  # a pair (a double) or a triangle: every two hexes touch
                return INVALID_TILE_SHAPE(tile=name, size=size, explain={
                    "space": hex_of(b), "adjacent_to": sorted([a[0] + dq, a[1] + dr] for dq, dr in NEIGHBOR_OFFSETS)})
    return None


def palaces_joined(land: Land, cells: Collection[int], village: int | None) -> list[int]:
    """JAVA-4.8: the palace spaces the tile's village hex would end up in one group with.

    Only the new village hex's group can gain a palace (covering with rice only cuts
    groups), and it lies within the groups of that hex and its neighbours: when those
    hold at most one palace together, it cannot; otherwise the group is walked.
    """
    if village is None or not land.near_two_cities(village):
        return []
    seen = {village}
    stack = [village]
    found = []
    while stack:
        i = stack.pop()
        if land.palace[i] != NOBODY:
            found.append(i)
        for j in NEIGHBORS[i]:
            if j not in seen and j not in cells and land.village[j]:
                seen.add(j)
                stack.append(j)
    return found


def joins_two_cities(land: Land, cells: Collection[int], village: int | None) -> bool:
    """JAVA-4.8: would the tile's village hex end up in a group with two palaces?"""
    return len(palaces_joined(land, cells, village)) >= 2


def place_tile(state: JavaState, action: PlaceTile, land: Land | None = None) -> Events:
    """``land``: the state's, when the caller carries it (the simulation path, ``carried``); kept up to date."""
    seat = action.player
    kind = TILE_TYPE_NAMED.get(action.tile)
    if kind is None:
        # the ids a client sends stay ids in every language
        raise UNKNOWN_TILE_TYPE(tile=action.tile, types=", ".join(TILE_TYPES))
    left = tiles_left(state, seat, kind)
    if left == 0:
        raise TILE_SUPPLY_EXHAUSTED(tile=TILE_NAMES[kind](), explain={"needed": {kind: 1}, "have": {kind: left}})
    hexes = [as_hex(h) for h in action.hexes]
    size = TILE_SIZE[kind]
    misshapen = _shape_error(kind, hexes)
    if misshapen is not None:
        raise misshapen
    village_hex: tuple[int, int] | None
    if size > 1:
        if action.village is None or tuple(action.village) not in hexes:
            raise INVALID_VILLAGE_HEX(explain={"space": None if action.village is None else hex_of(action.village),
                                               "one_of": [hex_of(h) for h in hexes]})
        village_hex = as_hex(action.village)
    else:
        village_hex = hexes[0] if TILE_VILLAGES[kind] else None
    if any(h not in INDEX for h in hexes):
        raise HEX_OFF_BOARD(explain={"off_board": [hex_of(h) for h in hexes if h not in INDEX]})
    cells = [INDEX[h] for h in hexes]
    if not any(CENTRAL[i] for i in cells):
        raise NO_HEX_IN_CENTRAL_JAVA(explain={"needed": {"central_hexes": 1}, "offered": {"central_hexes": 0}})
    land = land or Land(state)
    for i in cells:
        if land.pond[i]:
            raise COVERS_POND(explain={"space": space(i), "holds": "irrigation"})
    for i in cells:
        if land.palace[i] != NOBODY:
            raise COVERS_PALACE(explain={"space": space(i), "holds": "palace"})
    for i in cells:
        if land.dev[i] != NOBODY:
            raise COVERS_DEVELOPER(explain={"space": space(i), "holds": "developer", "held_by": land.dev[i]})
    level = land.level[cells[0]]
    if any(land.level[i] != level for i in cells):
        raise UNEVEN_SUPPORT(explain={"spaces": [space(i) for i in cells], "levels": [land.level[i] for i in cells]})
    if _exact_cover(land, cells, level):
        raise EXACT_COVER_SAME_TILE(explain={"covers_tile": land.top[cells[0]], "size": {"hexes": size}})
    village = INDEX[village_hex] if village_hex is not None else None
    joined = palaces_joined(land, set(cells), village)
    if village is not None and len(joined) >= 2:
        raise JOINS_TWO_CITIES(explain={"space": space(village), "palaces": spaces(joined)})
    cost = _cost(cells, level)
    check_ap(state, cost, "JAVA-4.10" if cost > TILE_AP else "JAVA-4.9", tile=True)
    return _commit(state, land, seat, kind, cells, village_hex, level, cost)


def _exact_cover(land: Land, cells: list[int] | tuple[int, ...], level: int) -> bool:
    if level == 0:
        return False
    top = land.top[cells[0]]
    return all(land.top[i] == top for i in cells) and len(land.tiles[top].hexes) == len(cells)


def _cost(cells: list[int] | tuple[int, ...], level: int) -> int:
    """JAVA-4.9/4.10: 1 AP, +1 per hex on a bare outer-ring hex (only at level 0 is it bare)."""
    if level:
        return TILE_AP
    return TILE_AP + OVERHANG_AP * sum(1 for i in cells if not CENTRAL[i])


def _commit(state: JavaState, land: Land, seat: int, kind: TileType, cells: list[int],
            village_hex: tuple[int, int] | None, level: int, cost: int) -> list[JavaEvent]:
    """JAVA-4.11, in order: supply, stacks and terrain, obligation met, irrigation, final round."""
    if kind == "triple":
        state.supply.triple -= 1
    else:
        tiles = state.players[seat].tiles
        setattr(tiles, kind, getattr(tiles, kind) - 1)
    tile_id = max((t.id for t in state.placed_tiles), default=0) + 1
    hexes = sorted(HEXES[i] for i in cells)
    tile = PlacedTile(id=tile_id, type=kind, hexes=hexes, village=village_hex,
                      level=level + 1, placed_by=seat)
    state.placed_tiles.append(tile)
    for i in cells:
        land.space(i).stack.append(tile_id)
    land.add_tile(tile, cells)
    state.turn.land_tile_placed = True
    spend(state, cost)
    events: list[JavaEvent] = [TilePlaced(player=seat, tile=kind, id=tile_id, hexes=hexes,
                                          village=village_hex, level=level + 1, cost=cost)]
    if level == 0:
        score_enclosed_areas(state, land, [j for i in cells for j in NEIGHBORS[i] if land.pond[j]], events)
    if kind == "triple" and state.supply.triple == 0 and state.final_round is None:
        state.final_round = FinalRound(trigger_player=seat, remaining=after(seat, len(state.players)))
        events.append(FinalRoundStarted(trigger_player=seat))
    return events


# ---------------------------------------------------------------- the search
def footprint_cost(land: Land, blocked: list[bool], fp: Footprint, size: int) -> int | None:
    """What a tile of ``size`` hexes costs on this footprint now (JAVA-4.3 to 4.7), None where it may not lie."""
    cells = fp.cells
    first = cells[0]
    level = land.level
    lv = level[first]
    for i in cells:
        if blocked[i] or level[i] != lv:
            return None
    if lv:
        top = land.top
        t = top[first]
        if len(land.tiles[t].hexes) == size and all(top[i] == t for i in cells):
            return None
        return TILE_AP
    return TILE_AP + OVERHANG_AP * fp.outer


def _footprint_costs(land: Land, size: int, budget: int) -> list[tuple[Footprint, int]]:
    """Every footprint of this size a tile may lie on now, with its cost, within ``budget`` AP."""
    blocked = land.blocked()
    out = []
    for fp in FOOTPRINTS[size]:
        cost = footprint_cost(land, blocked, fp, size)
        if cost is not None and cost <= budget:
            out.append((fp, cost))
    return out


def placements(state: JavaState, land: Land, seat: int, budget: int) -> list[PlaceTile]:
    """Every place_tile action legal now, in canonical form (JAVA-4)."""
    out: list[PlaceTile] = []
    by_size: dict[int, list[tuple[Footprint, int]]] = {}
    for kind in TILE_TYPES:
        if tiles_left(state, seat, kind) == 0:
            continue
        size = TILE_SIZE[kind]
        if size not in by_size:
            by_size[size] = _footprint_costs(land, size, budget)
        with_village = TILE_VILLAGES[kind] > 0
        for fp, _cost in by_size[size]:
            if not with_village:
                out.append(PlaceTile(player=seat, tile=kind, hexes=fp.hexes))
                continue
            cellset = fp.cells
            for v in fp.cells:
                if not joins_two_cities(land, cellset, v):
                    out.append(PlaceTile(player=seat, tile=kind, hexes=fp.hexes,
                                         village=HEXES[v] if size > 1 else None))
    return out


def any_affordable_placement(state: JavaState, seat: int, budget: int, land: Land | None = None) -> bool:
    """JAVA-3.5.3: does any usable tile have a legal placement within ``budget`` AP? (stops at the first)

    ``land`` is the state's, when the caller has read it already."""
    if budget < TILE_AP:
        return False
    land = land or Land(state)
    level, top, blocked, tiles = land.level, land.top, land.blocked(), land.tiles
    for kind in TILE_TYPES:
        if tiles_left(state, seat, kind) == 0:
            continue
        size = TILE_SIZE[kind]
        for fp in FOOTPRINTS[size]:
            cells = fp.cells
            lv = level[cells[0]]
            if any(blocked[i] or level[i] != lv for i in cells):
                continue
            if lv:
                t = top[cells[0]]
                if len(tiles[t].hexes) == size and all(top[i] == t for i in cells):
                    continue
            elif TILE_AP + OVERHANG_AP * fp.outer > budget:
                continue
            if TILE_VILLAGES[kind] == 0 or any(not joins_two_cities(land, cells, v) for v in cells):
                return True
    return False


__all__ = ["place_tile", "placements", "footprint_cost", "any_affordable_placement", "tiles_left", "joins_two_cities"]
