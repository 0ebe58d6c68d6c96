"""RFC 9457 problem details: the one shape every error of this service takes.

Raise :class:`Problem` anywhere below a view (or in a ``before_request`` hook) and
the handler installed by :func:`install_problem_handlers` turns it into an
``application/problem+json`` response. Anything that is not a ``Problem`` (an
HTTPException from Werkzeug, a ruleset refusal, a bug) is translated here too, so
no error leaves the service in another shape.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

import msgspec

PROBLEM_CONTENT_TYPE = "application/problem+json"
#: Problem types are URNs: stable identifiers a client can switch on, not links.
TYPE_PREFIX = "urn:tabletop-referee:problem:"


def default_title(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


class Problem(Exception):
    """An error answer: HTTP status, machine-readable code, a sentence for people.

    ``extra`` members (``errors``, ``action_index``, ...) go into the body as they are;
    ``headers`` go onto the response (``Retry-After``, ``WWW-Authenticate``, ...).
    """

    def __init__(self, status: int, code: str, detail: str, *, title: str | None = None,
                 rule: str | None = None, headers: dict | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.title = title or default_title(status)
        self.rule = rule
        self.headers = dict(headers or {})
        self.extra = extra

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": TYPE_PREFIX + self.code,
            "title": self.title,
            "status": self.status,
            "detail": self.detail,
            "code": self.code,
        }
        if self.rule is not None:
            out["rule"] = self.rule
        for key, value in self.extra.items():
            if value is not None and key not in out:
                out[key] = value
        return out

    def __repr__(self) -> str:
        return f"Problem({self.status}, {self.code!r}, {self.detail!r})"


def _as_text(value: Any) -> str:
    return str(value)


# msgspec rather than orjson: extra members may hold integers past 64 bits, sets, or
# objects only ``str`` knows, and an error answer must never fail to render.
_encoder = msgspec.json.Encoder(enc_hook=_as_text)


def render(problem: Problem) -> bytes:
    try:
        return _encoder.encode(problem.body())
    except (TypeError, ValueError, OverflowError):
        core = {key: problem.body()[key] for key in ("type", "title", "status", "detail", "code")}
        return _encoder.encode(core)


def problem_response(problem: Problem):
    """The Flask response for a problem (imported lazily: this module is Flask-free to import)."""
    from flask import current_app, g

    from .i18n import title

    g.problem_code = problem.code  # for the request's log line
    problem.title = title(problem.title)
    response = current_app.response_class(render(problem), status=problem.status, mimetype=PROBLEM_CONTENT_TYPE)
    for name, value in problem.headers.items():
        response.headers[name] = value
    return response
