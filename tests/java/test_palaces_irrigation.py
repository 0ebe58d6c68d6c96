"""JAVA-7 (palaces), JAVA-8 (irrigation) and the ranking of JAVA-2.13 to 2.15."""

from __future__ import annotations

from rulesets.java.land import places, sole_highest

from .scenario import INDEX, NEIGHBORS, HEXES, act, checked, dev, lay, new, no_ap_limit, palace, pond, refused

VILLAGE = [(1, -3), (2, -3), (2, -4)]


def village_of_three(state, **devs):
    """A 3-space village on level 1 (three single villages and one double's village)."""
    lay(state, "single_village", [VILLAGE[0]])
    lay(state, "single_village", [VILLAGE[1]])
    lay(state, "double", [VILLAGE[2], (2, -5)], VILLAGE[2])
    lay(state, "single_rice", [(1, -4)])
    for h, seat in devs.get("at", []):
        dev(state, h, seat)
    return checked(state)


def build(h, value):
    return {"type": "build_palace", "hex": list(h), "value": value}


def test_java_2_13_ranking_lists_and_2_14_sole_highest_and_2_15_places():
    """JAVA-2.13, 2.14, 2.15 / D11: lists compared element by element, longer wins on a shared prefix."""
    assert sole_highest({0: [3, 1], 1: [3]}) == 0
    assert sole_highest({0: [3], 1: [2, 2, 2]}) == 0
    assert sole_highest({0: [2, 1], 1: [2, 1]}) is None
    assert sole_highest({}) is None
    assert places({0: [3], 1: [3], 2: [2], 3: [1]}) == ([0, 1], [2])
    assert places({0: [2]}) == ([0], [])


def test_java_7_1_build_palace_by_the_sole_highest_7_2_scores_half():
    """JAVA-7.1, 7.2, 7.3, JAVA-2.9, 2.12: on a free village space, value <= size, half the value scored."""
    state = village_of_three(new(), at=[(VILLAGE[0], 0)])
    no_ap_limit(state)
    after, events = act(state, build(VILLAGE[1], 2))
    assert after.players[0].score == 1 and after.palaces[0].values == [2] and after.palaces[0].front_up
    assert after.supply.palaces["2"] == state.supply.palaces["2"] - 1 and after.turn.ap_spent == 1
    assert {e["type"] for e in events} == {"palace_built", "score"}
    refused(state, build(VILLAGE[1], 4), "palace_value_exceeds_size", "JAVA-7.1")


def test_java_7_1_refusals_in_order():
    """JAVA-7.1, 7.8, JAVA-2.10: value, village space, city, occupied, size, highest, size, supply."""
    state = village_of_three(new(), at=[(VILLAGE[0], 0), (VILLAGE[2], 1)])
    no_ap_limit(state)
    refused(state, build(VILLAGE[1], 3), "invalid_palace_value", "JAVA-7.1")
    refused(state, build((1, -4), 2), "not_a_village_space", "JAVA-7.1")
    refused(state, build((0, 0), 2), "not_a_village_space", "JAVA-7.1")
    refused(state, build(VILLAGE[0], 2), "space_occupied", "JAVA-7.1")
    refused(state, build(VILLAGE[1], 2), "not_highest_ranked", "JAVA-7.1")   # a full tie
    lay(state, "single_village", [(-3, 5)], by=1)
    refused(checked(state), build((-3, 5), 2), "village_too_small", "JAVA-7.1")
    state2 = village_of_three(new(), at=[(VILLAGE[0], 0)])
    no_ap_limit(state2)
    state2.supply.palaces["2"] = 0
    refused(state2, build(VILLAGE[1], 2), "palace_tile_unavailable", "JAVA-7.8")
    state3 = village_of_three(new(), at=[(VILLAGE[0], 0)])
    palace(state3, VILLAGE[1], 2)
    refused(checked(state3), build(VILLAGE[2], 2), "already_a_city", "JAVA-2.10")
    # check order: the value is checked before the space
    refused(state3, build((1, -4), 5), "invalid_palace_value")


def test_java_7_4_extend_palace_7_5_scores_half_the_new_value_7_6_once_a_turn():
    """JAVA-7.4, 7.5, 7.6, 7.7: a higher value up to the city size, half the new value, front up again;
    each palace changes once a turn; the old tiles stay underneath."""
    state = new()
    hexes = [(1, -3), (2, -3), (2, -4), (1, -4)]
    for h in hexes:
        lay(state, "single_village", [h]) if state.players[0].tiles.single_village else lay(
            state, "single_village", [h], by=1)
    palace(state, (1, -3), 2, front_up=False)
    dev(state, (2, -3), 0)
    state = checked(state)
    no_ap_limit(state)
    extend = {"type": "extend_palace", "palace": [1, -3], "value": 4}
    after, _ = act(state, extend)
    assert after.palaces[0].values == [2, 4] and after.palaces[0].front_up and after.players[0].score == 2
    refused(after, {**extend, "value": 6}, "palace_already_changed_this_turn", "JAVA-7.6")
    refused(state, {**extend, "value": 2}, "palace_value_not_higher", "JAVA-7.4")
    refused(state, {**extend, "value": 6}, "palace_value_exceeds_size", "JAVA-7.4")
    refused(state, {**extend, "value": 5}, "invalid_palace_value", "JAVA-7.4")
    refused(state, {**extend, "palace": [2, -3]}, "no_palace_there", "JAVA-7.4")
    refused(state, {**extend, "player": 1}, "not_your_turn", "JAVA-3.1")
    state.supply.palaces["4"] = 0
    refused(state, extend, "palace_tile_unavailable", "JAVA-7.8")


def test_java_7_6_no_enlarging_a_palace_built_this_turn():
    """JAVA-7.6: a palace built this turn is not enlarged in the same turn."""
    state = village_of_three(new(), at=[(VILLAGE[0], 0)])
    lay(state, "single_village", [(1, -2)], by=1)
    lay(state, "single_village", [(3, -4)], by=1)
    state = checked(state)
    no_ap_limit(state)
    after, _ = act(state, build(VILLAGE[1], 2))
    refused(after, {"type": "extend_palace", "palace": list(VILLAGE[1]), "value": 4},
            "palace_already_changed_this_turn", "JAVA-7.6")


def test_java_7_4_not_highest_in_the_city():
    """JAVA-7.4: only the sole highest player in the city enlarges."""
    state = new()
    for h in [(1, -3), (2, -3)]:
        lay(state, "single_village", [h])
    lay(state, "single_village", [(2, -4)], by=1)
    palace(state, (1, -3), 2)
    dev(state, (2, -3), 1)
    state = checked(state)
    no_ap_limit(state)
    refused(state, {"type": "extend_palace", "palace": [1, -3], "value": 2}, "not_highest_ranked", "JAVA-7.4")


def irrigate(h):
    return {"type": "place_irrigation", "hex": list(h)}


def test_java_8_1_irrigation_on_bare_interior_spaces_only():
    """JAVA-8.1, 8.2: bare interior central spaces; refusals in the spec's order."""
    state = new()
    no_ap_limit(state)
    after, events = act(state, irrigate((1, -3)))
    assert after.supply.irrigation == 15 and events[0]["type"] == "irrigation_placed"
    refused(state, irrigate((40, 0)), "irrigation_outside_central_java", "JAVA-8.1")
    outer = HEXES[-1]
    refused(state, irrigate(outer), "irrigation_outside_central_java", "JAVA-8.1")
    refused(state, irrigate((-7, -1)), "irrigation_on_edge", "JAVA-8.1")
    refused(state, irrigate((0, 0)), "space_not_empty", "JAVA-8.1")
    lay(state, "single_rice", [(2, -3)])
    refused(checked(state), irrigate((2, -3)), "space_not_empty", "JAVA-8.1")
    state.supply.irrigation = 0
    refused(state, irrigate((1, -3)), "irrigation_supply_exhausted", "JAVA-8.1")


def _almost_enclosed(devs):
    """The area printed (0,0) + an irrigation tile at (1,0), every rim space covered but the last."""
    state = new()
    pond(state, (1, 0))
    area = {(0, 0), (1, 0)}
    rim = sorted({HEXES[j] for h in area for j in NEIGHBORS[INDEX[h]]} - area)
    for h in rim[:-1]:
        seat = 0 if state.players[0].tiles.single_rice else 1
        if state.players[seat].tiles.single_rice:
            lay(state, "single_rice", [h], by=seat)
        else:
            lay(state, "triple", [h, *_two_beyond(h, rim, area, state)], h)
    for n, seat in devs:
        dev(state, rim[n], seat)
    state = checked(state)
    last = rim[-1]
    closing = {"type": "place_tile", "tile": "triple", "village": list(last),
               "hexes": [list(h) for h in sorted([last, *_two_beyond(last, rim, area, state)])]}
    return state, closing, area


def test_java_8_4_a_pond_enclosed_by_a_placement_scores_the_sole_highest_even_inactive():
    """JAVA-8.3, 8.4, 8.5 (board geometry: a pond enclosed by a placement): the tile covering the last
    bare neighbour encloses the area; the sole highest adjacent developer's owner scores 3 per pond space,
    though he is not the active player; the printed pond counts."""
    state, closing, area = _almost_enclosed([(0, 1)])
    after, events = act(state, closing)
    scored = [e for e in events if e["type"] == "irrigation_scored"]
    assert scored == [{"type": "irrigation_scored", "area": sorted(area), "player": 1, "points": 6}]
    assert after.players[1].score == 6 and after.players[0].score == 0
    assert [sorted(map(tuple, a)) for a in after.scored_irrigation_areas] == [sorted(area)]


def test_java_8_4_nobody_sole_highest_nobody_scores_ever():
    """JAVA-8.4 / D14: a tie among the adjacent developers scores nothing, and the area never scores later."""
    state, closing, area = _almost_enclosed([(0, 1), (1, 0)])
    after, events = act(state, closing)
    scored = [e for e in events if e["type"] == "irrigation_scored"]
    assert len(scored) == 1 and scored[0]["player"] is None and scored[0]["points"] == 0
    assert not after.scored_irrigation_areas and all(p.score == 0 for p in after.players)


def _two_beyond(h, rim, area, state):
    """Two hexes that make a level-0 triangle with ``h`` away from the area and the rim's covered hexes."""
    from rulesets.java.board import FOOTPRINTS
    from rulesets.java.land import Land
    land = Land(state)
    i = INDEX[h]
    for f in FOOTPRINTS[3]:
        if i in f.cells and all(HEXES[c] not in area for c in f.cells) and all(
                land.level[c] == 0 and not land.pond[c] for c in f.cells):
            others = [HEXES[c] for c in f.cells if c != i]
            if all(o not in rim for o in others):
                return others
    raise LookupError(h)


def test_java_8_4_irrigation_tile_into_a_hole_encloses_and_scores():
    """JAVA-8.4: an irrigation tile placed into a hole whose neighbours are all covered scores at once."""
    state = new()
    hole = (1, -3)
    rim = [HEXES[j] for j in NEIGHBORS[INDEX[hole]]]
    for h in rim:
        seat = 0 if state.players[0].tiles.single_rice else 1
        if state.players[seat].tiles.single_rice:
            lay(state, "single_rice", [h], by=seat)
        else:
            lay(state, "single_village", [h], by=0 if state.players[0].tiles.single_village else 1)
    dev(state, rim[0], 0)
    state = checked(state)
    no_ap_limit(state)
    after, events = act(state, irrigate(hole))
    assert [e["points"] for e in events if e["type"] == "irrigation_scored"] == [3]
    assert after.players[0].score == 3
