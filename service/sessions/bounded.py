"""A dict that holds at most ``size`` entries: past it, the oldest goes.

For what a worker keeps of the sessions it has served (their meta, their latest state): a
worker may see millions of sessions over its life, and keeping all of them would grow
without end. Dicts keep insertion order, so the first key is the oldest entry.
"""

from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Bounded(Generic[K, V]):
    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        return self._entries.get(key)

    def put(self, key: K, value: V) -> None:
        """``value`` becomes ``key``'s entry, the newest."""
        self._entries.pop(key, None)
        if len(self._entries) >= self.size:
            try:
                self._entries.pop(next(iter(self._entries)), None)
            except (StopIteration, RuntimeError):
                pass  # another thread emptied or changed it meanwhile: nothing to evict
        self._entries[key] = value

    def forget(self, key: K) -> None:
        self._entries.pop(key, None)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries
