"""Sampling full states from a seat's view: the helpers a game's ``determinize`` hook is written with.

A view is the state with what the seat may not see taken out: a hidden or private field is
deleted and, where the declaration counts it, replaced by ``<field>_count``; the random
source is deleted outright. A determinization puts back, for each such hole, items drawn
from what the seat cannot see (the *unseen pool*: every component of a kind minus every one
the view shows), keeping each hole's count, and gives the state a fresh random source.

Everything here reads the view and the sampler's own ``random.Random`` only: two states a
seat cannot tell apart have one view, hence one set of samples for one seed.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any, Iterable, Sequence

__all__ = ["HoleLeftOpen", "UnseenPoolMismatch", "deal", "finished", "hole", "opened", "unseen"]

_COUNT = "_count"


class UnseenPoolMismatch(ValueError):
    """The unseen pool does not hold as many items as the holes it fills count (a game's pool is wrong,
    or the view contradicts the components)."""


class HoleLeftOpen(ValueError):
    """A hidden place of the view was not filled by the game's ``determinize`` hook."""


def opened(view: dict[str, Any]) -> dict[str, Any]:
    """A private deep copy of ``view`` to fill in (without its ``viewer`` key): the view itself is never touched."""
    raw = copy.deepcopy(view)
    raw.pop("viewer", None)
    return raw


def unseen(everything: Iterable[str], *shown: Iterable[str]) -> list[str]:
    """The multiset ``everything`` minus every item in ``shown`` (each shown item removes one copy), sorted.

    An item shown more often than ``everything`` holds it raises ``UnseenPoolMismatch``: the
    caller's list of places is wrong, and a sample from it would be too.
    """
    pool: Counter[str] = Counter()
    for item in everything:  # iterated, so a dict of components counts its keys once each
        pool[item] += 1
    for place in shown:
        for item in place:
            if pool[item] <= 0:
                raise UnseenPoolMismatch(f"{item!r} is shown more often than the components hold it")
            pool[item] -= 1
    return sorted(pool.elements())


def deal(pool: Sequence[str], rnd: random.Random, holes: Sequence[tuple[dict[str, Any], str]]) -> None:
    """Shuffle ``pool`` and deal it into ``holes`` (``(part, field)`` pairs of the opened view), IN PLACE.

    Each hole gets as many items as its ``<field>_count`` says (the count is then dropped);
    the pool must hold exactly as many items as the holes count together.
    """
    cards = list(pool)
    rnd.shuffle(cards)
    wanted = sum(part[f"{name}{_COUNT}"] for part, name in holes)
    if wanted != len(cards):
        raise UnseenPoolMismatch(f"the holes {[name for _, name in holes]} count {wanted} items; "
                                 f"the unseen pool holds {len(cards)}")
    start = 0
    for part, name in holes:
        size = part.pop(f"{name}{_COUNT}")
        part[name] = cards[start:start + size]
        start += size


def hole(part: dict[str, Any], name: str) -> bool:
    """Whether ``part`` hides ``name`` (the view shows only its count)."""
    return name not in part and f"{name}{_COUNT}" in part


def finished(raw: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """The filled-in view made a state's JSON: a fresh random source (the seat cannot know the seed, so
    the sample's chance is its own), and the counts of places the seat sees dropped.

    A count left without its field is a hole the game's hook did not fill: ``HoleLeftOpen``.
    """
    raw["rng"] = {"seed": f"sample-{rnd.getrandbits(64):016x}", "counter": 0}
    _drop_counts(raw, "$")
    return raw


def _drop_counts(value: Any, path: str) -> None:
    if isinstance(value, dict):
        for key in [key for key in value if isinstance(key, str) and key.endswith(_COUNT)]:
            base = key[: -len(_COUNT)]
            if base in value:
                del value[key]
            else:
                raise HoleLeftOpen(f"{path}.{base} is hidden from the seat and the game's determinize left it empty")
        for key, item in value.items():
            _drop_counts(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _drop_counts(item, f"{path}[{index}]")
