"""Audit of spec section 3: when an action breaks two checks at once, the first one in the
spec's check order is reported (code and rule), for play_card (3.5), discard_to_advance
(3.6), discard_overflow (3.7) and choose_improvement (3.4).

Each case builds one position and one action failing (at least) the two checks named in
its id; the expected refusal is the earlier of the two.
"""

from __future__ import annotations

import copy

from rulesets.solenia.board import terrain
from rulesets.solenia.components import AIRSHIP_REST, TILES, TILES_BY_KIND, WINTER_SLOT_BY_ID
from rulesets.solenia.state import Pending
from rulesets.testing import Row, assert_check_order

from .scenario import R, action, fill, first_card, give, new, printed_cost, put, refused, show, spaces, stock

AIR = AIRSHIP_REST
ONE = first_card(1)
ZERO = first_card(0)


def dist(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def near(state, predicate):
    return next(s for s in spaces(state, predicate) if dist(s, AIR) <= 1)


def at(space):
    return {"col": space[0], "row": space[1]}


def island(state):
    return near(state, lambda t: t.kind == "island")


def city(state, kind):
    return near(state, lambda t: t.kind == "city" and t.city == kind)


def cost_of(tile):
    return {r: n for r, n in printed_cost(tile).items() if n}


def with_wood(tile):
    return min((t for t in TILES_BY_KIND[TILES[tile].kind] if printed_cost(t)["wood"] > 0),
               key=lambda t: (TILES[t].size, t))


NIGHT = min((t for t in TILES_BY_KIND["night"] if printed_cost(t)["wood"] and printed_cost(t)["wheat"]),
            key=lambda t: (TILES[t].size, t))
DAY = min(TILES_BY_KIND["day"], key=lambda t: (TILES[t].size, t))


def night_city_position(side="summer"):
    """Seat 0 holds a value-1 card next to a night city, can pay NIGHT exactly, and DAY is displayed."""
    state = new(2, board_side=side)
    card = give(state, 0, ONE)[0]
    show(state, "night", NIGHT, *[t for t in TILES_BY_KIND["night"] if t != NIGHT][:2])
    show(state, "day", DAY, *[t for t in TILES_BY_KIND["day"] if t != DAY][:2])
    stock(state, 0, **cost_of(NIGHT))
    return state, card, city(state, "night")


def play_act(card, space, **params):
    return action("play_card", 0, card=card, space=at(space), **params)


# ---------------------------------------------------------------- play_card (spec 3.5)
def case_2_game_over_before_3_phase():
    state, card, space = night_city_position()
    state.phase = "game_over"
    return state, action("play_card", 1, card=card, space=at(space)), "game_over", "SOL-7.1"


def case_3_phase_before_4_turn():
    state, card, space = night_city_position()
    stock(state, 1, wood=9)
    state.phase, state.pending = "overflow", [Pending(player=1, amount=1)]
    return state, action("play_card", 1, card=card, space=at(space)), "wrong_phase", "SOL-2.3"


def case_4_turn_before_5_hand():
    state, card, space = night_city_position()
    return state, action("play_card", 1, card=card, space=at(space)), "not_your_turn", "SOL-2.1"


def case_5_hand_before_6_off_board():
    state, _, _ = night_city_position()
    other = state.players[1].hand[0]
    return state, play_act(other, (7, 2)), "card_not_in_hand", "SOL-2.2"


def case_6_off_board_before_8_advance():
    state, card, _ = night_city_position()
    return state, play_act(card, (-1, 2), advance=2), "space_off_board", "SOL-1.3.1"


def case_7_occupied_before_8_advance():
    state, card, space = night_city_position()
    put(state, 1, ONE + 1, *space)
    return state, play_act(card, space, advance=2), "space_occupied", "SOL-3.1"


def case_8_advance_on_nonzero_before_9_permanent():
    state, card, space = night_city_position()
    return state, play_act(card, space, advance=2, lengthen_payment={"day_C": 1}), "advance_not_allowed", "SOL-6.1"


def case_8_advance_1_on_nonzero_before_9_permanent():
    state, card, space = night_city_position()
    return state, play_act(card, space, advance=1, lengthen_payment={"day_C": 1}), "advance_not_allowed", "SOL-6.1"


def case_8_double_advance_inactive_before_9_permanent():
    state, _, space = night_city_position()
    zero = give(state, 0, ZERO)[0]
    return state, play_act(zero, space, advance=2, lengthen_payment={"day_C": 1}), "advance_not_allowed", "SOL-9.4"


def case_9_permanent_before_10_mismatch():
    state, card, space = night_city_position("winter")
    fill(state, 0, "day_A", "day_B", "day_C")
    return (state, play_act(card, space, lengthen_payment={"day_C": 1}),
            "permanent_not_allowed_for_lengthening", "SOL-3.3.3")


def case_10_mismatch_before_11_insufficient():
    state, card, space = night_city_position()
    stock(state, 0)
    return state, play_act(card, space, lengthen_payment={"stone": 2}), "lengthen_payment_mismatch", "SOL-3.3"


def case_11_insufficient_before_12_delivery_on_island():
    state, card, _ = night_city_position()
    target = next(s for s in spaces(state, lambda t: t.kind == "island") if dist(s, AIR) == 2)
    stock(state, 0)
    return (state, play_act(card, target, lengthen_payment={"wood": 1},
                            delivery={"tile": NIGHT, "payment": cost_of(NIGHT)}),
            "insufficient_resources", "SOL-3.3.3")


def case_12_delivery_on_island_before_27_overflow():
    state, card, _ = night_city_position()
    return (state, play_act(card, island(state), delivery={"tile": NIGHT, "payment": cost_of(NIGHT)},
                            overflow_discard={"wood": 1}),
            "delivery_not_allowed", "SOL-4.1")


def case_13_delivery_required_before_27_overflow():
    state, card, space = night_city_position()
    return state, play_act(card, space, overflow_discard={"wood": 1}), "delivery_required", "SOL-5.2"


def case_14_not_displayed_before_15_wrong_type():
    state, card, space = night_city_position()
    hidden_day = state.delivery.day_deck[0]
    return (state, play_act(card, space, delivery={"tile": hidden_day, "payment": cost_of(NIGHT)}),
            "delivery_tile_not_in_display", "SOL-5.2")


def case_15_wrong_type_before_16_unowned_permanent():
    state, card, space = night_city_position("winter")
    return (state, play_act(card, space, delivery={"tile": DAY, "payment": cost_of(NIGHT), "permanent": ["day_C"],
                                                   "slot": "night_A"}),
            "delivery_tile_wrong_type", "SOL-5.2")


def case_16_unowned_before_17_used_permanent():
    state, card, space = night_city_position("winter")
    fill(state, 0, "day_A", "day_B", "day_C")
    state.players[0].permanent[0].used_this_turn = True  # day_C used; night_C not owned
    return (state, play_act(card, space, delivery={"tile": NIGHT, "payment": cost_of(NIGHT),
                                                   "permanent": ["day_C", "night_C"], "slot": "night_A"}),
            "permanent_unavailable", "SOL-8.4")


def case_17_used_permanent_before_18_insufficient():
    state, card, space = night_city_position("winter")
    fill(state, 0, "day_A", "day_B", "day_C")
    state.players[0].permanent[0].used_this_turn = True
    stock(state, 0)
    return (state, play_act(card, space, delivery={"tile": NIGHT, "payment": cost_of(NIGHT),
                                                   "permanent": ["day_C"], "slot": "night_A"}),
            "permanent_already_used", "SOL-8.4")


def case_18_insufficient_after_lengthening_before_19_mismatch():
    """Storage covers the tile on its own, but not once the lengthening is paid."""
    state, card, _ = night_city_position()
    target = next(s for s in spaces(state, lambda t: t.kind == "city" and t.city == "night") if dist(s, AIR) == 2)
    paying = dict(cost_of(NIGHT))
    paying["wood"] += 1  # a surplus icon: the payment also mismatches the tile
    return (state, play_act(card, target, lengthen_payment={"wood": 1},
                            delivery={"tile": NIGHT, "payment": paying}),
            "insufficient_resources", "SOL-5.4")


def case_19_mismatch_before_20_summer_slot():
    state, card, space = night_city_position()
    short = dict(cost_of(NIGHT))
    short["wood"] -= 1
    return (state, play_act(card, space, delivery={"tile": NIGHT, "payment": short, "slot": "night_A"}),
            "delivery_payment_mismatch", "SOL-5.4")


def case_20_summer_slot_before_25_reward_choice():
    state, card, space = night_city_position()
    return (state, play_act(card, space, delivery={"tile": NIGHT, "payment": cost_of(NIGHT), "slot": "night_B",
                                                   "reward_choice": "stone"}),
            "slot_not_choosable", "SOL-5.5")


def case_21_slot_required_before_25_reward_choice():
    state, card, space = night_city_position("winter")
    return (state, play_act(card, space, delivery={"tile": NIGHT, "payment": cost_of(NIGHT),
                                                   "reward_choice": "stone"}),
            "slot_required", "SOL-8.2")


def case_22_other_row_before_23_occupied():
    state, card, space = night_city_position("winter")
    fill(state, 0, "day_A")
    return (state, play_act(card, space, delivery={"tile": NIGHT, "payment": cost_of(NIGHT), "slot": "day_A"}),
            "slot_invalid", "SOL-8.2")


def case_23_occupied_before_24_prerequisite():
    """night_D is taken; naming it again would also be a third level-2 fill, which no row allows."""
    state, card, space = night_city_position("winter")
    fill(state, 0, "night_A", "night_B", "night_C", "night_D")
    return (state, play_act(card, space, delivery={"tile": NIGHT, "payment": cost_of(NIGHT), "slot": "night_D"}),
            "slot_occupied", "SOL-8.2")


def case_24_prerequisite_before_25_reward_choice():
    state, card, space = night_city_position("winter")
    return (state, play_act(card, space, delivery={"tile": NIGHT, "payment": cost_of(NIGHT), "slot": "night_C",
                                                   "reward_choice": "stone"}),
            "slot_prerequisite_unmet", "SOL-8.2")


def case_25_reward_choice_required_before_27_overflow():
    state, card, space = night_city_position("winter")
    return (state, play_act(card, space, delivery={"tile": NIGHT, "payment": cost_of(NIGHT), "slot": "night_B"},
                            overflow_discard={"wood": 1}),
            "reward_choice_required", "SOL-8.3")


def case_25_reward_choice_not_allowed_before_27_overflow():
    state, card, space = night_city_position("winter")
    return (state, play_act(card, space, delivery={"tile": NIGHT, "payment": cost_of(NIGHT), "slot": "night_A",
                                                   "reward_choice": "stone"},
                            overflow_discard={"wood": 1}),
            "reward_choice_not_allowed", "SOL-8.3")


def case_26_reward_choice_invalid_before_27_overflow():
    state, card, space = night_city_position("winter")
    return (state, play_act(card, space, delivery={"tile": NIGHT, "payment": cost_of(NIGHT), "slot": "night_B",
                                                   "reward_choice": "wood"},
                            overflow_discard={"wood": 1}),
            "reward_choice_invalid", "SOL-8.3")


def case_27_overflow_mismatch_before_28_insufficient():
    state, card, _ = night_city_position()
    stock(state, 0, wood=8)
    return state, play_act(card, island(state), overflow_discard={"water": 2}), "overflow_discard_mismatch", "SOL-4.3"


def case_28_overflow_from_resources_not_held():
    state, card, _ = night_city_position()
    stock(state, 0, wood=8)
    ground = terrain(state, *island(state)).resource
    other = next(r for r in ("stone", "water", "wheat") if r != ground)
    return state, play_act(card, island(state), overflow_discard={other: 1}), "insufficient_resources", "SOL-4.3"


PLAY_CASES = {name[len("case_"):]: fn for name, fn in globals().copy().items() if name.startswith("case_")}


def test_section_3_5_play_card_reports_the_first_failed_check():
    """Spec 3.5: of two failed play_card checks, the earlier one in the check order is reported (every case of
    the table, each named by the two checks it breaks)."""
    assert_check_order(R, [Row(*PLAY_CASES[name](), label=name) for name in sorted(PLAY_CASES)])


# ---------------------------------------------------------------- discard_to_advance (spec 3.6)
def test_section_3_6_discard_to_advance_check_order():
    """Spec 3.6: checks 1-5 as play_card come before discard_not_allowed (SOL-3.4)."""
    state, _, _ = night_city_position()  # a free island exists: check 6 fails too
    other = state.players[1].hand[0]
    refused(state, action("discard_to_advance", 0, card=other), "card_not_in_hand", "SOL-2.2")
    refused(state, action("discard_to_advance", 1, card=other), "not_your_turn", "SOL-2.1")
    stock(state, 1, wood=9)
    state.phase, state.pending = "overflow", [Pending(player=1, amount=1)]
    refused(state, action("discard_to_advance", 1, card=other), "wrong_phase", "SOL-2.3")
    state.phase, state.pending = "game_over", []
    refused(state, action("discard_to_advance", 1, card=other), "game_over", "SOL-7.1")


# ---------------------------------------------------------------- discard_overflow (spec 3.7)
def test_section_3_7_discard_overflow_check_order():
    """Spec 3.7: phase, then the pending player, then the exact amount, then ownership."""
    playing = new(3)
    stock(playing, 1, wood=9)
    stock(playing, 2, stone=10)
    playing.phase = "play"
    settling = copy.deepcopy(playing)
    settling.phase = "overflow"
    settling.pending = [Pending(player=1, amount=1), Pending(player=2, amount=2)]
    assert_check_order(R, [
        Row(playing, action("discard_overflow", 2, discard={"water": 5}), "wrong_phase", "SOL-6.6"),
        Row(settling, action("discard_overflow", 2, discard={"water": 5}), "not_your_turn", "SOL-6.6"),
        Row(settling, action("discard_overflow", 1, discard={"water": 2}), "overflow_discard_mismatch", "SOL-4.3"),
        Row(settling, action("discard_overflow", 1, discard={"water": 1}), "insufficient_resources", "SOL-4.3"),
    ])


# ---------------------------------------------------------------- choose_improvement (spec 3.4)
def test_section_3_4_choose_improvement_check_order():
    """Spec 3.4: phase, then the drafter, then on offer, then level already taken."""
    state = new(2, board_side="winter", improvements=True)
    drafter = state.draft.order[0]
    other = 1 - drafter
    missing = "L1_NOT_A_TILE"
    offered = state.draft.level1_offer[0]
    refused(state, action("choose_improvement", other, level=1, tile=missing), "not_your_turn", "SOL-9.1")
    state.players[drafter].improvements.level1 = next(t for t in state.draft.level1_offer if t != offered)
    state.draft.level1_offer.remove(state.players[drafter].improvements.level1)
    refused(state, action("choose_improvement", drafter, level=1, tile=missing), "improvement_not_offered", "SOL-9.1")
    refused(state, action("choose_improvement", drafter, level=1, tile=offered),
            "improvement_level_already_taken", "SOL-9.1")
    played = new(2, board_side="winter")
    refused(played, action("choose_improvement", 1, level=1, tile=missing), "wrong_phase", "SOL-9.1")


def test_winter_slot_ids_used_here_exist():
    """The slot ids this audit names are the component file's (a guard against a renamed slot)."""
    for slot_id in ("day_A", "day_B", "day_C", "night_A", "night_B", "night_C", "night_D"):
        assert slot_id in WINTER_SLOT_BY_ID
    assert with_wood(NIGHT)
