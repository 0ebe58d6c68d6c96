"""Ruleset refusals as HTTP problems.

A ruleset names paths relative to what it was given (a state, an action); the
service answers with paths into the request body, so a client can point at the
exact field it sent: ``$.players[0].hand`` in a state becomes ``$.state.players[0].hand``.
"""

from __future__ import annotations

from typing import Any

from rulesets.core.host import IllegalAction, InvalidAction, InvalidSetup, InvalidState, RulesetError, refusal_detail

from .encoding import jsonable
from .i18n import current_translator
from .problems import Problem

#: Members a refusal's context may not overwrite in a problem body.
_RESERVED = frozenset({"type", "title", "status", "detail", "code", "rule", "errors", "instance", "explain",
                       "nearest"})

_TITLES = {
    IllegalAction: "Illegal action",
    InvalidAction: "Invalid action",
    InvalidState: "Invalid state",
    InvalidSetup: "Invalid setup",
}


def rebase(path: str, base: str) -> str:
    """A ruleset's ``$...`` path under ``base`` (``"$.state"``); ``base="$"`` leaves it be."""
    if base == "$" or not path.startswith("$"):
        return path
    return base + path[1:]


def refusal_fields(refusal: RulesetError, base: str = "$") -> dict[str, Any]:
    """``code``, ``rule``, ``detail`` (in the request's language), ``explain``, ``nearest`` and the
    context of a refusal, paths rebased.

    Shared by problems (``apply``) and violations (``validate``) so a client reads
    the same members either way.
    """
    detail = refusal_detail(refusal, current_translator())
    fields: dict[str, Any] = {"code": refusal.code, "rule": refusal.rule, "detail": detail}
    context = dict(refusal.context)
    path = context.pop("path", None)
    if path is not None:
        fields["errors"] = [{"path": rebase(path, base), "message": detail}]
    if refusal.explain is not None:
        fields["explain"] = jsonable(refusal.explain)
    if refusal.nearest is not None:
        fields["nearest"] = jsonable(refusal.nearest)
    for key, value in context.items():
        if key not in _RESERVED:
            fields[key] = jsonable(value)
    return fields


def refusal_problem(refusal: RulesetError, base: str = "$") -> Problem:
    """``422`` for every refusal: the request was understood, its content is refused."""
    fields = refusal_fields(refusal, base)
    title = next((t for cls, t in _TITLES.items() if isinstance(refusal, cls)), "Refused")
    return Problem(422, fields.pop("code"), fields.pop("detail"), title=title, rule=fields.pop("rule"), **fields)
