"""JSON in: the request envelope checks every endpoint shares, in the design's order.

1. size: ``Content-Length`` over ``MAX_BODY_BYTES`` is refused before anything is read,
   and a body without a length (chunked) is read at most one byte past the limit
   (both ``413``); a body still arriving after ``BODY_READ_SECONDS`` is refused with
   ``408`` (under gevent workers, see :mod:`service.deadline`);
2. content type: ``application/json`` or any ``+json`` type, else ``415``;
3. syntax: orjson's parse, else ``400`` naming where it stopped.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import current_app, g, request
from werkzeug.exceptions import RequestEntityTooLarge

from .deadline import ReadTimedOut, deadline
from .problems import Problem

_UNSET = object()


def body_too_large(limit: int) -> Problem:
    return Problem(413, "body_too_large", f"The request body is larger than this service accepts ({limit} bytes).",
                   limit=limit)


def refuse_oversized_request() -> None:
    """``before_request`` hook: a declared length over the limit is refused unread."""
    length = request.content_length
    if length is not None and length > current_app.config["MAX_BODY_BYTES"]:
        raise body_too_large(current_app.config["MAX_BODY_BYTES"])


def is_json_mimetype(mimetype: str) -> bool:
    return mimetype == "application/json" or (mimetype.startswith("application/") and mimetype.endswith("+json"))


def read_json_body(data: bytes | None = None) -> Any:
    """The parsed request body, checked once per request and cached; ``data``: the body
    already read by ``read_body_bytes``."""
    cached = g.get("json_body", _UNSET)
    if cached is not _UNSET:
        return cached
    if data is None:
        data = read_body_bytes()
    try:
        body = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise Problem(400, "malformed_json", f"The body is not valid JSON: {exc}.") from None
    g.json_body = body
    return body


def read_body_bytes() -> bytes:
    """The request body after checks 1 and 2 (and not empty), not yet parsed."""
    if not is_json_mimetype(request.mimetype):
        sent = request.mimetype or "no content type"
        raise Problem(415, "unsupported_media_type",
                      f"Send the body as application/json (this request sent {sent}).")
    limit = current_app.config["MAX_BODY_BYTES"]
    try:
        # Werkzeug stops a length-less stream at MAX_CONTENT_LENGTH without saying whether
        # more was coming; that is set one byte above the limit, so more means too much.
        with deadline(current_app.config["BODY_READ_SECONDS"]):
            data = request.get_data(cache=True)
    except RequestEntityTooLarge:
        raise body_too_large(limit) from None
    except ReadTimedOut as late:
        raise Problem(408, "body_timeout", f"The request body did not arrive within {late.seconds:g} s.",
                      title="Request timeout") from None
    if len(data) > limit:
        raise body_too_large(limit)
    if not data:
        raise Problem(400, "empty_body", "This endpoint needs a JSON body; the request had none.")
    return data
