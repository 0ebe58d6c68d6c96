"""Concurrent reads of one key that share one trip to the store, without a stale answer.

When a commit wakes a thousand long-polls of a session, each would read the session
again: a thousand identical Redis round trips queueing for one worker's pool of 50
connections (past ``POOL_WAIT_SECONDS`` they fail as 503). With :class:`SharedReads`
they make one read, or two.

The rule that keeps it correct: a caller is answered only by a read that *began after
it asked*. Whoever asks while no read of the key is running starts one; whoever asks
while one runs waits for it to end and then for the next (started by one of them),
which began after they all asked. So no caller gets an answer older than its own
question, just as if it had read alone: a write it knows of (its own commit, a change
it was told of) is in what it gets.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any


class _Reads:
    __slots__ = ("done", "error", "finished", "reading", "result", "started", "users")

    def __init__(self, lock: threading.Lock) -> None:
        self.done = threading.Condition(lock)
        self.reading = False
        self.started = 0   # reads begun
        self.finished = 0  # the number of the last read to end
        self.result: Any = None
        self.error: BaseException | None = None
        self.users = 0


class SharedReads:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._keys: dict[Hashable, _Reads] = {}
        #: reads made, for tests and logs
        self.made = 0

    def read(self, key: Hashable, fetch: Callable[[], Any]) -> Any:
        """``fetch()``'s result (or its exception), from a call of it that began after this one."""
        with self._lock:
            reads = self._keys.get(key)
            if reads is None:
                reads = self._keys[key] = _Reads(self._lock)
            reads.users += 1
            try:
                asked_at = reads.started
                while reads.finished <= asked_at:
                    if not reads.reading:
                        return self._fetch(reads, fetch)
                    reads.done.wait()
                if reads.error is not None:
                    raise reads.error
                return reads.result
            finally:
                reads.users -= 1
                if not reads.users:
                    del self._keys[key]

    def _fetch(self, reads: _Reads, fetch: Callable[[], Any]) -> Any:
        """With the lock held; released while ``fetch`` runs."""
        reads.reading = True
        reads.started += 1
        number = reads.started
        self._lock.release()
        result: Any = None
        error: BaseException | None = None
        try:
            result = fetch()
        except BaseException as exc:  # noqa: BLE001 - handed to every caller of this read, as each would have seen it
            error = exc
        finally:
            self._lock.acquire()
            self.made += 1
            reads.reading = False
            reads.finished = number
            reads.result, reads.error = result, error
            reads.done.notify_all()
        if error is not None:
            raise error
        return result
