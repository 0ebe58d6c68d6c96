"""KOS-7 the Market, in reverse turn order (KOS-2.2)."""

from __future__ import annotations

from rulesets.kingdom_of_solomon.components import BUY_VP, MARKET_CAPACITY, SELL_VP

from .scenario import give, listed, new, ok, order, phase, refused

SELL, BUY, PASS = "market_sell", "market_buy", "market_pass"


def market(players=3):
    state = new(players)
    order(state, *range(players))
    phase(state, "market")
    return state


def test_kos_7_1_reverse_order_until_all_pass_and_kos_2_2():
    """KOS-7.1 / KOS-2.2: the last position acts first; turns go round until everyone passed."""
    state = market(3)
    assert state.active == 2
    state, _ = ok(state, {"type": PASS, "player": 2})
    assert state.active == 1
    state, _ = ok(state, {"type": PASS, "player": 1})
    assert state.active == 0
    give(state, 0, food=1)
    state, _ = ok(state, {"type": SELL, "player": 0, "resource": "food"})
    assert state.active == 0  # the others passed: he goes again
    state, _ = ok(state, {"type": PASS, "player": 0})
    assert state.phase == "building" and state.active == 0


def test_kos_7_2_passing_is_final():
    """KOS-7.2: already_passed."""
    state = market(2)
    state.players[1].passed = True
    refused(state, {"type": PASS, "player": 1}, "already_passed", "KOS-7.2")


def test_kos_7_3_no_selling_a_bought_type_nor_buying_a_sold_one():
    """KOS-7.3: tracked per player and type; the same type again the same way is fine."""
    state = market(2)
    give(state, 1, stone=2, gold=1)
    state.market.add("gold", 1)
    state.supply.add("gold", -1)
    state, _ = ok(state, {"type": SELL, "player": 1, "resource": "stone"})
    state.active = 1
    refused(state, {"type": BUY, "player": 1, "resource": "stone"}, "cannot_buy_sold_type", "KOS-7.3")
    state, _ = ok(state, {"type": SELL, "player": 1, "resource": "stone"})
    state.active = 1
    state, _ = ok(state, {"type": BUY, "player": 1, "resource": "gold"})
    state.active = 1
    refused(state, {"type": SELL, "player": 1, "resource": "gold"}, "cannot_sell_bought_type", "KOS-7.3")


def test_kos_7_4_capacity_and_empty_market():
    """KOS-7.4: market_full at capacity; market_empty when buying nothing."""
    state = market(2)
    give(state, 1, food=1)
    state.market.add("food", MARKET_CAPACITY)
    state.supply.add("food", -MARKET_CAPACITY)
    refused(state, {"type": SELL, "player": 1, "resource": "food"}, "market_full", "KOS-7.4")
    refused(state, {"type": BUY, "player": 1, "resource": "gold"}, "market_empty", "KOS-7.4")


def test_kos_7_5_sell_and_7_6_buy_values_and_kos_7_7_cubes_stay():
    """KOS-7.5 sell_vp; KOS-7.6 buy_vp, never below 0 VP (insufficient_vp); KOS-7.7 cubes stay in the market."""
    state = market(2)
    give(state, 1, copper=1)
    vp = state.players[1].vp
    after, _ = ok(state, {"type": SELL, "player": 1, "resource": "copper"})
    assert after.players[1].vp == vp + SELL_VP["copper"] and after.market.copper == 1
    refused(after, {"type": SELL, "player": 0, "resource": "copper"}, "resource_not_held", "KOS-7.5")
    after.players[0].vp = BUY_VP["copper"] - 1
    refused(after, {"type": BUY, "player": 0, "resource": "copper"}, "insufficient_vp", "KOS-7.6")
    assert not [a for a in listed(after, 0) if a["type"] == BUY]
    after.players[0].vp = BUY_VP["copper"]
    bought, _ = ok(after, {"type": BUY, "player": 0, "resource": "copper"})
    assert bought.players[0].vp == 0 and bought.players[0].cubes.copper == 1
    # the sold cube stays in the market into later rounds
    from rulesets.kingdom_of_solomon.turns import finish_round
    finish_round(after, [])
    assert after.market.copper == 1


def test_market_check_order():
    """Spec 3.4/3.5: resource_not_held before market_full; market_empty before insufficient_vp."""
    state = market(2)
    state.market.add("food", MARKET_CAPACITY)
    state.supply.add("food", -MARKET_CAPACITY)
    refused(state, {"type": SELL, "player": 1, "resource": "food"}, "resource_not_held")
    state.players[1].vp = 0
    refused(state, {"type": BUY, "player": 1, "resource": "gold"}, "market_empty")
    refused(state, {"type": BUY, "player": 1, "resource": "food"}, "insufficient_vp")
