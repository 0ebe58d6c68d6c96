"""The simulation path: playing a game fast when the actions come from the rules themselves.

A search plays thousands of games from one position, every action drawn from the
game's own legal actions. ``apply`` pays for what such a caller does not need: the
defensive copy, the loop's checks (seat, game over, phase, turn), the counter-bound scan,
decoding. The trusted path (``Ruleset.play_trusted``) skips all of that and changes the
state in place; ``Ruleset.random_action`` draws one legal action, and a game may draw it
without listing every legal action first. ``rollout`` plays a state to the end with them.

The trusted path must end where ``apply`` ends: ``tests/core/test_simulation.py`` holds
the two equal (states and events) over seeded games of every game and player count.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:
    from .contract import Ruleset

__all__ = ["Policy", "acting_seats", "rollout"]

#: how a rollout picks a seat's action: ``policy(state, player, rnd)``, None when that seat has none.
Policy = Callable[[Any, int, random.Random], Any]


def acting_seats(ruleset: Ruleset[Any, Any], state: Any) -> Sequence[int]:
    """The seats whose decision the game awaits now (empty once it is over): the phase table's own answer."""
    flow = ruleset.flow
    name = flow.phase_of(state)
    if name == flow.over:
        return ()
    return flow.by_name[name].actors(state)


def rollout(ruleset: Ruleset[Any, Any], state: Any, rnd: random.Random, *, max_actions: int | None = None,
            policy: Policy | None = None) -> Any:
    """Play ``state`` IN PLACE until the game is over (or ``max_actions`` were played); answer it.

    Each step asks the awaited seats (``acting_seats``) in a random order (a single seat
    without a draw) for an action through ``policy`` (by default ``ruleset.random_action``)
    and plays the first one given through ``play_trusted``. Out-of-turn actions (cards any
    seat may play at any moment) are not tried: a rollout plays the awaited seats only.
    Copy the state first if it is still needed. A position in which no awaited seat has an
    action (a game that would break the contract) raises ``RuntimeError``.
    """
    choose = policy or ruleset.random_action
    play = ruleset.play_trusted
    flow = ruleset.flow
    phase_of, over, by_name = flow.phase_of, flow.over, flow.by_name
    played = 0
    while max_actions is None or played < max_actions:
        name = phase_of(state)
        if name == over:
            break
        seats = by_name[name].actors(state)
        action = None
        if len(seats) == 1:
            action = choose(state, seats[0], rnd)
        else:
            order = list(seats)
            rnd.shuffle(order)
            for seat in order:
                action = choose(state, seat, rnd)
                if action is not None:
                    break
        if action is None:
            raise RuntimeError(f"{ruleset.id}: no awaited seat of {list(seats)} has an action (phase {name})")
        play(state, action)
        played += 1
    return state
