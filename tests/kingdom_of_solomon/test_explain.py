"""Issue 25: a rules refusal that compares amounts or positions says what the move needed and what the
seat has (``explain``). Expected values come from the spec's rules and the components' data, not the code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesets.core import InvalidSetup

from .scenario import (R, building_with, empty_supply, fortune, give, hand, marker, new, ok, order, owned, phase,
                       place, refused)
from .test_building import building, normal_card

DATA = json.loads((Path(__file__).parents[2] / "rulesets/kingdom_of_solomon/kingdom_of_solomon.components.json")
                  .read_text())
GALILEE = next(a for a in DATA["areas"] if a["id"] == "galilee")
BONUS = {space["id"]: space for space in DATA["bonus_spaces"]}
ACTIONS = {space["id"]: space for space in DATA["action_spaces"]}
LEVELS = {level["id"]: level for level in DATA["temple"]["levels"]}
HAND_LIMIT = DATA["constants"]["fortune_hand_limit_at_round_end"]["value"]
RP = {"type": "resolve_pawn"}


def resolving(players=3):
    state = new(players)
    order(state, *range(players))
    phase(state, "resolution")
    return state


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


def test_kos_11_2_variant_not_allowed_names_the_player_cap():
    """KOS-11.2 / KOS-1.1: the variant is for 2 or 3 players; with 4 the refusal gives the cap and the count."""
    with pytest.raises(InvalidSetup) as refusal:
        R.setup(4, 1, {"variant_all_bonus": True})
    assert refusal.value.code == "variant_not_allowed"
    assert refusal.value.explain == {"limit": {"players": 3}, "have": {"players": 4}}


def test_kos_4_3_and_4_4_space_occupied_names_the_space_and_whose_pawn_is_there():
    """KOS-4.3 (one pawn a space) and KOS-4.4 (a claimed bonus space): the space and the seat holding it."""
    state = new(3)
    order(state, 0, 1, 2)
    state, _ = ok(state, {"type": "place_pawn", "player": 0, "space": "area:galilee"})
    error = refused(state, {"type": "place_pawn", "player": 1, "space": "area:galilee"}, "space_occupied", "KOS-4.3")
    assert error.explain == {"space": "area:galilee", "held_by": 0}
    state, _ = ok(state, {"type": "place_pawn", "player": 1, "space": "bonus:altar"})
    error = refused(state, {"type": "place_pawn", "player": 2, "space": "bonus:altar"}, "space_occupied", "KOS-4.4")
    assert error.explain == {"space": "bonus:altar", "held_by": 1}


def test_kos_4_9_bonus_space_not_in_play_needs_its_player_count():
    """KOS-4.9 / KOS-1.4: the ark is in play from 3 players (JSON min_players), the tribute from 4."""
    state = new(2)
    order(state, 0, 1)
    for space in ("ark", "tribute"):
        error = refused(state, {"type": "place_pawn", "player": 0, "space": f"bonus:{space}"},
                        "bonus_space_not_in_play", "KOS-4.9")
        assert error.explain == {"needed": {"players": BONUS[space]["min_players"]}, "have": {"players": 2}}
    assert BONUS["ark"]["min_players"] == 3 and BONUS["tribute"]["min_players"] == 4


def test_kos_8_21_privilege_once_per_round():
    """KOS-8.21: the High Priest's privilege is used once per round."""
    state = new(2)
    order(state, 0, 1)
    marker(state, 1, "galilee")
    marker(state, 1, "lebanon")
    state.players[0].tokens, state.high_priest = 1, 0
    state, _ = ok(state, {"type": "place_pawn", "player": 0, "space": "area:galilee"})
    state, _ = ok(state, {"type": "place_pawn", "player": 1, "space": "action:prophet"})
    error = refused(state, {"type": "place_pawn", "player": 0, "space": "area:lebanon"}, "high_priest_privilege_used",
                    "KOS-8.21")
    assert error.explain == {"limit": {"privileged_pawns": 1}, "have": {"privileged_pawns": 1}}


def test_kos_5_7_choice_not_in_supply_the_cubes_named_and_the_supplys():
    """KOS-5.7: a cube named must be in the supply."""
    state = resolving()
    place(state, 0, "action:minister")
    empty_supply(state, "gold", to_seat=1)
    error = refused(state, {**RP, "player": 0, "space": "action:minister", "choice": {"resources": ["gold"]}},
                    "choice_not_in_supply", "KOS-5.7")
    assert error.explain == {"needed": {"gold": 1}, "have": {"gold": 0}}


def test_kos_5_8_a_choice_longer_than_the_effects_count():
    """KOS-5.8 (spec 3.3: the wrong length for the effect): Minister and Trader take `count` (JSON) at most."""
    state = resolving()
    place(state, 0, "action:minister")
    count = ACTIONS["minister"]["params"]["count"]
    error = refused(state, {**RP, "player": 0, "space": "action:minister",
                            "choice": {"resources": ["gold"] * (count + 1)}}, "invalid_choice", "KOS-5.8")
    assert error.explain == {"limit": {"resources": count}, "offered": {"resources": count + 1}}
    state = resolving()
    place(state, 0, "action:trader")
    count = ACTIONS["trader"]["params"]["count"]
    trades = [{"give": "food", "take": "gold"}] * (count + 1)
    error = refused(state, {**RP, "player": 0, "space": "action:trader", "choice": {"trades": trades}},
                    "invalid_choice", "KOS-5.8")
    assert error.explain == {"limit": {"trades": count}, "offered": {"trades": count + 1}}
    error = refused(state, {**RP, "player": 0, "space": "action:trader"}, "invalid_choice", "KOS-5.8")
    assert error.explain is None  # no choice at all: not a count


def test_kos_5_8_declined_while_possible_what_the_effect_can_still_do():
    """KOS-5.8 (spec 3.3): a short choice only when nothing more is possible: what could be done, what was chosen."""
    state = resolving()
    place(state, 0, "action:minister")
    error = refused(state, {**RP, "player": 0, "space": "action:minister", "choice": {"resources": []}},
                    "choice_declined_while_possible", "KOS-5.8")
    assert error.explain == {"needed": {"resources": ACTIONS["minister"]["params"]["count"]},
                             "offered": {"resources": 0}}

    state = resolving()
    place(state, 0, "action:thief")
    give(state, 1, stone=1)
    for choice in ({"resources": []}, {"target": 1, "resources": []}):
        error = refused(state, {**RP, "player": 0, "space": "action:thief", "choice": choice},
                        "choice_declined_while_possible", "KOS-5.8")
        assert error.explain == {"needed": {"resources": 1}, "offered": {"resources": 0}}

    state = resolving(2)
    place(state, 0, "action:trader")
    give(state, 0, food=1)
    error = refused(state, {**RP, "player": 0, "space": "action:trader", "choice": {"trades": []}},
                    "choice_declined_while_possible", "KOS-5.8")
    assert error.explain == {"needed": {"trades": ACTIONS["trader"]["params"]["count"]}, "offered": {"trades": 0}}

    state = resolving(2)
    place(state, 0, "action:artisan")
    marker(state, 0, "galilee")
    error = refused(state, {**RP, "player": 0, "space": "action:artisan", "choice": {}},
                    "choice_declined_while_possible", "KOS-5.8")
    assert error.explain == {"needed": {"roads": 1}, "offered": {"roads": 0}}


def test_kos_5_10_steal_trade_and_tax_name_what_the_holder_lacks():
    """KOS-5.10: the Thief takes a cube the target holds; a trade gives a held type for one the supply has; the
    Tax Collector names a type the opponent holds. ``have`` is what the compared holder has (cubes are public)."""
    state = resolving()
    place(state, 0, "action:thief")
    give(state, 1, stone=1)
    error = refused(state, {**RP, "player": 0, "space": "action:thief", "choice": {"target": 2, "resources": ["stone"]}},
                    "invalid_steal_target", "KOS-5.10")
    assert error.explain == {"needed": {"stone": 1}, "have": {"stone": 0}}
    error = refused(state, {**RP, "player": 0, "space": "action:thief", "choice": {"target": 0, "resources": ["stone"]}},
                    "invalid_steal_target", "KOS-5.10")
    assert error.explain is None  # his own seat: no amount compared

    state = resolving(2)
    place(state, 0, "action:trader")
    give(state, 0, food=1)
    trader = {**RP, "player": 0, "space": "action:trader"}
    error = refused(state, {**trader, "choice": {"trades": [{"give": "gold", "take": "food"}]}}, "invalid_trade")
    assert error.explain == {"needed": {"gold": 1}, "have": {"gold": 0}}
    error = refused(state, {**trader, "choice": {"trades": [{"give": "food", "take": "food"}]}}, "invalid_trade")
    assert error.explain is None
    empty_supply(state, "gold", to_seat=1)
    error = refused(state, {**trader, "choice": {"trades": [{"give": "food", "take": "gold"}]}}, "invalid_trade")
    assert error.explain == {"needed": {"gold": 1}, "have": {"gold": 0}}

    card = building_with("tax_collector")
    threshold = next(c for c in DATA["building_cards"] if c["id"] == card)["action"]["params"]["threshold"]
    state = resolving()
    owned(state, 0, card)
    place(state, 0, f"card:{card}")
    give(state, 1, food=threshold)
    error = refused(state, {**RP, "player": 0, "space": f"card:{card}", "choice": {"take": {"1": "gold"}}},
                    "invalid_tax_choice", "KOS-5.10")
    assert error.explain == {"needed": {"gold": 1}, "have": {"gold": 0}}


def test_kos_7_5_and_7_4_a_cube_to_sell_and_one_in_the_market_to_buy():
    """KOS-7.5: a sale takes one of the seat's cubes; KOS-7.4: a purchase needs a cube of the type in the market."""
    state = new(2)
    order(state, 0, 1)
    phase(state, "market")
    error = refused(state, {"type": "market_sell", "player": 1, "resource": "gold"}, "resource_not_held", "KOS-7.5")
    assert error.explain == {"needed": {"gold": 1}, "have": {"gold": 0}}
    error = refused(state, {"type": "market_buy", "player": 1, "resource": "gold"}, "market_empty", "KOS-7.4")
    assert error.explain == {"needed": {"gold": 1}, "have": {"gold": 0}}


def test_kos_3_2_site_occupied_names_the_marker_on_it():
    """KOS-3.2: a site holds at most one marker; the refusal names the site and whose marker it holds."""
    state = building()
    marker(state, 1, "galilee")
    card = normal_card(state)
    give(state, 0, **next(c for c in DATA["building_cards"] if c["id"] == card)["cost"])
    error = refused(state, {"type": "build_building", "player": 0, "card": card, "site": "galilee"}, "site_occupied",
                    "KOS-3.2")
    assert error.explain == {"space": "galilee", "held_by": 1}


def test_kos_8_13_and_10_3_temple_levels_in_order_full_and_complete():
    """KOS-8.13: a level opens when the one below has all its blocks (JSON blocks); a level holds its blocks;
    KOS-10.3: never past the temple's total."""
    state = building()
    give(state, 0, stone=3, timber=2, gold=1)
    block = {"type": "build_temple_block", "player": 0, "reward": "vp"}
    error = refused(state, {**block, "level": "main"}, "temple_level_locked", "KOS-8.13")
    assert error.explain == {"needed": {"foundation": LEVELS["foundation"]["blocks"]}, "have": {"foundation": 0}}
    state.temple["foundation"] = LEVELS["foundation"]["blocks"]
    error = refused(state, {**block, "level": "foundation", "any_payment": {"stone": 1}}, "temple_level_full",
                    "KOS-8.13")
    assert error.explain == {"limit": {"foundation": 6}, "have": {"foundation": 6}}
    for level in LEVELS.values():
        state.temple[level["id"]] = level["blocks"]
    error = refused(state, {**block, "level": "pillars"}, "temple_complete", "KOS-10.3")
    assert error.explain == {"limit": {"blocks": DATA["temple"]["total_blocks"]},
                             "have": {"blocks": DATA["temple"]["total_blocks"]}}


def test_kos_8_14_any_payment_the_levels_any_count():
    """KOS-8.14: the foundation's cost includes `any` cubes (JSON): any_payment gives exactly that many."""
    state = building()
    give(state, 0, stone=4)
    error = refused(state, {"type": "build_temple_block", "player": 0, "level": "foundation", "reward": "vp",
                            "any_payment": {"stone": 2}}, "invalid_any_payment", "KOS-8.14")
    assert error.explain == {"needed": {"cubes": LEVELS["foundation"]["any"]}, "offered": {"cubes": 2}}


def test_kos_6_4_supply_empty_and_fortune_cards_paying_more_than_the_cost():
    """KOS-6.4 (a) a card takes a cube the supply has; (b) a card counts toward a cost, no more than it asks."""
    gold = fortune("resource_card", resource="gold")[0]
    state = new(2)
    hand(state, 1, gold)
    empty_supply(state, "gold", to_seat=0)
    error = refused(state, {"type": "play_fortune", "player": 1, "card": gold}, "supply_empty", "KOS-6.4")
    assert error.explain == {"needed": {"gold": 1}, "have": {"gold": 0}}
    state = building()
    marker(state, 0, "galilee")
    give(state, 0, **DATA["constants"]["road_cost"]["value"])
    hand(state, 0, gold)
    error = refused(state, {"type": "build_road", "player": 0, "areas": ["aram", "galilee"],
                            "fortune_payment": [{"card": gold}]}, "invalid_fortune_payment", "KOS-6.4")
    assert error.explain == {"needed": {"gold": 0}, "offered": {"fortune_cards": {"gold": 1}}}


def test_kos_9_1_discard_not_required_at_or_below_the_hand_limit():
    """KOS-9.1 / KOS-6.6: a discard is owed only above 3 cards (JSON hand limit); a hand's size is public."""
    state = building()
    state.phase, state.active = "round_end", None
    hand(state, 0, *state.fortune_deck[:2])
    error = refused(state, {"type": "discard_fortune", "player": 0, "cards": [state.players[0].hand[0]]},
                    "discard_not_required", "KOS-9.1")
    assert error.explain == {"limit": {"cards": HAND_LIMIT}, "have": {"cards": 2}}
