"""JAVA-3.2, 3.5.1: a turn's action points: what is left, what an action may spend, and
the 1 AP kept for the turn's land tile. Every action's last checks come from here."""

from __future__ import annotations


from .state import JavaState
from .refusals import INSUFFICIENT_AP, MUST_RESERVE_AP

#: JAVA-3.5.1: while the tile obligation is open, an action other than place_tile leaves at least this many AP
RESERVE_AP = 1

def ap_left(state: JavaState) -> int:
    return state.turn.ap_total - state.turn.ap_spent


def tile_obligation_open(state: JavaState) -> bool:
    """JAVA-3.5 / 3.5.2: no land tile placed yet this turn, and not a final-round turn."""
    return not state.turn.land_tile_placed and state.final_round is None


def check_ap(state: JavaState, cost: int, rule: str, *, tile: bool = False) -> None:
    """The two AP checks, after every other check of an action: insufficient_ap first, then the
    JAVA-3.5.1 reserve for actions other than place_tile."""
    left = ap_left(state)
    if cost > left:
        raise INSUFFICIENT_AP(rule, cost=cost, left=left, context={"cost": cost, "left": left},
                              explain={"needed": {"ap": cost}, "have": {"ap": left}})
    if not tile and cost > 0 and tile_obligation_open(state) and left - cost < RESERVE_AP:
        # what the action needs is its cost and the AP kept for the tile
        raise MUST_RESERVE_AP(context={"cost": cost, "left": left},
                              explain={"needed": {"ap": cost + RESERVE_AP}, "have": {"ap": left},
                                       "reserved": {"ap": RESERVE_AP}})


def can_pay(state: JavaState, cost: int, *, tile: bool = False) -> bool:
    left = ap_left(state)
    if cost > left:
        return False
    return tile or cost == 0 or not tile_obligation_open(state) or left - cost >= RESERVE_AP


def spend(state: JavaState, cost: int) -> None:
    state.turn.ap_spent += cost
