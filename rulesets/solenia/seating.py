"""SOL-2.1: turn order. Play runs clockwise from the first player, who starts every round."""

from __future__ import annotations

from rulesets.core import clockwise, left_of

from .state import SoleniaState


def turn_position(state: SoleniaState, seat: int) -> int:
    """0 for the first player, 1 for the next seat clockwise, and so on."""
    return turn_order(state).index(seat)


def turn_order(state: SoleniaState) -> list[int]:
    return clockwise(state.first_player, len(state.players))


def next_seat(state: SoleniaState, seat: int) -> int | None:
    """The seat after ``seat`` this round, or None after the round's last seat."""
    position = turn_position(state, seat)
    return None if position + 1 == len(state.players) else left_of(seat, len(state.players))
