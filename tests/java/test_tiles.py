"""JAVA-4 (action A, land tiles) and the board geometry it rests on (JAVA-2)."""

from __future__ import annotations

from rulesets.java.board import FOOTPRINTS, N_CENTRAL, OUTER_NEIGHBOR_PAIRS

from .scenario import (CENTRAL, EDGE, HEXES, INDEX, NEIGHBORS, R, act, checked, dev, lay, new, no_ap_limit, palace,
                       refused)

TRI = [(1, -3), (2, -3), (2, -4)]           # an interior triangle
TRI_B = [(1, -3), (2, -4), (1, -4)]         # shares two hexes with TRI


def tile(kind, hexes, village=None, **extra):
    out = {"type": "place_tile", "tile": kind, "hexes": [list(h) for h in hexes], **extra}
    if village is not None:
        out["village"] = list(village)
    return out


def test_java_4_2_triple_with_its_village_hex_and_4_11_effects():
    """JAVA-4.2, 4.3, 4.9, 4.11, JAVA-2.5, 2.6: a triple anywhere, 1 AP, level 1, supply down, obligation met."""
    state = new()
    after, events = act(state, tile("triple", TRI, (2, -3)))
    assert after.supply.triple == state.supply.triple - 1
    assert after.turn.ap_spent == 1 and after.turn.land_tile_placed
    placed = after.placed_tiles[-1]
    assert placed.level == 1 and tuple(placed.village) == (2, -3) and placed.type == "triple"
    assert events[0]["type"] == "tile_placed" and events[0]["cost"] == 1
    assert all(after.spaces[f"{q},{r}"].stack == [placed.id] for q, r in TRI)


def test_java_4_1_own_tiles_from_own_supply_and_exhausted():
    """JAVA-4.1: doubles and singles come from the player's own supply; an empty supply refuses."""
    state = new()
    after, _ = act(state, tile("single_rice", [(1, -3)]))
    assert after.players[0].tiles.single_rice == state.players[0].tiles.single_rice - 1
    assert after.players[1].tiles.single_rice == state.players[1].tiles.single_rice
    for q in range(-4, 1):
        lay(state, "single_village", [(q, 2)]) if state.players[0].tiles.single_village else None
    assert state.players[0].tiles.single_village == 0
    refused(checked(state), tile("single_village", [(2, -3)]), "tile_supply_exhausted", "JAVA-4.1")


def test_java_4_2_shapes_and_village_hex():
    """JAVA-4.2: wrong counts, a line of three, a split double; the village hex is one of the hexes."""
    state = new()
    refused(state, tile("spare", TRI, (1, -3)), "unknown_tile_type", "JAVA-4.2")
    refused(state, tile("triple", [(0, -3), (0, -2), (0, -1)], (0, -3)), "invalid_tile_shape", "JAVA-4.2")
    refused(state, tile("double", [(1, -3), (3, -3)], (1, -3)), "invalid_tile_shape", "JAVA-4.2")
    refused(state, tile("double", [(1, -3), (1, -3)], (1, -3)), "invalid_tile_shape", "JAVA-4.2")
    refused(state, tile("triple", TRI[:2], (1, -3)), "invalid_tile_shape", "JAVA-4.2")
    refused(state, tile("triple", TRI), "invalid_village_hex", "JAVA-4.2")
    refused(state, tile("double", [(1, -3), (2, -3)], (5, 5)), "invalid_village_hex", "JAVA-4.2")
    # check order: the shape before the village hex, the village hex before the map
    refused(state, tile("triple", [(0, -3), (0, -2), (0, -1)]), "invalid_tile_shape")
    refused(state, tile("double", [(30, 0), (31, 0)]), "invalid_village_hex")


def test_java_4_4_footprint_on_the_map_with_a_hex_in_central_java():
    """JAVA-4.4 / D4, JAVA-2.3: hexes beyond the outer ring do not exist; one hex at least is central."""
    state = new()
    refused(state, tile("double", [(30, 0), (31, 0)], (30, 0)), "hex_off_board", "JAVA-4.4")
    a, b = OUTER_NEIGHBOR_PAIRS[0]
    refused(state, tile("double", [a, b], a), "no_hex_in_central_java", "JAVA-4.4")
    assert all(any(CENTRAL[i] for i in f.cells) for size in (1, 2, 3) for f in FOOTPRINTS[size])
    assert all(CENTRAL[i] for f in FOOTPRINTS[1] for i in f.cells)  # a single never lies outside


def test_java_4_6_no_covering_ponds_palaces_or_developers_and_2_7():
    """JAVA-4.6, JAVA-2.7: printed ponds, irrigation tiles, palaces and developers are never covered."""
    state = new()
    refused(state, tile("single_rice", [(0, 0)]), "covers_pond", "JAVA-4.6")
    lay(state, "triple", TRI, (2, -3))
    lay(state, "double", [(1, -2), (2, -2)], (1, -2))
    palace(state, (2, -3), 2)
    dev(state, (1, -3), 1)
    state = checked(state)
    refused(state, tile("single_rice", [(2, -3)]), "covers_palace", "JAVA-4.6")
    refused(state, tile("single_rice", [(1, -3)]), "covers_developer", "JAVA-4.6")
    # check order: pond before palace before developer
    refused(state, tile("triple", [(1, -3), (2, -3), (1, -2)], (1, -2)), "covers_palace")


def test_java_4_5_flat_support():
    """JAVA-4.5: all hexes beneath at one level; partly bare, partly covered is uneven."""
    state = new()
    lay(state, "single_rice", [(1, -3)])
    refused(checked(state), tile("double", [(1, -3), (2, -3)], (2, -3)), "uneven_support", "JAVA-4.5")
    lay(state, "single_rice", [(2, -3)])
    lay(state, "single_village", [(2, -4)])
    after, _ = act(checked(state), tile("triple", TRI, (1, -3)))
    assert after.placed_tiles[-1].level == 2


def test_java_4_7_exact_cover_refused_partial_cover_allowed():
    """JAVA-4.7 (board geometry: exact cover): not exactly on one tile of the same size, whatever the
    rotation or village; over parts of two tiles, or part of a bigger tile, it is legal."""
    state = new()
    lay(state, "triple", TRI, (2, -3))
    state = checked(state)
    refused(state, tile("triple", TRI, (1, -3)), "exact_cover_same_tile", "JAVA-4.7")
    act(state, tile("double", [(1, -3), (2, -3)], (1, -3)))        # part of a bigger tile
    lay(state, "triple", [(1, -4), (0, -3), (0, -4)], (0, -3))    # two triples side by side
    state2 = new()
    lay(state2, "double", [(1, -3), (2, -3)], (1, -3))
    lay(state2, "single_rice", [(2, -4)])
    act(checked(state2), tile("triple", TRI, (2, -4)))             # over two tiles
    refused(checked(state2), tile("double", [(1, -3), (2, -3)], (2, -3)), "exact_cover_same_tile")
    refused(checked(state2), tile("single_village", [(2, -4)]), "exact_cover_same_tile")


def test_java_4_10_overhang_costs_one_more_per_bare_outer_hex_and_2_8():
    """JAVA-4.10, JAVA-4.9 (board geometry: overhang): at level 0 each hex on the bare outer ring costs
    +1 AP; stacking onto an overhanging tile costs nothing extra; the overhang is land (JAVA-2.8)."""
    state = new()
    edge, outer_a, outer_b = _edge_triangle()
    after, events = act(state, tile("triple", [edge, outer_a, outer_b], edge))
    assert events[0]["cost"] == 3 and after.turn.ap_spent == 3
    state = new()
    lay(state, "double", [edge, outer_a], edge)
    state = checked(state)
    after, events = act(state, tile("single_rice", [edge]))
    assert events[0]["cost"] == 1
    state2 = new()
    lay(state2, "triple", [edge, outer_a, outer_b], edge)
    after, events = act(checked(state2), tile("double", [edge, outer_a], outer_a))
    assert events[0]["cost"] == 1, "stacking onto an overhang is not overhanging"
    # and a developer may enter on the overhang space (JAVA-2.8, D5)
    no_ap_limit(after)
    after, events = act(after, {"type": "enter_developer", "to": list(outer_a)})
    assert events[0]["type"] == "developer_entered"


def test_java_4_9_insufficient_ap_for_an_overhang():
    """JAVA-4.9/4.10: the cost with its overhang must be affordable (insufficient_ap comes last)."""
    state = new()
    state.turn.ap_spent = 5
    edge, outer_a, outer_b = _edge_triangle()
    refused(state, tile("double", [edge, outer_a], edge), "insufficient_ap", "JAVA-4.10")
    act(state, tile("single_rice", [edge]))


def test_java_4_8_a_village_may_join_a_city_but_never_two_cities():
    """JAVA-4.8, JAVA-2.9, 2.10, 2.11 (board geometry: city merge): a village hex joining a village to a
    city grows the city; one that would join two palaces is refused; rice splitting a city is fine."""
    state = new()
    lay(state, "double", [(0, -3), (1, -3)], (1, -3))      # city A around (1,-3)
    lay(state, "single_village", [(1, -4)])
    palace(state, (1, -4), 2)
    lay(state, "double", [(3, -3), (3, -4)], (3, -3))      # city B around (3,-3)
    lay(state, "single_village", [(4, -4)], by=1)
    palace(state, (4, -4), 2)
    state = checked(state)
    # (2,-3) touches (1,-3) of A and (3,-3) of B
    refused(state, tile("single_village", [(2, -3)]), "joins_two_cities", "JAVA-4.8")
    refused(state, tile("double", [(2, -3), (2, -2)], (2, -3)), "joins_two_cities", "JAVA-4.8")
    act(state, tile("single_rice", [(2, -3)]))
    # a village hex joining city A and a separate village: the city grows
    lay(state, "double", [(0, -1), (1, -1)], (0, -1), by=1)
    state = checked(state)
    after, _ = act(state, tile("double", [(0, -2), (-1, -2)], (0, -2)))
    from rulesets.java.land import Land
    land = Land(after)
    city = land.city_of_palace(0)
    assert INDEX[(0, -1)] in city and INDEX[(0, -2)] in city and INDEX[(1, -3)] in city
    assert after.palaces[0].values == [2]  # its value does not change


def test_java_2_11_covering_with_rice_splits_a_city():
    """JAVA-2.11 / D16: rice over a city's village space splits it; the part without the palace is a village."""
    state = new()
    lay(state, "double", [(1, -4), (0, -4)], (1, -4))
    lay(state, "double", [(1, -3), (0, -3)], (1, -3))
    lay(state, "single_village", [(2, -3)], by=1)
    palace(state, (1, -4), 2)
    state = checked(state)
    from rulesets.java.land import Land
    assert INDEX[(2, -3)] in Land(state).city_of_palace(0)
    after, _ = act(state, tile("single_rice", [(1, -3)]))
    land = Land(after)
    assert INDEX[(2, -3)] not in land.city_of_palace(0)
    assert not land.palaces_in(land.group_of(INDEX[(2, -3)]))


def _edge_triangle():
    """An edge space with two adjacent outer-ring hexes forming a triangle."""
    for f in FOOTPRINTS[3]:
        central = [i for i in f.cells if CENTRAL[i]]
        if len(central) == 1 and EDGE[central[0]]:
            outer = [HEXES[i] for i in f.cells if not CENTRAL[i]]
            return HEXES[central[0]], outer[0], outer[1]
    raise LookupError


def test_java_2_1_to_2_4_board_counts_from_the_data():
    """JAVA-2.1, 2.2, 2.3, 2.4: 150 land + 3 printed ponds, the outer ring, edge spaces touch it."""
    land = [i for i in range(N_CENTRAL) if not _pond(i)]
    assert len(land) == 150 and sum(_pond(i) for i in range(N_CENTRAL)) == 3
    assert all(_pond(INDEX[h]) for h in [(0, 0), (-3, -3), (-3, 3)])
    assert sum(EDGE) == 55
    for i in range(N_CENTRAL):
        assert EDGE[i] == any(not CENTRAL[j] for j in NEIGHBORS[i])
    assert len(HEXES) - N_CENTRAL == 61
    assert R.metadata(True)["notes"]["assumed"]


def _pond(i):
    from rulesets.java.board import PRINTED_POND
    return PRINTED_POND[i]


def test_java_4_2_a_village_named_with_a_single_tile_is_ignored():
    """JAVA-4.2 (spec 3.3 place_tile): for singles the village field is ignored; a single village's hex
    is its village, a single rice tile has none."""
    state = new()
    after, _ = act(state, tile("single_village", [(1, -3)], (5, 5)))
    assert tuple(after.placed_tiles[-1].village) == (1, -3)
    after, _ = act(state, tile("single_rice", [(1, -3)], (1, -3)))
    assert after.placed_tiles[-1].village is None
