"""``POST /bench/echo``: parse the body and send it back, through the same hooks as
every endpoint (request id, logs, metrics, size and content-type checks).

It is the floor ``bench/http.py`` measures ``apply`` against, so it exists only when
``BENCH_ECHO`` is on, and it is a plain Flask route, absent from the OpenAPI document.
"""

from __future__ import annotations

import orjson
from flask import Blueprint, current_app

from .body import read_json_body

blueprint = Blueprint("bench_echo", __name__)


@blueprint.route("/bench/echo", methods=["POST"])
def echo():
    return current_app.response_class(orjson.dumps(read_json_body()), mimetype="application/json")
