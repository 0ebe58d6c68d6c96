"""The trusted simulation path held to ``apply``: what every game's tests run (``rulesets.core.simulation``).

``check_trusted_path`` plays a seeded game twice side by side, one copy through ``apply``,
the other through ``play_trusted``, each action drawn by ``random_action`` (seat order as
``rollout`` picks it), and after every action holds the two equal: the state's canonical
JSON and the events. It also holds ``random_action`` to the legal list (it draws only
listed actions, and leaves the state as it found it).

``check_draws_cover`` holds a game's own ``random_action`` to the other half: at one
position, enough draws reach every action ``legal_actions`` lists.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from rulesets.core.codec import canonical_json
from rulesets.core.contract import Ruleset
from rulesets.core.simulation import acting_seats

from .playout import ContractBroken

__all__ = ["check_draws_cover", "check_trusted_path"]


def check_trusted_path(ruleset: Ruleset[Any, Any], players: int, seed: int | str,
                       options: Mapping[str, Any] | None = None, *, max_actions: int = 5000,
                       check_listed: bool = True) -> int:
    """One seeded game through ``apply`` and ``play_trusted`` at once, to its end or ``max_actions``;
    answers the number of actions.

    ``check_listed=False`` skips listing the legal actions at every step (the slowest part
    for games with long lists) after the first 50 actions.
    """
    rnd = random.Random(f"trusted/{ruleset.id}/{players}/{seed}")
    checked = ruleset.setup(players, seed, dict(options or {}))
    trusted = ruleset.copy_state(checked)
    for step in range(max_actions):
        seats = list(acting_seats(ruleset, checked))
        if not seats:
            if not ruleset.status(trusted).game_over:
                raise ContractBroken(f"{ruleset.id}: the trusted copy is not over where apply's is")
            return step
        before = canonical_json(trusted)
        if len(seats) > 1:
            rnd.shuffle(seats)
        action = None
        for seat in seats:
            action = ruleset.random_action(trusted, seat, rnd)
            if canonical_json(trusted) != before:
                raise ContractBroken(f"{ruleset.id}: random_action changed the state (step {step})")
            if action is not None:
                break
        if action is None:
            raise ContractBroken(f"{ruleset.id}: no awaited seat of {seats} has an action (step {step})")
        if check_listed or step < 50:
            listed = {canonical_json(a) for a in ruleset.legal_actions(checked, action.player)}
            if canonical_json(action) not in listed:
                raise ContractBroken(f"{ruleset.id}: random_action drew an action legal_actions does not list "
                                     f"(step {step}): {canonical_json(action).decode()}")
        checked, events = ruleset.apply(checked, action)
        trusted_events = ruleset.play_trusted(trusted, action)
        if canonical_json(trusted) != canonical_json(checked):
            raise ContractBroken(f"{ruleset.id}: play_trusted and apply disagree on the state after step {step} "
                                 f"({canonical_json(action).decode()})")
        if canonical_json(trusted_events) != canonical_json(events):
            raise ContractBroken(f"{ruleset.id}: play_trusted and apply disagree on the events of step {step}")
    return max_actions  # the cap: a game may stall by its rules (a Java board no triple fits ends never)


def check_draws_cover(ruleset: Ruleset[Any, Any], state: Any, player: int, rnd: random.Random,
                      *, draws_per_action: int = 40) -> int:
    """Draw ``random_action`` until every listed action was drawn (at most ``draws_per_action`` times the
    list's length); answers the number of draws. Raises when a listed action was never drawn, or an
    unlisted one was."""
    listed = {canonical_json(a) for a in ruleset.legal_actions(state, player)}
    seen: set[bytes] = set()
    budget = max(1, draws_per_action * len(listed))
    for draw in range(1, budget + 1):
        action = ruleset.random_action(state, player, rnd)
        if action is None:
            if listed:
                raise ContractBroken(f"{ruleset.id}: random_action found nothing where {len(listed)} are listed")
            return draw
        key = canonical_json(action)
        if key not in listed:
            raise ContractBroken(f"{ruleset.id}: random_action drew an unlisted action {key.decode()}")
        seen.add(key)
        if len(seen) == len(listed):
            return draw
    missing = sorted(listed - seen)
    raise ContractBroken(f"{ruleset.id}: {len(missing)} of {len(listed)} listed actions never drawn in {budget} "
                         f"draws, e.g. {missing[0].decode()}")
