"""Board geometry (SOL-1.3): spaces, terrain, occupants, distances."""

from __future__ import annotations

from .components import COLUMNS, ROWS, STRIPS, Terrain
from .state import BoardCard, SoleniaState

Coord = tuple[int, int]

ALL_SPACES: tuple[Coord, ...] = tuple((col, row) for col in range(COLUMNS) for row in range(ROWS))

#: for every space, its D-2 distance to each space of ``ALL_SPACES`` (in that order): placement looks
#: distances up for every space at once, many times a turn in a search, instead of working them out.
DISTANCES: dict[Coord, tuple[int, ...]] = {
    a: tuple(abs(a[0] - b[0]) + abs(a[1] - b[1]) for b in ALL_SPACES) for a in ALL_SPACES}


def on_board(col: int, row: int) -> bool:
    """SOL-1.3.1: every (col,row) with 0 <= col < 5 and 0 <= row < 5 is a space, nothing else."""
    return 0 <= col < COLUMNS and 0 <= row < ROWS


def terrain(state: SoleniaState, col: int, row: int) -> Terrain:
    """SOL-1.3.2: the terrain comes from the strip and face lying in that column."""
    column = state.board.columns[col]
    return STRIPS[column.strip][column.face][row]


def occupants(state: SoleniaState) -> dict[Coord, BoardCard]:
    return {(c.col, c.row): c for c in state.board.cards}


def airship(state: SoleniaState) -> Coord:
    return state.board.airship.col, state.board.airship.row


def manhattan(a: Coord, b: Coord) -> int:
    """D-2: distance counts |dcol| + |drow|, whatever lies in between."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
