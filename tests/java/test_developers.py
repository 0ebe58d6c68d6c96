"""JAVA-5 (developers in and out) and JAVA-6 (moving), with JAVA-2.16 and the AP rules of JAVA-3."""

from __future__ import annotations

from rulesets.java.board import ENTRY_REGIONS, N_CENTRAL

from .scenario import EDGE, HEXES, INDEX, act, checked, dev, lay, new, no_ap_limit, palace, refused


def _edge(regions):
    from rulesets.java.board import CENTRAL, NEIGHBORS
    for i in range(N_CENTRAL):
        if EDGE[i] and ENTRY_REGIONS[i] == regions and any(CENTRAL[j] and not EDGE[j] for j in NEIGHBORS[i]):
            return HEXES[i]
    for i in range(N_CENTRAL):
        if EDGE[i] and ENTRY_REGIONS[i] == regions:
            return HEXES[i]
    raise LookupError(regions)


LOW = _edge(("lowlands",))
MOUNT = _edge(("mountains",))
BOTH = _edge(("lowlands", "mountains"))


def enter(h, **extra):
    return {"type": "enter_developer", "to": list(h), **extra}


def test_java_5_1_enter_on_an_edge_land_space_for_its_region_cost_5_2():
    """JAVA-5.1, 5.2, JAVA-3.4 (B/C): lowlands 1 AP, mountains 2 AP, from the developer supply."""
    state = new()
    for h in (LOW, MOUNT, BOTH):
        lay(state, "single_rice", [h]) if state.players[0].tiles.single_rice else lay(state, "triple", _tri(h), h)
    state = checked(state)
    no_ap_limit(state)
    after, events = act(state, enter(LOW))
    assert events[0]["cost"] == 1 and after.players[0].developer_supply == 11
    after, events = act(after, enter(MOUNT))
    assert events[0]["cost"] == 2 and after.turn.ap_spent == 3
    after, events = act(after, enter(BOTH))
    assert events[0]["cost"] == 1, "D6: a space touching both regions is entered for the cheaper"
    state.turn.ap_spent = 0
    after, events = act(state, enter(BOTH, via="mountains"))
    assert events[0]["cost"] == 2
    refused(state, enter(LOW, via="mountains"), "via_region_not_adjacent", "JAVA-5.2")


def _tri(h):
    from rulesets.java.board import FOOTPRINTS
    i = INDEX[h]
    for f in FOOTPRINTS[3]:
        if i in f.cells:
            return list(f.hexes)
    raise LookupError


def test_java_5_1_entry_refusals_in_order():
    """JAVA-5.1, JAVA-2.16: supply, entry space (not interior, not a bare outer hex), land, occupied."""
    state = new()
    refused(state, enter((1, -3)), "not_an_entry_space", "JAVA-5.1")
    refused(state, enter((99, 0)), "not_an_entry_space", "JAVA-5.1")
    outer = next(HEXES[i] for i in range(N_CENTRAL, len(HEXES)))
    refused(state, enter(outer), "not_an_entry_space", "JAVA-5.1")
    refused(state, enter(LOW), "not_a_land_space", "JAVA-5.1")
    lay(state, "single_rice", [LOW])
    dev(state, LOW, 1)
    state = checked(state)
    refused(state, enter(LOW), "space_occupied", "JAVA-2.16")
    state.players[0].developer_supply = 0
    refused(state, enter((1, -3)), "no_developer_in_supply", "JAVA-5.1")


def test_java_3_5_1_reserve_one_ap_for_the_tile_then_insufficient_ap():
    """JAVA-3.5.1, JAVA-3.2: while no tile is placed, no action may leave less than 1 AP; insufficient_ap first."""
    state = new()
    lay(state, "single_rice", [MOUNT])
    state = checked(state)
    state.turn.ap_spent = 4
    refused(state, enter(MOUNT), "must_reserve_ap_for_land_tile", "JAVA-3.5.1")
    state.turn.ap_spent = 5
    refused(state, enter(MOUNT), "insufficient_ap", "JAVA-5.2")
    state.turn.ap_spent = 4
    no_ap_limit(state)
    act(state, enter(MOUNT))


def test_java_5_3_exit_for_the_same_cost_and_5_4():
    """JAVA-5.3, 5.4: a developer on an entry space goes back to the supply; interior ones must move first."""
    state = new()
    lay(state, "double", [MOUNT, _inner(MOUNT)], MOUNT)
    dev(state, MOUNT, 0)
    dev(state, _inner(MOUNT), 0)
    state = checked(state)
    no_ap_limit(state)
    after, events = act(state, {"type": "exit_developer", "from": list(MOUNT)})
    assert events[0]["cost"] == 2 and after.players[0].developer_supply == 11
    refused(state, {"type": "exit_developer", "from": list(_inner(MOUNT))}, "not_an_entry_space", "JAVA-5.3")
    refused(state, {"type": "exit_developer", "from": list(LOW)}, "no_own_developer_there", "JAVA-5.3")
    refused(state, {"type": "exit_developer", "from": list(MOUNT), "via": "lowlands"}, "via_region_not_adjacent")


def _inner(h):
    from rulesets.java.board import CENTRAL, NEIGHBORS
    return next(HEXES[j] for j in NEIGHBORS[INDEX[h]] if CENTRAL[j] and not EDGE[j])


def move(a, b, path=None):
    out = {"type": "move_developer", "from": list(a), "to": list(b)}
    if path is not None:
        out["path"] = [list(h) for h in path]
    return out


def _row():
    """Five interior spaces in a line: (0,-5) .. (4,-5)? use r=-3, q=-2..2 (all interior land)."""
    return [(q, -3) for q in range(-2, 3)]


def test_java_6_4_cost_is_terrain_changes_not_distance_6_3_levels_free():
    """JAVA-6.1, 6.3, 6.4, 6.6, JAVA-3.4 (D/E): 0 AP within one terrain whatever the levels; 1 AP per change."""
    state = new()
    row = _row()
    lay(state, "single_rice", [row[0]])
    lay(state, "single_rice", [row[1]])
    lay(state, "single_rice", [row[1]])     # a level-2 step in the middle
    lay(state, "double", [row[2], row[3]], row[3])
    lay(state, "single_rice", [row[4]], by=1)
    dev(state, row[0], 0)
    state = checked(state)
    no_ap_limit(state)
    after, events = act(state, move(row[0], row[2]))
    assert events[0]["cost"] == 0
    after, events = act(after, move(row[2], row[4]))   # rice -> village -> rice: two changes
    assert events[0]["cost"] == 2 and after.turn.ap_spent == 2
    after, events = act(after, move(row[4], row[0]))   # and several moves a turn (6.6)
    assert events[0]["cost"] == 2


def test_java_6_2_move_blocked_by_another_developer():
    """JAVA-6.2 (board geometry: a move blocked by another developer): no passing through another
    player's developer; own developers may be passed; the destination must be free land."""
    state = new()
    row = _row()
    for h in row:
        lay(state, "single_rice", [h]) if state.players[0].tiles.single_rice else lay(state, "single_rice", [h], by=1)
    dev(state, row[0], 0)
    dev(state, row[2], 1)
    state = checked(state)
    no_ap_limit(state)
    # the only way along the row is through row[2]: blocked
    refused(state, move(row[0], row[4]), "no_path", "JAVA-6.2")
    refused(state, move(row[0], row[4], path=row), "invalid_path", "JAVA-6.2")
    refused(state, move(row[0], row[2]), "destination_occupied", "JAVA-6.2")
    state.spaces[f"{row[2][0]},{row[2][1]}"].developer = 0
    state.players[1].developer_supply += 1
    state.players[0].developer_supply -= 1
    state = checked(state)
    after, _ = act(state, move(row[0], row[4]))       # own developer passed
    assert after.spaces[f"{row[4][0]},{row[4][1]}"].developer == 0


def test_java_6_1_and_6_2_refusals_in_order_and_6_5_paths():
    """JAVA-6.1, 6.2, 6.5 / D7: own developer, not the same space, land destination, free; a path is
    charged as given."""
    state = new()
    row = _row()
    lay(state, "double", [row[0], row[1]], row[1])
    lay(state, "double", [row[2], row[3]], row[2])
    palace_hex = row[1]
    lay(state, "single_village", [(-1, -4)])
    dev(state, row[0], 0)
    palace(state, palace_hex, 2)
    state = checked(state)
    no_ap_limit(state)
    refused(state, move(row[3], row[0]), "no_own_developer_there", "JAVA-6.1")
    refused(state, move(row[0], row[0]), "same_space", "JAVA-6.1")
    refused(state, move(row[0], (5, 5)), "destination_not_land", "JAVA-6.2")
    refused(state, move(row[0], palace_hex), "destination_not_land", "JAVA-6.2")
    refused(state, move(row[0], (1, -5)), "destination_not_land", "JAVA-6.2")
    refused(state, move(row[0], row[2], path=[row[0], row[2]]), "invalid_path", "JAVA-6.2")
    refused(state, move(row[0], row[2], path=[row[0], palace_hex, row[2]]), "invalid_path", "JAVA-6.2")


def test_java_2_16_one_developer_per_space_and_only_on_land():
    """JAVA-2.16, JAVA-2.12: occupied spaces refuse; developers are in a village only on its spaces."""
    state = new()
    lay(state, "single_rice", [LOW])
    dev(state, LOW, 1)
    state = checked(state)
    no_ap_limit(state)
    refused(state, enter(LOW), "space_occupied", "JAVA-2.16")
