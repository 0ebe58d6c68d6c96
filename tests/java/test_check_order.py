"""JAVA-14.3: when two checks fail at once, the one the spec lists first is reported."""

from __future__ import annotations

from rulesets.testing import Row, assert_check_order

from .scenario import R, act, checked, dev, lay, new, palace, refused


def board():
    state = new()
    lay(state, "triple", [(1, -3), (2, -3), (2, -4)], (2, -3))
    lay(state, "single_village", [(1, -4)])
    lay(state, "single_village", [(0, -3)])
    palace(state, (1, -4), 2)
    dev(state, (2, -4), 1)
    return checked(state)


PAIRS = [
    # (action, code reported, the later check that also fails)
    ({"type": "place_tile", "tile": "triple", "hexes": [[1, -3], [2, -3], [2, -4]]}, "invalid_village_hex",
     "exact cover"),
    ({"type": "place_tile", "tile": "double", "hexes": [[0, 0], [1, 0]], "village": [1, 0]}, "covers_pond",
     "uneven support"),
    ({"type": "place_tile", "tile": "double", "hexes": [[1, -4], [2, -4]], "village": [1, -4]}, "covers_palace",
     "covers a developer"),
    ({"type": "place_tile", "tile": "double", "hexes": [[2, -4], [3, -4]], "village": [3, -4]}, "covers_developer",
     "uneven support"),
    ({"type": "enter_developer", "to": [1, -3]}, "not_an_entry_space", "must reserve AP / not land"),
    ({"type": "exit_developer", "from": [2, -4]}, "no_own_developer_there", "not an entry space"),
    ({"type": "move_developer", "from": [2, -4], "to": [2, -4]}, "no_own_developer_there", "same space"),
    ({"type": "build_palace", "hex": [5, 5], "value": 3}, "invalid_palace_value", "not a village space"),
    ({"type": "build_palace", "hex": [0, -3], "value": 2}, "already_a_city", "not highest ranked"),
    ({"type": "extend_palace", "palace": [0, -3], "value": 7}, "invalid_palace_value", "no palace there"),
    ({"type": "place_irrigation", "hex": [40, 40]}, "irrigation_outside_central_java", "space not empty"),
    ({"type": "take_festival_card", "source": "pile"}, "invalid_card_source", "-"),
    ({"type": "declare_festival", "palace": [5, 5], "cards": []}, "land_tile_required", "no palace, empty bid"),
    ({"type": "festival_bid", "player": 3, "cards": []}, "unknown_player", "wrong phase"),
]


def test_java_14_3_the_first_failing_check_is_reported():
    """JAVA-14.3: the spec's order decides which refusal is reported (every row of the table, each on a fresh
    board, seat 0 acting unless the action names a player)."""
    assert_check_order(R, [Row(board, {"player": 0, **action}, code, label=f"{code}, not {also}")
                           for action, code, also in PAIRS])


def test_java_3_5_1_the_two_ap_checks_come_last_insufficient_first():
    """JAVA-3.5.1, JAVA-14.3: insufficient_ap before must_reserve; both after the action's own checks."""
    state = board()
    state.turn.ap_spent = 6
    refused(state, {"type": "place_irrigation", "hex": [1, -3]}, "space_not_empty")
    refused(state, {"type": "place_irrigation", "hex": [-1, 2]}, "insufficient_ap", "JAVA-8.1")
    state.turn.ap_spent = 5
    refused(state, {"type": "place_irrigation", "hex": [-1, 2]}, "must_reserve_ap_for_land_tile", "JAVA-3.5.1")
    after, _ = act(state, {"type": "place_tile", "tile": "single_rice", "hexes": [[-1, 2]]})
    assert after.turn.ap_spent == 6
