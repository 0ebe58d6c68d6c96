"""JAVA-7: actions F and G, building and enlarging palaces."""

from __future__ import annotations

from rulesets.core import IllegalAction

from .actions import BuildPalace, ExtendPalace
from .board import HEXES, INDEX
from .components import COSTS, PALACE_POINTS, PALACE_VALUES
from .land import NOBODY, Land
from .state import JavaState, Palace
from .action_points import check_ap, spend

BUILD_AP = COSTS.build_palace.ap
EXTEND_AP = COSTS.extend_palace.ap


def _check_value(value: int, rule: str) -> None:
    if value not in PALACE_VALUES:
        raise IllegalAction("invalid_palace_value", rule,
                            f"Palace values are {', '.join(map(str, PALACE_VALUES))}.")


def _check_supply(state: JavaState, value: int) -> None:
    if state.supply.palaces.get(str(value), 0) == 0:
        raise IllegalAction("palace_tile_unavailable", "JAVA-7.8", f"No palace tile of value {value} is left.")


def build_palace(state: JavaState, action: BuildPalace) -> list[dict]:
    """JAVA-7.1 to 7.3, checks in the spec's order."""
    seat = action.player
    _check_value(action.value, "JAVA-7.1")
    land = Land(state)
    i = INDEX.get(tuple(action.hex))  # type: ignore[arg-type]
    if i is None or land.level[i] == 0 or land.pond[i] or not land.village[i]:
        raise IllegalAction("not_a_village_space", "JAVA-7.1", "Palaces are built on a village space.")
    group = land.group_of(i)
    if land.palaces_in(group):
        raise IllegalAction("already_a_city", "JAVA-2.10", "This village space belongs to a city already.")
    if land.dev[i] != NOBODY:
        raise IllegalAction("space_occupied", "JAVA-7.1", "A developer stands on that space.")
    if len(group) < 2:
        raise IllegalAction("village_too_small", "JAVA-7.1", "A palace needs a village of at least 2 spaces.")
    if land.sole_highest(group) != seat:
        raise IllegalAction("not_highest_ranked", "JAVA-7.1", "Only the sole highest player in the village builds.")
    if action.value > len(group):
        raise IllegalAction("palace_value_exceeds_size", "JAVA-7.1",
                            f"The village has {len(group)} spaces; the palace may not be worth more.")
    _check_supply(state, action.value)
    check_ap(state, BUILD_AP, "JAVA-7.1")
    state.supply.palaces[str(action.value)] -= 1
    state.palaces.append(Palace(hex=HEXES[i], values=[action.value]))
    state.turn.palaces_changed.append(HEXES[i])
    points = PALACE_POINTS[str(action.value)]
    state.players[seat].score += points
    spend(state, BUILD_AP)
    return [{"type": "palace_built", "player": seat, "hex": HEXES[i], "value": action.value},
            {"type": "score", "player": seat, "points": points, "reason": "palace_built"}]


def palace_at(state: JavaState, h: tuple[int, int]) -> int | None:
    for n, palace in enumerate(state.palaces):
        if tuple(palace.hex) == h:
            return n
    return None


def extend_palace(state: JavaState, action: ExtendPalace) -> list[dict]:
    """JAVA-7.4 to 7.6, checks in the spec's order."""
    seat = action.player
    _check_value(action.value, "JAVA-7.4")
    h = tuple(action.palace)
    n = palace_at(state, h)  # type: ignore[arg-type]
    if n is None:
        raise IllegalAction("no_palace_there", "JAVA-7.4", "There is no palace on that space.")
    if any(tuple(c) == h for c in state.turn.palaces_changed):
        raise IllegalAction("palace_already_changed_this_turn", "JAVA-7.6",
                            "Each palace changes at most once per turn.")
    land = Land(state)
    city = land.city_of_palace(n)
    if land.sole_highest(city) != seat:
        raise IllegalAction("not_highest_ranked", "JAVA-7.4", "Only the sole highest player in the city enlarges.")
    palace = state.palaces[n]
    if action.value <= palace.values[-1]:
        raise IllegalAction("palace_value_not_higher", "JAVA-7.4",
                            f"The palace is worth {palace.values[-1]}; choose a higher value.")
    if action.value > len(city):
        raise IllegalAction("palace_value_exceeds_size", "JAVA-7.4",
                            f"The city has {len(city)} spaces; the palace may not be worth more.")
    _check_supply(state, action.value)
    check_ap(state, EXTEND_AP, "JAVA-7.4")
    state.supply.palaces[str(action.value)] -= 1
    palace.values.append(action.value)
    palace.front_up = True
    state.turn.palaces_changed.append(palace.hex)
    points = PALACE_POINTS[str(action.value)]
    state.players[seat].score += points
    spend(state, EXTEND_AP)
    return [{"type": "palace_extended", "player": seat, "hex": palace.hex, "value": action.value},
            {"type": "score", "player": seat, "points": points, "reason": "palace_extended"}]
