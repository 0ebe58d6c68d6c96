"""Chance reported by a real table: the outcomes an action carries, checked draw by draw.

A game set up with ``chance="table"`` has no seed. Its piles are known by their contents, not
their order (a shuffle leaves a pile in a canonical order: sorted), and every draw the rules
make takes the next outcome the action carries (``outcomes``: component ids in the order the
rules draw them). The draw site says what may come out (the cards left in the pile, a die's
faces, a pool to choose from) and the rule it follows; an outcome outside that is
``impossible_outcome`` citing that rule.

When the outcomes run out, the action goes on *assuming* each further draw took its first
candidate (in id order), only so that every draw still needed is found; then it is refused as
``outcome_required`` with ``needed``, those draws in order (consecutive draws from one source
make one entry with a ``count``). An entry's ``candidates`` are what that source holds when
its first draw is made, given the outcomes reported and the earlier assumptions: a later
entry's candidates may change with what the table reports for an earlier one (the answer to
the completed action then says so, with ``impossible_outcome`` or a new ``outcome_required``).

In a seeded game nothing is reported; :func:`recording` lets a caller (a test harness) read
every named draw the seed made, ``(source, outcome, rule)``, to replay the same game as a table.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Sequence

from . import refusals as core_refusals
from .errors import RulesetError

#: The most outcomes one action or setup carries (the largest deal of any game is far below it).
MAX_OUTCOMES = 512


@dataclass(frozen=True)
class Draw:
    """One named draw a seeded game made: where from and what came out (the outcome's id)."""

    source: str
    outcome: str
    rule: str


@dataclass
class _Unmet:
    source: str
    rule: str
    count: int
    candidates: dict[str, int]


@dataclass
class Feed:
    """The outcomes one action (or setup) carries, consumed in draw order."""

    outcomes: Sequence[Any]
    used: int = 0
    unmet: list[_Unmet] = field(default_factory=list)

    def take(self, source: str, rule: str, candidates: Mapping[str, int]) -> str:
        """The next outcome's id, checked against ``candidates`` (id -> copies left, none at zero)."""
        if self.unmet or self.used >= len(self.outcomes):
            last = self.unmet[-1] if self.unmet else None
            if last is not None and last.source == source:
                last.count += 1
            else:
                self.unmet.append(_Unmet(source, rule, 1, dict(sorted(candidates.items()))))
            return min(candidates)  # an assumption, only to find the draws after this one
        index = self.used
        outcome = self.outcomes[index]
        key = outcome_id(outcome)
        if key is None or key not in candidates:
            raise core_refusals.IMPOSSIBLE_OUTCOME(
                rule, outcome=_shown(outcome), source=source,
                context={"path": f"$.outcomes[{index}]", "source": source, "outcome": outcome,
                         "candidates": dict(sorted(candidates.items()))})
        self.used += 1
        return key

    def required(self) -> RulesetError:
        first = self.unmet[0]
        needed = [{"source": u.source, "rule": u.rule, "count": u.count, "candidates": u.candidates}
                  for u in self.unmet]
        return core_refusals.OUTCOME_REQUIRED(
            first.rule, draws=sum(u.count for u in self.unmet), given=self.used, source=first.source,
            context={"path": "$.outcomes", "needed": needed})

    def finish(self) -> None:
        """After the rules ran: every draw answered, and every outcome drawn."""
        if self.unmet:
            raise self.required()
        if self.used < len(self.outcomes):
            raise unexpected(len(self.outcomes), self.used)


def withheld_from_a_seat(refusal: RulesetError) -> RulesetError:
    """``refusal`` as a seat may see it: a pile's ``candidates`` are its contents, which tell a seat what
    the others hold (the festival cards not in the deck are in hands), so a seat acting on a state it
    cannot read (a session, a sealed state) is told the sources, rules and counts only; whoever holds
    the full state (the table's app) reads them from ``needed`` as it is."""
    if refusal.code in (core_refusals.OUTCOME_REQUIRED.code, core_refusals.IMPOSSIBLE_OUTCOME.code):
        refusal.context.pop("candidates", None)
        if "needed" in refusal.context:
            refusal.context["needed"] = [{k: v for k, v in entry.items() if k != "candidates"}
                                         for entry in refusal.context["needed"]]
    return refusal


def unexpected(given: int, drawn: int) -> RulesetError:
    return core_refusals.UNEXPECTED_OUTCOME(given=given, drawn=drawn,
                                            context={"path": f"$.outcomes[{drawn}]", "drawn": drawn})


def outcome_id(outcome: Any) -> str | None:
    """An outcome as the id a candidate is keyed by: a string, or a whole number (a seat, a die's face)."""
    if isinstance(outcome, str):
        return outcome
    if isinstance(outcome, int) and not isinstance(outcome, bool):
        return str(outcome)
    return None


def _shown(outcome: Any) -> str:
    text = repr(outcome) if not isinstance(outcome, str) else outcome
    return text if len(text) <= 80 else text[:77] + "..."


def check_outcomes(outcomes: Any) -> list[Any]:
    """An ``outcomes`` member as posted: a list of ids, or a clear refusal."""
    if not isinstance(outcomes, list) or len(outcomes) > MAX_OUTCOMES:
        raise core_refusals.INVALID_OUTCOMES(
            reason=core_refusals.OUTCOMES_NOT_A_LIST(most=MAX_OUTCOMES), context={"path": "$.outcomes"})
    for index, outcome in enumerate(outcomes):
        if outcome_id(outcome) is None:
            raise core_refusals.INVALID_OUTCOMES(
                reason=core_refusals.OUTCOME_NOT_AN_ID(index=index),
                context={"path": f"$.outcomes[{index}]"})
    return outcomes


def split_action(raw: Any) -> tuple[Any, list[Any] | None]:
    """An action object as posted, and the ``outcomes`` member it carries (checked), apart: the game's
    own action types know nothing of chance. Anything but an object with ``outcomes`` is left as it is."""
    if not isinstance(raw, dict) or "outcomes" not in raw:
        return raw, None
    action = dict(raw)
    return action, check_outcomes(action.pop("outcomes"))


_feed: ContextVar[Feed | None] = ContextVar("table_feed", default=None)
_record: ContextVar[list[Draw] | None] = ContextVar("seeded_draws", default=None)


def current_feed() -> Feed | None:
    return _feed.get()


@contextmanager
def reported(outcomes: Sequence[Any]) -> Iterator[Feed]:
    """Within: every draw takes from ``outcomes`` (a table game's action or setup)."""
    feed = Feed(outcomes)
    token = _feed.set(feed)
    try:
        yield feed
    finally:
        _feed.reset(token)


@contextmanager
def recording() -> Iterator[list[Draw]]:
    """Within: every named draw a seeded game makes is appended to the list yielded."""
    draws: list[Draw] = []
    token = _record.set(draws)
    try:
        yield draws
    finally:
        _record.reset(token)


def recorded(source: str, outcome: Any, rule: str) -> None:
    draws = _record.get()
    if draws is not None:
        draws.append(Draw(source, str(outcome), rule))
