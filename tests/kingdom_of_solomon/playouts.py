"""Seeded whole games for the tests that need real positions, through the kit's ``random_playout``.

``random_playout`` holds the ruleset to its contract at every step (listed actions accepted,
apply pure and deterministic, an active seat always able to act) and asks the seats not on
turn too: they may list only the out-of-turn ``play_fortune`` (KOS-6.2, 6.3) and the end
step's moves any seat sends, and it plays one of those now and then (``out_of_turn_rate``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rulesets.kingdom_of_solomon.state import KosState
from rulesets.testing.playout import Playout, random_playout

from .scenario import R

#: the configurations the whole-game tests cover: every player count, and the 2-3 player variant (KOS-11).
CONFIGS = [(2, {}), (3, {}), (4, {}), (2, {"variant_all_bonus": True}), (3, {"variant_all_bonus": True})]


def play(players: int, seed: Any, options: Mapping[str, Any] | None = None, *, sample_legal: int = 0,
         nudges: int = 0, out_of_turn_rate: float = 0.2) -> Playout:
    """One whole seeded game (its actions, final state and out-of-turn count)."""
    return random_playout(R, players, seed, options, sample_legal=sample_legal, nudges=nudges,
                          out_of_turn_rate=out_of_turn_rate)


def steps(game: Playout) -> Iterator[tuple[KosState, dict[str, Any], KosState, list[Any]]]:
    """(state before, action, state after, its events) along a played game, replayed from its seed."""
    state: KosState = R.setup(game.players, game.seed, game.options)
    for action in game.actions:
        after, events = R.apply(state, action)
        yield state, action, after, events
        state = after
