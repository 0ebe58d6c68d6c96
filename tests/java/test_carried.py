"""The board carried along the simulation path (``rulesets.java.carried``) is the board read anew.

After every trusted action of seeded random games, the carried ``Land`` (levels, tops, terrain,
developers, palaces, ponds, blocked spaces: JAVA-2.5 to 2.8, 4.6) and its fitting footprints
(JAVA-4.3 to 4.7) equal those read from the state from scratch, and the carried board really was
carried (not read anew) at most steps.
"""

from __future__ import annotations

import random

import pytest

from rulesets import get_ruleset
from rulesets.core.simulation import acting_seats
from rulesets.java import carried

R = get_ruleset("java")
FIELDS = ("level", "top", "village", "dev", "palace", "pond")


def _same(kept: carried.Carried, fresh: carried.Carried, step: int) -> None:
    for name in FIELDS:
        assert getattr(kept.land, name) == getattr(fresh.land, name), f"step {step}: the carried {name} drifted"
    assert kept.land.blocked() == fresh.land.blocked(), f"step {step}: the carried blocked spaces drifted"
    assert kept.fits == fresh.fits and kept.fitting == fresh.fitting, f"step {step}: the fitting footprints drifted"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_carried_board_is_the_board_read_anew_after_every_trusted_action(players):
    state = R.setup(players, f"carried-{players}")
    rnd = random.Random(players)
    carried_steps = 0
    for step in range(1500):
        seats = list(acting_seats(R, state))
        if not seats:
            break
        action = next(a for seat in seats if (a := R.random_action(state, seat, rnd)) is not None)
        R.play_trusted(state, action)
        kept = carried._KEPT.get(id(state))
        if kept is None or kept.state is not state or kept.move != state.move:
            continue  # not carried: the next draw reads the board anew
        carried_steps += 1
        _same(kept, carried.Carried(state), step)
    assert carried_steps > 200


def test_a_state_played_another_way_gets_its_board_read_anew():
    """A carried board belongs to one state at one move: after apply(in_place=True) it is not used."""
    state = R.setup(2, "carried-apply")
    rnd = random.Random(0)
    R.play_trusted(state, R.random_action(state, 0, rnd))
    before = carried.of(state)
    action = R.random_action(state, state.turn.active, rnd)
    R.apply(state, action, in_place=True)
    after = carried.of(state)
    assert after is not before
    _same(after, carried.Carried(state), 0)
