"""A session seat's picture: the caller's seat (by token; none: a spectator) at the current
version, with the last action marked as that seat may see it.

A picture of one seat at one version never changes, and drawing costs far more than reading
the session, so each worker keeps the last pictures it drew (bounded), keyed by everything
the picture depends on: session, version, seat, theme and size. A commit makes a new version,
so nothing stale can be served; the session is read (and the token checked) on every call.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock

import orjson

from rulesets.core.drawing import picture

from .logic import Sessions, logged_action

#: Pictures kept per worker (each a few tens of KB).
CACHED_PICTURES = 256

_Key = tuple[str, int, int | None, str, int | None]


class _Drawn:
    def __init__(self) -> None:
        self._pictures: OrderedDict[_Key, str] = OrderedDict()
        self._lock = Lock()

    def get(self, key: _Key) -> str | None:
        with self._lock:
            found = self._pictures.get(key)
            if found is not None:
                self._pictures.move_to_end(key)
            return found

    def put(self, key: _Key, document: str) -> None:
        with self._lock:
            self._pictures[key] = document
            while len(self._pictures) > CACHED_PICTURES:
                self._pictures.popitem(last=False)


_drawn = _Drawn()


def session_picture(sessions: Sessions, session_id: str, token: str | None, *, theme: str,
                    size: int | None) -> tuple[str, int]:
    """The SVG and the version it shows."""
    session = sessions._open(session_id)
    caller = sessions._caller(session, token)
    key = (session_id, session.version, caller.seat, theme, size)
    document = _drawn.get(key)
    if document is None:
        last_action = None
        if session.version:
            piece = sessions.store.read_log(session_id, session.version - 1)
            entries = [orjson.loads(raw) for raw in piece.entries] if piece is not None else []
            if entries and entries[-1].get("type", "action") == "action" and entries[-1].get("action") is not None:
                last_action = logged_action(session.ruleset, entries[-1]["action"])
        document = picture(session.ruleset, session.state(), caller.seat, theme=theme, size=size,
                           last_action=last_action)
        _drawn.put(key, document)
    return document, session.version
