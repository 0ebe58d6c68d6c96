"""Bad states are refused with InvalidState and the JSON path at fault (spec 3.0, JAVA-2.5, 2.16, 7.1)."""

from __future__ import annotations

import copy

from rulesets.core import to_builtins

from .playouts import Figures, quick_playout
from .scenario import GAME, R, checked, dev, lay, new, palace

_MID: dict = {}


def midgame(players=3):
    """A real mid-game state with tiles, developers and palaces (from a seeded playout)."""
    if players not in _MID:
        state = quick_playout(players, 11, Figures(), stop_after=140)
        _MID[players] = to_builtins(state)
    return copy.deepcopy(_MID[players])


def refused(raw, path, code="invalid_state"):
    """``load_state`` refuses ``raw`` with ``code`` at ``path`` (the kit's state_refused)."""
    return GAME.state_refused(raw, path, code)


def small():
    state = new()
    lay(state, "triple", [(1, -3), (2, -3), (2, -4)], (2, -3))
    lay(state, "single_rice", [(1, -3)])
    lay(state, "single_village", [(0, -3)])
    lay(state, "single_village", [(0, -2)])
    palace(state, (0, -3), 2)
    dev(state, (2, -4), 1)
    return to_builtins(checked(state))


def test_java_14_1_a_state_the_game_produced_loads_unchanged():
    """JAVA-14.1: states round-trip through load_state."""
    raw = midgame()
    assert to_builtins(R.load_state(raw)) == raw
    assert to_builtins(R.load_state(small())) == small()


def test_java_2_16_a_developer_on_a_pond():
    """JAVA-2.16, 2.7: a developer on a printed irrigation space is refused at that space."""
    raw = small()
    raw["spaces"]["0,0"] = {"stack": [], "developer": 0}
    raw["players"][0]["developer_supply"] -= 1
    refused(raw, "$.spaces['0,0'].developer")


def test_java_7_1_a_palace_on_a_rice_field():
    """JAVA-7.1: a palace stands on a village space; on rice it is refused at its hex."""
    raw = small()
    raw["palaces"][0]["hex"] = [1, -3]
    error = refused(raw, "$.palaces[0].hex")
    assert "rice" in error.detail


def test_java_2_5_a_stack_with_a_gap():
    """JAVA-2.5: a tile's level is its place in the stack; a stack skipping a level is refused."""
    raw = small()
    raw["spaces"]["1,-3"]["stack"] = raw["spaces"]["1,-3"]["stack"][1:]
    refused(raw, "$.spaces['1,-3'].stack[0]")


def test_java_2_5_a_tile_counted_twice():
    """JAVA-2.5, JAVA-4.11: a tile id twice in a stack, or two placed tiles with one id, is refused."""
    raw = small()
    stack = raw["spaces"]["2,-3"]["stack"]
    raw["spaces"]["2,-3"]["stack"] = stack + stack
    refused(raw, "$.spaces['2,-3'].stack[1]")
    raw = small()
    raw["placed_tiles"].append(copy.deepcopy(raw["placed_tiles"][1]))
    refused(raw, "$.placed_tiles[4].id")


def test_java_1_5_cards_duplicated_or_missing():
    """JAVA-1.5: every festival card is in exactly one place."""
    raw = midgame()
    card = raw["players"][0]["hand"][0] if raw["players"][0]["hand"] else raw["cards"]["deck"][0]
    raw["cards"]["discard"].append(card)
    refused(raw, f"$.cards.discard[{len(raw['cards']['discard']) - 1}]")
    raw = midgame()
    raw["cards"]["deck"].pop()
    refused(raw, "$.cards")


def test_java_1_4_counts_add_up_to_the_components():
    """JAVA-1.3, 1.4: developers, own tiles, triples, irrigation and palace tiles add up."""
    raw = small()
    raw["players"][1]["developer_supply"] = 12
    refused(raw, "$.players[1].developer_supply")
    raw = small()
    raw["players"][0]["tiles"]["single_rice"] = 3
    refused(raw, "$.players[0].tiles.single_rice")
    raw = small()
    raw["supply"]["triple"] = 56
    refused(raw, "$.supply.triple")
    raw = small()
    raw["supply"]["palaces"]["2"] = 6
    refused(raw, "$.supply.palaces['2']")


def test_java_4_4_tiles_off_the_map_or_misshapen():
    """JAVA-4.2, 4.4: a placed tile's hexes are on the map and of its shape."""
    raw = small()
    raw["placed_tiles"][0]["hexes"][0] = [40, 40]
    refused(raw, "$.placed_tiles[0].hexes")
    raw = small()
    raw["placed_tiles"][0]["village"] = [5, 5]
    refused(raw, "$.placed_tiles[0].village")


def test_java_10_1_phase_and_festival_agree():
    """JAVA-10.1, JAVA-3.1, JAVA-11.1: the phase, the turn and the final round agree with the rest."""
    raw = small()
    raw["phase"] = "festival"
    refused(raw, "$.festival")
    raw = small()
    raw["turn"]["active"] = 2
    refused(raw, "$.turn.active")
    raw = small()
    raw["final_round"] = {"trigger_player": 0, "remaining": [1]}
    refused(raw, "$.final_round")
    raw = small()
    raw["spaces"]["5,5"] = {"stack": [1]}
    refused(raw, "$.spaces['5,5']")
