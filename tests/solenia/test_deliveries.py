"""SOL-5: cities and delivery tiles (summer side)."""

from __future__ import annotations

import pytest

from rulesets.solenia.components import AIRSHIP_REST, RESOURCES, SUMMER_REWARDS, TILES, TILES_BY_KIND
from rulesets.solenia.resources import vector

from .scenario import (R, action, events_of, first_card, give, kinds_of, listed, new, play, printed_cost, refused,
                       show, spaces, stock)


def near_city(state, kind):
    return next(s for s in spaces(state, lambda t: t.kind == "city" and t.city == kind)
                if abs(s[0] - AIRSHIP_REST[0]) + abs(s[1] - AIRSHIP_REST[1]) <= 1)


def tile_with(kind, **cost):
    """The first tile of this kind costing exactly this."""
    return next(t for t in TILES_BY_KIND[kind] if printed_cost(t) == {r: cost.get(r, 0) for r in RESOURCES})


def cheapest(kind):
    return min(TILES_BY_KIND[kind], key=lambda t: (TILES[t].size, t))


def stock_for(state, seat, tile, **extra):
    cost = dict(printed_cost(tile))
    for r, n in extra.items():
        cost[r] += n
    stock(state, seat, **cost)


def deliver(tile):
    return {"tile": tile, "payment": {r: n for r, n in printed_cost(tile).items() if n}}


def city_play(kind="night", value=1, seat_tile=None):
    state = new(2)
    card = give(state, 0, first_card(value))[0]
    tile = seat_tile or cheapest(kind)
    show(state, kind, tile, *[t for t in TILES_BY_KIND[kind] if t != tile][:2])
    stock_for(state, 0, tile)
    return state, card, tile, near_city(state, kind)


@pytest.mark.parametrize("value", [0, 1, 2])
def test_sol_5_1_city_gives_stars_equal_to_the_card_value(value):
    """SOL-5.1: a card on a city earns its value in stars (0, 1 or 2)."""
    state, card, tile, (col, row) = city_play(value=value)
    after, events = play(state, 0, card, col, row, delivery=deliver(tile))
    assert events_of(events, "stars_gained")[0]["stars"] == value
    reward = SUMMER_REWARDS["night"][0]
    assert after.players[0].stars == value + reward.vp


def test_sol_5_2_a_city_play_must_complete_a_tile_of_its_type():
    """SOL-5.2: a city play needs a delivery, of a displayed tile, of the city's type; a 0-card still delivers."""
    state, card, tile, (col, row) = city_play(value=0)
    space = {"col": col, "row": row}
    error = refused(state, action("play_card", 0, card=card, space=space), "delivery_required", "SOL-5.2")
    assert tile in error.context["payable"]
    hidden = state.delivery.night_deck[0]
    refused(state, action("play_card", 0, card=card, space=space, delivery=deliver(hidden)),
            "delivery_tile_not_in_display", "SOL-5.2")
    refused(state, action("play_card", 0, card=card, space=space, delivery={"tile": "NOPE-1", "payment": {"wood": 1}}),
            "delivery_tile_not_in_display", "SOL-5.2")
    day_tile = state.delivery.day_display[0]
    refused(state, action("play_card", 0, card=card, space=space, delivery=deliver(day_tile)),
            "delivery_tile_wrong_type", "SOL-5.2")
    after, events = play(state, 0, card, col, row, delivery=deliver(tile))
    assert after.players[0].night_slots[0] == tile
    assert events_of(events, "airship_advanced")


def test_sol_5_2_island_plays_take_no_delivery():
    """SOL-4.1 / SOL-5.2: a delivery on an island is refused (delivery_not_allowed)."""
    state, card, tile, _ = city_play()
    col, row = next(s for s in spaces(state, lambda t: t.kind == "island")
                    if abs(s[0] - 2) + abs(s[1] - 2) <= 1)
    refused(state, action("play_card", 0, card=card, space={"col": col, "row": row}, delivery=deliver(tile)),
            "delivery_not_allowed", "SOL-4.1")


def test_sol_5_3_unfulfillable_city_is_not_a_legal_target():
    """SOL-5.3 (D-1): with no payable tile of its type, the city is not a target; the refusal lists none."""
    state, card, tile, (col, row) = city_play()
    stock(state, 0)
    assert all((a["space"]["col"], a["space"]["row"]) != (col, row) for a in listed(state, 0))
    error = refused(state, action("play_card", 0, card=card, space={"col": col, "row": row}),
                    "delivery_required", "SOL-5.3")
    assert error.context["payable"] == []


def test_sol_5_3_payability_is_after_lengthening():
    """SOL-5.3: the tile must be payable after the lengthening cost is paid."""
    state, card, tile, _ = city_play()
    far = next(s for s in spaces(state, lambda t: t.kind == "city" and t.city == "night")
               if abs(s[0] - 2) + abs(s[1] - 2) == 2)
    # exactly the tile's cost in storage: paying one more for the lengthening leaves too little
    assert all((a["space"]["col"], a["space"]["row"]) != far for a in listed(state, 0))
    stock_for(state, 0, tile, water=1)
    assert any((a["space"]["col"], a["space"]["row"]) == far for a in listed(state, 0))


def test_sol_5_4_payment_is_exact():
    """SOL-5.4: the tile's resources exactly: more, less or others are refused; storage must cover it."""
    tile = cheapest("night")
    state, card, _, (col, row) = city_play(seat_tile=tile)
    space = {"col": col, "row": row}
    cost = {r: n for r, n in printed_cost(tile).items() if n}
    first = next(iter(cost))
    more = {**cost, first: cost[first] + 1}
    less = {**cost, first: cost[first] - 1}
    stock_for(state, 0, tile, **{first: 1})
    refused(state, action("play_card", 0, card=card, space=space, delivery={"tile": tile, "payment": more}),
            "delivery_payment_mismatch", "SOL-5.4")
    refused(state, action("play_card", 0, card=card, space=space, delivery={"tile": tile, "payment": less}),
            "delivery_payment_mismatch", "SOL-5.4")
    stock_for(state, 0, tile)
    refused(state, action("play_card", 0, card=card, space=space, delivery={"tile": tile, "payment": more}),
            "insufficient_resources", "SOL-5.4")
    after, events = play(state, 0, card, col, row, delivery={"tile": tile, "payment": cost})
    assert events_of(events, "delivery_completed")[0]["paid"] == cost


def test_sol_5_5_summer_tile_goes_to_the_leftmost_slot_with_its_reward():
    """SOL-5.5: the leftmost empty slot of the tile's row, the printed reward; the slot is never named."""
    state, card, tile, (col, row) = city_play()
    filler = [t for t in TILES_BY_KIND["night"] if t not in state.delivery.night_display][:2]
    for t in filler:
        state.delivery.night_deck.remove(t)
    state.players[0].night_slots[:2] = filler
    reward = SUMMER_REWARDS["night"][2]
    refused(state, action("play_card", 0, card=card, space={"col": col, "row": row},
                          delivery={**deliver(tile), "slot": "night_C"}), "slot_not_choosable", "SOL-5.5")
    refused(state, action("play_card", 0, card=card, space={"col": col, "row": row},
                          delivery={**deliver(tile), "reward_choice": "wood"}), "reward_choice_not_allowed", "SOL-8.3")
    after, events = play(state, 0, card, col, row, delivery=deliver(tile))
    assert after.players[0].night_slots[:3] == filler + [tile]
    assert after.players[0].stars == 1 + reward.vp  # a value-1 card, then the slot's stars
    assert vector(after.players[0].storage) == vector(reward)
    assert events_of(events, "delivery_completed")[0]["slot"] == "night_3"


def test_sol_5_6_display_is_refilled_from_the_top_of_its_deck():
    """SOL-5.6: the top tile of the same deck is appended; an empty deck leaves the display short."""
    state, card, tile, (col, row) = city_play()
    top = state.delivery.night_deck[0]
    before = list(state.delivery.night_display)
    after, events = play(state, 0, card, col, row, delivery=deliver(tile))
    assert after.delivery.night_display == [t for t in before if t != tile] + [top]
    assert events_of(events, "display_refilled")[0] == {"type": "display_refilled", "kind": "night", "tile": top}
    state, card, tile, (col, row) = city_play()
    moved = list(state.delivery.night_deck)  # every remaining night tile went to seat 1 already
    state.delivery.night_deck.clear()
    state.players[1].night_slots[:] = moved[:6]
    state.players[1].extra_tiles = moved[6:]
    R.check_consistency(state)
    after, events = play(state, 0, card, col, row, delivery=deliver(tile))
    assert len(after.delivery.night_display) == 2 and events_of(events, "display_short")


def test_sol_5_7_a_full_row_still_takes_deliveries_without_reward():
    """SOL-5.7 (D-5): a seventh tile of a type is kept beside the board, counts, and gives no reward."""
    state, card, tile, (col, row) = city_play()
    six = [t for t in TILES_BY_KIND["night"] if t not in state.delivery.night_display][:6]
    for t in six:
        state.delivery.night_deck.remove(t)
    state.players[0].night_slots[:] = six
    after, events = play(state, 0, card, col, row, delivery=deliver(tile))
    assert after.players[0].extra_tiles == [tile] and after.players[0].night_slots == six
    assert after.players[0].stars == 1 and sum(vector(after.players[0].storage)) == 0
    assert events_of(events, "delivery_completed")[0]["slot"] is None


def test_sol_5_8_order_of_effects_for_a_city_play():
    """SOL-5.8: lengthen, stars, pay, place, reward, refill, then advance - in that order."""
    state = new(2)
    card = give(state, 0, first_card(0))[0]
    tile = cheapest("night")
    show(state, "night", tile, *[t for t in TILES_BY_KIND["night"] if t != tile][:2])
    far = next(s for s in spaces(state, lambda t: t.kind == "city" and t.city == "night")
               if abs(s[0] - 2) + abs(s[1] - 2) == 2)
    stock_for(state, 0, tile, water=1)
    act = action("play_card", 0, card=card, space={"col": far[0], "row": far[1]}, lengthen_payment={"water": 1},
                 delivery=deliver(tile))
    after, events = R.apply(state, act)
    kinds = kinds_of(events)
    sequence = ["card_played", "lengthen_paid", "stars_gained", "delivery_completed", "display_refilled",
                "airship_advanced", "strip_resolved"]
    assert [k for k in kinds if k in sequence] == sequence
    reward = SUMMER_REWARDS["night"][0]
    assert events_of(events, "delivery_completed")[0]["reward"] == \
        {**{r: n for r, n in zip(RESOURCES, vector(reward)) if n}, **({"stars": reward.vp} if reward.vp else {})}
