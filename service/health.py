"""Liveness and readiness.

Readiness runs every check in `app.extensions["readiness_checks"]`: callables
returning `(name, ok, detail)`. Other parts of the service register theirs (the
session store registers a Redis ping when `REDIS_URL` is set).
"""

from __future__ import annotations

from typing import Callable

from flask import current_app

from .api import Blueprint
from .encoding import json_response
from .problems import Problem
from .schemas import Health, Readiness

ReadinessCheck = Callable[[], tuple[str, bool, str]]

blp = Blueprint("operations", __name__, description="Probes for orchestrators.")


def readiness_checks() -> list[ReadinessCheck]:
    return current_app.extensions.setdefault("readiness_checks", [])


def _run(check: ReadinessCheck) -> dict:
    try:
        name, ok, detail = check()
    except Exception as exc:  # a failing probe is a "not ready", never a 500
        return {"name": getattr(check, "__name__", repr(check)), "ok": False,
                "detail": f"{type(exc).__name__}: {exc}"}
    return {"name": str(name), "ok": bool(ok), "detail": str(detail)}


@blp.route("/healthz")
@blp.response(200, Health)
def healthz():
    """The process answers (no dependency is consulted)."""
    return json_response({"status": "ok"})


@blp.route("/readyz")
@blp.response(200, Readiness)
@blp.documents_errors(503)
def readyz():
    """Every registered readiness check passes; `503` with each check's result otherwise."""
    results = [_run(check) for check in readiness_checks()]
    failed = [result["name"] for result in results if not result["ok"]]
    if failed:
        raise Problem(503, "not_ready", f"Not ready: {', '.join(failed)} failed.", checks=results)
    return json_response({"status": "ready", "checks": results})
