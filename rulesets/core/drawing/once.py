"""What pictures draw the same way again and again, drawn once per process and reused.

A board's print (its geometry, its spaces' shapes and names, the roads) does not change
from position to position, and a space's look takes only a few values (its id, what lies
on it, whether the last action touched it). Writing those as markup once and looking them
up after is what makes a picture cost a small multiple of encoding its view (issue 22).

A picture stays a pure function of its frame because a fragment is cached by exactly what
it is drawn from: ``drawn_once`` keys a function by its arguments, which must be plain
values (ids, numbers, class names, flags) or the frame's ``served`` components (a handle
equal only to itself, one per components object), never the frame or the view; and the
function reads nothing else. What it returns is shared: markup (a string), or a value no
caller changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, ParamSpec, TypeVar, cast

P = ParamSpec("P")
R = TypeVar("R")

#: Bound of each function's cache: a space's looks times the spaces of the biggest board, with room to spare.
FRAGMENTS_PER_FUNCTION = 8192


_CACHED: list[Any] = []


def drawn_once(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` (drawn from its arguments alone) computed once per distinct arguments."""
    cached = lru_cache(maxsize=FRAGMENTS_PER_FUNCTION)(function)
    _CACHED.append(cached)
    return cast(Callable[P, R], cached)


def forget_drawn() -> None:
    """Empty every ``drawn_once`` cache (and the handles): the next pictures are drawn as in a fresh process."""
    for cached in _CACHED:
        cached.cache_clear()
    _SERVED.clear()


class Served:
    """The served components as a cache key: equal only to itself, and one per components object."""

    __slots__ = ("components",)

    def __init__(self, components: Mapping[str, Any]) -> None:
        self.components = components


_SERVED: dict[int, Served] = {}


def served(components: Mapping[str, Any]) -> Served:
    """The handle of ``components`` (held by it, so the object's id is not reused while known)."""
    handle = _SERVED.get(id(components))
    if handle is None or handle.components is not components:
        handle = Served(components)
        if len(_SERVED) < 64:  # a process serves a handful of games; a test's own components go uncached past it
            _SERVED[id(components)] = handle
    return handle
