"""Issue 25: a Java rules refusal that compares amounts or positions says what the move needed and what the
seat has (``explain``). Expected values come from the spec's rules and the components' data (the board map,
the costs, the supplies), not from the code under test; hexes are ``[q, r]`` as the actions send them."""

from __future__ import annotations

import json
from pathlib import Path

from .scenario import act, checked, dev, give_cards, lay, new, no_ap_limit, palace, pond, refused
from .test_developers import BOTH, LOW, MOUNT, enter, move
from .test_festival import CITY, DRUM, MASK, MASK_DRUM, PUPPET, bid, city, declare
from .test_palaces_irrigation import VILLAGE, build, irrigate, village_of_three
from .test_tiles import TRI, tile

DATA = json.loads((Path(__file__).parents[2] / "rulesets/java/java.components.json").read_text())
BOARD = DATA["board"]
OFFSETS = [tuple(o) for o in BOARD["coordinates"]["neighbors"]]
CENTRAL = {(h["q"], h["r"]): h for h in BOARD["central_hexes"]}
OUTER = {(h["q"], h["r"]): h for h in BOARD["outer_hexes"]}
PONDS = sorted(h for h, spec in CENTRAL.items() if spec["kind"] == "pond")
COSTS = DATA["action_costs"]
PALACE_VALUES = DATA["palace_tiles"]["values"]
ROW = [(q, -3) for q in range(-2, 3)]    # five interior land spaces in a line (JAVA-2.4)


def around(h):
    """The six hexes next to ``h`` (JAVA-2.2's offsets), on the map or not."""
    return [(h[0] + dq, h[1] + dr) for dq, dr in OFFSETS]


def pairs(hexes):
    return sorted([q, r] for q, r in hexes)


def as_list(h):
    return [h[0], h[1]]


def test_layout_the_rows_and_hexes_used_here_are_what_the_map_says():
    """JAVA-2.2 to 2.4: the positions these tests build on, read from the map (interior land, edge spaces)."""
    assert all(CENTRAL[h]["kind"] == "land" and not CENTRAL[h]["edge"] for h in ROW + TRI + CITY)
    assert CENTRAL[LOW]["border_regions"] == ["lowlands"] and CENTRAL[MOUNT]["border_regions"] == ["mountains"]


# ---------------------------------------------------------------- action points and the turn (JAVA-3)
def test_java_5_2_insufficient_ap_the_mountains_cost_and_the_ap_left():
    """JAVA-5.2, JAVA-3.2: entering via the mountains costs its AP; the seat has 1 AP left of 6."""
    state = new()
    lay(state, "single_rice", [MOUNT])
    state = checked(state)
    no_ap_limit(state)
    state.turn.ap_spent = DATA["action_points"]["per_turn"] - 1
    error = refused(state, enter(MOUNT), "insufficient_ap", "JAVA-5.2")
    assert error.explain == {"needed": {"ap": COSTS["enter_developer"]["via_mountains"]}, "have": {"ap": 1}}


def test_java_3_5_1_must_reserve_ap_the_cost_plus_the_tiles_ap():
    """JAVA-3.5.1: with no tile placed yet an action must leave 1 AP: entering via the mountains with 2 AP
    left needs 2 + 1."""
    state = new()
    lay(state, "single_rice", [MOUNT])
    state = checked(state)
    cost = COSTS["enter_developer"]["via_mountains"]
    state.turn.ap_spent = DATA["action_points"]["per_turn"] - cost
    error = refused(state, enter(MOUNT), "must_reserve_ap_for_land_tile", "JAVA-3.5.1")
    assert error.explain == {"needed": {"ap": cost + 1}, "have": {"ap": cost}, "reserved": {"ap": 1}}


def test_java_3_3_no_action_token_left():
    """JAVA-3.3: a token is spent from the seat's own three; none is left."""
    state = new()
    state.players[0].action_tokens = 0
    error = refused(checked(state), {"type": "use_action_token"}, "no_action_token", "JAVA-3.3")
    assert error.explain == {"needed": {"action_tokens": 1}, "have": {"action_tokens": 0}}


def test_java_3_3_one_action_token_per_turn():
    """JAVA-3.3: once per turn at most (max_action_tokens_per_turn)."""
    state, _ = act(new(), {"type": "use_action_token"})
    error = refused(state, {"type": "use_action_token"}, "action_token_already_used", "JAVA-3.3")
    limit = DATA["action_points"]["max_action_tokens_per_turn"]
    assert error.explain == {"limit": {"action_tokens": limit}, "have": {"action_tokens": limit}}


def test_java_3_5_land_tile_required_before_the_turn_ends():
    """JAVA-3.5: at least one land tile a turn; none placed yet."""
    error = refused(new(), {"type": "end_turn"}, "land_tile_required", "JAVA-3.5")
    assert error.explain == {"needed": {"land_tiles": 1}, "have": {"land_tiles": 0}}


# ---------------------------------------------------------------- land tiles (JAVA-4)
def test_java_4_1_tile_supply_exhausted_names_the_type():
    """JAVA-4.1: a player's 2 single villages, both laid: none of that type is left."""
    state = new()
    for h in [(q, 2) for q in range(DATA["land_tiles"]["single_village"]["per_player"])]:
        lay(state, "single_village", [h])
    error = refused(checked(state), tile("single_village", [(2, -3)]), "tile_supply_exhausted", "JAVA-4.1")
    assert error.explain == {"needed": {"single_village": 1}, "have": {"single_village": 0}}


def test_java_4_2_invalid_tile_shape_too_few_hexes():
    """JAVA-4.2: a triple covers 3 hexes; two are offered."""
    error = refused(new(), tile("triple", TRI[:2], TRI[0]), "invalid_tile_shape", "JAVA-4.2")
    assert error.explain == {"needed": {"hexes": DATA["land_tiles"]["triple"]["hexes"]}, "offered": {"hexes": 2}}


def test_java_4_2_invalid_tile_shape_a_hex_named_twice():
    """JAVA-4.2: a double covers 2 different hexes; one hex named twice is one hex."""
    error = refused(new(), tile("double", [(1, -3), (1, -3)], (1, -3)), "invalid_tile_shape", "JAVA-4.2")
    assert error.explain == {"needed": {"hexes": DATA["land_tiles"]["double"]["hexes"]}, "offered": {"hexes": 1}}


def test_java_4_2_invalid_tile_shape_hexes_not_adjacent():
    """JAVA-4.2, 2.2: a double's two hexes are neighbours; (3,-3) is not among (1,-3)'s six."""
    error = refused(new(), tile("double", [(1, -3), (3, -3)], (1, -3)), "invalid_tile_shape", "JAVA-4.2")
    assert error.explain == {"space": [3, -3], "adjacent_to": pairs(around((1, -3)))}


def test_java_4_2_invalid_village_hex_missing_or_elsewhere():
    """JAVA-4.2: the village hex is one of the tile's hexes."""
    error = refused(new(), tile("triple", TRI), "invalid_village_hex", "JAVA-4.2")
    assert error.explain == {"space": None, "one_of": [as_list(h) for h in TRI]}
    error = refused(new(), tile("double", [(1, -3), (2, -3)], (5, 5)), "invalid_village_hex", "JAVA-4.2")
    assert error.explain == {"space": [5, 5], "one_of": [[1, -3], [2, -3]]}


def test_java_4_4_hex_off_board_names_the_hexes_beyond_the_outer_ring():
    """JAVA-4.4, 2.3: hexes neither central nor on the outer ring do not exist."""
    far = [(30, 0), (31, 0)]
    assert not any(h in CENTRAL or h in OUTER for h in far)
    error = refused(new(), tile("double", far, far[0]), "hex_off_board", "JAVA-4.4")
    assert error.explain == {"off_board": pairs(far)}


def test_java_4_4_no_hex_in_central_java():
    """JAVA-4.4: at least one hex lies in central Java; a double on two outer-ring neighbours has none."""
    a = next(h for h in sorted(OUTER) if any(n in OUTER for n in around(h)))
    b = next(n for n in around(a) if n in OUTER)
    error = refused(new(), tile("double", [a, b], a), "no_hex_in_central_java", "JAVA-4.4")
    assert error.explain == {"needed": {"central_hexes": 1}, "offered": {"central_hexes": 0}}


def test_java_4_6_covers_pond_names_the_irrigation_space():
    """JAVA-4.6, 2.7: a printed irrigation space is never covered."""
    error = refused(new(), tile("single_rice", [PONDS[0]]), "covers_pond", "JAVA-4.6")
    assert error.explain == {"space": as_list(PONDS[0]), "holds": "irrigation"}


def _covered_board():
    state = new()
    lay(state, "triple", TRI, (2, -3))
    palace(state, (2, -3), 2)
    dev(state, (1, -3), 1)
    return checked(state)


def test_java_4_6_covers_palace_names_the_palace_space():
    """JAVA-4.6: a palace is never covered."""
    error = refused(_covered_board(), tile("single_rice", [(2, -3)]), "covers_palace", "JAVA-4.6")
    assert error.explain == {"space": [2, -3], "holds": "palace"}


def test_java_4_6_covers_developer_names_whose_developer():
    """JAVA-4.6, 2.16: a developer is never covered; seat 1's stands there."""
    error = refused(_covered_board(), tile("single_rice", [(1, -3)]), "covers_developer", "JAVA-4.6")
    assert error.explain == {"space": [1, -3], "holds": "developer", "held_by": 1}


def test_java_4_5_uneven_support_gives_each_hexs_level():
    """JAVA-4.5, 2.5: a double over one tiled hex (level 1) and one bare hex (level 0)."""
    state = new()
    lay(state, "single_rice", [(1, -3)])
    error = refused(checked(state), tile("double", [(1, -3), (2, -3)], (2, -3)), "uneven_support", "JAVA-4.5")
    assert error.explain == {"spaces": [[1, -3], [2, -3]], "levels": [1, 0]}


def test_java_4_7_exact_cover_names_the_covered_tile():
    """JAVA-4.7: a triple exactly on the first placed triple (tile 1, three hexes)."""
    state = new()
    first = lay(state, "triple", TRI, TRI[0])
    error = refused(checked(state), tile("triple", TRI, TRI[1]), "exact_cover_same_tile", "JAVA-4.7")
    assert error.explain == {"covers_tile": first, "size": {"hexes": 3}}


def test_java_4_8_joins_two_cities_names_both_palaces():
    """JAVA-4.8, 2.10: a village hex between two two-space cities would join them."""
    state = new(3)
    for h, seat in [(ROW[0], 1), (ROW[1], 1), (ROW[3], 2), (ROW[4], 2)]:
        lay(state, "single_village", [h], by=seat)
    palace(state, ROW[0], 2)
    palace(state, ROW[4], 2)
    error = refused(checked(state), tile("single_village", [ROW[2]]), "joins_two_cities", "JAVA-4.8")
    assert error.explain == {"space": as_list(ROW[2]), "palaces": [as_list(ROW[0]), as_list(ROW[4])]}


# ---------------------------------------------------------------- developers (JAVA-5, 6, 2.16)
def test_java_5_1_no_developer_in_supply():
    """JAVA-5.1, 1.4: all twelve developers are out of the supply."""
    state = new()
    lay(state, "single_rice", [LOW])
    state = checked(state)
    state.players[0].developer_supply = 0
    error = refused(state, enter(LOW), "no_developer_in_supply", "JAVA-5.1")
    assert error.explain == {"needed": {"developers": 1}, "have": {"developers": 0}}


def test_java_5_1_not_an_entry_space_says_where_the_space_lies():
    """JAVA-5.1, 2.4, 2.8: an interior space, a bare outer-ring hex and a hex off the map are no entry spaces."""
    state = new()
    outer = sorted(OUTER)[0]
    cases = [((1, -3), "interior"), (outer, "outer_ring"), ((99, 0), "off_board")]
    for h, where in cases:
        error = refused(state, enter(h), "not_an_entry_space", "JAVA-5.1")
        assert error.explain == {"space": as_list(h), "lies_in": where, "level": 0}, h


def test_java_5_3_not_an_entry_space_to_leave_from():
    """JAVA-5.3: a developer leaves from an entry space; (1,-3) is interior, on a level-1 tile."""
    state = new()
    lay(state, "single_rice", [(1, -3)])
    dev(state, (1, -3), 0)
    error = refused(checked(state), {"type": "exit_developer", "from": [1, -3]}, "not_an_entry_space", "JAVA-5.3")
    assert error.explain == {"space": [1, -3], "lies_in": "interior", "level": 1}


def test_java_5_1_not_a_land_space_names_its_terrain():
    """JAVA-5.1, 2.6: an edge space with no tile is bare board."""
    error = refused(new(), enter(LOW), "not_a_land_space", "JAVA-5.1")
    assert error.explain == {"space": as_list(LOW), "terrain": "bare_board"}


def test_java_2_16_space_occupied_names_whose_developer():
    """JAVA-2.16: seat 1's developer stands on the entry space."""
    state = new()
    lay(state, "single_rice", [LOW])
    dev(state, LOW, 1)
    error = refused(checked(state), enter(LOW), "space_occupied", "JAVA-2.16")
    assert error.explain == {"space": as_list(LOW), "held_by": 1}


def test_java_5_2_via_region_not_adjacent_lists_the_regions_the_space_touches():
    """JAVA-5.2 / D5: a space is entered from the outer regions it touches (border_regions)."""
    state = new()
    lay(state, "single_rice", [LOW])
    lay(state, "single_rice", [BOTH])
    state = checked(state)
    no_ap_limit(state)
    error = refused(state, enter(LOW, via="mountains"), "via_region_not_adjacent", "JAVA-5.2")
    assert error.explain == {"space": as_list(LOW), "adjacent_to": CENTRAL[LOW]["border_regions"]}
    error = refused(state, enter(BOTH, via="sea"), "via_region_not_adjacent", "JAVA-5.2")
    assert error.explain == {"space": as_list(BOTH), "adjacent_to": sorted(CENTRAL[BOTH]["border_regions"])}


def test_java_5_3_and_6_1_no_own_developer_there_names_who_stands_there():
    """JAVA-5.3, 6.1: nobody's developer, or another seat's."""
    state = new()
    lay(state, "single_rice", [LOW])
    lay(state, "single_rice", [(1, -3)])
    dev(state, (1, -3), 1)
    state = checked(state)
    error = refused(state, {"type": "exit_developer", "from": list(LOW)}, "no_own_developer_there", "JAVA-5.3")
    assert error.explain == {"space": as_list(LOW), "held_by": None}
    error = refused(state, move((1, -3), LOW), "no_own_developer_there", "JAVA-6.1")
    assert error.explain == {"space": [1, -3], "held_by": 1}


def _row_board(blocker: bool = False):
    """Rice on ROW, seat 0's developer on its first space (and seat 1's on its middle one)."""
    state = new()
    for n, h in enumerate(ROW):
        lay(state, "single_rice", [h], by=0 if n < 3 else 1)
    dev(state, ROW[0], 0)
    if blocker:
        dev(state, ROW[2], 1)
    state = checked(state)
    no_ap_limit(state)
    return state


def test_java_6_1_same_space():
    """JAVA-6.1: a move ends on another space."""
    error = refused(_row_board(), move(ROW[0], ROW[0]), "same_space", "JAVA-6.1")
    assert error.explain == {"from": as_list(ROW[0]), "to": as_list(ROW[0])}


def test_java_6_2_destination_not_land_names_what_is_there():
    """JAVA-6.2, 2.6, 2.7: off the map, a printed pond, bare board."""
    state = _row_board()
    bare = (1, -5)
    assert CENTRAL[bare]["kind"] == "land"
    for h, what in [((99, 0), "off_board"), (PONDS[0], "irrigation"), (bare, "bare_board")]:
        error = refused(state, move(ROW[0], h), "destination_not_land", "JAVA-6.2")
        assert error.explain == {"space": as_list(h), "terrain": what}, h


def test_java_6_2_destination_not_land_a_palace():
    """JAVA-6.2, 2.6: a palace space is no land space."""
    state = new()
    lay(state, "double", [ROW[0], ROW[1]], ROW[1])
    dev(state, ROW[0], 0)
    palace(state, ROW[1], 2)
    error = refused(checked(state), move(ROW[0], ROW[1]), "destination_not_land", "JAVA-6.2")
    assert error.explain == {"space": as_list(ROW[1]), "terrain": "palace"}


def test_java_6_2_destination_occupied_names_whose_developer():
    """JAVA-6.2: the destination holds seat 1's developer."""
    error = refused(_row_board(blocker=True), move(ROW[0], ROW[2]), "destination_occupied", "JAVA-6.2")
    assert error.explain == {"space": as_list(ROW[2]), "held_by": 1}


def test_java_6_2_no_path_lists_the_spaces_within_reach():
    """JAVA-6.2: seat 1's developer on the middle of the row blocks the only way; ROW[1] alone is reachable."""
    error = refused(_row_board(blocker=True), move(ROW[0], ROW[4]), "no_path", "JAVA-6.2")
    assert error.explain == {"from": as_list(ROW[0]), "to": as_list(ROW[4]), "reachable": [as_list(ROW[1])]}


def test_java_6_5_invalid_path_names_the_step_at_fault():
    """JAVA-6.5, 6.2: a supplied path runs from 'from' to 'to' over adjacent land spaces, past no other
    player's developer."""
    state = _row_board(blocker=True)
    error = refused(state, move(ROW[0], ROW[4], path=ROW), "invalid_path", "JAVA-6.2")
    assert error.explain == {"space": as_list(ROW[2]), "held_by": 1}
    error = refused(state, move(ROW[0], ROW[1], path=[ROW[0], ROW[1], ROW[1]]), "invalid_path", "JAVA-6.2")
    assert error.explain == {"space": as_list(ROW[1]), "adjacent_to": pairs(n for n in around(ROW[1])
                                                                         if n in CENTRAL or n in OUTER)}
    error = refused(state, move(ROW[0], ROW[1], path=[ROW[1], ROW[0]]), "invalid_path", "JAVA-6.2")
    assert error.explain == {"needed": {"from": as_list(ROW[0]), "to": as_list(ROW[1])},
                             "offered": {"from": as_list(ROW[1]), "to": as_list(ROW[0])}}
    error = refused(state, move(ROW[0], ROW[1], path=[ROW[0], (99, 0), ROW[1]]), "invalid_path", "JAVA-6.2")
    assert error.explain == {"space": [99, 0], "terrain": "off_board"}
    bare = (ROW[0][0], ROW[0][1] + 1)          # next to ROW[0] and ROW[1], no tile on it
    assert bare in around(ROW[0]) and bare in around(ROW[1]) and CENTRAL[bare]["kind"] == "land"
    error = refused(state, move(ROW[0], ROW[1], path=[ROW[0], bare, ROW[1]]), "invalid_path", "JAVA-6.2")
    assert error.explain == {"space": as_list(bare), "terrain": "bare_board"}


# ---------------------------------------------------------------- palaces (JAVA-7, 2.10)
def test_java_7_1_invalid_palace_value_lists_the_values():
    """JAVA-7.1.4: palace values are 2, 4, 6, 8, 10."""
    state = village_of_three(new(), at=[(VILLAGE[0], 0)])
    error = refused(state, build(VILLAGE[1], 3), "invalid_palace_value", "JAVA-7.1")
    assert error.explain == {"offered": {"value": 3}, "values": PALACE_VALUES}


def test_java_7_1_not_a_village_space_names_its_terrain():
    """JAVA-7.1.1, 2.6: (1,-4) is rice; a printed pond is irrigation."""
    state = village_of_three(new(), at=[(VILLAGE[0], 0)])
    error = refused(state, build((1, -4), 2), "not_a_village_space", "JAVA-7.1")
    assert error.explain == {"space": [1, -4], "terrain": "rice"}
    error = refused(state, build(PONDS[0], 2), "not_a_village_space", "JAVA-7.1")
    assert error.explain == {"space": as_list(PONDS[0]), "terrain": "irrigation"}


def test_java_2_10_already_a_city_names_its_palace():
    """JAVA-2.10, 7.1.1: the village space belongs to the city of the palace on VILLAGE[1]."""
    state = village_of_three(new(), at=[(VILLAGE[0], 0)])
    palace(state, VILLAGE[1], 2)
    error = refused(checked(state), build(VILLAGE[2], 2), "already_a_city", "JAVA-2.10")
    assert error.explain == {"space": as_list(VILLAGE[2]), "palace": as_list(VILLAGE[1])}


def test_java_7_1_space_occupied_names_whose_developer():
    """JAVA-7.1.1: the palace space holds no developer; seat 1's stands there."""
    state = village_of_three(new(), at=[(VILLAGE[0], 0), (VILLAGE[2], 1)])
    error = refused(state, build(VILLAGE[2], 2), "space_occupied", "JAVA-7.1")
    assert error.explain == {"space": as_list(VILLAGE[2]), "held_by": 1}


def test_java_7_1_village_too_small():
    """JAVA-7.1.2: a village of at least 2 spaces; a lone single village has 1."""
    state = new()
    lay(state, "single_village", [(-3, 5)], by=1)
    error = refused(checked(state), build((-3, 5), 2), "village_too_small", "JAVA-7.1")
    assert error.explain == {"needed": {"spaces": 2}, "have": {"spaces": 1}}


def test_java_7_1_not_highest_ranked_gives_each_seats_levels():
    """JAVA-7.1.3, 2.13, 2.14: seats 0 and 1 each have one developer at level 1 in the village: a tie,
    nobody sole highest."""
    state = village_of_three(new(), at=[(VILLAGE[0], 0), (VILLAGE[2], 1)])
    error = refused(state, build(VILLAGE[1], 2), "not_highest_ranked", "JAVA-7.1")
    assert error.explain == {"levels": {"0": [1], "1": [1]}, "sole_highest": None}


def test_java_7_4_not_highest_ranked_in_the_city():
    """JAVA-7.4.1, 2.13: seat 1 alone stands in the city (level 1); seat 0 may not enlarge."""
    state = city(players=2, value=2, devs=(None, (2, -4)))
    error = refused(state, {"type": "extend_palace", "palace": list(CITY[0]), "value": 4}, "not_highest_ranked",
                    "JAVA-7.4")
    assert error.explain == {"levels": {"1": [1]}, "sole_highest": 1}


def test_java_7_1_palace_value_exceeds_the_village_size():
    """JAVA-7.1.4: V <= the village's size (3)."""
    state = village_of_three(new(), at=[(VILLAGE[0], 0)])
    error = refused(state, build(VILLAGE[1], 4), "palace_value_exceeds_size", "JAVA-7.1")
    assert error.explain == {"limit": {"value": 3}, "offered": {"value": 4}}


def test_java_7_4_palace_value_exceeds_the_city_size():
    """JAVA-7.4.2: V <= the city's size, palace space included (4)."""
    state = city(players=2, value=2, devs=((2, -3), None))
    error = refused(state, {"type": "extend_palace", "palace": list(CITY[0]), "value": 6},
                    "palace_value_exceeds_size", "JAVA-7.4")
    assert error.explain == {"limit": {"value": len(CITY)}, "offered": {"value": 6}}


def test_java_7_8_palace_tile_unavailable():
    """JAVA-7.8: the value's palace tiles are used up."""
    state = village_of_three(new(), at=[(VILLAGE[0], 0)])
    no_ap_limit(state)
    state.supply.palaces["2"] = 0
    error = refused(state, build(VILLAGE[1], 2), "palace_tile_unavailable", "JAVA-7.8")
    assert error.explain == {"needed": {"palace_tiles": 1}, "have": {"palace_tiles": 0}, "value": 2}


def test_java_7_4_and_10_2_no_palace_there_lists_the_palaces():
    """JAVA-7.4, 10.2: no palace on (2,-3); the one palace is on CITY[0]."""
    state = city(players=2, value=2, devs=((2, -3), None), hands={0: [MASK[0]]})
    error = refused(state, {"type": "extend_palace", "palace": [2, -3], "value": 4}, "no_palace_there", "JAVA-7.4")
    assert error.explain == {"space": [2, -3], "palaces": [as_list(CITY[0])]}
    error = refused(state, declare([MASK[0]], (2, -3)), "no_palace_there", "JAVA-10.2")
    assert error.explain == {"space": [2, -3], "palaces": [as_list(CITY[0])]}


def test_java_7_6_palace_already_changed_this_turn():
    """JAVA-7.6: each palace changes at most once per turn."""
    state = city(players=2, value=2, devs=((2, -3), None))
    state, _ = act(state, {"type": "extend_palace", "palace": list(CITY[0]), "value": 4})
    error = refused(state, {"type": "extend_palace", "palace": list(CITY[0]), "value": 6},
                    "palace_already_changed_this_turn", "JAVA-7.6")
    assert error.explain == {"space": as_list(CITY[0]), "limit": {"changes": 1}, "have": {"changes": 1}}


def test_java_7_4_palace_value_not_higher():
    """JAVA-7.4.2: V above the palace's value (4)."""
    state = city(players=2, value=4, devs=((2, -3), None))
    error = refused(state, {"type": "extend_palace", "palace": list(CITY[0]), "value": 4},
                    "palace_value_not_higher", "JAVA-7.4")
    assert error.explain == {"have": {"value": 4}, "offered": {"value": 4}}


# ---------------------------------------------------------------- irrigation (JAVA-8.1)
def test_java_8_1_irrigation_supply_exhausted():
    """JAVA-8.1, 1.3: the 16 irrigation tiles are all on the board."""
    state = new()
    interior = [h for h, spec in sorted(CENTRAL.items()) if spec["kind"] == "land" and not spec["edge"]]
    for h in interior[:DATA["irrigation_tiles"]["count"]]:
        pond(state, h)
    state = checked(state)
    error = refused(state, irrigate(interior[-1]), "irrigation_supply_exhausted", "JAVA-8.1")
    assert error.explain == {"needed": {"irrigation_tiles": 1}, "have": {"irrigation_tiles": 0}}


def test_java_8_1_irrigation_outside_central_java():
    """JAVA-8.1, 2.3: an outer-ring hex, a hex off the map."""
    outer = sorted(OUTER)[0]
    for h, where in [(outer, "outer_ring"), ((40, 0), "off_board")]:
        error = refused(new(), irrigate(h), "irrigation_outside_central_java", "JAVA-8.1")
        assert error.explain == {"space": as_list(h), "lies_in": where}, h


def test_java_8_1_irrigation_on_edge_names_the_outer_neighbours():
    """JAVA-8.1, 2.4: an edge space touches the outer ring."""
    edge = next(h for h, spec in sorted(CENTRAL.items()) if spec["edge"])
    error = refused(new(), irrigate(edge), "irrigation_on_edge", "JAVA-8.1")
    assert error.explain == {"space": as_list(edge), "lies_in": "edge",
                             "adjacent_to": pairs(n for n in around(edge) if n in OUTER)}


def test_java_8_1_space_not_empty_names_what_is_there():
    """JAVA-8.1: a printed pond (level 0) and a rice tile (level 1)."""
    state = new()
    lay(state, "single_rice", [(2, -3)])
    state = checked(state)
    error = refused(state, irrigate(PONDS[0]), "space_not_empty", "JAVA-8.1")
    assert error.explain == {"space": as_list(PONDS[0]), "terrain": "irrigation", "level": 0}
    error = refused(state, irrigate((2, -3)), "space_not_empty", "JAVA-8.1")
    assert error.explain == {"space": [2, -3], "terrain": "rice", "level": 1}


# ---------------------------------------------------------------- festival cards (JAVA-9)
def no_cards_to_draw(state):
    """JAVA-9.4: every card in seat 1's hand (the deck and the face-up card too): the face-up slot stays empty."""
    give_cards(state, 1, list(state.cards.deck))
    state.players[1].hand.append(state.cards.face_up)
    state.cards.face_up = None


def test_java_9_1_card_limit_reached():
    """JAVA-9.1: at most 2 cards per turn; two taken."""
    state = new()
    no_ap_limit(state)
    state, _ = act(state, {"type": "take_festival_card", "source": "face_up"})
    state, _ = act(state, {"type": "take_festival_card", "source": "deck"})
    limit = COSTS["take_festival_card"]["max_per_turn"]
    error = refused(state, {"type": "take_festival_card", "source": "deck"}, "card_limit_reached", "JAVA-9.1")
    assert error.explain == {"limit": {"cards": limit}, "have": {"cards": 2}}


def test_java_9_4_no_face_up_card_to_take():
    """JAVA-9.4: deck and discard were empty, the face-up slot stayed empty."""
    state = new()
    no_cards_to_draw(state)
    error = refused(checked(state), {"type": "take_festival_card", "source": "face_up"}, "no_face_up_card", "JAVA-9.4")
    assert error.explain == {"needed": {"face_up_cards": 1}, "have": {"face_up_cards": 0}}


def test_java_9_4_no_cards_left_in_deck_or_discard():
    """JAVA-9.4: every card not face up is in a hand: deck and discard pile are empty (their sizes are public)."""
    state = new()
    give_cards(state, 1, list(state.cards.deck))
    error = refused(checked(state), {"type": "take_festival_card", "source": "deck"}, "no_cards_left", "JAVA-9.4")
    assert error.explain == {"needed": {"cards": 1}, "have": {"deck": 0, "discard": 0}}


# ---------------------------------------------------------------- the festival (JAVA-10)
def test_java_10_2_no_developer_in_city_lists_the_citys_spaces():
    """JAVA-10.2.1: the organizer needs a developer in the palace's city (its four spaces)."""
    state = city(devs=(None, (2, -4)), hands={0: [MASK[0]]})
    error = refused(state, declare([MASK[0]]), "no_developer_in_city", "JAVA-10.2")
    assert error.explain == {"needed": {"developers": 1}, "have": {"developers": 0}, "city": pairs(CITY)}


def test_java_10_2_no_face_up_card_to_name_the_festival():
    """JAVA-10.2.3: a face-up card names the festival's symbols; there is none."""
    state = city(hands={0: [MASK[0]]})
    no_cards_to_draw(state)
    error = refused(checked(state), declare([MASK[0]]), "no_face_up_card", "JAVA-10.2")
    assert error.explain == {"needed": {"face_up_cards": 1}, "have": {"face_up_cards": 0}}


def test_java_10_5_and_10_9_empty_bid():
    """JAVA-10.5: the organizer plays at least one card; JAVA-10.9: a bid plays at least one."""
    state = city(hands={0: [MASK[0]], 1: [MASK[2]]})
    error = refused(state, declare([]), "empty_bid", "JAVA-10.5")
    assert error.explain == {"needed": {"cards": 1}, "offered": {"cards": 0}}
    state, _ = act(state, declare([MASK[0]]))
    error = refused(state, bid(1, []), "empty_bid", "JAVA-10.9")
    assert error.explain == {"needed": {"cards": 1}, "offered": {"cards": 0}}


def test_java_10_5_card_not_in_hand_names_the_cards_and_the_own_hand():
    """JAVA-10.5: only cards in one's hand, each once; the seat's own hand is its to know."""
    hand = [MASK[0], PUPPET[0]]
    state = city(hands={0: hand})
    error = refused(state, declare([MASK[1], MASK[0], MASK[0]]), "card_not_in_hand", "JAVA-10.5")
    assert error.explain == {"not_in_hand": [MASK[1]], "repeated": [MASK[0]], "hand": sorted(hand)}


def test_java_10_4_card_does_not_match_names_the_festival_symbols():
    """JAVA-10.4, 10.3: a card of value 0 (no festival symbol) at a mask festival, then at a mask+drum one."""
    error = refused(city(hands={0: [PUPPET[0]]}), declare([PUPPET[0]]), "card_does_not_match", "JAVA-10.4")
    assert error.explain == {"not_matching": [PUPPET[0]], "symbols": ["mask"]}
    state = city(hands={0: [PUPPET[0], DRUM[0]]}, face_up=MASK_DRUM[4])
    error = refused(state, declare([DRUM[0], PUPPET[0]]), "card_does_not_match", "JAVA-10.4")
    assert error.explain == {"not_matching": [PUPPET[0]], "symbols": ["drum", "mask"]}


def test_java_10_7_bid_too_low_the_highest_bid_and_the_offer():
    """JAVA-10.7, 10.4: the organizer bid 2 (a mask+drum card at a mask+drum festival); a mask card is 1."""
    state = city(hands={0: [MASK_DRUM[0]], 1: [MASK[0], DRUM[0]]}, face_up=MASK_DRUM[4])
    state, _ = act(state, declare([MASK_DRUM[0]]))
    error = refused(state, bid(1, [MASK[0]]), "bid_too_low", "JAVA-10.7")
    assert error.explain == {"needed": {"bid": 2}, "offered": {"bid": 1}}


def _raising(join_with: list[str]):
    """Two seats at a mask festival: the organizer bid 1, seat 1 joined with ``join_with``; seat 0 to act."""
    state = city(players=2, devs=((2, -3), (2, -4)), hands={0: [MASK[0], MASK[1]], 1: [MASK[2], MASK[3]]})
    state, _ = act(state, declare([MASK[0]]))
    state, _ = act(state, bid(1, join_with))
    assert state.festival.stage == "raising" and state.festival.to_act == 0
    return state


def test_java_10_9_no_tie_to_propose_with_a_bid_nobody_else_has():
    """JAVA-10.9: a tie is proposed level with another's bid; raising to 2 over seat 1's 1 is not."""
    error = refused(_raising([MASK[2]]), bid(0, [MASK[1]], tie=True), "no_tie_to_propose", "JAVA-10.9")
    assert error.explain == {"offered": {"bid": 2}, "other_bids": [1]}


def test_java_10_9_no_tie_to_propose_when_not_level():
    """JAVA-10.9: seat 0's 1 is not level with seat 1's 2."""
    error = refused(_raising([MASK[2], MASK[3]]), {"type": "festival_propose_tie", "player": 0}, "no_tie_to_propose",
                    "JAVA-10.9")
    assert error.explain == {"have": {"bid": 1}, "other_bids": [2]}


def _tie_vote():
    """Three seats tied at 1 at a mask festival; the organizer proposed the tie; seat 1 answers first."""
    hands = {0: [MASK[0], MASK[1]], 1: [MASK[2], MASK[3]], 2: [MASK_DRUM[0]]}
    state = city(value=8, hands=hands)
    state, _ = act(state, declare([MASK[0]]))
    state, _ = act(state, bid(1, [MASK[2]]))
    state, _ = act(state, bid(2, [MASK_DRUM[0]]))
    state, _ = act(state, {"type": "festival_propose_tie", "player": 0})
    return state


def test_java_10_10_cards_with_acceptance():
    """JAVA-10.10: accepting a tie plays no cards; one is offered."""
    error = refused(_tie_vote(), {"type": "festival_tie_response", "player": 1, "accept": True, "cards": [MASK[3]]},
                    "cards_with_acceptance", "JAVA-10.10")
    assert error.explain == {"needed": {"cards": 0}, "offered": {"cards": 1}}


def test_java_10_10_cannot_refuse_tie_the_most_the_hand_reaches():
    """JAVA-10.10 / D9: a refusal takes the bid above the tie (2); seat 0's bid is 2 and no drum card is left."""
    hands = {0: [MASK_DRUM[1], DRUM[0]], 1: [MASK_DRUM[2], DRUM[1], DRUM[2]], 2: [DRUM[3]]}
    state = city(hands=hands, face_up=DRUM[4])
    state, _ = act(state, declare([DRUM[0]]))
    state, _ = act(state, bid(1, [DRUM[1]]))
    state, _ = act(state, bid(2, [DRUM[3]]))
    state, _ = act(state, bid(0, [MASK_DRUM[1]]))
    state, _ = act(state, bid(1, [DRUM[2]], tie=True))
    error = refused(state, {"type": "festival_tie_response", "player": 0, "accept": False, "cards": []},
                    "cannot_refuse_tie", "JAVA-10.10")
    assert error.explain == {"needed": {"bid": 3}, "have": {"bid": 2}}


def test_java_10_10_must_raise_when_refusing_above_the_tie():
    """JAVA-10.10: refusing a tie at 1 with no card offered leaves the bid at 1; it must reach 2."""
    state = city(players=2, devs=((2, -3), (2, -4)), hands={0: [DRUM[0], MASK_DRUM[1]], 1: [DRUM[1], DRUM[2]]},
                 face_up=MASK_DRUM[4])
    state, _ = act(state, declare([DRUM[0]]))
    state, _ = act(state, bid(1, [DRUM[1]]))
    state, _ = act(state, {"type": "festival_propose_tie", "player": 0})
    error = refused(state, {"type": "festival_tie_response", "player": 1, "accept": False, "cards": []},
                    "must_raise_when_refusing", "JAVA-10.10")
    assert error.explain == {"needed": {"bid": 2}, "offered": {"bid": 1}}

