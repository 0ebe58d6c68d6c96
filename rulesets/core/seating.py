"""Who sits where, and who comes next: the seating helpers every game's turn order uses.

Seats are 0-based; clockwise is ascending seat order (the design's rule for every game).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .deck import drawn
from .rng import RandomSource


@dataclass(frozen=True)
class Seating:
    """Who sits where: the first player, and each seat's colour (empty for a game without colours)."""

    first_player: int = 0
    colors: tuple[str, ...] = ()
    #: False when setup named no first player: ``first_player`` is then the default seat 0.
    first_player_named: bool = False
    #: True for a game whose rules draw the start player when none is named (``Ruleset.first_player_drawn``).
    first_player_drawn: bool = False
    seats: int = 0

    def start_player(self, chance: RandomSource, rule: str) -> int:
        """The first player: the one setup named; else, where the rules draw one (under ``rule``), a
        seat drawn from ``chance`` at the moment the game's setup calls this (so the draw keeps its
        place among the game's random draws; at a table, the seat the table reports); else seat 0."""
        if self.first_player_named or not self.first_player_drawn:
            return self.first_player
        return chance.pick(range(self.seats), source="start_player", rule=rule)

    def drawn_turn_order(self, chance: RandomSource, rule: str) -> list[int]:
        """Every seat once in a random order (rules that draw the whole turn order, under ``rule``);
        at a table, the seats in the order the table reports them."""
        return drawn(range(self.seats), self.seats, chance, source="turn_order", rule=rule)


def clockwise(first: int, seats: int) -> list[int]:
    """Every seat once, clockwise from ``first`` (turn order in most games)."""
    return [(first + offset) % seats for offset in range(seats)]


def after(seat: int, seats: int) -> list[int]:
    """The other seats, clockwise from the one after ``seat``."""
    return [(seat + offset) % seats for offset in range(1, seats)]


def left_of(seat: int, seats: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise of ``seat``."""
    return (seat + steps) % seats


def next_seat(seat: int, seats: int, still_in: Callable[[int], bool] | None = None) -> int | None:
    """The next seat clockwise after ``seat`` that is still in (passed players drop out of a round);
    ``seat`` itself when it is the only one left in; None when nobody is."""
    for candidate in after(seat, seats) + [seat]:
        if still_in is None or still_in(candidate):
            return candidate
    return None
