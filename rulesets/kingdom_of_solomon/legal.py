"""``legal_actions``: every action ``apply`` accepts from a seat now, in canonical form.

The seat on turn gets its phase's moves; every seat, on turn or not, gets the fortune
cards it may play (KOS-6.2, an out-of-turn action), and at the end of a round the
discards or the confirmation it owes.
"""

from __future__ import annotations

from typing import Any

from . import building, fortune, market, resolution, roundend
from .actions import EndBuildingTurn, PlacePawn, ResolvePawn
from .spaces import open_spaces
from .state import KosState

BUILD_TYPES = frozenset({"build_building", "build_temple_block", "build_road", "end_building_turn"})


def legal_actions(state: KosState, seat: int, types: frozenset[str] | None) -> list[Any]:
    def wanted(*names: str) -> bool:
        return types is None or any(name in types for name in names)

    out: list[Any] = []
    phase = state.phase
    if phase == "game_over":
        return out
    on_turn = state.active == seat
    if phase == "placement" and on_turn and wanted("place_pawn"):
        if state.players[seat].unplaced > 0:
            out += [PlacePawn(player=seat, space=space) for space in open_spaces(state, seat)]
    elif phase == "resolution" and on_turn and wanted("resolve_pawn"):
        for pawn in state.pawns:
            if pawn.owner == seat:
                out += [ResolvePawn(player=seat, space=pawn.space, choice=choice)
                        for choice in resolution.choices(state, seat, pawn.space)]
    elif phase == "market" and on_turn and wanted("market_sell", "market_buy", "market_pass"):
        out += market.options(state, seat)
    elif phase == "building" and on_turn and wanted(*BUILD_TYPES):
        if wanted("build_building"):
            out += building.building_options(state, seat)
        if wanted("build_temple_block"):
            out += building.temple_options(state, seat)
        if wanted("build_road"):
            out += building.road_options(state, seat)
        out.append(EndBuildingTurn(player=seat))
    elif phase == "round_end" and wanted("discard_fortune", "confirm_final_scoring"):
        out += roundend.options(state, seat)
    if wanted("play_fortune"):
        out += fortune.playable(state, seat)
    return out
