"""Check-order tables: when several checks fail at once, the one the spec lists first is reported.

A table is rows of (state, action, expected code, expected rule); every row is applied and
every mismatch is reported at once, so one run shows the whole table's disagreements::

    assert_check_order(RULESET, [
        Row(over, {"type": "bid", "player": 0, "pair": 0}, "game_over", "GC-10.5", "game over first"),
        (start, {"type": "end_turn", "player": 2}, "wrong_phase", "GC-2.1"),
    ])
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple

from rulesets.core.codec import to_builtins
from rulesets.core.contract import Ruleset
from rulesets.core.errors import RulesetError

from .scenario import ANY


class Row(NamedTuple):
    """One line of a check-order table. ``state`` may be a callable making a fresh state."""

    state: Any
    action: Any
    code: str
    rule: str | None = ANY
    label: str = ""


def check_order_mismatches(ruleset: Ruleset[Any, Any], rows: Iterable[Row | tuple[Any, ...]]) -> list[str]:
    """One line per row whose refusal differs from the expected code (and rule, unless ANY)."""
    mismatches: list[str] = []
    for number, given in enumerate(rows):
        row = given if isinstance(given, Row) else Row(*given)
        state = row.state() if callable(row.state) else row.state
        name = row.label or f"row {number}"
        try:
            ruleset.apply(state, row.action)
        except RulesetError as refusal:
            if refusal.code != row.code or (row.rule is not ANY and refusal.rule != row.rule):
                want = row.code if row.rule is ANY else f"{row.code} ({row.rule})"
                mismatches.append(f"{name}: {to_builtins(row.action)} expected {want}, got {refusal.code} "
                                  f"({refusal.rule}): {refusal.detail}")
        else:
            mismatches.append(f"{name}: {to_builtins(row.action)} expected {row.code}, was accepted")
    return mismatches


def assert_check_order(ruleset: Ruleset[Any, Any], rows: Iterable[Row | tuple[Any, ...]]) -> None:
    """Apply every row; raise one ``AssertionError`` listing every mismatching row."""
    mismatches = check_order_mismatches(ruleset, rows)
    if mismatches:
        raise AssertionError(f"{ruleset.id}: {len(mismatches)} check-order row(s) differ:\n  "
                             + "\n  ".join(mismatches))

