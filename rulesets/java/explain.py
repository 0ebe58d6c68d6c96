"""What a refusal's ``explain`` says of a space (issue 25): where it lies and what covers it.

A refusal comparing positions names the space as the action does (``[q, r]``) and, as identifiers,
the things the rule compared: which part of the map it lies in (JAVA-2.3, 2.4), what is on it
(JAVA-2.5 to 2.7), whose developer stands there (JAVA-2.16). Everything here is on the table for
every seat to see.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .board import CENTRAL, EDGE, HEXES, INDEX, NEIGHBORS
from .land import NOBODY, Land


def hex_of(h: Sequence[int]) -> list[int]:
    """A hex as the action sends it (a JSON pair), whatever sequence holds it."""
    return [int(h[0]), int(h[1])]


def space(i: int) -> list[int]:
    return hex_of(HEXES[i])


def spaces(cells: Iterable[int]) -> list[list[int]]:
    """Hexes in the board's order (sorted), as the state and the listed actions give them."""
    return [space(i) for i in sorted(cells, key=lambda i: HEXES[i])]


def lies_in(i: int | None) -> str:
    """``interior``, ``edge`` (central Java next to the outer ring), ``outer_ring`` or ``off_board``."""
    if i is None:
        return "off_board"
    if not CENTRAL[i]:
        return "outer_ring"
    return "edge" if EDGE[i] else "interior"


def outer_neighbours(i: int) -> list[list[int]]:
    """The outer-ring hexes next to a space (what makes a central space an edge space, JAVA-2.4)."""
    return spaces(j for j in NEIGHBORS[i] if not CENTRAL[j])


def terrain(land: Land, i: int | None) -> str:
    """What the top of a space is: ``rice``, ``village``, ``palace``, ``irrigation``, ``bare_board`` (no
    tile yet) or ``off_board``."""
    if i is None:
        return "off_board"
    if land.pond[i]:
        return "irrigation"
    if land.palace[i] != NOBODY:
        return "palace"
    if land.level[i] == 0:
        return "bare_board"
    return "village" if land.village[i] else "rice"


def held_by(land: Land, i: int | None) -> int | None:
    """The seat whose developer stands on the space, None when nobody's does."""
    if i is None or land.dev[i] == NOBODY:
        return None
    return land.dev[i]


def index_of(h: Sequence[int]) -> int | None:
    return INDEX.get(tuple(h))
