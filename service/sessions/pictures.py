"""A session seat's picture: the caller's seat (by token; none: a spectator) at the current
version, with the last action marked as that seat may see it."""

from __future__ import annotations

import orjson

from rulesets.core.drawing import picture

from .logic import Sessions


def session_picture(sessions: Sessions, session_id: str, token: str | None, *, theme: str,
                    size: int | None) -> tuple[str, int]:
    """The SVG and the version it shows."""
    session = sessions._open(session_id)
    caller = sessions._caller(session, token)
    last_action = None
    if session.version:
        piece = sessions.store.read_log(session_id, session.version - 1)
        entries = [orjson.loads(raw) for raw in piece.entries] if piece is not None else []
        if entries and entries[-1].get("type", "action") == "action" and entries[-1].get("action") is not None:
            last_action = session.ruleset.load_action(entries[-1]["action"])
    document = picture(session.ruleset, session.state(), caller.seat, theme=theme, size=size,
                       last_action=last_action)
    return document, session.version
