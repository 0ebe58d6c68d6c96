"""Structured logs: JSON lines through structlog, one per request, each with a request id.

The id is the client's ``X-Request-ID`` when it is a sane token (so a caller can
follow a request through its own logs), else a fresh one; it is echoed back in the
response header and bound to every log line written while the request runs.
"""

from __future__ import annotations

import logging
import re
import time
import uuid

import orjson
import structlog
from flask import Flask, Response, g, request

REQUEST_ID_HEADER = "X-Request-ID"
_SANE_REQUEST_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:\-]{0,127}$")

log = structlog.get_logger("service.request")


def _json_line(event: dict, **_kwargs) -> str:
    return orjson.dumps(event, default=str).decode()


def configure_logging(level: str) -> None:
    numeric = logging.getLevelName(level.upper())
    if not isinstance(numeric, int):
        raise ValueError(f"LOG_LEVEL: unknown level {level!r}")
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.dict_tracebacks,
            structlog.processors.JSONRenderer(serializer=_json_line),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        # No file given: each logger takes the sys.stdout of the moment (test capture swaps it,
        # and it need not have a binary buffer).
        logger_factory=structlog.WriteLoggerFactory(),
        # Not cached: tests reconfigure (capture_logs), and the lookup is cheap next to a request.
        cache_logger_on_first_use=False,
    )


def request_id_from(header: str | None) -> str:
    if header and _SANE_REQUEST_ID.match(header):
        return header
    return uuid.uuid4().hex


def install_request_logging(app: Flask) -> None:
    """Registers the first ``before_request`` hook: anything later may log with the id."""

    @app.before_request
    def _start() -> None:
        g.started = time.perf_counter()
        g.request_id = request_id_from(request.headers.get(REQUEST_ID_HEADER))
        structlog.contextvars.clear_contextvars()
        structlog.contextvars.bind_contextvars(request_id=g.request_id)

    @app.after_request
    def _finish(response: Response) -> Response:
        request_id = g.get("request_id") or request_id_from(None)
        response.headers[REQUEST_ID_HEADER] = request_id
        started = g.get("started")
        log.info("request", request_id=request_id, method=request.method, path=request.path, status=response.status_code,
                 duration_ms=round((time.perf_counter() - started) * 1000, 3) if started else None,
                 game=(request.view_args or {}).get("game"), problem=g.get("problem_code"))
        return response
