"""Ids for interchangeable components: kinds times copies.

A rulebook says "10 coast cards"; a referee must still know each card's place (in two places
is a broken state), so every copy gets an id of its own, ``coast-01`` to ``coast-10``, and the
kind is read back from the id.
"""

from __future__ import annotations

from typing import Iterable, Mapping

SEPARATOR = "-"


def copies(kind: str, count: int, *, first: int = 1, width: int = 2) -> list[str]:
    """``count`` ids of one kind, numbered from ``first``: ``copies("coast", 2) == ["coast-01", "coast-02"]``."""
    return [f"{kind}{SEPARATOR}{number:0{width}d}" for number in range(first, first + count)]


def kinds_times_copies(counts: Mapping[str, int] | Iterable[tuple[str, int]], *, width: int = 2) -> dict[str, str]:
    """Every id of every kind (in the order the kinds are given), mapped to its kind."""
    pairs = counts.items() if isinstance(counts, Mapping) else counts
    return {piece: kind for kind, count in pairs for piece in copies(kind, count, width=width)}


def kind_of(piece: str) -> str:
    """The kind an id made by :func:`copies` names (``"coast-07"`` -> ``"coast"``)."""
    kind, _, number = piece.rpartition(SEPARATOR)
    if not kind or not number.isdigit():
        raise ValueError(f"{piece!r} is not a kind-and-copy id")
    return kind
