"""The bodies webhooks carry, in the Standard Webhooks shape ``{type, timestamp, data}``.

They are built from what the session shows a spectator (the status, the spectator's
view, and the seed and salt once the game is over, as a spectator's read shows them),
never from the state: whoever runs the receiving URL learns nothing a seat keeps hidden.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Mapping

TURN = "turn"
GAME_OVER = "game_over"
EVENTS = (TURN, GAME_OVER)


def events_for(status: Mapping[str, Any]) -> list[str]:
    """What a new version announces: the end, or whose turn it is (nothing while no seat may act)."""
    if status["game_over"]:
        return [GAME_OVER]
    return [TURN] if status["active_players"] else []


def payload(event: str, *, session_id: str, game: str, version: int, status: Mapping[str, Any],
            spectator_view: Any, revealed: Mapping[str, Any], now: datetime | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "session_id": session_id,
        "game": game,
        "version": version,
        "active_players": list(status["active_players"]),
        "status": dict(status),
        "view": spectator_view,
    }
    if event == GAME_OVER:
        data.update(revealed)  # the seed and salt, public once the game is over
    return {"type": event, "timestamp": (now or datetime.now(timezone.utc)).isoformat(), "data": data}
