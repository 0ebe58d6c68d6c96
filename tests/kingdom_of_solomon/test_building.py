"""KOS-8 the Building phase: cards, temple, High Priest, roads; KOS-10.2/10.3 in the last round."""

from __future__ import annotations

import pytest

from rulesets.kingdom_of_solomon.components import (BUILDING_CARDS, MARKERS_PER_PLAYER, ROAD_COST, TEMPLE_LEVELS,
                                                    TEMPLE_BLOCKS)

from .scenario import (R, SITE_AREAS, building_with, display, fortune, give, hand, listed, marker, new, ok, order,
                       phase, refused, road, wire)

BB, TB, RD, END = "build_building", "build_temple_block", "build_road", "end_building_turn"


def building(players=2):
    state = new(players)
    order(state, *range(players))
    phase(state, "building")
    return state


def afford(state, seat, cost):
    give(state, seat, **cost)


def normal_card(state):
    card = building_with(special=False)
    display(state, card)
    return card


def test_kos_8_1_one_turn_each_ended_explicitly_and_kos_8_2_optional():
    """KOS-8.1 in turn order, ended explicitly; KOS-8.2 nothing need be built."""
    state = building(3)
    assert listed(state, 0) == [{"type": END, "player": 0}]
    state, _ = ok(state, {"type": END, "player": 0})
    assert state.active == 1
    state, _ = ok(state, {"type": END, "player": 1})
    state, _ = ok(state, {"type": END, "player": 2})
    assert state.phase == "placement" and state.round == 2


def test_kos_8_3_to_8_7_build_a_card_with_a_marker():
    """KOS-8.3 pay in full to the supply; KOS-8.4 from the display; KOS-8.6 take the card and its VP;
    KOS-8.7 a marker on any empty site (the area becomes owned)."""
    state = building()
    card = normal_card(state)
    refused(state, {"type": BB, "player": 0, "card": card, "site": "galilee"}, "insufficient_resources", "KOS-8.3")
    afford(state, 0, BUILDING_CARDS[card].cost)
    refused(state, {"type": BB, "player": 0, "card": card}, "site_required", "KOS-8.7")
    supply = sum(state.supply.get(r) for r in BUILDING_CARDS[card].cost)
    after, _ = ok(state, {"type": BB, "player": 0, "card": card, "site": "edom"})
    assert after.players[0].buildings == [card] and after.players[0].cubes.total() == 0
    assert after.players[0].vp == state.players[0].vp + BUILDING_CARDS[card].vp
    assert sum(after.supply.get(r) for r in BUILDING_CARDS[card].cost) == supply + sum(
        BUILDING_CARDS[card].cost.values())
    assert after.markers[-1].area == "edom" and after.markers[-1].owner == 0
    not_shown = next(c for c in after.building_deck)
    refused(after, {"type": BB, "player": 1, "card": not_shown}, "not_your_turn")
    after.active = 0
    after.players[0].built_this_round = 0
    refused(after, {"type": BB, "player": 0, "card": not_shown, "site": "galilee"}, "card_not_in_display", "KOS-8.4")


def test_kos_8_5_one_card_per_round_and_kos_8_11_empty_display_space():
    """KOS-8.5 building_limit_reached; KOS-8.11 the emptied space stays empty until the refill (KOS-9.3)."""
    state = building()
    card = normal_card(state)
    afford(state, 0, BUILDING_CARDS[card].cost)
    after, _ = ok(state, {"type": BB, "player": 0, "card": card, "site": "edom"})
    assert None in after.display
    other = next(c for c in after.display if c)
    refused(after, {"type": BB, "player": 0, "card": other}, "building_limit_reached", "KOS-8.5")
    after, _ = ok(after, {"type": END, "player": 0})
    after, _ = ok(after, {"type": END, "player": 1})
    assert None not in after.display  # KOS-9.3


def test_kos_8_8_no_marker_when_every_site_is_full_and_kos_10_3():
    """KOS-8.8 / KOS-10.3: once every site is full, a non-special card is built without a marker."""
    state = building(3)
    for i, area in enumerate(SITE_AREAS):
        marker(state, i % 3, area)
    state.final_round = True
    card = next(c for c, b in BUILDING_CARDS.items() if not b.special_mark and c in state.building_deck)
    display(state, card)
    afford(state, 0, BUILDING_CARDS[card].cost)
    refused(state, {"type": BB, "player": 0, "card": card, "site": "galilee"}, "site_not_allowed", "KOS-8.8")
    after, _ = ok(state, {"type": BB, "player": 0, "card": card})
    assert card in after.players[0].buildings and len(after.markers) == len(SITE_AREAS)


def test_kos_8_9_special_mark_places_no_marker():
    """KOS-8.9: site_not_allowed; the owner keeps the card and its action space."""
    state = building()
    card = building_with(special=True)
    display(state, card)
    afford(state, 0, BUILDING_CARDS[card].cost)
    refused(state, {"type": BB, "player": 0, "card": card, "site": "galilee"}, "site_not_allowed", "KOS-8.9")
    after, _ = ok(state, {"type": BB, "player": 0, "card": card})
    assert card in after.players[0].buildings and not after.markers


def test_kos_8_10_no_markers_left():
    """KOS-8.10: a non-special card needs an unused marker while sites are empty."""
    state = building(2)
    for area in SITE_AREAS[:MARKERS_PER_PLAYER]:
        marker(state, 0, area)
    state.final_round = True  # (all markers placed met KOS-10.1 b)
    card = normal_card(state)
    afford(state, 0, BUILDING_CARDS[card].cost)
    refused(state, {"type": BB, "player": 0, "card": card, "site": SITE_AREAS[-1]}, "no_building_markers_left",
            "KOS-8.10")
    assert not listed(state, 0, type=BB, card=card)


def test_build_building_check_order():
    """Spec 3.7 order: limit, display, resources, fortune payment, site_required, site_not_allowed,
    not_a_building_site, site_occupied."""
    state = building()
    marker(state, 1, "galilee")
    card = normal_card(state)
    afford(state, 0, BUILDING_CARDS[card].cost)
    refused(state, {"type": BB, "player": 0, "card": card, "site": "aram"}, "not_a_building_site", "KOS-3.2")
    refused(state, {"type": BB, "player": 0, "card": card, "site": "galilee"}, "site_occupied", "KOS-3.2")
    refused(state, {"type": BB, "player": 0, "card": card, "site": "galilee",
                    "fortune_payment": [{"card": fortune("none")[0]}]}, "invalid_fortune_payment", "KOS-6.4")
    state.players[0].cubes = type(state.players[0].cubes)()
    refused(state, {"type": BB, "player": 0, "card": card, "site": "galilee",
                    "fortune_payment": [{"card": fortune("none")[0]}]}, "insufficient_resources")


def test_kos_8_13_temple_levels_in_order_and_kos_8_14_any_cost():
    """KOS-8.13 a level opens only when the one below is complete; KOS-8.14 any-type cubes (invalid_any_payment)."""
    state = building()
    low, high = TEMPLE_LEVELS[0], TEMPLE_LEVELS[1]
    refused(state, {"type": TB, "player": 0, "level": high.id, "reward": "vp"}, "temple_level_locked", "KOS-8.13")
    afford(state, 0, low.cost)
    give(state, 0, food=low.any)
    refused(state, {"type": TB, "player": 0, "level": low.id, "reward": "vp"}, "invalid_any_payment", "KOS-8.14")
    action = {"type": TB, "player": 0, "level": low.id, "reward": "vp", "any_payment": {"food": low.any}}
    assert action in listed(state, 0, type=TB)
    after, _ = ok(state, action)
    assert after.temple[low.id] == 1 and after.players[0].cubes.total() == 0
    state.temple[low.id] = low.blocks
    refused(state, {"type": TB, "player": 0, "level": low.id, "reward": "vp", "any_payment": {"food": low.any}},
            "temple_level_full", "KOS-8.13")


def test_kos_8_15_reward_vp_or_token_and_kos_8_16_several_blocks():
    """KOS-8.15 exactly one reward (invalid_reward); KOS-8.16 any number of blocks in one turn."""
    state = building()
    low = TEMPLE_LEVELS[0]
    for _ in range(2):
        afford(state, 0, low.cost)
        give(state, 0, food=low.any)
    base = {"type": TB, "player": 0, "level": low.id, "any_payment": {"food": low.any}}
    refused(state, {**base, "reward": "gold"}, "invalid_reward", "KOS-8.15")
    state, _ = ok(state, {**base, "reward": "vp"})
    assert state.players[0].vp == 10 + low.vp and state.active == 0
    state, _ = ok(state, {**base, "reward": "token"})
    assert state.players[0].tokens == 1 and state.temple[low.id] == 2


def test_kos_8_17_tokens_never_run_out_and_kos_10_1_c_temple_complete():
    """KOS-8.17 no token limit; KOS-10.1 (c) the last block makes this round the last (temple_complete after)."""
    state = building()
    for level in TEMPLE_LEVELS:
        state.temple[level.id] = level.blocks
    last = TEMPLE_LEVELS[-1]
    state.temple[last.id] -= 1
    state.players[0].tokens = 40
    state.high_priest = 0
    afford(state, 0, last.cost)
    after, events = ok(state, {"type": TB, "player": 0, "level": last.id, "reward": "token"})
    assert after.players[0].tokens == 41 and after.final_round and sum(after.temple.values()) == TEMPLE_BLOCKS
    assert any(e["type"] == "final_round" for e in wire(events))
    refused(after, {"type": TB, "player": 0, "level": last.id, "reward": "vp"}, "temple_complete", "KOS-10.3")


def test_kos_8_18_strict_leader_and_8_19_ties_keep_the_title():
    """KOS-8.18 first a strict leader, then only a strictly higher count; KOS-8.19 a tie never moves it."""
    from rulesets.kingdom_of_solomon.fortune import gain_tokens
    state = new(3)
    gain_tokens(state, 1, 1, [])
    assert state.high_priest == 1
    gain_tokens(state, 2, 1, [])
    assert state.high_priest == 1
    gain_tokens(state, 2, 1, [])
    assert state.high_priest == 2


def test_kos_8_20_title_uses_no_marker_or_pawn_and_kos_8_23_twenty_at_the_end():
    """KOS-8.20 the High Priest keeps every marker and pawn; KOS-8.23 / KOS-10.4 +20 at the end."""
    from rulesets.kingdom_of_solomon.components import HIGH_PRIEST_VP
    from rulesets.kingdom_of_solomon.scoring import final_scores
    state = new(2)
    state.players[0].tokens = 1
    state.high_priest = 0
    R.check_state(state)
    assert state.players[0].unplaced == state.players[1].unplaced
    assert final_scores(state)[0]["high_priest"] == HIGH_PRIEST_VP == 20


def test_kos_8_24_to_8_28_roads():
    """KOS-8.24 cost and pool; KOS-8.25 adjacent, one per border; KOS-8.26 an own building; KOS-8.27 no empty
    site or opponent area; KOS-8.28 several per turn."""
    state = building()
    marker(state, 0, "galilee")
    marker(state, 0, "lebanon")
    marker(state, 1, "bashan")
    refused(state, {"type": RD, "player": 0, "areas": ["galilee", "galilee"]}, "areas_not_adjacent", "KOS-8.25")
    refused(state, {"type": RD, "player": 0, "areas": ["galilee", "edom"]}, "areas_not_adjacent", "KOS-8.25")
    refused(state, {"type": RD, "player": 0, "areas": ["aram", "bashan"]}, "road_needs_own_building", "KOS-8.26")
    refused(state, {"type": RD, "player": 0, "areas": ["galilee", "bashan"]}, "road_endpoint_blocked", "KOS-8.27")
    refused(state, {"type": RD, "player": 0, "areas": ["galilee", "aram"]}, "insufficient_resources", "KOS-8.24")
    afford(state, 0, ROAD_COST)
    afford(state, 0, ROAD_COST)
    roads = [a["areas"] for a in listed(state, 0, type=RD)]
    assert roads == [["aram", "galilee"], ["aram", "lebanon"], ["galilee", "jezreel"], ["galilee", "lebanon"]]
    state, _ = ok(state, {"type": RD, "player": 0, "areas": ["galilee", "aram"]})
    refused(state, {"type": RD, "player": 0, "areas": ["aram", "galilee"]}, "road_already_present", "KOS-8.25")
    state, _ = ok(state, {"type": RD, "player": 0, "areas": ["lebanon", "galilee"]})
    assert len(state.roads) == 2 and state.players[0].cubes.total() == 0
    state.roads_in_supply = 0
    refused(state, {"type": RD, "player": 0, "areas": ["aram", "lebanon"]}, "no_roads_left", "KOS-8.24")


def test_kos_8_29_roads_stay_and_serve_only_their_builder():
    """KOS-8.29: another player's pawn in the builder's region collects only its area (besides KOS-5.5)."""
    from rulesets.kingdom_of_solomon.board import area_yield, yield_of
    state = new(2)
    marker(state, 0, "galilee")
    road(state, 0, "galilee", "aram")
    assert area_yield(state, 1, "aram", False) == yield_of(["aram"])
    assert area_yield(state, 0, "aram", False) == yield_of(["aram", "galilee"])


@pytest.mark.parametrize("kind", ["building", "road", "temple"])
def test_fortune_payment_checks(kind):
    """KOS-6.4 / KOS-8.3: a payment card must be held, a resource card, of a needed type; 'as' for any cards."""
    state = building()
    marker(state, 0, "galilee")
    gold = fortune("resource_card", resource="gold")[0]
    anyc = fortune("resource_card", resource="any")[0]
    hand(state, 0, gold, anyc)
    afford(state, 0, ROAD_COST)
    action = {"type": RD, "player": 0, "areas": ["aram", "galilee"]}
    refused(state, {**action, "fortune_payment": [{"card": gold}]}, "invalid_fortune_payment", "KOS-6.4")
    refused(state, {**action, "fortune_payment": [{"card": anyc}]}, "invalid_fortune_payment", "KOS-6.4")
    ok(state, {**action, "fortune_payment": [{"card": anyc, "as": "food"}]})
    state.players[0].cubes.food = 0
    state.supply.food += 1
    refused(state, action, "insufficient_resources")
