"""Headers every answer carries so that browsers and caches do no harm with it.

* ``X-Content-Type-Options: nosniff`` on every answer: a browser never reads a JSON or
  problem body as anything else.
* Session answers (``/v1/sessions...``, errors included) vary by token: ``Vary:
  Authorization`` and a ``Cache-Control`` (``private, no-cache`` unless the view chose
  stricter), so no shared cache hands one seat's answer, or a 401, to another caller.
* Answers holding a full state or a token (setup, apply, replay, session creation) are
  ``Cache-Control: no-store``: the state holds the seed and the deck order. The views say
  so themselves (:func:`no_store`).
"""

from __future__ import annotations

from flask import Flask, Response, request

SESSIONS_PREFIX = "/v1/sessions"
SESSION_CACHE_CONTROL = "private, no-cache"


def no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


def add_vary(response: Response, header: str) -> None:
    values = [value.strip() for value in response.headers.get("Vary", "").split(",") if value.strip()]
    if header.lower() not in {value.lower() for value in values}:
        response.headers["Vary"] = ", ".join([*values, header])


def install_cache_headers(app: Flask) -> None:
    @app.after_request
    def _headers(response: Response) -> Response:
        response.headers["X-Content-Type-Options"] = "nosniff"
        path = request.path
        if path == SESSIONS_PREFIX or path.startswith(SESSIONS_PREFIX + "/"):
            add_vary(response, "Authorization")
            response.headers.setdefault("Cache-Control", SESSION_CACHE_CONTROL)
        return response
