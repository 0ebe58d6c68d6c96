"""Spaces a pawn can go on (spec 3.0 ids) and where a seat may place now (KOS-4.3..4.9, 8.21, 11.1)."""

from __future__ import annotations

from collections.abc import Mapping

from .components import ACTION_SPACES, AREA_IDS, AREAS, BONUS_SPACES, BUILDING_CARDS, SETUP
from .state import KosState

AREA, ACTION, BONUS, CARD = "area", "action", "bonus", "card"
_KNOWN: dict[str, Mapping[str, object]] = {AREA: AREAS, ACTION: ACTION_SPACES, BONUS: BONUS_SPACES, CARD: BUILDING_CARDS}


def parse(space: str) -> tuple[str, str] | None:
    """``area:galilee`` -> ("area", "galilee"); None when it names no space of this game."""
    kind, _, name = space.partition(":")
    table = _KNOWN.get(kind)
    if table is None or name not in table:
        return None
    return kind, name


def bonus_in_play(state: KosState) -> list[str]:
    """KOS-1.4 and KOS-11.1: the bonus spaces of this game, in component order."""
    if state.options.variant_all_bonus:
        return list(BONUS_SPACES)
    listed = SETUP[len(state.players)].bonus_spaces
    return [space for space in BONUS_SPACES if space in listed]


def bonus_claimed(state: KosState) -> list[str]:
    return [pawn.space for pawn in state.pawns if pawn.space.startswith(BONUS + ":")]


def bonus_limit_reached(state: KosState) -> bool:
    """KOS-11.1: in the variant, at most players - 1 bonus spaces are claimed per round."""
    return state.options.variant_all_bonus and len(bonus_claimed(state)) >= len(state.players) - 1


def open_spaces(state: KosState, seat: int) -> list[str]:
    """Every space ``seat`` may place on now (a bonus space takes all his unplaced pawns)."""
    player = state.players[seat]
    occupied = {pawn.space for pawn in state.pawns}
    owner = {marker.area: marker.owner for marker in state.markers}
    privilege = state.high_priest == seat and not player.privilege_used
    out = []
    for area in AREA_IDS:
        space = f"{AREA}:{area}"
        if space in occupied:
            continue
        held_by = owner.get(area)
        if held_by is None or held_by == seat or privilege:
            out.append(space)
    out += [f"{ACTION}:{name}" for name in ACTION_SPACES if f"{ACTION}:{name}" not in occupied]
    out += [f"{CARD}:{card}" for card in player.buildings if f"{CARD}:{card}" not in occupied]
    if not bonus_limit_reached(state):
        out += [f"{BONUS}:{name}" for name in bonus_in_play(state) if f"{BONUS}:{name}" not in occupied]
    return out


def has_open_space(state: KosState, seat: int) -> bool:
    """Whether ``open_spaces`` is not empty, without listing them (KOS-4.10)."""
    occupied = {pawn.space for pawn in state.pawns}
    if any(space not in occupied for space in _ACTION_IDS):
        return True
    return bool(open_spaces(state, seat))


_ACTION_IDS = tuple(f"{ACTION}:{name}" for name in ACTION_SPACES)
