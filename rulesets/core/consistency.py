"""Checks a posted state against its game's components.

A client may post any state; these helpers turn "a card in two places", "a card
missing" or "a count out of range" into core's ``invalid_state`` with the JSON path at fault.
The reason is a phrase (core's here; a game words its own checks as phrases declared on its
catalogue), so that it reads in the request's language: what an :class:`Inventory` counts is a
phrase too ("landscape card").
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Hashable, Iterable, Mapping

from . import refusals
from .errors import InvalidState, RulesetError
from .refusals import Worded

_P = refusals.CORE_PHRASES
IN_TWO_PLACES = _P.phrase("state_in_two_places", "{what} {item} is in two places: {first} and {second}.")
NEGATIVE_COUNT = _P.phrase("state_negative_count", "A count of {what} {item} cannot be negative.")
NOT_IN_GAME = _P.phrase("state_not_in_game", "{what} {item} is not part of this game.")
MISSING = _P.phrase("state_missing", "{count} {what}(s) are missing from the state: {items}{more}.")
TOO_MANY = _P.phrase("state_too_many", "{count} of {what} {item} are in the state; the game has {most}.")
SOME_MISSING = _P.phrase("state_some_missing", "Some {what}(s) are missing from the state: {counts}{more}.")
OUT_OF_RANGE = _P.phrase("state_out_of_range", "{what} must be between {low} and {high}, not {value}.")
FIRST_PLAYER_NOT_A_SEAT = _P.phrase("state_first_player_not_a_seat",
                                    "first_player names seat {seat}; this game has {seats} seats.")
NOBODY_TO_ACT = _P.phrase("state_nobody_to_act",
                          "No seat may act in this state, yet the game is not over (phase {phase}).")
#: how a list cut short ends
_MORE = "..."


def state_refusal(reason: Worded | str, path: str, rule: str | None = None, **context: Any) -> RulesetError:
    """Core's ``invalid_state`` at ``path`` for ``reason``: a phrase, which reads in the request's language (a
    plain string stays English wherever it is read)."""
    if isinstance(reason, Worded):
        return refusals.INVALID_STATE(rule, reason=reason, context={"path": path, **context})
    return InvalidState(reason, path, rule=rule, **context)


def _capital(what: Worded | str) -> Worded | str:
    return what.capitalized() if isinstance(what, Worded) else what.capitalize()


class Inventory:
    """Tallies where each component was found, then checks against the expected set.

    >>> inv = Inventory("card")
    >>> inv.see("red-01", "$.players[0].hand[0]")
    >>> inv.expect_exactly({"red-01"})

    With ``multiset=True`` the components are interchangeable copies (gems of one colour,
    coins): an item may be seen many times, and ``expect_exactly`` / ``expect_within`` take
    how many of each the game has.
    """

    def __init__(self, what: Worded | str, rule: str | None = None, *, multiset: bool = False) -> None:
        self.what = what
        self.rule = rule
        self.multiset = multiset
        self._first_seen: dict[Hashable, str] = {}
        #: where the last copy of each item was seen (the path named when there are too many).
        self._last_seen: dict[Hashable, str] = {}
        self._counts: Counter[Hashable] = Counter()

    def see(self, item: Hashable, path: str, count: int = 1) -> None:
        if item in self._first_seen and not self.multiset:
            raise self._refused(IN_TWO_PLACES(what=_capital(self.what), item=item, first=self._first_seen[item],
                                              second=path), path, item=item)
        if count < 0:
            raise self._refused(NEGATIVE_COUNT(what=self.what, item=item), path, item=item)
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
                raise self._refused(NOT_IN_GAME(what=_capital(self.what), item=item), where, item=item)
        missing = sorted(str(item) for item in expected_set - self._first_seen.keys())
        if missing:
            raise self._refused(MISSING(count=len(missing), what=self.what, items=", ".join(missing[:8]),
                                        more=_MORE if len(missing) > 8 else ""), path, missing=missing)

    def expect_within(self, allowed: Iterable[Hashable] | Mapping[Any, int]) -> None:
        """Nothing seen that the game does not have (some components may leave play); in multiset mode,
        no more copies of an item than the game has."""
        if self.multiset:
            self._expect_counts(_counted(allowed), "$", exact=False)
            return
        allowed_set = set(allowed)
        for item, where in self._first_seen.items():
            if item not in allowed_set:
                raise self._refused(NOT_IN_GAME(what=_capital(self.what), item=item), where, item=item)

    def _expect_counts(self, expected: Mapping[Any, int], path: str, *, exact: bool) -> None:
        for item, where in self._first_seen.items():
            if item not in expected:
                raise self._refused(NOT_IN_GAME(what=_capital(self.what), item=item), where, item=item)
            if self._counts[item] > expected[item]:
                raise self._refused(TOO_MANY(count=self._counts[item], what=self.what, item=item, most=expected[item]),
                                    self._last_seen[item], item=item)
        if exact:
            short = {str(item): count - self._counts[item] for item, count in expected.items()
                     if self._counts[item] < count}
            if short:
                listed = ", ".join(f"{count} {item}" for item, count in sorted(short.items())[:8])
                raise self._refused(SOME_MISSING(what=self.what, counts=listed, more=_MORE if len(short) > 8 else ""),
                                    path, missing=sorted(short))

    def _refused(self, reason: Worded, path: str, **context: Any) -> RulesetError:
        return state_refusal(reason, path, self.rule, **context)


def _counted(expected: Iterable[Hashable] | Mapping[Any, int]) -> Mapping[Any, int]:
    return expected if isinstance(expected, Mapping) else Counter(expected)


def require(condition: bool, reason: Worded | str, path: str, rule: str | None = None, **context: Any) -> None:
    """Refuse the state for ``reason`` (a phrase: :func:`state_refusal`) at ``path`` unless ``condition`` holds."""
    if not condition:
        raise state_refusal(reason, path, rule, **context)


def require_range(value: int, low: int, high: int, path: str, what: Worded | str, rule: str | None = None) -> None:
    require(low <= value <= high, OUT_OF_RANGE(what=_capital(what), low=low, high=high, value=value), path, rule)
