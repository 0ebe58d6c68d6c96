"""Issue 25: a posted state's refusal (``invalid_state``) reads in the player's language.

Each reason the consistency checks give is a phrase of the game's catalogue (``state_*``), and so is
what an inventory counts ("building card"), which core's own sentences name. For one bad state per
phrase, built from a seeded set-up with the scenario helpers, the refusal is checked at its path and
rule, its English detail ends with the sentence the check words (written out here from the components
data, not read from the code), and its zh-Hans detail is Chinese with the values filled in: no English
word is left but the ids (resources, levels, areas, spaces, cards, phases) and paths.

Chinese terms are the game's glossary (locale/zh_Hans/LC_MESSAGES/kingdom_of_solomon.po, from seed 000)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulesets.core import InvalidState, to_builtins
from rulesets.kingdom_of_solomon.components import BORDERS
from rulesets.kingdom_of_solomon.refusals import refusals
from rulesets.kingdom_of_solomon.state import KosState, Marker, Road
from service import create_app
from tests.state_phrases import Cases, assert_chinese_over_http, assert_reads_in_both, chinese, state_phrases

from .scenario import (ACTION_SPACES, NEUTRAL_AREAS, R, SITE_AREAS, building_with, give, marker, new, order, owned,
                       phase, place, two_adjacent_sites)

DATA = json.loads((Path(__file__).parents[2] / "rulesets/kingdom_of_solomon/kingdom_of_solomon.components.json")
                  .read_text())
SETUP = {int(players): setup for players, setup in DATA["setup_by_player_count"].items()}
CONSTANT = {name: entry["value"] for name, entry in DATA["constants"].items()}
CUBES = {resource["id"]: resource["count"] for resource in DATA["resources"]}
LEVELS = {level["id"]: level for level in DATA["temple"]["levels"]}
SPECIAL_MARK = {card["id"]: card["special_mark"] for card in DATA["building_cards"]}


def start(players: int = 3) -> KosState:
    """A seeded set-up, seats in turn order 0, 1, 2 (the placement phase, seat 0 on turn)."""
    state = new(players)
    order(state, *range(players))
    return state


# ---------------------------------------------------------------- one bad state per phrase
CASES = Cases()
case = CASES.case


@case("state_thing_building_card")
def _building_twice():
    state = start()
    card = state.display[0]
    state.building_deck.append(card)
    last = len(state.building_deck) - 1
    return (state, "$.display[0]", "KOS-1.7",
            f"Building card {card} is in two places: $.building_deck[{last}] and $.display[0].", [card])


@case("state_thing_fortune_card")
def _fortune_missing():
    state = start()
    card = state.fortune_deck.pop()
    return state, "$", "KOS-1.7", f"1 fortune card(s) are missing from the state: {card}.", [card]


@case("state_player_count")
def _one_player():
    raw = to_builtins(start())
    del raw["players"][1:]
    raw["turn_order"], raw["first_player"], raw["active"] = [0], 0, 0
    return raw, "$.players", "KOS-1.1", f"Kingdom of Solomon has {min(SETUP)} to {max(SETUP)} players, not 1.", []


@case("state_all_bonus_players")
def _variant_with_four():
    state = start(4)
    state.options.variant_all_bonus = True
    return (state, "$.options.variant_all_bonus", "KOS-11.2", "The all-bonus variant is for 2 or 3 players only.",
            [])


@case("state_turn_order")
def _turn_order():
    state = start()
    state.turn_order = [0, 0, 1]
    return state, "$.turn_order", "KOS-2.2", "turn_order must list every seat once.", []


def _in_game(resource: str, players: int = 3) -> int:
    return CUBES[resource] - SETUP[players]["remove_per_resource"]


@case("state_cube_counted_twice")
def _stone_twice():
    state = start()
    state.players[1].cubes.add("stone", 2)
    return (state, "$.supply.stone", "KOS-1.3",
            f"{_in_game('stone') + 2} stone cubes are counted between the supply, the market and the players; the "
            f"game has {_in_game('stone')}: a cube is counted twice.", ["stone"])


@case("state_cubes_missing")
def _food_missing():
    state = start()
    state.supply.add("food", -1)
    return state, "$.supply.food", "KOS-1.3", "1 food cube(s) are missing from the state.", ["food"]


@case("state_market_holds")
def _market_over():
    state = start()
    capacity = DATA["market"]["capacity_per_resource"]
    state.market.gold = capacity + 1
    state.supply.add("gold", -(capacity + 1))
    return state, "$.market.gold", "KOS-7.4", f"The market holds at most {capacity} gold.", ["gold"]


def _roads(state: KosState, count: int) -> None:
    """``count`` roads of seat 0 on the first borders, the rest in the supply."""
    state.roads = [Road(areas=list(border), owner=0) for border in BORDERS[:count]]
    state.roads_in_supply = CONSTANT["roads_in_supply"] - count


@case("state_roads_built")
def _thirteen_roads():
    state = start()
    roads = CONSTANT["roads_in_supply"]
    _roads(state, roads + 1)
    state.roads_in_supply = 0
    return state, "$.roads", "KOS-8.24", f"{roads + 1} roads are built; the game has {roads}.", []


@case("state_roads_total")
def _road_supply():
    state = start()
    state.roads_in_supply += 1
    return (state, "$.roads_in_supply", "KOS-8.24",
            f"Built roads plus roads in the supply must be {CONSTANT['roads_in_supply']}.", [])


@case("state_road_owner")
def _road_of_nobody():
    state = start()
    _roads(state, 1)
    state.roads[0].owner = 5
    return state, "$.roads[0].owner", None, "Road owner 5 is not a seat.", []


@case("state_road_on_border")
def _road_unsorted():
    state = start()
    a, b = two_adjacent_sites()
    state.roads = [Road(areas=sorted((a, b), reverse=True), owner=0)]
    state.roads_in_supply -= 1
    return state, "$.roads[0].areas", "KOS-3.4", "A road lies on the border of two adjacent areas (sorted pair).", []


@case("state_road_per_border")
def _road_twice():
    state = start()
    _roads(state, 1)
    state.roads.append(Road(areas=list(state.roads[0].areas), owner=1))
    state.roads_in_supply -= 1
    return state, "$.roads[1].areas", "KOS-3.4", "A border holds at most one road.", []


@case("state_marker_owner")
def _marker_of_nobody():
    state = start()
    card = owned(state, 0)
    state.markers.append(Marker(area=SITE_AREAS[0], owner=5, card=card))
    return state, "$.markers[0].owner", None, "Marker owner 5 is not a seat.", []


@case("state_no_building_site")
def _marker_on_neutral():
    state = start()
    card = owned(state, 0, building_with(special=False))
    state.markers.append(Marker(area=NEUTRAL_AREAS[0], owner=0, card=card))
    return (state, "$.markers[0].area", "KOS-3.2", f"{NEUTRAL_AREAS[0]} has no building site.",
            [NEUTRAL_AREAS[0]])


@case("state_site_two_markers")
def _site_twice():
    state = start()
    marker(state, 0, SITE_AREAS[0])
    marker(state, 1, SITE_AREAS[0])
    return (state, "$.markers[1].area", "KOS-3.2", f"The site of {SITE_AREAS[0]} holds two markers.",
            [SITE_AREAS[0]])


@case("state_card_places_no_marker")
def _special_card_marker():
    state = start()
    card = owned(state, 0, building_with(special=True))
    state.markers.append(Marker(area=SITE_AREAS[0], owner=0, card=card))
    return state, "$.markers[0].card", "KOS-8.7", f"{card} is not a card that places a marker.", [card]


@case("state_building_on_two_sites")
def _building_on_two_sites():
    state = start()
    card = marker(state, 0, SITE_AREAS[0])
    state.markers.append(Marker(area=SITE_AREAS[1], owner=0, card=card))
    return (state, "$.markers[1].card", "KOS-3.2", f"Building {card} is on two sites: markers[0] and markers[1].",
            [card, "markers"])


@case("state_marker_not_built")
def _marker_unbuilt():
    state = start()
    card = next(c for c in state.building_deck if not SPECIAL_MARK[c])
    state.markers.append(Marker(area=SITE_AREAS[0], owner=0, card=card))
    return state, "$.markers[0].card", "KOS-8.7", f"Seat 0 has not built {card}.", [card]


@case("state_markers_per_seat")
def _six_markers():
    state = start()
    most = CONSTANT["building_markers_per_player"]
    for area in SITE_AREAS[:most + 1]:
        marker(state, 0, area)
    return state, f"$.markers[{most}]", "KOS-1.2", f"Seat 0 has only {most} markers.", []


@case("state_display_spaces")
def _display_short():
    state = start()
    state.building_deck.append(state.display.pop())
    return state, "$.display", "KOS-1.7", f"The display has {CONSTANT['building_display_size']} spaces.", []


@case("state_temple_levels_listed")
def _temple_level_gone():
    raw = to_builtins(start())
    del raw["temple"]["pillars"]
    return raw, "$.temple", "KOS-8.13", "The temple lists blocks for each of its levels.", []


@case("state_level_spaces")
def _foundation_over():
    state = start()
    blocks = LEVELS["foundation"]["blocks"]
    state.temple["foundation"] = blocks + 1
    return (state, "$.temple.foundation", "KOS-8.13", f"The foundation level has {blocks} spaces.",
            ["foundation"])


@case("state_level_order")
def _main_first():
    state = start()
    state.temple["main"] = 1
    return (state, "$.temple.main", "KOS-8.13", "The main level is built before the level below is complete.",
            ["main"])


@case("state_high_priest_named")
def _tokens_without_priest():
    state = start()
    state.players[1].tokens = 1
    return state, "$.high_priest", "KOS-8.18", "Someone holds temple tokens, so someone is High Priest.", []


@case("state_high_priest_seat")
def _priest_of_nobody():
    state = start()
    state.players[1].tokens = 1
    state.high_priest = 5
    return state, "$.high_priest", "KOS-8.18", "High Priest 5 is not a seat.", []


@case("state_high_priest_tokens")
def _priest_without_tokens():
    state = start()
    state.high_priest = 1
    return (state, "$.high_priest", "KOS-8.18", "The High Priest holds temple tokens, at least as many as anyone.",
            [])


@case("state_pawns_placed_in_placement")
def _unplaced_at_market():
    state = start()
    phase(state, "market")
    state.players[0].unplaced = 1
    return state, "$.players[0].unplaced", "KOS-4.2", "Pawns are placed only during Placement.", []


@case("state_no_pawn_out")
def _pawn_at_market():
    state = start()
    phase(state, "market")
    place(state, 0, f"action:{next(iter(ACTION_SPACES))}")
    return state, "$.pawns", "KOS-9.4", "No pawn is out during the market phase.", ["market"]


@case("state_pawn_owner")
def _pawn_of_nobody():
    state = start()
    place(state, 5, f"action:{next(iter(ACTION_SPACES))}")
    return state, "$.pawns[0].owner", None, "Pawn owner 5 is not a seat.", []


@case("state_not_a_space")
def _atlantis():
    state = start()
    place(state, 0, "area:atlantis")
    return state, "$.pawns[0].space", "KOS-4.1", "area:atlantis is not a space of this game.", ["area:atlantis"]


@case("state_space_holds_pawns_twice")
def _space_twice():
    state = start()
    space = f"action:{next(iter(ACTION_SPACES))}"
    place(state, 0, space)
    place(state, 1, space)
    return state, "$.pawns[1].space", "KOS-4.3", f"{space} holds pawns twice.", [space]


@case("state_bonus_not_in_play")
def _tribute_with_three():
    state = start()
    bonus = next(space["id"] for space in DATA["bonus_spaces"] if space["min_players"] > 3)
    place(state, 0, f"bonus:{bonus}", 6)
    state.players[0].unplaced = 0
    return state, "$.pawns[0].space", "KOS-4.9", f"The {bonus} is not in play.", [bonus]


@case("state_one_pawn_a_space")
def _two_pawns_on_an_area():
    state = start()
    place(state, 0, f"area:{NEUTRAL_AREAS[0]}", 2)
    state.players[0].unplaced -= 2
    return state, "$.pawns[0].count", "KOS-4.3", "Only a bonus space holds more than one pawn.", []


@case("state_card_not_owned")
def _card_not_built():
    state = start()
    card = state.building_deck[0]
    place(state, 0, f"card:{card}")
    return state, "$.pawns[0].space", "KOS-4.8", f"Seat 0 does not own {card}.", [card]


@case("state_high_priest_pawns")
def _privileged_on_neutral():
    state = start()
    place(state, 0, f"area:{NEUTRAL_AREAS[0]}", privileged=True)
    state.players[0].unplaced -= 1
    return (state, "$.pawns[0].privileged", "KOS-8.21",
            "Exactly the pawns in opponents' areas are High Priest pawns.", [])


@case("state_privilege_used")
def _privilege_not_marked():
    state = start()
    marker(state, 1, SITE_AREAS[0])
    place(state, 0, f"area:{SITE_AREAS[0]}", privileged=True)
    state.players[0].unplaced -= 1
    return state, "$.pawns[0].privileged", "KOS-8.22", "A High Priest pawn uses the privilege.", []


@case("state_pawns_per_seat")
def _too_many_pawns():
    state = start()
    state.players[0].unplaced = 9
    return (state, "$.players[0].unplaced", "KOS-1.2", f"Seat 0 has {SETUP[3]['pawns_per_player']} pawns.", [])


@case("state_nobody_on_turn")
def _on_turn_at_round_end():
    state = start()
    phase(state, "round_end")
    state.active = 0
    return state, "$.active", "KOS-2.2", "Nobody is on turn during round_end.", []


@case("state_seat_on_turn")
def _seat_seven():
    state = start()
    state.active = 7
    return state, "$.active", "KOS-2.2", "A seat is on turn during placement.", ["placement"]


@case("state_placer_can_place")
def _placer_without_pawns():
    state = start()
    state.players[0].unplaced = 0
    return state, "$.active", "KOS-4.2", "The placer on turn has a pawn and a space for it.", []


@case("state_resolver_first")
def _resolver_not_first():
    state = start()
    phase(state, "resolution", active=0)
    place(state, 1, f"action:{next(iter(ACTION_SPACES))}")
    return (state, "$.active", "KOS-2.4", "The resolver is the earliest player in turn order with pawns out.", [])


@case("state_passed_not_on_turn")
def _passed_on_turn():
    state = start()
    phase(state, "market")
    state.players[state.active].passed = True
    return state, "$.active", "KOS-7.2", "A player who passed is not on turn.", []


@case("state_round_end_waits")
def _round_end_waiting_for_nothing():
    state = start()
    phase(state, "round_end")
    return state, "$.phase", "KOS-9.1", "The end step waits only for discards or final confirmations.", []


@case("state_all_confirmed")
def _all_confirmed():
    state = start()
    phase(state, "round_end")
    state.final_round = True
    for player in state.players:
        player.confirmed = True
    return state, "$.phase", "KOS-9.2", "Every player confirmed: the game is over.", []


@case("state_final_round")
def _end_condition_met():
    state = start()
    for area in SITE_AREAS[:CONSTANT["building_markers_per_player"]]:
        marker(state, 0, area)
    return (state, "$.final_round", "KOS-10.2", "The end condition is met (KOS-10.1): this round is the final one.",
            ["KOS-10.1"])


def refusal(state: Any) -> InvalidState:
    raw = state if isinstance(state, dict) else to_builtins(state)
    with pytest.raises(InvalidState) as caught:
        R.load_state(raw)
    return caught.value


def test_every_state_phrase_has_a_case():
    """Each ``state_*`` phrase the game declares is raised below (a new check needs its case)."""
    assert state_phrases(refusals.phrases()) == set(CASES)


@pytest.mark.parametrize("phrase", sorted(CASES))
def test_each_state_refusal_reads_in_english_and_in_chinese(phrase):
    """KOS-1 to KOS-11 (the rule each case cites): the bad state is refused at its path and rule with the phrase;
    English keeps its sentence, zh-Hans reads Chinese with the same values."""
    state, path, rule, sentence, ids = CASES[phrase]()
    assert_reads_in_both(refusal(state), phrase, path, rule, sentence, ids)


def test_kos_1_7_inventory_counts_in_chinese_terms():
    """KOS-1.7: what an inventory counts is the glossary's word inside core's Chinese sentence."""
    assert "建筑卡" in chinese(refusal(CASES["state_thing_building_card"]()[0]))
    assert "财富卡" in chinese(refusal(CASES["state_thing_fortune_card"]()[0]))


# ---------------------------------------------------------------- through the service
@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING", "REDIS_URL": None}).test_client()


def test_kos_1_3_a_broken_state_posted_to_apply_is_refused_in_chinese(client):
    """KOS-1.3 over HTTP: apply with a stone cube counted twice answers 422 invalid_state in zh-Hans (and in
    English with today's sentence)."""
    state = start()
    give(state, 1, stone=1)
    action = to_builtins(R.legal_actions(state, 0)[0])
    state.players[1].cubes.add("stone", 1)
    total, expected = _in_game("stone") + 1, _in_game("stone")
    detail = assert_chinese_over_http(client, "kingdom_of_solomon", {"state": to_builtins(state), "action": action},
                                      "KOS-1.3", f"{total} stone cubes are counted between the supply, the market and "
                                      f"the players; the game has {expected}: a cube is counted twice.", ["stone"])
    assert f"{total}个stone方块" in detail and f"只有{expected}个" in detail, detail
