"""SOL-4: island yields, storage capacity, overflow, no conversions."""

from __future__ import annotations

import pytest

from rulesets.core import InvalidAction
from rulesets.solenia.board import terrain
from rulesets.solenia.components import AIRSHIP_REST, RESOURCES, SUMMER_CAPACITY
from rulesets.solenia.resources import mixes, vector

from .scenario import R, action, events_of, first_card, give, listed, new, play, refused, spaces, stock


def near_island(state):
    """A free island next to the airship, and its terrain."""
    space = next(s for s in spaces(state, lambda t: t.kind == "island")
                 if abs(s[0] - AIRSHIP_REST[0]) + abs(s[1] - AIRSHIP_REST[1]) <= 1)
    return space, terrain(state, *space)


@pytest.mark.parametrize("value", [0, 1, 2])
def test_sol_4_1_island_yields_the_card_value(value):
    """SOL-4.1: a card on an island gives as many of that island's resource as its value (0, 1 or 2)."""
    state = new(2)
    card = give(state, 0, first_card(value))[0]
    (col, row), ground = near_island(state)
    after, events = play(state, 0, card, col, row)
    assert getattr(after.players[0].storage, ground.resource) == value
    assert sum(vector(after.players[0].storage)) == value
    assert events_of(events, "resources_gained")[0]["resources"] == ({ground.resource: value} if value else {})


def test_sol_4_2_summer_capacity_is_eight():
    """SOL-4.2: the summer board stores 8; a ninth resource is an overflow."""
    state = new(2)
    assert all(p.capacity == SUMMER_CAPACITY == 8 for p in state.players)
    card = give(state, 0, first_card(1))[0]
    stock(state, 0, wood=7)
    (col, row), _ = near_island(state)
    after, _ = play(state, 0, card, col, row)  # 7 + 1 = 8: no discard needed
    assert sum(vector(after.players[0].storage)) == 8
    state2 = new(2)
    card = give(state2, 0, first_card(1))[0]
    stock(state2, 0, wood=8)
    error = refused(state2, action("play_card", 0, card=card, space={"col": col, "row": row}),
                    "overflow_discard_mismatch", "SOL-4.3")
    assert error.context["surplus"] == 1


def test_sol_4_3_overflow_discard_is_exactly_the_surplus():
    """SOL-4.3: the surplus is returned in the same action: exactly, from what is stored, never without one."""
    state = new(2)
    card = give(state, 0, first_card(2))[0]
    stock(state, 0, wood=4, wheat=4)
    (col, row), ground = near_island(state)
    space = {"col": col, "row": row}
    error = refused(state, action("play_card", 0, card=card, space=space), "overflow_discard_mismatch", "SOL-4.3")
    assert error.context["surplus"] == 2
    refused(state, action("play_card", 0, card=card, space=space, overflow_discard={"wood": 1}),
            "overflow_discard_mismatch", "SOL-4.3")
    refused(state, action("play_card", 0, card=card, space=space, overflow_discard={"wood": 3}),
            "overflow_discard_mismatch", "SOL-4.3")
    other = next(r for r in RESOURCES if r not in ("wood", "wheat", ground.resource))
    refused(state, action("play_card", 0, card=card, space=space, overflow_discard={other: 2}),
            "insufficient_resources", "SOL-4.3")
    after, events = R.apply(state, action("play_card", 0, card=card, space=space,
                                          overflow_discard={"wood": 1, "wheat": 1}))
    assert sum(vector(after.players[0].storage)) == 8
    expected = {"wood": 3, "wheat": 3, "stone": 0, "water": 0}
    expected[ground.resource] += 2
    assert vector(after.players[0].storage) == tuple(expected[r] for r in RESOURCES)
    assert events_of(events, "resources_discarded")[0]["resources"] == {"wood": 1, "wheat": 1}
    # every way of returning the surplus is listed for this card and space
    stored = tuple(n + (2 if r == ground.resource else 0) for r, n in zip(RESOURCES, (4, 4, 0, 0)))
    ways = [a for a in listed(state, 0) if a["card"] == card and a["space"] == space]
    assert len(ways) == len(mixes(2, stored))


def test_sol_4_3_no_discard_without_overflow():
    """SOL-4.3: players never discard voluntarily."""
    state = new(2)
    card = give(state, 0, first_card(1))[0]
    stock(state, 0, wood=2)
    (col, row), _ = near_island(state)
    error = refused(state, action("play_card", 0, card=card, space={"col": col, "row": row},
                                  overflow_discard={"wood": 1}), "overflow_discard_mismatch", "SOL-4.3")
    assert error.context["surplus"] == 0


def test_sol_4_4_no_conversion_actions_exist():
    """SOL-4.4: resources are never traded or converted: there is no such action."""
    state = new(2)
    for kind in ("trade", "convert", "exchange"):
        with pytest.raises(InvalidAction):
            R.apply(state, action(kind, 0, give={"wood": 2}, take={"stone": 1}))
    assert {type(a).__name__ for a in R.legal_actions(state, 0)} <= {"PlayCard", "DiscardToAdvance"}
