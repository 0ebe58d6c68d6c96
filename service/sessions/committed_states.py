"""The state each session had when this process last committed to it, kept for its next action.

A live game's actions mostly come to the worker that took the one before, and that
worker holds the state it has just written: starting the next action from it saves
the read of the state hash. The bytes may be stale (another worker committed, the
session was deleted or expired), which the commit's compare-and-set tells: it refuses
a version that is no longer current, and finds a gone session gone. So only
:meth:`Sessions.act <service.sessions.logic.Sessions.act>` starts from here, and it
re-reads the store whenever this copy disagrees with what the client or the rules
say; a read (``GET``) always reads the store, since nothing would catch a stale answer.

Entries are immutable bytes, so concurrent actions of one session may share one;
the oldest entry goes once ``size`` sessions are held.
"""

from __future__ import annotations

from .store import Current


class CommittedStates:
    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: dict[str, Current] = {}

    def get(self, session_id: str) -> Current | None:
        return self._entries.get(session_id)

    def put(self, session_id: str, current: Current) -> None:
        """``current`` is what this process has just committed; it becomes the newest entry."""
        self._entries.pop(session_id, None)
        if len(self._entries) >= self.size:
            try:
                self._entries.pop(next(iter(self._entries)), None)  # the oldest (dicts keep insertion order)
            except (StopIteration, RuntimeError):
                pass  # another thread emptied or changed it meanwhile: nothing to evict
        self._entries[session_id] = current

    def forget(self, session_id: str) -> None:
        self._entries.pop(session_id, None)

    def __len__(self) -> int:
        return len(self._entries)
