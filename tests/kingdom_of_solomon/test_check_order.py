"""When two checks fail at once, the one the spec lists first is reported (spec 3.2 to 3.13).

Each table's rows go from every check failing to only the last one failing: a row's state is
made fresh for it (a callable), so the rows do not depend on one another.
"""

from __future__ import annotations

from rulesets.kingdom_of_solomon.components import ROAD_COST, TEMPLE_LEVELS
from rulesets.kingdom_of_solomon.state import Road
from rulesets.testing import Row, assert_check_order

from .scenario import R, empty_supply, fortune, give, hand, marker, new, order, phase, place


def at(name, players=2):
    state = new(players)
    order(state, *range(players))
    phase(state, name)
    return state


def test_temple_block_order_kos_8_13_before_8_14_before_8_3_before_8_15():
    """KOS-8.13 locked before KOS-8.14 any payment; any payment before KOS-8.3 resources; resources before
    KOS-8.15 reward."""
    low, high = TEMPLE_LEVELS[0], TEMPLE_LEVELS[1]

    def paid():
        state = at("building")
        give(state, 0, **low.cost)
        give(state, 0, food=low.any)
        return state

    def block(level, food):
        return {"type": "build_temple_block", "player": 0, "level": level.id, "reward": "x",
                "any_payment": {"food": food}}

    assert_check_order(R, [
        Row(at("building"), block(high, 9), "temple_level_locked", "KOS-8.13", "locked level"),
        Row(at("building"), block(low, low.any + 1), "invalid_any_payment", "KOS-8.14", "any payment"),
        Row(at("building"), block(low, low.any), "insufficient_resources", "KOS-8.3", "resources"),
        Row(paid, block(low, low.any), "invalid_reward", "KOS-8.15", "reward"),
    ])


def test_road_order_kos_8_24_8_25_8_26_8_27():
    """KOS-8.24 pool before KOS-8.25 adjacency; border taken before KOS-8.26 ownership; KOS-8.27 blocked before
    the cost (KOS-8.24)."""
    def board(roads_left=11, paid=False):
        def made():
            state = at("building")
            marker(state, 0, "galilee")
            marker(state, 1, "bashan")
            state.roads_in_supply = roads_left
            if roads_left:
                state.roads = [Road(areas=["aram", "bashan"], owner=1)]
            if paid:
                give(state, 0, **ROAD_COST)
            return state
        return made

    def road(*areas, **more):
        return {"type": "build_road", "player": 0, "areas": list(areas), **more}

    gold = [{"card": fortune("resource_card", resource="gold")[0]}]
    assert_check_order(R, [
        Row(board(roads_left=0), road("galilee", "edom"), "no_roads_left", "KOS-8.24", "no road left"),
        Row(board(), road("bashan", "aram"), "road_already_present", "KOS-8.25", "border taken"),
        Row(board(), road("galilee", "bashan"), "road_endpoint_blocked", "KOS-8.27", "blocked end"),
        Row(board(paid=True), road("galilee", "aram", fortune_payment=gold), "invalid_fortune_payment", "KOS-6.4",
            "a fortune card the cost does not need"),
    ])


def test_play_fortune_order_kos_6_2_6_9_6_4():
    """KOS-6.2 card_not_in_hand before KOS-6.9 no effect; KOS-6.4 supply_empty before invalid_choice."""
    blank = fortune("none")[0]
    gold = fortune("resource_card", resource="gold")[0]

    def holding(supply_empty):
        def made():
            state = new(2)
            hand(state, 0, gold)
            empty_supply(state, "gold", to_seat=1)
            if not supply_empty:
                state.players[1].cubes.gold -= 1
                state.supply.gold += 1
            return state
        return made

    named = {"type": "play_fortune", "player": 0, "card": gold, "choice": {"resource": "food"}}
    assert_check_order(R, [
        Row(new(2), {"type": "play_fortune", "player": 0, "card": blank}, "card_not_in_hand", "KOS-6.2",
            "not in hand"),
        Row(holding(supply_empty=True), named, "supply_empty", "KOS-6.4", "supply empty"),
        Row(holding(supply_empty=False), named, "invalid_choice", "KOS-6.4", "a choice on a fixed card"),
    ])


def test_discard_order_kos_9_1_before_6_6():
    """KOS-9.1 discard_not_required before KOS-6.6 wrong_discard_count and card_not_in_hand."""
    state = at("round_end")
    hand(state, 0, *state.fortune_deck[:4])
    assert_check_order(R, [
        Row(state, {"type": "discard_fortune", "player": 1, "cards": ["F01", "F02"]}, "discard_not_required",
            "KOS-9.1", "nothing owed"),
        Row(state, {"type": "discard_fortune", "player": 0, "cards": ["F01", "F02"]}, "wrong_discard_count",
            "KOS-6.6", "too many"),
    ])


def test_resolve_order_kos_5_1_before_5_8():
    """KOS-5.1 no_pawn_on_space before KOS-5.8 invalid_choice; KOS-5.8 invalid_choice before KOS-5.7."""
    state = at("resolution")
    place(state, 0, "action:minister")
    empty_supply(state, "gold", to_seat=1)
    assert_check_order(R, [
        Row(state, {"type": "resolve_pawn", "player": 0, "space": "action:thief", "choice": {"road": []}},
            "no_pawn_on_space", "KOS-5.1", "no pawn there"),
        Row(state, {"type": "resolve_pawn", "player": 0, "space": "action:minister",
                    "choice": {"resources": ["gold", "gold"]}}, "invalid_choice", "KOS-5.8", "a choice not asked"),
    ])


def test_market_order_kos_7_2_first():
    """KOS-7.2 already_passed before KOS-7.5 / KOS-7.4 (a passed seat is never on turn; the check still leads)."""
    state = at("market")
    state.players[1].passed = True
    assert_check_order(R, [
        Row(state, {"type": "market_buy", "player": 1, "resource": "gold"}, "already_passed", "KOS-7.2", "buy"),
        Row(state, {"type": "market_sell", "player": 1, "resource": "gold"}, "already_passed", "KOS-7.2", "sell"),
    ])
