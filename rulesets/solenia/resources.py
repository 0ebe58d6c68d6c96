"""Resource vectors: the four resources as a tuple in the components' order.

Rule code reads and writes ``Storage`` structs; the arithmetic and the enumeration
of resource mixes (lengthening payments, overflow discards...) work on plain tuples,
which is both shorter and faster.
"""

from __future__ import annotations

from functools import lru_cache
from operator import attrgetter
from typing import Any, Iterable, Protocol

from rulesets.core import Worded

from .components import RESOURCES
from .refusals import NOTHING

Vector = tuple[int, ...]
ZERO: Vector = (0,) * len(RESOURCES)
INDEX: dict[str, int] = {r: i for i, r in enumerate(RESOURCES)}


_fields = attrgetter(*RESOURCES)


class Amounts(Protocol):
    """Anything holding a number of each resource (Storage, ResourceMix, a printed Cost)."""

    @property
    def wood(self) -> int: ...
    @property
    def wheat(self) -> int: ...
    @property
    def stone(self) -> int: ...
    @property
    def water(self) -> int: ...


def vector(mix: Any) -> Vector:
    """A Storage/ResourceMix struct (or anything with the resource attributes) as a tuple."""
    return _fields(mix)


def from_dict(amounts: dict[str, int]) -> Vector:
    return tuple(amounts.get(r, 0) for r in RESOURCES)


def as_dict(v: Vector, *, skip_zero: bool = True) -> dict[str, int]:
    """A fresh dict (callers put it in events, which are theirs to keep), built once per vector."""
    return _as_dict(v, skip_zero).copy()


@lru_cache(maxsize=4096)
def _as_dict(v: Vector, skip_zero: bool) -> dict[str, int]:
    return {r: n for r, n in zip(RESOURCES, v) if n or not skip_zero}


def shortfall(want: Vector, have: Vector) -> dict[str, dict[str, int]]:
    """A refusal's ``explain`` where storage does not cover a payment: what it needed and what the
    seat has of those resources."""
    return {"needed": as_dict(want), "have": {r: n for r, n, w in zip(RESOURCES, have, want) if w}}


# Every turn runs the functions below several times; spelt out for the four resources,
# they cost half as much as loops over RESOURCES. The guard keeps them honest.
if RESOURCES != ("wood", "wheat", "stone", "water"):
    raise RuntimeError(f"resources.py spells out wood, wheat, stone and water; the components name {RESOURCES}")


def total(mix: Amounts) -> int:
    """How many resources a Storage/ResourceMix struct holds."""
    return mix.wood + mix.wheat + mix.stone + mix.water


def store(target: Any, v: Vector) -> None:
    """Write a vector back into a Storage struct."""
    target.wood, target.wheat, target.stone, target.water = v


def add(a: Vector, b: Vector) -> Vector:
    a0, a1, a2, a3 = a
    b0, b1, b2, b3 = b
    return a0 + b0, a1 + b1, a2 + b2, a3 + b3


def sub(a: Vector, b: Vector) -> Vector:
    a0, a1, a2, a3 = a
    b0, b1, b2, b3 = b
    return a0 - b0, a1 - b1, a2 - b2, a3 - b3


def covers(have: Vector, want: Vector) -> bool:
    h0, h1, h2, h3 = have
    w0, w1, w2, w3 = want
    return h0 >= w0 and h1 >= w1 and h2 >= w2 and h3 >= w3


@lru_cache(maxsize=64)
def one(resource: str, amount: int = 1) -> Vector:
    v = [0] * len(RESOURCES)
    v[INDEX[resource]] = amount
    return tuple(v)


@lru_cache(maxsize=4096)
def mixes(total: int, available: Vector) -> tuple[Vector, ...]:
    """Every way to take exactly ``total`` resources from ``available``, in a fixed order."""
    if total < 0 or total > sum(available):
        return ()
    out: list[Vector] = []

    def walk(index: int, left: int, prefix: list[int]) -> None:
        if index == len(available) - 1:
            if left <= available[index]:
                out.append((*prefix, left))
            return
        for take in range(min(left, available[index]) + 1):
            prefix.append(take)
            walk(index + 1, left - take, prefix)
            prefix.pop()

    walk(0, total, [])
    return tuple(out)


def describe(v: Vector | Iterable[int]) -> str:
    return str(worded(v))


def worded(v: Vector | Iterable[int]) -> str | Worded:
    """``2 wood + 1 stone``, for a refusal's sentence: "nothing" is a phrase, so it reads in the player's language."""
    parts = [f"{n} {r}" for r, n in zip(RESOURCES, v) if n]
    return " + ".join(parts) if parts else NOTHING()
