"""SOL-8: the winter side (and SOL-7.4 winter scoring)."""

from __future__ import annotations

from rulesets.solenia.components import (AIRSHIP_REST, RESOURCES, RESOURCES_PER_STAR, TILES, TILES_BY_KIND,
                                         WINTER_CAPACITY, WINTER_SLOT_BY_ID, WINTER_SLOTS)
from rulesets.solenia.resources import vector
from rulesets.solenia.scoring import breakdown
from rulesets.solenia.storage import capacity_of

from .scenario import (action, events_of, fill, first_card, give, listed, new, play, printed_cost, refused, show,
                       spaces, stock)


def winter(players=2, **options):
    return new(players, board_side="winter", **options)


def near_city(state, kind):
    return next(s for s in spaces(state, lambda t: t.kind == "city" and t.city == kind)
                if abs(s[0] - AIRSHIP_REST[0]) + abs(s[1] - AIRSHIP_REST[1]) <= 1)


def night_tile_with(resource):
    """The smallest night tile asking for at least one of this resource."""
    return min((t for t in TILES_BY_KIND["night"] if printed_cost(t)[resource] > 0),
               key=lambda t: (TILES[t].size, t))


def pay(tile, **less):
    cost = {r: n - less.get(r, 0) for r, n in printed_cost(tile).items()}
    return {r: n for r, n in cost.items() if n}


def setup_night_delivery(state, tile, seat=0, value=1):
    card = give(state, seat, first_card(value))[0]
    show(state, "night", tile, *[t for t in TILES_BY_KIND["night"] if t != tile and t in
                                 state.delivery.night_deck + state.delivery.night_display][:2])
    return card, near_city(state, "night")


def winter_delivery_with_permanent():
    """Seat 0 pays a night tile's wheat with its permanent wheat (day_C) and ends its turn."""
    state = winter()
    fill(state, 0, "day_A", "day_B", "day_C")
    tile = night_tile_with("wheat")
    card, (col, row) = setup_night_delivery(state, tile)
    stock(state, 0, **pay(tile, wheat=1))
    after, events = play(state, 0, card, col, row,
                         delivery={"tile": tile, "payment": pay(tile, wheat=1), "permanent": ["day_C"],
                                   "slot": "night_A"})
    assert events_of(events, "delivery_completed")[0]["permanent"] == ["day_C"]
    return after


def test_sol_8_1_winter_storage_starts_at_six():
    """SOL-8.1 / SOL-4.2: the winter side stores 6, plus 1 per filled A slot (8 at most)."""
    state = winter()
    assert all(p.capacity == WINTER_CAPACITY == 6 for p in state.players)
    fill(state, 0, "day_A")
    assert state.players[0].capacity == 7
    fill(state, 0, "night_A")
    assert state.players[0].capacity == 8
    assert capacity_of(state.options, state.players[0]) == 8


def test_sol_8_2_the_player_chooses_an_eligible_slot_of_the_tiles_row():
    """SOL-8.2: the slot is required, must be of the tile's row, empty, and meet its prerequisite."""
    state = winter()
    tile = night_tile_with("wood")
    card, (col, row) = setup_night_delivery(state, tile)
    stock(state, 0, **pay(tile))
    space = {"col": col, "row": row}
    base = {"tile": tile, "payment": pay(tile)}
    error = refused(state, action("play_card", 0, card=card, space=space, delivery=base), "slot_required", "SOL-8.2")
    assert error.context["eligible"] == ["night_A", "night_B"]
    refused(state, action("play_card", 0, card=card, space=space, delivery={**base, "slot": "day_A"}),
            "slot_invalid", "SOL-8.2")
    refused(state, action("play_card", 0, card=card, space=space, delivery={**base, "slot": "night_Z"}),
            "slot_invalid", "SOL-8.2")
    error = refused(state, action("play_card", 0, card=card, space=space, delivery={**base, "slot": "night_C"}),
                    "slot_prerequisite_unmet", "SOL-8.2")
    assert (error.context["needs_level"], error.context["needs_count"]) == (1, 1)
    error = refused(state, action("play_card", 0, card=card, space=space, delivery={**base, "slot": "night_E"}),
                    "slot_prerequisite_unmet", "SOL-8.2")
    assert (error.context["needs_level"], error.context["needs_count"]) == (2, 1)
    fill(state, 0, "night_A", "night_C")
    refused(state, action("play_card", 0, card=card, space=space, delivery={**base, "slot": "night_A"}),
            "slot_occupied", "SOL-8.2")
    error = refused(state, action("play_card", 0, card=card, space=space, delivery={**base, "slot": "night_D"}),
                    "slot_prerequisite_unmet", "SOL-8.2")
    assert (error.context["needs_level"], error.context["needs_count"]) == (1, 2)
    slots = {a["delivery"]["slot"] for a in listed(state, 0) if a.get("delivery", {}).get("tile") == tile}
    assert slots == {"night_B", "night_E", "night_F"}
    after, _ = play(state, 0, card, col, row, delivery={**base, "slot": "night_E"})
    assert after.players[0].night_slots[WINTER_SLOT_BY_ID["night_E"].index] == tile


def test_sol_8_2_a_full_row_takes_no_slot():
    """SOL-8.2 / SOL-5.7: with the row full the slot is omitted (a named slot is occupied)."""
    state = winter()
    tile = night_tile_with("wood")
    card, (col, row) = setup_night_delivery(state, tile)
    fill(state, 0, *[s.id for s in WINTER_SLOTS["night"]])
    stock(state, 0, **pay(tile))
    space = {"col": col, "row": row}
    refused(state, action("play_card", 0, card=card, space=space,
                          delivery={"tile": tile, "payment": pay(tile), "slot": "night_F"}),
            "slot_occupied", "SOL-8.2")
    after, _ = play(state, 0, card, col, row, delivery={"tile": tile, "payment": pay(tile)})
    assert after.players[0].extra_tiles == [tile]


def test_sol_8_3_slot_powers():
    """SOL-8.3: A +1 storage (at once), B one resource of two (reward_choice), C/E a permanent resource."""
    state = winter()
    tile = night_tile_with("wood")
    card, (col, row) = setup_night_delivery(state, tile)
    stock(state, 0, **pay(tile))
    space = {"col": col, "row": row}
    base = {"tile": tile, "payment": pay(tile)}
    options = list(WINTER_SLOT_BY_ID["night_B"].power.options)
    error = refused(state, action("play_card", 0, card=card, space=space, delivery={**base, "slot": "night_B"}),
                    "reward_choice_required", "SOL-8.3")
    assert error.context["options"] == options
    wrong = next(r for r in RESOURCES if r not in options)
    refused(state, action("play_card", 0, card=card, space=space,
                          delivery={**base, "slot": "night_B", "reward_choice": wrong}),
            "reward_choice_invalid", "SOL-8.3")
    refused(state, action("play_card", 0, card=card, space=space,
                          delivery={**base, "slot": "night_A", "reward_choice": options[0]}),
            "reward_choice_not_allowed", "SOL-8.3")
    after, _ = play(state, 0, card, col, row, delivery={**base, "slot": "night_B", "reward_choice": options[1]})
    assert getattr(after.players[0].storage, options[1]) == 1
    after, _ = play(state, 0, card, col, row, delivery={**base, "slot": "night_A"})
    assert after.players[0].capacity == WINTER_CAPACITY + 1
    fill(state, 0, "night_A", "night_B")
    after, events = play(state, 0, card, col, row, delivery={**base, "slot": "night_C"})
    gained = WINTER_SLOT_BY_ID["night_C"].power.resource
    assert [(p.id, p.resource) for p in after.players[0].permanent] == [("night_C", gained)]
    assert events_of(events, "permanent_gained")[0]["resource"] == gained


def test_sol_8_3_a_new_a_slot_counts_before_the_overflow_check():
    """SOL-8.3 with SOL-5.8: the +1 storage of an A slot applies before overflow is settled."""
    state = winter()
    tile = night_tile_with("wood")
    card, (col, row) = setup_night_delivery(state, tile, value=1)
    stock(state, 0, **pay(tile))
    state.players[0].storage.stone = 6 - TILES[tile].size + 0
    over_before = sum(vector(state.players[0].storage)) - TILES[tile].size
    assert over_before <= 6
    after, _ = play(state, 0, card, col, row,
                    delivery={"tile": tile, "payment": pay(tile), "slot": "night_A"})
    assert after.players[0].capacity == 7


def test_sol_8_4_permanent_resources_pay_one_icon_per_turn():
    """SOL-8.4: a permanent resource pays one icon of a delivery, once per turn, only if owned; reset each turn."""
    after = winter_delivery_with_permanent()
    assert [p.used_this_turn for p in after.players[0].permanent] == [False]
    state = winter()
    tile = night_tile_with("wheat")
    card, (col, row) = setup_night_delivery(state, tile)
    stock(state, 0, **pay(tile, wheat=1))
    space = {"col": col, "row": row}
    delivery = {"tile": tile, "payment": pay(tile, wheat=1), "permanent": ["day_C"], "slot": "night_A"}
    refused(state, action("play_card", 0, card=card, space=space, delivery=delivery),
            "permanent_unavailable", "SOL-8.4")
    fill(state, 0, "day_A", "day_C")
    state.players[0].permanent[0].used_this_turn = True
    refused(state, action("play_card", 0, card=card, space=space, delivery=delivery),
            "permanent_already_used", "SOL-8.4")
    state.players[0].permanent[0].used_this_turn = False
    refused(state, action("play_card", 0, card=card, space=space,
                          delivery={**delivery, "permanent": ["day_C", "day_C"]}),
            "permanent_already_used", "SOL-8.4")
    # one use only covers one icon: the rest must come from storage, exactly
    stock(state, 0, **pay(tile))
    refused(state, action("play_card", 0, card=card, space=space,
                          delivery={**delivery, "payment": pay(tile)}), "delivery_payment_mismatch", "SOL-5.4")


def test_sol_8_4_permanent_resources_are_not_storage_nor_scored():
    """SOL-8.4 (D-8): no capacity used, no lengthening, no end-game resources."""
    state = winter()
    fill(state, 0, "day_A", "day_B", "day_C", "day_D", "day_E")
    assert state.players[0].capacity == WINTER_CAPACITY + 1
    stock(state, 0)
    assert breakdown(state, 0)["resources"] == 0
    card = give(state, 0, 9)[0]
    far = next(s for s in spaces(state, lambda t: t.kind == "island") if abs(s[0] - 2) + abs(s[1] - 2) == 2)
    refused(state, action("play_card", 0, card=card, space={"col": far[0], "row": far[1]},
                          lengthen_payment={"day_E": 1}), "permanent_not_allowed_for_lengthening", "SOL-3.3.3")


def test_sol_8_5_and_7_4_winter_scoring():
    """SOL-7.4 / SOL-8.5: stars + tiles + D and F powers + resources, and no pair bonus."""
    state = winter()
    days = fill(state, 0, "day_A", "day_B", "day_C", "day_D", "day_E", "day_F")
    nights = fill(state, 0, "night_A", "night_B", "night_C", "night_D")
    stock(state, 0, wood=3, stone=2)
    state.players[0].stars = 4
    score = breakdown(state, 0)
    tiles = days + nights
    d_day = WINTER_SLOT_BY_ID["day_D"].power
    d_night = WINTER_SLOT_BY_ID["night_D"].power
    icons = {r: sum(printed_cost(t)[r] for t in tiles) for r in RESOURCES}
    powers = min(d_day.cap, icons[d_day.resource]) + min(d_night.cap, icons[d_night.resource]) \
        + WINTER_SLOT_BY_ID["day_F"].power.vp
    assert "pairs" not in score
    assert score == {"player": 0, "stars": 4, "tiles": sum(TILES[t].vp for t in tiles),
                     "resources": 5 // RESOURCES_PER_STAR, "powers": powers, "improvements": 0,
                     "total": 4 + sum(TILES[t].vp for t in tiles) + 2 + powers}


def test_sol_8_3_d_power_is_capped():
    """SOL-8.3: D counts one star per icon of its resource on all own tiles, at most its cap."""
    state = winter()
    power = WINTER_SLOT_BY_ID["night_D"].power
    heavy = sorted(TILES_BY_KIND["day"] + TILES_BY_KIND["night"], key=lambda t: -printed_cost(t)[power.resource])
    player = state.players[0]
    for tile in heavy[:6]:
        (state.delivery.day_deck if TILES[tile].kind == "day" else state.delivery.night_deck).remove(tile) \
            if tile in state.delivery.day_deck + state.delivery.night_deck else None
    fill(state, 0, "night_A", "night_B", "night_C", "night_D")
    icons = sum(printed_cost(t)[power.resource] for t in player.day_slots + player.night_slots if t)
    assert breakdown(state, 0)["powers"] == min(power.cap, icons * power.vp_per_icon)
