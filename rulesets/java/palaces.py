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
from .explain import hex_of, space, terrain
from .refusals import (ALREADY_A_CITY, BUILDS, CITY, ENLARGES, INVALID_PALACE_VALUE, NO_PALACE_THERE,
                       NOT_A_VILLAGE_SPACE, NOT_HIGHEST_RANKED, PALACE_ALREADY_CHANGED, PALACE_TILE_UNAVAILABLE,
                       PALACE_VALUE_EXCEEDS_SIZE, PALACE_VALUE_NOT_HIGHER, SPACE_OCCUPIED, VILLAGE, VILLAGE_TOO_SMALL)

BUILD_AP = COSTS.build_palace.ap
EXTEND_AP = COSTS.extend_palace.ap
#: JAVA-7.1.2: a palace is built in a village of at least this many spaces
SMALLEST_VILLAGE = 2
#: JAVA-7.6: each palace changes at most this often in a turn
CHANGES_PER_TURN = 1


def _check_value(value: int, rule: str) -> None:
    if value not in PALACE_VALUES:
        raise INVALID_PALACE_VALUE(rule, values=", ".join(map(str, PALACE_VALUES)),
                                   explain={"offered": {"value": value}, "values": list(PALACE_VALUES)})


def _check_supply(state: JavaState, value: int) -> None:
    left = state.supply.palaces.get(str(value), 0)
    if left == 0:
        raise PALACE_TILE_UNAVAILABLE(value=value, explain={"needed": {"palace_tiles": 1}, "have": {"palace_tiles": left},
                                                            "value": value})


def _ranking(land: Land, cells: list[int]) -> dict[str, object]:
    """not_highest_ranked's explain: each seat's developer levels in the group, highest first (JAVA-2.13), and
    the sole highest seat (JAVA-2.14), None when there is none. Developers and levels are on the table."""
    levels = land.levels_by_player(cells)
    return {"levels": {str(seat): levels[seat] for seat in sorted(levels)}, "sole_highest": land.sole_highest(cells)}


def build_palace(state: JavaState, action: BuildPalace, land: Land | None = None) -> Events:
    """JAVA-7.1 to 7.3, checks in the spec's order. ``land``: the state's, when the caller carries it (the
    simulation path, ``carried``); kept up to date."""
    seat = action.player
    _check_value(action.value, "JAVA-7.1")
    land = land or Land(state)
    i = INDEX.get(tuple(action.hex))
    if i is None or land.level[i] == 0 or land.pond[i] or not land.village[i]:
        raise NOT_A_VILLAGE_SPACE(explain={"space": hex_of(action.hex), "terrain": terrain(land, i)})
    group = land.group_of(i)
    palaces = land.palaces_in(group)
    if palaces:
        raise ALREADY_A_CITY(explain={"space": space(i), "palace": hex_of(state.palaces[palaces[0]].hex)})
    if land.dev[i] != NOBODY:
        raise SPACE_OCCUPIED("JAVA-7.1", explain={"space": space(i), "held_by": land.dev[i]})
    if len(group) < SMALLEST_VILLAGE:
        raise VILLAGE_TOO_SMALL(explain={"needed": {"spaces": SMALLEST_VILLAGE}, "have": {"spaces": len(group)}})
    if land.sole_highest(group) != seat:
        raise NOT_HIGHEST_RANKED("JAVA-7.1", group=VILLAGE(), verb=BUILDS(), explain=_ranking(land, group))
    if action.value > len(group):
        raise PALACE_VALUE_EXCEEDS_SIZE("JAVA-7.1", group=VILLAGE(), size=len(group),
                                        explain={"limit": {"value": len(group)}, "offered": {"value": action.value}})
    _check_supply(state, action.value)
    check_ap(state, BUILD_AP, "JAVA-7.1")
    state.supply.palaces[str(action.value)] -= 1
    state.palaces.append(Palace(hex=HEXES[i], values=[action.value]))
    land.add_palace(i, len(state.palaces) - 1)
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


def no_palace_explain(state: JavaState, h: tuple[int, ...]) -> dict[str, object]:
    """no_palace_there's explain: the space named and where the palaces are."""
    return {"space": hex_of(h), "palaces": sorted(hex_of(p.hex) for p in state.palaces)}


def extend_palace(state: JavaState, action: ExtendPalace) -> Events:
    """JAVA-7.4 to 7.6, checks in the spec's order."""
    seat = action.player
    _check_value(action.value, "JAVA-7.4")
    h = tuple(action.palace)
    n = palace_at(state, h)
    if n is None:
        raise NO_PALACE_THERE("JAVA-7.4", explain=no_palace_explain(state, h))
    if any(tuple(c) == h for c in state.turn.palaces_changed):
        raise PALACE_ALREADY_CHANGED(explain={"space": hex_of(h), "limit": {"changes": CHANGES_PER_TURN},
                                              "have": {"changes": CHANGES_PER_TURN}})
    land = Land(state)
    city = land.city_of_palace(n)
    if land.sole_highest(city) != seat:
        raise NOT_HIGHEST_RANKED("JAVA-7.4", group=CITY(), verb=ENLARGES(), explain=_ranking(land, city))
    palace = state.palaces[n]
    if action.value <= palace.values[-1]:
        raise PALACE_VALUE_NOT_HIGHER(value=palace.values[-1], explain={"have": {"value": palace.values[-1]},
                                                                       "offered": {"value": action.value}})
    if action.value > len(city):
        raise PALACE_VALUE_EXCEEDS_SIZE("JAVA-7.4", group=CITY(), size=len(city),
                                        explain={"limit": {"value": len(city)}, "offered": {"value": action.value}})
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
