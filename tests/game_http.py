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


#: the stateless endpoints that take a posted state: each must refuse a damaged one the same way.
STATE_ENDPOINTS = ("apply", "legal-actions", "view")


def bad_state_paths(client: Any, post: Callable[[Any, str, dict], Any], endpoint: str, bad: dict,
                    action: dict) -> list[str]:
    """Post the damaged state ``bad`` to ``endpoint`` (with ``action`` for apply, seat 0 otherwise); the
    answer must be a 422 ``invalid_state`` problem, whose JSON paths at fault are returned."""
    from tests.service.problem_checks import assert_problem, error_paths

    payload: dict = {"state": bad}
    payload.update({"action": action} if endpoint == "apply" else {"player": 0})
    return error_paths(assert_problem(post(client, endpoint, payload), 422, "invalid_state"))
