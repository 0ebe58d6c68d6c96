"""How many long-polls one client may hold open at once, in one worker process.

A long-poll costs the server little while it waits (a greenlet and a listener on the
worker's one Redis subscription, see :mod:`service.sessions.fanout`; no Redis
connection of its own), but not nothing: one client opening thousands would still
exhaust a worker's client connections. Each client (its address as the WSGI server saw it) gets at
most ``limit`` waits at a time; past that it is refused with the seconds until its
earliest wait ends, which is when a slot is sure to be free again.

Counted per worker process, because what a wait uses up (client connections,
greenlets) is that process's: across ``WEB_CONCURRENCY`` workers one client
can hold up to ``limit`` in each.
"""

from __future__ import annotations

import math
import threading
import time
from contextlib import contextmanager
from typing import Callable, Iterator


class TooManyWaits(Exception):
    def __init__(self, client: str, limit: int, retry_after: int) -> None:
        super().__init__(f"{client} already holds {limit} long-polls")
        self.limit = limit
        self.retry_after = retry_after


class WaitSlots:
    def __init__(self, limit: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        if limit <= 0:
            raise ValueError(f"the long-poll limit per client must be positive, got {limit}")
        self.limit = limit
        self._clock = clock
        self._lock = threading.Lock()
        #: client -> the deadlines of the waits it holds now
        self._held: dict[str, list[float]] = {}

    def held(self, client: str) -> int:
        with self._lock:
            return len(self._held.get(client, ()))

    @contextmanager
    def hold(self, client: str, seconds: float) -> Iterator[None]:
        """A slot for a wait of ``seconds``, released however the wait ends; :class:`TooManyWaits` when none is free."""
        deadline = self._clock() + seconds
        with self._lock:
            deadlines = self._held.setdefault(client, [])
            if len(deadlines) >= self.limit:
                retry_after = max(1, math.ceil(min(deadlines) - self._clock()))
                raise TooManyWaits(client, self.limit, retry_after)
            deadlines.append(deadline)
        try:
            yield
        finally:
            with self._lock:
                deadlines = self._held[client]
                deadlines.remove(deadline)
                if not deadlines:
                    del self._held[client]
