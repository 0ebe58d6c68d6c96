"""JAVA-7: actions F and G, building and enlarging palaces."""

from __future__ import annotations

from rulesets.core import Events


from .events import PalaceBuilt, PalaceExtended, Scored
from .actions import BuildPalace, ExtendPalace
from .board import HEXES, INDEX
from .components import COSTS, PALACE_POINTS, PALACE_VALUES
from .land import NOBODY, Land
from .state import JavaState, Palace
from .action_points import check_ap, spend
from .refusals import (ALREADY_A_CITY, INVALID_PALACE_VALUE, NO_PALACE_THERE, NOT_A_VILLAGE_SPACE, NOT_HIGHEST_RANKED,
                       PALACE_ALREADY_CHANGED, PALACE_TILE_UNAVAILABLE, PALACE_VALUE_EXCEEDS_SIZE,
                       PALACE_VALUE_NOT_HIGHER, SPACE_OCCUPIED, VILLAGE_TOO_SMALL)

BUILD_AP = COSTS.build_palace.ap
EXTEND_AP = COSTS.extend_palace.ap


def _check_value(value: int, rule: str) -> None:
    if value not in PALACE_VALUES:
        raise INVALID_PALACE_VALUE(rule, values=", ".join(map(str, PALACE_VALUES)))


def _check_supply(state: JavaState, value: int) -> None:
    if state.supply.palaces.get(str(value), 0) == 0:
        raise PALACE_TILE_UNAVAILABLE(value=value)


def build_palace(state: JavaState, action: BuildPalace) -> Events:
    """JAVA-7.1 to 7.3, checks in the spec's order."""
    seat = action.player
    _check_value(action.value, "JAVA-7.1")
    land = Land(state)
    i = INDEX.get(tuple(action.hex))
    if i is None or land.level[i] == 0 or land.pond[i] or not land.village[i]:
        raise NOT_A_VILLAGE_SPACE()
    group = land.group_of(i)
    if land.palaces_in(group):
        raise ALREADY_A_CITY()
    if land.dev[i] != NOBODY:
        raise SPACE_OCCUPIED("JAVA-7.1")
    if len(group) < 2:
        raise VILLAGE_TOO_SMALL()
    if land.sole_highest(group) != seat:
        raise NOT_HIGHEST_RANKED("JAVA-7.1", group="village", verb="builds")
    if action.value > len(group):
        raise PALACE_VALUE_EXCEEDS_SIZE("JAVA-7.1", group="village", size=len(group))
    _check_supply(state, action.value)
    check_ap(state, BUILD_AP, "JAVA-7.1")
    state.supply.palaces[str(action.value)] -= 1
    state.palaces.append(Palace(hex=HEXES[i], values=[action.value]))
    state.turn.palaces_changed.append(HEXES[i])
    points = PALACE_POINTS[str(action.value)]
    state.players[seat].score += points
    spend(state, BUILD_AP)
    return [PalaceBuilt(player=seat, hex=HEXES[i], value=action.value),
            Scored(player=seat, points=points, reason="palace_built")]


def palace_at(state: JavaState, h: tuple[int, ...]) -> int | None:
    for n, palace in enumerate(state.palaces):
        if tuple(palace.hex) == h:
            return n
    return None


def extend_palace(state: JavaState, action: ExtendPalace) -> Events:
    """JAVA-7.4 to 7.6, checks in the spec's order."""
    seat = action.player
    _check_value(action.value, "JAVA-7.4")
    h = tuple(action.palace)
    n = palace_at(state, h)
    if n is None:
        raise NO_PALACE_THERE("JAVA-7.4")
    if any(tuple(c) == h for c in state.turn.palaces_changed):
        raise PALACE_ALREADY_CHANGED()
    land = Land(state)
    city = land.city_of_palace(n)
    if land.sole_highest(city) != seat:
        raise NOT_HIGHEST_RANKED("JAVA-7.4", group="city", verb="enlarges")
    palace = state.palaces[n]
    if action.value <= palace.values[-1]:
        raise PALACE_VALUE_NOT_HIGHER(value=palace.values[-1])
    if action.value > len(city):
        raise PALACE_VALUE_EXCEEDS_SIZE("JAVA-7.4", group="city", size=len(city))
    _check_supply(state, action.value)
    check_ap(state, EXTEND_AP, "JAVA-7.4")
    state.supply.palaces[str(action.value)] -= 1
    palace.values.append(action.value)
    palace.front_up = True
    state.turn.palaces_changed.append(palace.hex)
    points = PALACE_POINTS[str(action.value)]
    state.players[seat].score += points
    spend(state, EXTEND_AP)
    return [PalaceExtended(player=seat, hex=palace.hex, value=action.value),
            Scored(player=seat, points=points, reason="palace_extended")]
