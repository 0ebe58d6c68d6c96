"""Where the picture puts Java's hexes: pixel centres and shared edges from the served map alone.

The served board says it is axial ``(q, r)``, flat-topped, with the pixel centre
``x = 1.5*s*q ; y = sqrt(3)*s*(r + q/2)`` (y down); this module follows that and reads
nothing but the served components, so a drawing cannot learn anything the components
and the view do not hold.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rulesets.core.drawing import number

#: a hex's radius (centre to corner) in the picture's units.
SIDE = 21
MARGIN = 12
SQRT3 = math.sqrt(3)

Point = tuple[float, float]


def hex_corners(side: float = SIDE) -> list[Point]:
    """A flat-topped hex around (0, 0): corners at 0°, 60°, ... (the served orientation)."""
    return [(round(side * math.cos(math.radians(60 * k)), 2), round(side * math.sin(math.radians(60 * k)), 2))
            for k in range(6)]


@dataclass(frozen=True)
class MapLayout:
    """Every space's pixel centre (by id ``"q,r"``), its neighbours' ids by direction, and the map's size."""

    centres: dict[str, Point]
    directions: dict[str, tuple[str, ...]]
    offsets: tuple[tuple[int, int], ...]
    width: float
    height: float
    #: each space's sides, by direction: the neighbour's id, whether it sorts before the space, and the side as
    #: path data (``M x y L x y``); computed once per map, drawn every picture.
    sides: dict[str, tuple[tuple[str, bool, str], ...]] = field(default_factory=dict)

    def edge(self, space: str, direction: int) -> tuple[Point, Point]:
        """The two corners of ``space``'s side facing neighbour ``direction`` (an index of the offsets)."""
        x, y = self.centres[space]
        dq, dr = self.offsets[direction]
        angle = math.atan2(SQRT3 * (dr + dq / 2), 1.5 * dq)
        return tuple((x + SIDE * math.cos(angle + turn), y + SIDE * math.sin(angle + turn))  # type: ignore[return-value]
                     for turn in (-math.pi / 6, math.pi / 6))


def _pixel(q: int, r: int) -> Point:
    return 1.5 * SIDE * q, SQRT3 * SIDE * (r + q / 2)


def layout(board: Mapping[str, Any]) -> MapLayout:
    """The layout of a served ``board`` (``components["board"]``)."""
    return _layout(tuple((s["id"], s["q"], s["r"]) for s in board["spaces"]),
                   tuple(tuple(offset) for offset in board["neighbor_offsets"]))


@lru_cache(maxsize=4)
def _layout(spaces: tuple[tuple[str, int, int], ...], offsets: tuple[tuple[int, int], ...]) -> MapLayout:
    raw = {space: _pixel(q, r) for space, q, r in spaces}
    left = min(x for x, _ in raw.values()) - SIDE - MARGIN
    top = min(y for _, y in raw.values()) - SIDE - MARGIN
    centres = {space: (round(x - left, 1), round(y - top, 1)) for space, (x, y) in raw.items()}
    directions = {space: tuple(f"{q + dq},{r + dr}" for dq, dr in offsets) for space, q, r in spaces}
    width = max(x for x, _ in centres.values()) + SIDE + MARGIN
    height = max(y for _, y in centres.values()) + SIDE + MARGIN
    board = MapLayout(centres, directions, offsets, width, height)
    board.sides.update({space: tuple((neighbour, neighbour < space, _stroke(board.edge(space, direction)))
                                     for direction, neighbour in enumerate(directions[space]))
                        for space in centres})
    return board


def _stroke(edge: tuple[Point, Point]) -> str:
    (x1, y1), (x2, y2) = edge
    return f"M{number(x1)} {number(y1)}L{number(x2)} {number(y2)}"
