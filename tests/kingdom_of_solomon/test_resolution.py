"""KOS-3 (regions and yields) and KOS-5 Resolution, with KOS-2.4 (the altar mid-phase)."""

from __future__ import annotations

import pytest

from rulesets.kingdom_of_solomon.components import AREAS, BONUS_SPACES, BUILDING_CARDS, NEUTRAL, SITES

from .scenario import (building_with, empty_supply, give, listed, marker, new, ok, order, owned, phase, place,
                       refused, road, wire)

RP = {"type": "resolve_pawn"}


def resolving(players=3, **options):
    state = new(players, **options)
    order(state, *range(players))
    phase(state, "resolution")
    return state


def icons(area):
    out = {}
    for r in AREAS[area].resources:
        out[r] = out.get(r, 0) + 1
    return out


def test_kos_3_1_collecting_an_area_and_5_3_outside_a_region():
    """KOS-3.1: one cube per icon; KOS-5.3 otherwise only that area."""
    state = resolving()
    place(state, 0, "area:galilee")
    after, _ = ok(state, {**RP, "player": 0, "space": "area:galilee"})
    assert {r: after.players[0].cubes.get(r) for r in icons("galilee")} == icons("galilee")


def test_kos_3_2_sites_and_neutral_areas_and_kos_3_3_ownership():
    """KOS-3.2 11 sites, 5 neutral; KOS-3.3 a marker makes an area owned, an empty site is unowned."""
    assert len(SITES) == 11 and len(NEUTRAL) == 5 and len(AREAS) == 16
    state = resolving()
    marker(state, 1, "galilee")
    from rulesets.kingdom_of_solomon.board import owners
    assert owners(state) == {"galilee": 1}


def test_kos_3_4_to_3_6_region_yield_and_kos_5_3_5_4():
    """KOS-3.4 roads on borders; KOS-3.5 a region joined by own roads (with a neutral area); KOS-3.6 each area
    once; KOS-5.3 a pawn in the region collects all of it; KOS-5.4 a second pawn collects it again."""
    state = resolving(2)
    marker(state, 0, "galilee")
    marker(state, 0, "bashan")
    road(state, 0, "galilee", "bashan")
    road(state, 0, "galilee", "aram")  # aram is neutral
    place(state, 0, "area:galilee")
    place(state, 0, "area:aram")
    total = {}
    for area in ("galilee", "bashan", "aram"):
        for r, n in icons(area).items():
            total[r] = total.get(r, 0) + n
    after, _ = ok(state, {**RP, "player": 0, "space": "area:galilee"})
    assert {r: after.players[0].cubes.get(r) for r in total} == total
    after, _ = ok(after, {**RP, "player": 0, "space": "area:aram"})
    assert {r: after.players[0].cubes.get(r) for r in total} == {r: 2 * n for r, n in total.items()}


def test_kos_5_5_high_priest_pawn_collects_the_owners_region():
    """KOS-5.5: a privileged pawn in Q's area collects Q's region there."""
    state = resolving(2)
    marker(state, 1, "galilee")
    marker(state, 1, "bashan")
    road(state, 1, "galilee", "bashan")
    state.players[0].tokens = 1
    state.high_priest = 0
    state.players[0].privilege_used = True
    place(state, 0, "area:galilee", privileged=True)
    after, _ = ok(state, {**RP, "player": 0, "space": "area:galilee"})
    expected = icons("galilee")
    for r, n in icons("bashan").items():
        expected[r] = expected.get(r, 0) + n
    assert {r: after.players[0].cubes.get(r) for r in expected} == expected


def test_kos_5_6_neutral_area_in_someone_elses_region_gives_only_that_area():
    """KOS-5.6 (decision A5): another player's region does not pay a pawn in a shared neutral area."""
    state = resolving(2)
    marker(state, 1, "galilee")
    road(state, 1, "galilee", "aram")
    place(state, 0, "area:aram")
    after, _ = ok(state, {**RP, "player": 0, "space": "area:aram"})
    assert {r: after.players[0].cubes.get(r) for r in icons("aram")} == icons("aram")
    assert after.players[0].cubes.total() == sum(icons("aram").values())


def test_kos_5_7_supply_shortage_is_lost():
    """KOS-5.7: take what is there; the rest is lost; the market never makes it up."""
    state = resolving(2)
    resource = AREAS["lebanon"].resources[0]
    empty_supply(state, resource, to_seat=1)
    state.players[1].cubes.add(resource, -1)
    state.supply.add(resource, 1)
    place(state, 0, "area:lebanon")
    after, events = ok(state, {**RP, "player": 0, "space": "area:lebanon"})
    assert after.players[0].cubes.get(resource) == 1 and after.supply.get(resource) == 0
    assert any(e["type"] == "resources_lost" for e in wire(events))


def test_kos_5_1_and_5_2_each_resolves_all_pawns_in_any_order():
    """KOS-5.1: one resolution turn each, pawns in any order; KOS-5.2 no skipping (all pawns listed)."""
    state = resolving(2)
    place(state, 0, "area:galilee")
    place(state, 0, "area:lebanon")
    place(state, 1, "area:bashan")
    spaces = {a["space"] for a in listed(state, 0)}
    assert {"area:galilee", "area:lebanon"} <= spaces
    refused(state, {**RP, "player": 1, "space": "area:bashan"}, "not_your_turn")
    refused(state, {**RP, "player": 0, "space": "area:bashan"}, "no_pawn_on_space", "KOS-5.1")
    state, _ = ok(state, {**RP, "player": 0, "space": "area:lebanon"})
    assert state.active == 0
    state, _ = ok(state, {**RP, "player": 0, "space": "area:galilee"})
    assert state.active == 1


def test_kos_5_15_phase_ends_when_all_resolved():
    """KOS-5.15: then the market starts (reverse order, KOS-2.2)."""
    state = resolving(3)
    place(state, 1, "area:galilee")
    state.active = 1
    after, _ = ok(state, {**RP, "player": 1, "space": "area:galilee"})
    assert after.phase == "market" and after.active == after.turn_order[-1]


def test_kos_5_9_prophet_draws_a_fortune_card():
    """KOS-5.9: one card from the top of the fortune deck."""
    state = resolving()
    place(state, 0, "action:prophet")
    top = state.fortune_deck[0]
    after, events = ok(state, {**RP, "player": 0, "space": "action:prophet"})
    assert after.players[0].hand == [top]
    assert [e for e in wire(events) if e["type"] == "fortune_card_drawn"][0]["cards"] == [top]


def test_kos_5_10_minister_takes_a_chosen_cube():
    """KOS-5.10 Minister (ASSUMED any_resource): the choice names a type in the supply."""
    state = resolving()
    place(state, 0, "action:minister")
    refused(state, {**RP, "player": 0, "space": "action:minister"}, "invalid_choice", "KOS-5.8")
    refused(state, {**RP, "player": 0, "space": "action:minister", "choice": {"resources": []}},
            "choice_declined_while_possible", "KOS-5.8")
    empty_supply(state, "gold", to_seat=1)
    refused(state, {**RP, "player": 0, "space": "action:minister", "choice": {"resources": ["gold"]}},
            "choice_not_in_supply", "KOS-5.7")
    after, _ = ok(state, {**RP, "player": 0, "space": "action:minister", "choice": {"resources": ["stone"]}})
    assert after.players[0].cubes.stone == 1
    assert len(listed(state, 0, space="action:minister")) == 4  # every type left in the supply


def test_kos_5_10_thief_takes_cubes_never_cards():
    """KOS-5.10 Thief: a cube the target holds; fortune cards are not resources (KOS-6.5)."""
    state = resolving()
    place(state, 0, "action:thief")
    give(state, 1, stone=1)
    state.players[2].hand.append(state.fortune_deck.pop(0))
    refused(state, {**RP, "player": 0, "space": "action:thief", "choice": {"target": 0, "resources": ["stone"]}},
            "invalid_steal_target", "KOS-5.10")
    refused(state, {**RP, "player": 0, "space": "action:thief", "choice": {"target": 2, "resources": ["stone"]}},
            "invalid_steal_target", "KOS-5.10")
    refused(state, {**RP, "player": 0, "space": "action:thief", "choice": {"resources": []}},
            "choice_declined_while_possible")
    assert [a["choice"] for a in listed(state, 0, space="action:thief")] == [{"target": 1, "resources": ["stone"]}]
    after, _ = ok(state, {**RP, "player": 0, "space": "action:thief",
                          "choice": {"target": 1, "resources": ["stone"]}})
    assert after.players[0].cubes.stone == 1 and after.players[1].cubes.stone == 0
    assert len(after.players[2].hand) == 1


def test_kos_5_8_thief_may_decline_only_when_nobody_has_cubes():
    """KOS-5.8 (decision A7): a null choice only when nothing is possible."""
    state = resolving()
    place(state, 0, "action:thief")
    assert [a.get("choice") for a in listed(state, 0, space="action:thief")] == [{"resources": []}]
    ok(state, {**RP, "player": 0, "space": "action:thief", "choice": {"resources": []}})


def test_kos_5_10_trader_and_artisan():
    """KOS-5.10 Trader (one cube for a different type) and Artisan (a free road, KOS-8.24..8.27 apply)."""
    state = resolving(2)
    place(state, 0, "action:trader")
    give(state, 0, food=1)
    refused(state, {**RP, "player": 0, "space": "action:trader",
                    "choice": {"trades": [{"give": "food", "take": "food"}]}}, "invalid_trade", "KOS-5.10")
    refused(state, {**RP, "player": 0, "space": "action:trader",
                    "choice": {"trades": [{"give": "gold", "take": "food"}]}}, "invalid_trade", "KOS-5.10")
    refused(state, {**RP, "player": 0, "space": "action:trader", "choice": {"trades": []}},
            "choice_declined_while_possible")
    after, _ = ok(state, {**RP, "player": 0, "space": "action:trader",
                          "choice": {"trades": [{"give": "food", "take": "gold"}]}})
    assert after.players[0].cubes.gold == 1 and after.players[0].cubes.food == 0

    state = resolving(2)
    place(state, 0, "action:artisan")
    marker(state, 0, "galilee")
    refused(state, {**RP, "player": 0, "space": "action:artisan", "choice": {}}, "choice_declined_while_possible")
    refused(state, {**RP, "player": 0, "space": "action:artisan", "choice": {"road": ["galilee", "bashan"]}},
            "road_endpoint_blocked", "KOS-8.27")
    after, _ = ok(state, {**RP, "player": 0, "space": "action:artisan", "choice": {"road": ["galilee", "aram"]}})
    assert after.roads[0].areas == ["aram", "galilee"] and after.players[0].cubes.total() == 0
    assert after.roads_in_supply == state.roads_in_supply - 1


def test_kos_5_8_building_card_action_space():
    """KOS-5.8: a pawn on a building card carries out the card's action (gain_resources here)."""
    card = building_with("gain_resources")
    state = resolving(2)
    owned(state, 0, card)
    place(state, 0, f"card:{card}")
    after, _ = ok(state, {**RP, "player": 0, "space": f"card:{card}"})
    for r, n in BUILDING_CARDS[card].action.params["resources"].items():
        assert after.players[0].cubes.get(r) == n


def test_tax_collector_names_one_cube_per_rich_opponent():
    """KOS-5.10 / KOS-5.8: the Tax Collector card (ASSUMED threshold from the JSON)."""
    card = building_with("tax_collector")
    threshold = BUILDING_CARDS[card].action.params["threshold"]
    state = resolving(3)
    owned(state, 0, card)
    place(state, 0, f"card:{card}")
    give(state, 1, food=threshold)
    give(state, 2, food=threshold - 1)
    none = refused(state, {**RP, "player": 0, "space": f"card:{card}", "choice": {"take": {}}}, "invalid_tax_choice")
    assert none.detail.endswith(": no cube type named for seat(s) 1.") and none.context == {"due": [1]}
    extra = refused(state, {**RP, "player": 0, "space": f"card:{card}", "choice": {"take": {"1": "food", "2": "food"}}},
                    "invalid_tax_choice")
    assert extra.detail.endswith(": seat(s) 2 pay no tax.")
    no_seat = {"take": {"1": "food", "x": "food"}}
    nobody = refused(state, {**RP, "player": 0, "space": f"card:{card}", "choice": no_seat}, "invalid_tax_choice")
    assert nobody.detail.endswith(": seat(s) x pay no tax.")
    lacking = refused(state, {**RP, "player": 0, "space": f"card:{card}", "choice": {"take": {"1": "gold"}}},
                      "invalid_tax_choice")
    assert lacking.detail.endswith(": seat 1 holds no gold.") and lacking.context == {"target": 1}
    after, _ = ok(state, {**RP, "player": 0, "space": f"card:{card}", "choice": {"take": {"1": "food"}}})
    assert after.players[0].cubes.food == 1


def test_kos_5_11_and_5_12_altar_and_kos_2_4_new_order_at_once():
    """KOS-5.11 a bonus space resolves once for all its pawns; KOS-5.12 altar 3 x position, then position 1;
    KOS-2.4 the next resolver is the earliest in the new order who has not resolved."""
    state = resolving(3)
    order(state, 0, 1, 2)
    place(state, 0, "area:galilee")
    place(state, 2, "bonus:altar", count=6)
    place(state, 1, "area:lebanon")
    state, _ = ok(state, {**RP, "player": 0, "space": "area:galilee"})
    state, _ = ok(state, {**RP, "player": 1, "space": "area:lebanon"})
    before = state.players[2].vp
    after, events = ok(state, {**RP, "player": 2, "space": "bonus:altar"})
    assert after.players[2].vp == before + BONUS_SPACES["altar"].params["multiplier"] * 3
    assert after.turn_order == [2, 0, 1] and not after.pawns
    assert any(e["type"] == "turn_order_changed" for e in wire(events))


def test_kos_2_4_altar_first_then_the_rest_resolve_in_the_new_order():
    """KOS-2.4 / KOS-2.3: after the altar moves seat 1 to the front, seat 0 (now 2nd) resolves next."""
    state = resolving(3)
    order(state, 1, 0, 2)
    place(state, 1, "bonus:altar", count=6)
    place(state, 0, "area:galilee")
    place(state, 2, "area:lebanon")
    after, _ = ok(state, {**RP, "player": 1, "space": "bonus:altar"})
    assert after.turn_order == [1, 0, 2] and after.active == 0
    assert after.players[1].vp == state.players[1].vp + BONUS_SPACES["altar"].params["multiplier"] * 1


def test_kos_5_13_ark_draws_three_and_kos_5_14_tribute():
    """KOS-5.13 the ark draws 3; KOS-5.14 tribute one cube of each type, a missing type skipped."""
    state = resolving(4)
    place(state, 0, "bonus:ark", count=5)
    after, _ = ok(state, {**RP, "player": 0, "space": "bonus:ark"})
    assert len(after.players[0].hand) == BONUS_SPACES["ark"].params["count"] == 3
    state = resolving(4)
    place(state, 0, "bonus:tribute", count=5)
    empty_supply(state, "gold", to_seat=1)
    after, _ = ok(state, {**RP, "player": 0, "space": "bonus:tribute"})
    assert after.players[0].cubes.total() == 4 and after.players[0].cubes.gold == 0


@pytest.mark.parametrize("space", ["area:galilee", "action:prophet"])
def test_kos_5_8_effect_without_choice_refuses_one(space):
    """KOS-5.8: a choice for an effect that takes none is invalid_choice."""
    state = resolving(2)
    place(state, 0, space)
    refused(state, {**RP, "player": 0, "space": space, "choice": {"resources": ["gold"]}}, "invalid_choice")
    ok(state, {**RP, "player": 0, "space": space, "choice": {}})
