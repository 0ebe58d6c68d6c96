"""Issue 25: a Solenia refusal in Simplified Chinese reads Chinese all through, the values worded into its
sentence included (the draft's items, why an advance is refused, pay/return, "nothing", "none", "or", what a
city without a delivery could pay).

Each test raises one refusal from a position the spec's check tables (3.4 to 3.7) reach, words it in zh_Hans
and finds no English word left (ASCII words of three letters or more that are neither the action's ids nor ids
the refusal lists: tiles, improvement ids, a city's kind) while the values that identify it are still there.
The Chinese expected is the game's glossary (its .po, seeds/004): 发展板块, 货舱, 天城, 运送板块 ...
"""

from __future__ import annotations

from rulesets.solenia.components import LEVEL1, RESOURCES, TILES_BY_KIND, WINTER_SLOT_BY_ID
from rulesets.testing import ANY
from rulesets.testing.translated import reads_chinese

from .scenario import R, action, first_card, give, new, refused, show, stock
from .test_deliveries import city_play, deliver
from .test_improvements import drafted
from .test_placement import AIR, dist, far_island
from .test_storage import near_island
from .test_winter import night_tile_with, pay, setup_night_delivery, winter


def zh(state, act, code, rule=ANY, identifiers=(), values=()):
    """The refusal of ``act`` with ``code`` (and ``rule``), read in Chinese: its zh_Hans detail."""
    return reads_chinese(refused(state, act, code, rule), act, identifiers, values)


def choose(state, seat, **item):
    state, _ = R.apply(state, action("choose_improvement", seat, **item))
    return state


# ---------------------------------------------------------------- SOL-9.1: the draft's items
def test_sol_9_1_an_item_not_on_offer_and_what_still_is():
    state = drafted(2)
    offer = list(state.draft.level1_offer)
    other = next(t for t in LEVEL1 if t not in offer)
    detail = zh(state, action("choose_improvement", 1, level=1, tile=other), "improvement_not_offered", "SOL-9.1",
                identifiers=offer, values=[other, *offer])
    assert detail.startswith(f"等级1的发展板块{other}不在")
    detail = zh(state, action("choose_improvement", 1, level=3, pair=5), "improvement_not_offered", "SOL-9.1",
                values=["5", "0, 1"])
    assert "等级3的板块组5" in detail and "等级3的板块组（0, 1）" in detail


def test_sol_9_1_none_left_on_offer():
    state = drafted(2)
    first, second = state.draft.level1_offer
    state = choose(choose(state, 1, level=1, tile=first), 0, level=1, tile=second)
    detail = zh(state, action("choose_improvement", 1, level=1, tile=first), "improvement_not_offered", "SOL-9.1")
    assert detail.endswith("仍可挑选：等级1的发展板块（无）。")


def test_sol_9_1_a_level_already_taken_names_the_item_held_and_the_other_level():
    state = drafted(2)
    first, second = state.draft.level1_offer
    state = choose(choose(state, 1, level=1, tile=first), 0, level=3, pair=0)
    detail = zh(state, action("choose_improvement", 1, level=1, tile=second), "improvement_level_already_taken",
                "SOL-9.1", identifiers=[first], values=[first])
    assert detail == f"你已经拥有等级1的发展板块{first}；请挑选一组等级3的板块。"

    state = drafted(2)
    state = choose(choose(state, 1, level=3, pair=0), 0, level=1, tile=state.draft.level1_offer[0])
    held = state.players[1].improvements
    detail = zh(state, action("choose_improvement", 1, level=3, pair=1), "improvement_level_already_taken",
                "SOL-9.1", identifiers=[held.level3_day, held.level3_night])
    assert detail == f"你已经拥有等级3的板块组{held.level3_day}/{held.level3_night}；请挑选一片等级1的发展板块。"


# ---------------------------------------------------------------- SOL-6.1, SOL-9.4: advance_not_allowed's why
def test_sol_6_1_and_9_4_why_an_advance_is_refused():
    state = new(2)
    card = give(state, 0, first_card(1))[0]
    (col, row), _ = near_island(state)
    detail = zh(state, action("play_card", 0, card=card, space={"col": col, "row": row}, advance=1),
                "advance_not_allowed", "SOL-6.1", values=[card])
    assert f"{card}的价值是1" in detail
    zero = give(state, 0, first_card(0))[0]
    zh(state, action("play_card", 0, card=zero, space={"col": col, "row": row}, advance=2), "advance_not_allowed",
       "SOL-9.4", identifiers=["L1_DOUBLE_ADVANCE"], values=["2"])


# ---------------------------------------------------------------- insufficient_resources' act, and "nothing"
def test_sol_3_3_3_paying_a_lengthening_from_an_empty_storage():
    state = new(2)
    card = give(state, 0, 9)[0]
    stock(state, 0)
    col, row = far_island(state, 2)
    detail = zh(state, action("play_card", 0, card=card, space={"col": col, "row": row}, lengthen_payment={"wood": 1}),
                "insufficient_resources", "SOL-3.3.3")
    assert detail == "货舱中只有0个资源，不足以支付1 wood。"
    assert dist((col, row), AIR) == 2


def test_sol_4_3_returning_what_storage_does_not_hold():
    state = new(2)
    card = give(state, 0, first_card(2))[0]
    stock(state, 0, wood=4, wheat=4)
    (col, row), ground = near_island(state)
    other = next(r for r in ("stone", "water") if r != ground.resource)
    detail = zh(state, action("play_card", 0, card=card, space={"col": col, "row": row},
                              overflow_discard={other: 2}), "insufficient_resources", "SOL-4.3",
                identifiers=RESOURCES, values=["4 wood + 4 wheat"])  # the storage, by resource id
    assert f"不足以退回2 {other}" in detail


def test_sol_5_4_offering_nothing_for_a_tile():
    state, card, tile, (col, row) = city_play()
    detail = zh(state, action("play_card", 0, card=card, space={"col": col, "row": row},
                              delivery={"tile": tile, "payment": {}}), "delivery_payment_mismatch", "SOL-5.4",
                identifiers=RESOURCES, values=[tile])  # the tile's cost, by resource id
    assert detail.endswith("你提供的是0个资源。")


# ---------------------------------------------------------------- SOL-5.2, SOL-5.3: delivery_required's payable
def test_sol_5_2_and_5_3_what_a_city_could_be_paid_with():
    state, card, tile, (col, row) = city_play(value=0)
    space = {"col": col, "row": row}
    payable = zh(state, action("play_card", 0, card=card, space=space), "delivery_required", "SOL-5.2",
                 identifiers=["night", *TILES_BY_KIND["night"]], values=[tile])
    assert f"你可以支付{tile}" in payable
    stock(state, 0)
    none = zh(state, action("play_card", 0, card=card, space=space), "delivery_required", "SOL-5.3",
              identifiers=["night"])
    assert none.endswith("所以这座天城不是合法的目标。")


def test_sol_5_2_no_tile_displayed_at_all():
    state, card, tile, (col, row) = city_play()
    for kind in ("day", "night"):
        show(state, kind)
    detail = zh(state, action("play_card", 0, card=card, space={"col": col, "row": row}, delivery=deliver(tile)),
                "delivery_tile_not_in_display", "SOL-5.2", values=[tile])
    assert detail.endswith("展示中的板块：无。")


# ---------------------------------------------------------------- SOL-8.3: a B slot's options, "or"
def test_sol_8_3_a_b_slots_options():
    state = winter()
    tile = night_tile_with("wood")
    card, (col, row) = setup_night_delivery(state, tile)
    stock(state, 0, **pay(tile))
    options = list(WINTER_SLOT_BY_ID["night_B"].power.options)
    base = {"tile": tile, "payment": pay(tile), "slot": "night_B"}
    space = {"col": col, "row": row}
    required = zh(state, action("play_card", 0, card=card, space=space, delivery=base), "reward_choice_required",
                  "SOL-8.3", identifiers=[*options, "reward_choice"])
    assert f"{options[0]}或{options[1]}" in required
    wrong = next(r for r in RESOURCES if r not in options)
    invalid = zh(state, action("play_card", 0, card=card, space=space, delivery={**base, "reward_choice": wrong}),
                 "reward_choice_invalid", "SOL-8.3", identifiers=options, values=[wrong])
    assert f"{options[0]}或{options[1]}，而不是{wrong}" in invalid
