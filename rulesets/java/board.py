"""The board's geometry (JAVA-2.1 to 2.4, 2.8, 4.2, 4.4), precomputed once from the map.

Hexes are axial ``(q, r)`` on the wire; inside the rules each hex of the map (central
Java and the outer ring) has an index, so a state's board is a few flat lists. Every
footprint a land tile may ever have (JAVA-4.2 shapes, JAVA-4.4: every hex on the map
and at least one in central Java) is listed here once, so a turn's placements are a
scan of these lists against the state, not a search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

from rulesets.core import ComponentDataError

from .components import COSTS, DATA

Hex = tuple[int, int]
Region = Literal["mountains", "lowlands"]
REGIONS: tuple[Region, ...] = ("lowlands", "mountains")
NEIGHBOR_OFFSETS: tuple[Hex, ...] = tuple((dq, dr) for dq, dr in DATA.board.coordinates.neighbors)

_central = DATA.board.central_hexes
_outer = DATA.board.outer_hexes

#: every hex of the map, central Java first, in the data file's order.
HEXES: tuple[Hex, ...] = tuple((h.q, h.r) for h in _central) + tuple((h.q, h.r) for h in _outer)
#: each hex's index; keyed by any int tuple so ``tuple(h)`` of a hex a client or a hand-built state sent
#: as a ``[q, r]`` list looks up directly (a hex off the map, of any length, is simply absent).
INDEX: dict[tuple[int, ...], int] = {h: i for i, h in enumerate(HEXES)}
N: int = len(HEXES)
N_CENTRAL: int = len(_central)
if len(INDEX) != N:
    raise ComponentDataError("board: a hex is listed twice")

CENTRAL: tuple[bool, ...] = tuple(i < N_CENTRAL for i in range(N))
#: printed irrigation spaces (JAVA-2.7).
PRINTED_POND: tuple[bool, ...] = tuple(i < N_CENTRAL and _central[i].kind == "pond" for i in range(N))
#: JAVA-2.4: central spaces next to the outer ring.
EDGE: tuple[bool, ...] = tuple(i < N_CENTRAL and _central[i].edge for i in range(N))
#: the outer region of each outer-ring hex (None for central Java).
REGION: tuple[Region | None, ...] = tuple(None if i < N_CENTRAL else _outer[i - N_CENTRAL].region for i in range(N))

NEIGHBORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[(q + dq, r + dr)] for dq, dr in NEIGHBOR_OFFSETS if (q + dq, r + dr) in INDEX) for q, r in HEXES)


def _entry_regions(i: int) -> tuple[Region, ...]:
    """JAVA-5.2 and D5/D6: the outer regions a developer may come in by at this hex."""
    if CENTRAL[i]:
        return tuple(r for r in REGIONS if r in _central[i].border_regions)
    found = {REGION[i]} | {REGION[j] for j in NEIGHBORS[i] if not CENTRAL[j]}
    return tuple(r for r in REGIONS if r in found)


ENTRY_REGIONS: tuple[tuple[Region, ...], ...] = tuple(_entry_regions(i) for i in range(N))
ENTER_COST: dict[str, int] = {"lowlands": COSTS.enter_developer.via_lowlands,
                              "mountains": COSTS.enter_developer.via_mountains}
EXIT_COST: dict[str, int] = {"lowlands": COSTS.exit_developer.via_lowlands,
                             "mountains": COSTS.exit_developer.via_mountains}
#: JAVA-5.1: edge spaces and every outer hex (an entry space once a tile covers it).
ENTRY: tuple[bool, ...] = tuple(EDGE[i] or not CENTRAL[i] for i in range(N))
ENTRY_CELLS: tuple[int, ...] = tuple(i for i in range(N) if ENTRY[i])


def _check() -> None:
    counts = DATA.board.counts
    land = sum(1 for i in range(N_CENTRAL) if not PRINTED_POND[i])
    if (land, sum(PRINTED_POND), N - N_CENTRAL) != (counts.central_land, counts.central_printed_irrigation,
                                                   counts.outer_ring):
        raise ComponentDataError("board: the hex lists do not match board.counts")
    for i in range(N):
        q, r = HEXES[i]
        if CENTRAL[i]:
            outer_near = [j for j in NEIGHBORS[i] if not CENTRAL[j]]
            on_map = [(q + dq, r + dr) in INDEX for dq, dr in NEIGHBOR_OFFSETS]
            if not all(on_map):
                raise ComponentDataError(f"board: central hex {HEXES[i]} has a neighbour off the map")
            if EDGE[i] != bool(outer_near) or (PRINTED_POND[i] and EDGE[i]):
                raise ComponentDataError(f"board: central hex {HEXES[i]} has a wrong edge flag")
            if EDGE[i] and _central[i].entry_cost != min(ENTER_COST[r] for r in ENTRY_REGIONS[i]):
                raise ComponentDataError(f"board: central hex {HEXES[i]} has a wrong entry_cost")
        else:
            if not any(CENTRAL[j] for j in NEIGHBORS[i]):
                raise ComponentDataError(f"board: outer hex {HEXES[i]} does not touch central Java")
            if _outer[i - N_CENTRAL].overhang_entry_cost != min(ENTER_COST[r] for r in ENTRY_REGIONS[i]):
                raise ComponentDataError(f"board: outer hex {HEXES[i]} has a wrong overhang_entry_cost")


_check()


# ---------------------------------------------------------------- footprints (JAVA-4.2, 4.4)
@dataclass(frozen=True, slots=True)
class Footprint:
    """Where a tile of ``len(cells)`` hexes may lie: indices and axial hexes, sorted."""

    cells: tuple[int, ...]
    hexes: tuple[Hex, ...]
    outer: int  # hexes on the outer ring (each costs extra at level 0, JAVA-4.10)


def _footprint(cells: set[int]) -> Footprint:
    ordered = tuple(sorted(cells, key=lambda i: HEXES[i]))
    return Footprint(ordered, tuple(HEXES[i] for i in ordered), sum(1 for i in ordered if not CENTRAL[i]))


def _footprints() -> dict[int, tuple[Footprint, ...]]:
    triangles: set[frozenset[int]] = set()
    pairs: set[frozenset[int]] = set()
    for i, (q, r) in enumerate(HEXES):
        for k, (dq, dr) in enumerate(NEIGHBOR_OFFSETS):
            a = INDEX.get((q + dq, r + dr))
            if a is None:
                continue
            pairs.add(frozenset((i, a)))
            eq, er = NEIGHBOR_OFFSETS[(k + 1) % len(NEIGHBOR_OFFSETS)]
            b = INDEX.get((q + eq, r + er))
            if b is not None:
                triangles.add(frozenset((i, a, b)))
    out: dict[int, tuple[Footprint, ...]] = {}
    for size, shapes in ((1, {frozenset((i,)) for i in range(N)}), (2, pairs), (3, triangles)):
        kept = [_footprint(set(s)) for s in shapes if any(CENTRAL[i] for i in s)]
        out[size] = tuple(sorted(kept, key=lambda f: f.hexes))
    return out


FOOTPRINTS: dict[int, tuple[Footprint, ...]] = _footprints()
FOOTPRINT_BY_HEXES: dict[tuple[Hex, ...], Footprint] = {f.hexes: f for fs in FOOTPRINTS.values() for f in fs}


def is_triangle(cells: list[int]) -> bool:
    a, b, c = cells
    return b in NEIGHBORS[a] and c in NEIGHBORS[a] and c in NEIGHBORS[b]


def as_hex(h: Sequence[int]) -> Hex:
    """A hex as the board's key, from the ``(q, r)`` an action or a state holds (or a hand-built ``[q, r]``)."""
    q, r = h
    return (q, r)


def key(h: Sequence[int]) -> str:
    """A hex as the state's ``spaces`` key, ``"q,r"``."""
    return f"{h[0]},{h[1]}"


def parse_key(text: str) -> Hex | None:
    parts = text.split(",")
    if len(parts) != 2:
        return None
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        return None


#: ``"q,r"`` -> hex index, for reading a state's ``spaces``.
KEY_INDEX: dict[str, int] = {key(h): i for i, h in enumerate(HEXES)}

#: pairs of adjacent outer-ring hexes (a tile lying only there is refused, JAVA-4.4).
OUTER_NEIGHBOR_PAIRS: tuple[tuple[Hex, Hex], ...] = tuple(
    (HEXES[i], HEXES[j]) for i in range(N_CENTRAL, N) for j in NEIGHBORS[i] if j > i and not CENTRAL[j])


def _footprints_at() -> dict[int, tuple[tuple[int, ...], ...]]:
    out: dict[int, tuple[tuple[int, ...], ...]] = {}
    for size, footprints in FOOTPRINTS.items():
        at: list[list[int]] = [[] for _ in range(N)]
        for n, fp in enumerate(footprints):
            for i in fp.cells:
                at[i].append(n)
        out[size] = tuple(tuple(found) for found in at)
    return out


#: per tile size, per hex: the indices (in ``FOOTPRINTS[size]``) of the footprints covering that hex, so a
#: change on a few hexes re-reads only the footprints it can change (``carried``).
FOOTPRINTS_AT: dict[int, tuple[tuple[int, ...], ...]] = _footprints_at()
