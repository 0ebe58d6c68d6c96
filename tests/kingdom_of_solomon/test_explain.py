"""Issue 25: a rules refusal that compares amounts or positions says what the move needed and what the
seat has (``explain``). Expected values come from the spec's rules and the components' data, not the code."""

from __future__ import annotations

import json
from pathlib import Path

from .scenario import give, marker, new, ok, order, phase, refused
from .test_building import building, normal_card

DATA = json.loads((Path(__file__).parents[2] / "rulesets/kingdom_of_solomon/kingdom_of_solomon.components.json")
                  .read_text())
GALILEE = next(a for a in DATA["areas"] if a["id"] == "galilee")


def test_kos_8_25_areas_not_adjacent_names_the_neighbours():
    """KOS-8.25 / KOS-3.4: a road joins neighbours; the refusal lists the first area's neighbours."""
    state = building()
    marker(state, 0, "galilee")
    error = refused(state, {"type": "build_road", "player": 0, "areas": ["galilee", "edom"]},
                    "areas_not_adjacent", "KOS-8.25")
    assert error.explain == {"space": "edom", "adjacent_to": sorted(GALILEE["neighbours"])}


def test_kos_7_6_insufficient_vp_needed_and_have():
    """KOS-7.6: buying costs the type's buy_vp; the seat has fewer."""
    state = new(2)
    order(state, 0, 1)
    phase(state, "market")
    cost = next(t["buy_vp"] for t in DATA["market"]["tracks"] if t["resource"] == "gold")
    state.market.add("gold", 1)
    state.supply.add("gold", -1)
    state.players[1].vp = cost - 1
    error = refused(state, {"type": "market_buy", "player": 1, "resource": "gold"}, "insufficient_vp", "KOS-7.6")
    assert error.explain == {"needed": {"vp": cost}, "have": {"vp": cost - 1}}


def test_kos_8_3_insufficient_resources_the_cost_and_the_cubes_held():
    """KOS-8.3: a card's printed cost is paid in full; the refusal gives it and the cubes held of its types."""
    state = building()
    card = normal_card(state)
    printed = next(c for c in DATA["building_cards"] if c["id"] == card)["cost"]
    first = sorted(printed)[0]
    give(state, 0, **{first: printed[first] - 1})
    error = refused(state, {"type": "build_building", "player": 0, "card": card, "site": "galilee"},
                    "insufficient_resources", "KOS-8.3")
    assert error.explain["needed"] == printed
    assert error.explain["have"] == {r: (printed[r] - 1 if r == first else 0) for r in printed}


def test_kos_8_5_building_limit_one_card_per_round():
    """KOS-8.5: one building card per round."""
    state = building()
    card = normal_card(state)
    printed = next(c for c in DATA["building_cards"] if c["id"] == card)["cost"]
    give(state, 0, **printed)
    after, _ = ok(state, {"type": "build_building", "player": 0, "card": card, "site": "edom"})
    other = next(c for c in after.display if c)
    error = refused(after, {"type": "build_building", "player": 0, "card": other}, "building_limit_reached", "KOS-8.5")
    assert error.explain == {"limit": {"cards": 1}, "have": {"cards": 1}}


def test_kos_4_5_bonus_space_takes_every_unplaced_pawn():
    """KOS-4.5: a bonus space takes all the seat's unplaced pawns (6 with 3 players, none placed yet)."""
    state = new(3)
    order(state, 0, 1, 2)
    unplaced = state.players[0].unplaced
    error = refused(state, {"type": "place_pawn", "player": 0, "space": "bonus:altar", "pawns": 2},
                    "bonus_needs_all_remaining_pawns", "KOS-4.5")
    assert error.explain == {"needed": {"pawns": unplaced}, "offered": {"pawns": 2}}


def test_kos_11_1_bonus_round_limit_players_minus_one():
    """KOS-11.1: with the variant, at most players - 1 bonus spaces per round (2 with 3 players)."""
    state = new(3, variant_all_bonus=True)
    order(state, 0, 1, 2)
    state, _ = ok(state, {"type": "place_pawn", "player": 0, "space": "bonus:tribute"})
    state, _ = ok(state, {"type": "place_pawn", "player": 1, "space": "bonus:ark"})
    error = refused(state, {"type": "place_pawn", "player": 2, "space": "bonus:altar"},
                    "bonus_round_limit_reached", "KOS-11.1")
    assert error.explain == {"limit": {"bonus_spaces": 2}, "have": {"bonus_spaces": 2}}


def test_kos_7_4_market_full_at_its_capacity():
    """KOS-7.4: each resource's market track holds at most its capacity (4)."""
    state = new(2)
    order(state, 0, 1)
    phase(state, "market")
    capacity = DATA["market"]["capacity_per_resource"]
    give(state, 1, food=1)
    state.market.add("food", capacity)
    state.supply.add("food", -capacity)
    error = refused(state, {"type": "market_sell", "player": 1, "resource": "food"}, "market_full", "KOS-7.4")
    assert error.explain == {"limit": {"food": capacity}, "have": {"food": capacity}}
