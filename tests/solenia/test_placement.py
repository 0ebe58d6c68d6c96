"""SOL-3: placing a card: empty target, free placement, lengthening, discard to advance."""

from __future__ import annotations

from rulesets.solenia.board import terrain
from rulesets.solenia.components import AIRSHIP_REST
from rulesets.solenia.resources import vector

from .scenario import R, action, events_of, first_card, give, listed, new, play, put, refused, spaces, stock

AIR = AIRSHIP_REST


def dist(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def far_island(state, distance=3):
    return next(s for s in spaces(state, lambda t: t.kind == "island") if dist(s, AIR) == distance)


def test_sol_3_1_target_must_be_empty():
    """SOL-3.1: a space holding any player's card is refused (space_occupied)."""
    state = new(2)
    card = give(state, 0, 9)[0]
    put(state, 1, 9, 1, 2)
    put(state, 0, 10, 2, 1)
    for col, row in [(1, 2), (2, 1)]:
        refused(state, action("play_card", 0, card=card, space={"col": col, "row": row}),
                "space_occupied", "SOL-3.1")


def test_sol_3_2_free_placement_adjacent_to_own_card():
    """SOL-3.2: a space next to one of your own cards is free, however far from the airship."""
    state = new(2)
    card = give(state, 0, 9)[0]
    put(state, 0, 10, 0, 0)
    target = next(s for s in [(1, 0), (0, 1)] if terrain(state, *s).kind == "island")
    assert dist(target, AIR) >= 3
    after, events = play(state, 0, card, *target)
    assert not events_of(events, "lengthen_paid")
    assert sum(vector(after.players[0].storage)) == 1


def test_sol_3_2_other_players_cards_give_no_adjacency():
    """SOL-3.2: cards of other players block their space but never make a neighbour free."""
    state = new(2)
    card = give(state, 0, 9)[0]
    put(state, 1, 10, 0, 0)
    target = next(s for s in [(1, 0), (0, 1)] if terrain(state, *s).kind == "island")
    cost = dist(target, AIR) - 1
    error = refused(state, action("play_card", 0, card=card, space={"col": target[0], "row": target[1]}),
                    "lengthen_payment_mismatch", "SOL-3.3")
    assert error.context["expected"] == cost == 2


def test_sol_3_2_airship_space_and_its_neighbours_are_free():
    """SOL-3.2 (a)(b): the airship's space and its orthogonal neighbours, not its diagonals (D-2)."""
    state = new(2)
    give(state, 0, 9, 10, 15)
    stock(state, 0)
    free = {(a["space"]["col"], a["space"]["row"]) for a in listed(state, 0)}
    islands = {s for s in spaces(state, lambda t: t.kind == "island") if dist(s, AIR) <= 1}
    assert free == islands  # cities need a payable tile; diagonals would cost 1 which we cannot pay
    assert (AIR[0] + 1, AIR[1] + 1) not in free


def test_sol_3_3_1_distance_is_to_the_nearest_anchor():
    """SOL-3.3.1 / SOL-3.3.2: cost is max(0, d - 1) with d the Manhattan distance to the nearest anchor."""
    state = new(2)
    card = give(state, 0, 9)[0]
    stock(state, 0, wood=3, wheat=3)
    put(state, 0, 10, 4, 4)
    for target in [s for s in spaces(state, lambda t: t.kind == "island")]:
        d = min(dist(target, AIR), dist(target, (4, 4)))
        act = action("play_card", 0, card=card, space={"col": target[0], "row": target[1]},
                     lengthen_payment={"wood": 3, "wheat": 3})
        error = refused(state, act, "lengthen_payment_mismatch", "SOL-3.3")
        assert error.context["expected"] == max(0, d - 1)


def test_sol_3_3_lengthening_pays_any_mix_exactly():
    """SOL-3.3 / SOL-3.3.2: lengthening is paid with exactly d - 1 resources of any types."""
    state = new(2)
    card = give(state, 0, 9)[0]
    stock(state, 0, wood=1, water=2)
    target = far_island(state, 3)
    after, events = play(state, 0, card, *target, lengthen_payment={"wood": 1, "water": 1})
    assert events_of(events, "lengthen_paid")[0]["resources"] == {"wood": 1, "water": 1}
    gained = terrain(state, *target).resource
    expected = {"wood": 0, "wheat": 0, "stone": 0, "water": 1}
    expected[gained] += 1
    assert {r: getattr(after.players[0].storage, r) for r in expected} == expected


def test_sol_3_3_3_only_storage_pays_lengthening():
    """SOL-3.3.3: permanent resources never pay lengthening; storage must cover the payment."""
    state = new(2)
    card = give(state, 0, 9)[0]
    stock(state, 0, wood=1)
    target = far_island(state, 3)
    space = {"col": target[0], "row": target[1]}
    refused(state, action("play_card", 0, card=card, space=space, lengthen_payment={"wood": 1, "day_C": 1}),
            "permanent_not_allowed_for_lengthening", "SOL-3.3.3")
    refused(state, action("play_card", 0, card=card, space=space, lengthen_payment={"wood": 2}),
            "insufficient_resources", "SOL-3.3.3")


def test_sol_3_3_4_payment_comes_before_the_gain():
    """SOL-3.3.4: paying first frees room: a full storage lengthening onto an island does not overflow."""
    state = new(2)
    card = give(state, 0, 9)[0]  # value 1
    stock(state, 0, wood=8)
    target = next(s for s in spaces(state, lambda t: t.kind == "island") if dist(s, AIR) == 2)
    after, _ = play(state, 0, card, *target, lengthen_payment={"wood": 1})
    assert sum(vector(after.players[0].storage)) == 8 and after.phase == "play"


def test_sol_3_3_5_no_overpaying_or_underpaying():
    """SOL-3.3.5: a lengthening payment different from the cost is refused, and so is paying for a free space."""
    state = new(2)
    card = give(state, 0, 9)[0]
    stock(state, 0, wood=5)
    target = far_island(state, 3)
    for paid in (1, 3):
        error = refused(state, action("play_card", 0, card=card, space={"col": target[0], "row": target[1]},
                                      lengthen_payment={"wood": paid}), "lengthen_payment_mismatch", "SOL-3.3")
        assert error.context["expected"] == dist(target, AIR) - 1
    refused(state, action("play_card", 0, card=card, space={"col": AIR[0], "row": AIR[1]},
                          lengthen_payment={"wood": 1}), "lengthen_payment_mismatch", "SOL-3.3")


def test_sol_3_3_7_lengthening_is_allowed_while_free_spaces_exist():
    """SOL-3.3.7: lengthening is a choice whenever affordable, even with free spaces around."""
    state = new(2)
    give(state, 0, 9, 10, 15)
    stock(state, 0, stone=2)
    options = listed(state, 0)
    paid = [a for a in options if a.get("lengthen_payment")]
    free = [a for a in options if not a.get("lengthen_payment")]
    assert free and paid
    assert {sum(a["lengthen_payment"].values()) for a in paid} == {1, 2}
    R.apply(state, paid[-1])


def _blocked(state):
    """Seat 1's cards on the airship space and its four neighbours: seat 0 has no free placement."""
    n = 1
    for col, row in [AIR, (AIR[0] - 1, AIR[1]), (AIR[0] + 1, AIR[1]), (AIR[0], AIR[1] - 1), (AIR[0], AIR[1] + 1)]:
        n += 1
        put(state, 1, n, col, row)


def test_sol_3_4_discard_to_advance_when_no_free_placement():
    """SOL-3.4: with no free placement for any card, a card may be discarded; the airship advances 1."""
    state = new(2)
    give(state, 0, 9, 10, 15)
    give(state, 1, 12, 13, 14)
    _blocked(state)
    stock(state, 0)
    options = listed(state, 0)
    assert {a["type"] for a in options} == {"discard_to_advance"} and len(options) == 3
    card = state.players[0].hand[1]
    after, events = R.apply(state, action("discard_to_advance", 0, card=card))
    assert card in after.players[0].discard
    advanced = events_of(events, "airship_advanced")[0]
    assert advanced["spaces"] == 1 and advanced["cause"] == "discard"
    assert len(events_of(events, "strip_resolved")) == 1
    assert after.active_seat == 1


def test_sol_3_4_lengthening_remains_possible_without_free_placement():
    """SOL-3.4: without a free placement the player may lengthen (if able to pay) or discard."""
    state = new(2)
    give(state, 0, 9, 10, 15)
    give(state, 1, 12, 13, 14)
    _blocked(state)
    stock(state, 0, wood=1)
    types = {a["type"] for a in listed(state, 0)}
    assert types == {"play_card", "discard_to_advance"}


def test_sol_3_4_an_unpayable_free_city_does_not_count_as_free():
    """SOL-3.4 / SOL-5.3: a free city whose tiles cannot be paid is not a legal free placement."""
    state = new(2)
    give(state, 0, 9, 10, 15)
    stock(state, 0)
    n = 1
    for col, row in [AIR, (AIR[0] - 1, AIR[1]), (AIR[0] + 1, AIR[1]), (AIR[0], AIR[1] - 1), (AIR[0], AIR[1] + 1)]:
        if terrain(state, col, row).kind == "island":
            n += 1
            put(state, 1, n, col, row)
    assert any(terrain(state, *s).kind == "city" for s in spaces(state, lambda t: True) if dist(s, AIR) <= 1)
    assert {a["type"] for a in listed(state, 0)} == {"discard_to_advance"}


def test_sol_3_4_discard_is_refused_while_a_free_placement_exists():
    """SOL-3.4 (D-3): discarding is illegal when some card has a legal free placement."""
    state = new(2)
    card = state.players[0].hand[0]
    error = refused(state, action("discard_to_advance", 0, card=card), "discard_not_allowed", "SOL-3.4")
    example = error.context["example"]
    R.apply(state, action("play_card", 0, card=example["card"], space=example["space"]))


def test_sol_3_5_cards_stay_on_their_space_until_resolved():
    """SOL-3.5: a played card stays on its strip space; it leaves only when its strip resolves."""
    state = new(2)
    card = give(state, 0, first_card(1, "space_multiplier"))[0]
    col, row = AIR[0] - 1, AIR[1]
    strip = state.board.columns[col].strip
    state, _ = play(state, 0, card, col, row)
    zero = give(state, 1, first_card(0))[0]
    target = next(s for s in spaces(state, lambda t: t.kind == "island") if dist(s, AIR) <= 1)
    state, _ = play(state, 1, zero, *target)  # the rear strip (col 0) resolves, everything shifts
    placed = next(c for c in state.board.cards if c.card == card)
    assert (placed.col, placed.row) == (col - 1, row)
    assert state.board.columns[placed.col].strip == strip
