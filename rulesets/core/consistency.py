"""Checks a posted state against its game's components.

A client may post any state; these helpers turn "a card in two places", "a card
missing" or "a count out of range" into ``InvalidState`` with the JSON path at fault.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Hashable, Iterable, Mapping

from .errors import InvalidState


class Inventory:
    """Tallies where each component was found, then checks against the expected set.

    >>> inv = Inventory("card")
    >>> inv.see("red-01", "$.players[0].hand[0]")
    >>> inv.expect_exactly({"red-01"})

    With ``multiset=True`` the components are interchangeable copies (gems of one colour,
    coins): an item may be seen many times, and ``expect_exactly`` / ``expect_within`` take
    how many of each the game has.
    """

    def __init__(self, what: str, rule: str | None = None, *, multiset: bool = False) -> None:
        self.what = what
        self.rule = rule
        self.multiset = multiset
        self._first_seen: dict[Hashable, str] = {}
        #: where the last copy of each item was seen (the path named when there are too many).
        self._last_seen: dict[Hashable, str] = {}
        self._counts: Counter[Hashable] = Counter()

    def see(self, item: Hashable, path: str, count: int = 1) -> None:
        if item in self._first_seen and not self.multiset:
            raise InvalidState(
                f"{self.what.capitalize()} {item} is in two places: {self._first_seen[item]} and {path}.",
                path, rule=self.rule, item=item)
        if count < 0:
            raise InvalidState(f"A count of {self.what} {item} cannot be negative.", path, rule=self.rule, item=item)
        self._first_seen.setdefault(item, path)
        self._last_seen[item] = path
        self._counts[item] += count

    def see_counts(self, counts: Mapping[Any, int], path: str) -> None:
        """A pile kept as a count per kind (``{"ruby": 2}``); only in multiset mode."""
        if not self.multiset:
            raise ValueError("see_counts needs an Inventory(multiset=True)")
        for item, count in counts.items():
            self.see(item, f"{path}.{item}", count)

    def see_all(self, items: Iterable[Hashable], path: str) -> None:
        for index, item in enumerate(items):
            self.see(item, f"{path}[{index}]")

    def expect_exactly(self, expected: Iterable[Hashable] | Mapping[Any, int], path: str = "$") -> None:
        """Every expected item seen once (in multiset mode: as many times as ``expected`` counts it), and
        nothing else."""
        if self.multiset:
            self._expect_counts(_counted(expected), path, exact=True)
            return
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

    def expect_within(self, allowed: Iterable[Hashable] | Mapping[Any, int]) -> None:
        """Nothing seen that the game does not have (some components may leave play); in multiset mode,
        no more copies of an item than the game has."""
        if self.multiset:
            self._expect_counts(_counted(allowed), "$", exact=False)
            return
        allowed_set = set(allowed)
        for item, where in self._first_seen.items():
            if item not in allowed_set:
                raise InvalidState(f"{self.what.capitalize()} {item} is not part of this game.", where,
                                   rule=self.rule, item=item)

    def _expect_counts(self, expected: Mapping[Any, int], path: str, *, exact: bool) -> None:
        for item, where in self._first_seen.items():
            if item not in expected:
                raise InvalidState(f"{self.what.capitalize()} {item} is not part of this game.", where,
                                   rule=self.rule, item=item)
            if self._counts[item] > expected[item]:
                raise InvalidState(f"{self._counts[item]} of {self.what} {item} are in the state; the game has "
                                   f"{expected[item]}.", self._last_seen[item], rule=self.rule, item=item)
        if exact:
            short = {str(item): count - self._counts[item] for item, count in expected.items()
                     if self._counts[item] < count}
            if short:
                listed = ", ".join(f"{count} {item}" for item, count in sorted(short.items())[:8])
                raise InvalidState(f"Some {self.what}(s) are missing from the state: {listed}"
                                   f"{'...' if len(short) > 8 else ''}.", path, rule=self.rule,
                                   missing=sorted(short))


def _counted(expected: Iterable[Hashable] | Mapping[Any, int]) -> Mapping[Any, int]:
    return expected if isinstance(expected, Mapping) else Counter(expected)


def require(condition: bool, detail: str, path: str, rule: str | None = None, **context: Any) -> None:
    """Refuse the state with ``detail`` at ``path`` unless ``condition`` holds."""
    if not condition:
        raise InvalidState(detail, path, rule=rule, **context)


def require_range(value: int, low: int, high: int, path: str, what: str, rule: str | None = None) -> None:
    require(low <= value <= high, f"{what} must be between {low} and {high}, not {value}.", path, rule)
