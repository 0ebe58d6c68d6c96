"""Every error leaves as a problem: Werkzeug's HTTP errors, envelope validation
errors, refusals a view did not catch, and bugs (a ``500`` that names the request
id and nothing of the internals)."""

from __future__ import annotations

import re
from typing import Any

import structlog
from flask import Flask, current_app, g, request
from werkzeug.exceptions import HTTPException

from rulesets.core.host import RulesetError, UnknownGame

from .body import body_too_large
from .problems import Problem, problem_response
from .refusals import refusal_problem

log = structlog.get_logger("service.errors")

#: A problem lists at most this many field errors (the first ones) and counts them all in
#: ``error_count``: a body of half a million bad items must not answer megabytes of errors.
MAX_LISTED_ERRORS = 20

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def marshmallow_errors(messages: Any, path: str = "$") -> list[dict[str, str]]:
    """marshmallow's nested ``{"field": ["message"]}`` as a flat list of JSON paths.

    Keys are field names, list indexes (ints) or ``_schema`` (the object itself).
    """
    out: list[dict[str, str]] = []
    if isinstance(messages, dict):
        for key, inner in messages.items():
            if key == "_schema":
                out.extend(marshmallow_errors(inner, path))
            elif isinstance(key, int):
                out.extend(marshmallow_errors(inner, f"{path}[{key}]"))
            elif _IDENTIFIER.match(str(key)):
                out.extend(marshmallow_errors(inner, f"{path}.{key}"))
            else:
                out.extend(marshmallow_errors(inner, f"{path}[{_quote(str(key))}]"))
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        out.extend({"path": path, "message": message} for message in messages)
    elif isinstance(messages, list):
        for inner in messages:
            out.extend(marshmallow_errors(inner, path))
    else:
        out.append({"path": path, "message": str(messages)})
    return out


def _quote(key: str) -> str:
    return "'" + key.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _snake(phrase: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", phrase.lower()).strip("_")


def http_problem(error: HTTPException) -> Problem:
    """Werkzeug's exceptions (routing, method, size) and webargs' aborts as problems."""
    status = error.code or 500
    headers = {}
    if status == 405:
        allowed = getattr(error, "valid_methods", None) or []
        headers["Allow"] = ", ".join(allowed)
        return Problem(405, "method_not_allowed",
                       f"{request.method} is not allowed on {request.path}; it accepts {', '.join(allowed)}.",
                       headers=headers)
    if status == 404:
        return Problem(404, "not_found", f"There is nothing at {request.path}.")
    if status == 413:
        return body_too_large(current_app.config["MAX_BODY_BYTES"])
    data = getattr(error, "data", None) or {}
    messages = data.get("messages")
    if status == 422 and messages is not None:
        return invalid_request(_without_location(messages))
    return Problem(status, _snake(error.name or "error"), error.description or error.name or "Error")


def invalid_request(messages: Any) -> Problem:
    """``422 invalid_request`` listing marshmallow's messages (a body's, or a query's under its location)."""
    errors = marshmallow_errors(messages)
    extra: dict[str, Any] = {"error_count": len(errors)} if len(errors) > MAX_LISTED_ERRORS else {}
    return Problem(422, "invalid_request", _summary(errors), title="Invalid request",
                   errors=errors[:MAX_LISTED_ERRORS], **extra)


def _without_location(messages: Any) -> Any:
    """webargs nests messages under the location (``{"json": {...}}``); body paths start at
    the body (``$.players``), others keep their location (``$.query.wait_version``)."""
    if isinstance(messages, dict) and len(messages) == 1 and "json" in messages:
        return messages["json"]
    return messages


def _summary(errors: list[dict[str, str]]) -> str:
    if not errors:
        return "The request body does not fit this endpoint's schema."
    first = errors[0]
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{first['path']}: {first['message']}{more}"


def install_error_handlers(app: Flask) -> None:
    @app.errorhandler(Problem)
    def _problem(problem: Problem):
        return problem_response(problem)

    @app.errorhandler(HTTPException)
    def _http(error: HTTPException):
        return problem_response(http_problem(error))

    @app.errorhandler(UnknownGame)
    def _unknown_game(error: UnknownGame):
        return problem_response(Problem(404, "unknown_game", str(error), title="Unknown game", game=error.game_id))

    @app.errorhandler(RulesetError)
    def _refusal(refusal: RulesetError):
        # Views rebase paths themselves; this catches refusals raised where the path is already right.
        return problem_response(refusal_problem(refusal))

    @app.errorhandler(Exception)
    def _bug(error: Exception):
        request_id = g.get("request_id")
        log.error("unhandled_exception", request_id=request_id, method=request.method, path=request.path,
                  exc_info=error)
        return problem_response(Problem(
            500, "internal_error",
            "The referee failed on this request; the failure is logged under its request id.",
            request_id=request_id))
