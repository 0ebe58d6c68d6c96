"""What the HTTP tests assert of answers: problem bodies, their paths, and damaged states."""

from __future__ import annotations

import copy
from typing import Any, Callable

import orjson

from service.problems import PROBLEM_CONTENT_TYPE, TYPE_PREFIX


def assert_problem(response, status: int, code: str) -> dict:
    """An RFC 9457 problem with this status and code, every required member present."""
    assert response.status_code == status, response.data[:500]
    assert response.mimetype == PROBLEM_CONTENT_TYPE
    body = response.json if response.is_json else orjson.loads(response.data)
    assert body["type"] == TYPE_PREFIX + code
    assert body["status"] == status
    assert body["code"] == code
    assert body["title"] and body["detail"]
    return body


def error_paths(body: dict) -> list[str]:
    return [error["path"] for error in body["errors"]]


def damaged(state: dict, how: Callable[[dict], Any]) -> dict:
    """A deep copy of a posted state with ``how`` applied to it; the original stays valid."""
    state = copy.deepcopy(state)
    how(state)
    return state
