"""The stateless service as the per-game HTTP tests drive it: one app, one game's endpoints."""

from __future__ import annotations

from typing import Any, Callable

from service import create_app


def stateless_client():
    """A test client of the app with no session store configured and quiet logs."""
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING"}).test_client()


def game_poster(game: str) -> Callable[[Any, str, dict], Any]:
    """``post(client, endpoint, payload)`` for ``/v1/games/<game>/<endpoint>``."""

    def post(client, endpoint: str, payload: dict):
        return client.post(f"/v1/games/{game}/{endpoint}", json=payload)

    return post
