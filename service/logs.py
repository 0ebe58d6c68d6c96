"""Structured logs: JSON lines through structlog, one per request, each with a request id.

No line may hold a token, a token digest, a seed or a state. structlog's own exception
rendering prints each frame's local variables (around a session: the bearer token, every
seat's digest, the stored state with its seed) and the exception's message (which may
quote a state); ``redact_exception`` renders an exception as its type and the frames it
passed through (file, line, function) and nothing else.

The id is the client's ``X-Request-ID`` when it is a sane token (so a caller can
follow a request through its own logs), else a fresh one; it is echoed back in the
response header and bound to every log line written while the request runs.
"""

from __future__ import annotations

import logging
import re
import sys
import time
import traceback
import uuid
from types import TracebackType
from typing import Any, MutableMapping

import orjson
import structlog
from flask import Flask, Response, g, request

REQUEST_ID_HEADER = "X-Request-ID"
_SANE_REQUEST_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:\-]{0,127}$")

log = structlog.get_logger("service.request")


def _json_line(event: dict, **_kwargs) -> str:
    return orjson.dumps(event, default=str).decode()


def _exception_triple(exc_info: Any) -> tuple[type[BaseException], BaseException, TracebackType | None] | None:
    """structlog's ``exc_info`` forms (True, an exception, a sys.exc_info() triple) as one triple."""
    if isinstance(exc_info, BaseException):
        return type(exc_info), exc_info, exc_info.__traceback__
    if isinstance(exc_info, tuple) and len(exc_info) == 3 and exc_info[0] is not None:
        return exc_info[0], exc_info[1], exc_info[2]
    if exc_info is True:
        kind, error, traceback = sys.exc_info()
        return (kind, error, traceback) if kind is not None and error is not None else None
    return None


def describe_exception(error: BaseException) -> dict[str, Any]:
    """An exception's type and where it happened: never its message or any frame's variables.

    A chained cause is named by its type alone.
    """
    frames = [{"file": frame.filename, "line": frame.lineno, "function": frame.name}
              for frame in traceback.extract_tb(error.__traceback__)]  # FrameSummary: no locals captured
    described: dict[str, Any] = {"type": _type_name(type(error)), "frames": frames}
    cause = error.__cause__ or error.__context__
    if cause is not None:
        described["cause_type"] = _type_name(type(cause))
    return described


def _type_name(kind: type) -> str:
    module = kind.__module__
    return kind.__qualname__ if module == "builtins" else f"{module}.{kind.__qualname__}"


def redact_exception(_logger: Any, _method: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """structlog processor in place of ``dict_tracebacks``: ``exc_info`` becomes ``exception``
    as :func:`describe_exception` words it; a ready-made ``exception`` text or a stack is dropped."""
    exc_info = event.pop("exc_info", None)
    event.pop("stack", None)
    event.pop("exception", None)
    triple = _exception_triple(exc_info) if exc_info else None
    if triple is not None:
        event["exception"] = describe_exception(triple[1])
    return event


def configure_logging(level: str) -> None:
    numeric = logging.getLevelName(level.upper())
    if not isinstance(numeric, int):
        raise ValueError(f"LOG_LEVEL: unknown level {level!r}")
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            redact_exception,
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
