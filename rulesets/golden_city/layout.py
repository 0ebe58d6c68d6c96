"""Where each space of the Golden City's island lies in a picture, from the served components only.

The components file gives the board no coordinates (its ``notes`` say so): a space has a
quadrant, a kind, a ring counted from the coast (villages) and a number. So the island is
laid out as the table shows it: a round island cut in four quadrants (N up, then clockwise),
harbours on the coast, the villages in rings towards the middle, and the golden city at
the centre, eight outer districts around four inner ones. Within a quadrant, spaces of one
ring are spread clockwise in the order of their numbers, which puts the first and the last
on the rivers that run along the quadrant borders (as the served ``rivers`` say they are).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

#: the quadrant's middle direction, in degrees clockwise from east (the screen's y points down).
QUADRANT_ANGLE = {"N": -90.0, "E": 0.0, "S": 90.0, "W": 180.0}
SECTOR = 90.0
CENTRE = 370.0, 590.0
#: radii: the city's inner and outer districts, the island's coast, the harbours, the sea's edge.
INNER_EDGE, CITY_EDGE, COAST, HARBOUR_RADIUS, SEA = 70.0, 140.0, 300.0, 312.0, 345.0
#: villages by ring (1: next to the coast).
RING_RADIUS = {1: 266.0, 2: 220.0, 3: 176.0}
#: where a district's posts stand (and its reward is written), as a radius.
DISTRICT_ANCHOR = {"outer_district": 102.0, "inner_district": 38.0}


@dataclass(frozen=True)
class Place:
    """One space's spot: its centre (posts and roads meet there) and, for a district, its wedge."""

    x: float
    y: float
    angle: float
    #: a district's sector (inner radius, outer radius, from angle, to angle); None for a single space.
    wedge: tuple[float, float, float, float] | None = None


def point(radius: float, degrees: float) -> tuple[float, float]:
    turn = math.radians(degrees)
    return CENTRE[0] + radius * math.cos(turn), CENTRE[1] + radius * math.sin(turn)


def _number(space_id: str) -> int:
    digits = space_id.rsplit("_", 1)[-1].lstrip("HVOI")
    return int(digits) if digits else 0


def _row(space: Mapping[str, Any]) -> tuple[str, str, int | None]:
    return space["quadrant"], space["kind"], space.get("ring")


def layout(spaces: Iterable[Mapping[str, Any]]) -> dict[str, Place]:
    """Space id -> its place, for the served board's spaces."""
    rows: dict[tuple[str, str, int | None], list[Mapping[str, Any]]] = {}
    for space in spaces:
        rows.setdefault(_row(space), []).append(space)
    places: dict[str, Place] = {}
    for (quadrant, kind, ring), members in rows.items():
        members = sorted(members, key=lambda s: _number(s["id"]))
        start = QUADRANT_ANGLE[quadrant] - SECTOR / 2
        step = SECTOR / len(members)
        for index, space in enumerate(members):
            angle = start + (index + 0.5) * step
            if kind in DISTRICT_ANCHOR:
                inner, outer = (0.0, INNER_EDGE) if kind == "inner_district" else (INNER_EDGE, CITY_EDGE)
                x, y = point(DISTRICT_ANCHOR[kind], angle)
                wedge = (inner, outer, start + index * step, start + (index + 1) * step)
                places[space["id"]] = Place(x, y, angle, wedge)
            else:
                radius = HARBOUR_RADIUS if kind == "harbour" else RING_RADIUS[ring or 1]
                x, y = point(radius, angle)
                places[space["id"]] = Place(x, y, angle)
    return places


def sector_path(inner: float, outer: float, start: float, end: float) -> str:
    """An annular sector (a pie slice when ``inner`` is 0) as SVG path data."""
    large = 1 if end - start > 180 else 0
    (ax, ay), (bx, by) = point(outer, start), point(outer, end)
    if inner <= 0:
        return (f"M{CENTRE[0]:.2f},{CENTRE[1]:.2f} L{ax:.2f},{ay:.2f} "
                f"A{outer:.2f},{outer:.2f} 0 {large} 1 {bx:.2f},{by:.2f} Z")
    (cx, cy), (dx, dy) = point(inner, end), point(inner, start)
    return (f"M{ax:.2f},{ay:.2f} A{outer:.2f},{outer:.2f} 0 {large} 1 {bx:.2f},{by:.2f} "
            f"L{cx:.2f},{cy:.2f} A{inner:.2f},{inner:.2f} 0 {large} 0 {dx:.2f},{dy:.2f} Z")


def river_points(border: float) -> list[tuple[float, float]]:
    """A river along the quadrant border at ``border`` degrees, from the sea to the city wall, meandering."""
    out = []
    for step in range(9):
        radius = SEA - step * (SEA - CITY_EDGE) / 8
        out.append(point(radius, border + (2.2 if step % 2 else -2.2)))
    return out


def board_words(served: Any) -> frozenset[str]:
    """The words and numbers the board prints (space names, costs, rewards), from the served components."""
    board = served.board
    said: set[str] = set()
    for space in board.spaces:
        said.update(space.name.lower().split())
        said.add(space.cost.landscape)
        said.update(str(getattr(space.reward, field)) for field in ("amount", "first", "second", "later")
                    if getattr(space.reward, field) is not None)
    return frozenset(said)
