"""Checks a posted state against its game's components.

A client may post any state; these helpers turn "a card in two places", "a card
missing" or "a count out of range" into ``InvalidState`` with the JSON path at fault.
"""

from __future__ import annotations

from collections import Counter
from typing import Hashable, Iterable

from .errors import InvalidState


class Inventory:
    """Tallies where each component was found, then checks against the expected set.

    >>> inv = Inventory("card")
    >>> inv.see("red-01", "$.players[0].hand[0]")
    >>> inv.expect_exactly({"red-01"})
    """

    def __init__(self, what: str, rule: str | None = None) -> None:
        self.what = what
        self.rule = rule
        self._first_seen: dict[Hashable, str] = {}
        self._counts: Counter[Hashable] = Counter()

    def see(self, item: Hashable, path: str) -> None:
        if item in self._first_seen:
            raise InvalidState(
                f"{self.what.capitalize()} {item} is in two places: {self._first_seen[item]} and {path}.",
                path, rule=self.rule, item=item)
        self._first_seen[item] = path
        self._counts[item] += 1

    def see_all(self, items: Iterable[Hashable], path: str) -> None:
        for index, item in enumerate(items):
            self.see(item, f"{path}[{index}]")

    def expect_exactly(self, expected: Iterable[Hashable], path: str = "$") -> None:
        """Every expected item seen once, and nothing else."""
        expected_set = set(expected)
        for item, where in self._first_seen.items():
            if item not in expected_set:
                raise InvalidState(f"{self.what.capitalize()} {item} is not part of this game.", where,
                                   rule=self.rule, item=item)
        missing = sorted(str(item) for item in expected_set - self._first_seen.keys())
        if missing:
            raise InvalidState(
                f"{len(missing)} {self.what}(s) are missing from the state: {', '.join(missing[:8])}"
                f"{'...' if len(missing) > 8 else ''}.", path, rule=self.rule, missing=missing)

    def expect_within(self, allowed: Iterable[Hashable]) -> None:
        """Nothing seen that the game does not have (some components may leave play)."""
        allowed_set = set(allowed)
        for item, where in self._first_seen.items():
            if item not in allowed_set:
                raise InvalidState(f"{self.what.capitalize()} {item} is not part of this game.", where,
                                   rule=self.rule, item=item)


def require(condition: bool, detail: str, path: str, rule: str | None = None, **context) -> None:
    """Refuse the state with ``detail`` at ``path`` unless ``condition`` holds."""
    if not condition:
        raise InvalidState(detail, path, rule=rule, **context)


def require_range(value: int, low: int, high: int, path: str, what: str, rule: str | None = None) -> None:
    require(low <= value <= high, f"{what} must be between {low} and {high}, not {value}.", path, rule)
