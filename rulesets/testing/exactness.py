"""The exactness check: ``legal_actions`` lists exactly the candidate actions ``apply`` accepts.

The playout harness samples listed actions and nudges their fields; a game's own exactness
test probes chosen positions with a broad superset of candidates (every space, every payment,
every pick) and holds each one to "accepted iff listed". This is that check, once.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from rulesets.core.codec import canonical_json, to_builtins
from rulesets.core.contract import Ruleset
from rulesets.core.errors import RulesetError

#: candidates for one seat: a fixed iterable (actions naming their own player), or a function of the seat.
Candidates = Iterable[Any] | Callable[[int], Iterable[Any]]


def assert_exact(ruleset: Ruleset[Any, Any], state: Any, candidates: Candidates, seats: Iterable[int] | None = None,
                 *, canonical: Callable[[dict[str, Any]], Any] | None = None, require_listed: bool = True,
                 shown: int = 5) -> int:
    """For every seat: the candidates ``apply`` accepts are exactly the listed ones among them.

    * ``candidates`` are raw (dict) or typed actions; a callable is asked once per seat. A fixed
      iterable is tried for every seat's listing (an action names its own ``player``).
    * A candidate ``load_action`` refuses is skipped (the schema refused it, which is not the
      question here).
    * ``canonical`` maps an accepted raw candidate to the listed spelling of the same move (a game
      with several spellings of one move); by default a candidate is its own canonical form.
    * With ``require_listed`` every listed action of the seat is also applied and must be accepted.

    Raises ``AssertionError`` naming the differing actions (up to ``shown`` of each kind).
    Returns how many candidates were probed.
    """
    seat_list = list(range(len(state.players))) if seats is None else list(seats)
    per_seat: Callable[[int], Iterable[Any]] | None = None
    fixed: list[Any] = []
    if callable(candidates):
        per_seat = candidates
    else:
        fixed = list(candidates)
    probed = 0
    problems: list[str] = []
    for seat in seat_list:
        listed_actions = ruleset.legal_actions(state, seat)
        listed = {canonical_json(a) for a in listed_actions}
        pool = list(per_seat(seat)) if per_seat is not None else fixed
        accepted_unlisted: list[Any] = []
        refused_listed: list[tuple[Any, str]] = []
        for candidate in pool:
            raw = to_builtins(candidate)
            try:
                typed = ruleset.load_action(raw)
            except RulesetError:
                continue
            if fixed is not None and getattr(typed, "player", seat) != seat:
                continue
            probed += 1
            try:
                ruleset.apply(state, typed)
            except RulesetError as refusal:
                if canonical_json(typed) in listed:
                    refused_listed.append((raw, f"{refusal.code}: {refusal.detail}"))
                continue
            key = canonical_json(ruleset.load_action(canonical(raw))) if canonical else canonical_json(typed)
            if key not in listed:
                accepted_unlisted.append(raw)
        not_accepted: list[tuple[Any, str]] = []
        if require_listed:
            for action in listed_actions:
                try:
                    ruleset.apply(state, action)
                except RulesetError as refusal:
                    not_accepted.append((to_builtins(action), f"{refusal.code}: {refusal.detail}"))
        if accepted_unlisted:
            problems.append(f"seat {seat}: {len(accepted_unlisted)} accepted but not listed, e.g. "
                            f"{accepted_unlisted[:shown]}")
        if refused_listed:
            problems.append(f"seat {seat}: {len(refused_listed)} listed but refused, e.g. {refused_listed[:shown]}")
        if not_accepted:
            problems.append(f"seat {seat}: {len(not_accepted)} of legal_actions refused by apply, e.g. "
                            f"{not_accepted[:shown]}")
    if problems:
        raise AssertionError(f"{ruleset.id}: legal_actions and apply disagree:\n  " + "\n  ".join(problems))
    return probed
