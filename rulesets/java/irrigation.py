"""JAVA-8: action H, irrigation tiles, and the one-time scoring of an enclosed area."""

from __future__ import annotations

from rulesets.core import Events

from typing import Iterable


from .events import IrrigationPlaced, IrrigationScored, JavaEvent
from .actions import PlaceIrrigation
from .board import CENTRAL, EDGE, HEXES, INDEX, as_hex
from .components import COSTS, IRRIGATION_POINTS
from .land import Land
from .state import JavaState
from .action_points import check_ap, spend
from .explain import hex_of, lies_in, outer_neighbours, terrain
from .refusals import IRRIGATION_ON_EDGE, IRRIGATION_OUTSIDE_CENTRAL_JAVA, IRRIGATION_SUPPLY_EXHAUSTED, SPACE_NOT_EMPTY

IRRIGATION_AP = COSTS.place_irrigation.ap


def place_irrigation(state: JavaState, action: PlaceIrrigation, land: Land | None = None) -> Events:
    """JAVA-8.1: a bare interior space of central Java. ``land``: the state's, when the caller carries it (the
    simulation path, ``carried``); kept up to date."""
    if state.supply.irrigation == 0:
        raise IRRIGATION_SUPPLY_EXHAUSTED(explain={"needed": {"irrigation_tiles": 1},
                                                   "have": {"irrigation_tiles": state.supply.irrigation}})
    h = as_hex(action.hex)
    i = INDEX.get(h)
    if i is None or not CENTRAL[i]:
        raise IRRIGATION_OUTSIDE_CENTRAL_JAVA(explain={"space": hex_of(h), "lies_in": lies_in(i)})
    if EDGE[i]:
        raise IRRIGATION_ON_EDGE(explain={"space": hex_of(h), "lies_in": lies_in(i),
                                          "adjacent_to": outer_neighbours(i)})
    land = land or Land(state)
    if land.level[i] or land.pond[i]:
        raise SPACE_NOT_EMPTY(explain={"space": hex_of(h), "terrain": terrain(land, i), "level": land.level[i]})
    check_ap(state, IRRIGATION_AP, "JAVA-8.1")
    state.supply.irrigation -= 1
    state.irrigation_tiles.append(h)
    land.add_pond(i)
    spend(state, IRRIGATION_AP)
    events: list[JavaEvent] = [IrrigationPlaced(player=action.player, hex=h)]
    score_enclosed_areas(state, land, [i], events)
    return events


def score_enclosed_areas(state: JavaState, land: Land, ponds: Iterable[int], events: list[JavaEvent]) -> None:
    """JAVA-8.4/8.5: every area these pond spaces belong to that is now enclosed scores once.

    Callers name only ponds next to the space the action just changed, so any enclosed
    area among them was open before this action.
    """
    done: set[int] = set()
    for i in ponds:
        if i in done:
            continue
        area = land.area_of(i)
        done.update(area)
        if not land.enclosed(area):
            continue
        scorer = land.sole_highest(land.area_rim(area))
        points = IRRIGATION_POINTS * len(area)
        hexes = [HEXES[c] for c in area]
        if scorer is not None:
            state.players[scorer].score += points
            state.scored_irrigation_areas.append(hexes)
        events.append(IrrigationScored(area=hexes, player=scorer, points=points if scorer is not None else 0))
