"""The served components document (SOL-1.2 components, SOL-1.3 board geometry): it is JSON, its
schema is a type's, and every id a state or a view holds is found in it."""

from __future__ import annotations

import random
from typing import Any, Iterator

import msgspec
import orjson
import pytest

from rulesets.core import to_builtins
from rulesets.solenia.state import SoleniaState

from .scenario import R

#: summer and winter, with and without improvements, solo: every kind of id a game can hold.
GAMES = [(2, {}, "a"), (3, {"board_side": "winter"}, "b"), (4, {"board_side": "winter", "improvements": True}, "c"),
         (1, {"board_side": "winter", "improvements": True}, "d"), (1, {"start_layout": "dusk"}, "e")]


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return orjson.loads(msgspec.json.encode(R.components_document()))


def _states(players: int, options: dict[str, Any], seed: str) -> Iterator[SoleniaState]:
    state = R.setup(players, seed, options)
    chooser = random.Random(seed)
    yield state
    while not R.status(state).game_over:
        seat = R.status(state).active_players[0]
        state, _ = R.apply(state, chooser.choice(R.legal_actions(state, seat)))
        yield state


def _held_ids(state: SoleniaState) -> dict[str, set[Any]]:
    """Every component id the state holds, by what it names."""
    held: dict[str, set[Any]] = {"card": set(), "tile": set(), "strip": set(), "face": set(), "space": set(),
                                 "winter_slot": set(), "level1": set(), "level3": set(), "color": set()}
    board = state.board
    held["card"] |= {c.card for c in board.cards}
    held["space"] |= {(c.col, c.row) for c in board.cards} | {(board.airship.col, board.airship.row)}
    held["strip"] |= {c.strip for c in board.columns}
    held["face"] |= {(c.strip, c.face) for c in board.columns}
    delivery = state.delivery
    held["tile"] |= set(delivery.day_deck + delivery.night_deck + delivery.day_display + delivery.night_display
                        + delivery.discarded)
    for player in state.players:
        held["color"].add(player.color)
        held["card"] |= set(player.hand + player.deck + player.discard)
        held["tile"] |= {t for t in player.day_slots + player.night_slots if t} | set(player.extra_tiles)
        held["winter_slot"] |= {p.id for p in player.permanent}
        held["level1"] |= {player.improvements.level1} - {None}
        held["level3"] |= {player.improvements.level3_day, player.improvements.level3_night} - {None}
    if state.draft is not None:
        held["level1"] |= set(state.draft.level1_offer)
        held["level3"] |= {half for pair in state.draft.level3_offer if pair for half in (pair.day, pair.night)}
    if state.solo is not None:
        held["color"].add(state.solo.rival_color)
        held["card"] |= set(state.solo.rival_deck + state.solo.rival_discard)
    return held


def _served_ids(document: dict[str, Any]) -> dict[str, set[Any]]:
    return {
        "card": {c["id"] for c in document["cards"]},
        "tile": {t["id"] for t in document["tiles"]},
        "strip": {s["id"] for s in document["strips"]},
        "face": {(s["id"], face) for s in document["strips"] for face in s["faces"]},
        "space": {(s["col"], s["row"]) for s in document["board"]["spaces"]},
        "winter_slot": {s["id"] for s in document["winter_slots"]},
        "level1": {t["id"] for t in document["level1_improvements"]},
        "level3": {t["id"] for t in document["level3_improvements"]},
        "color": set(document["colors"]),
    }


def test_sol_1_2_components_document_is_json_of_its_declared_type(document):
    """SOL-1.2: the document encodes to JSON, decodes back as ``Components``, and the type has a JSON Schema."""
    typed = msgspec.json.decode(msgspec.json.encode(R.components_document()), type=R.Components)
    assert typed == R.components_document()
    assert orjson.loads(orjson.dumps(to_builtins(R.components_document()))) == document
    schema = msgspec.json.schema(R.Components)
    assert schema["$ref"].endswith("SoleniaComponents")
    assert document["data_version"] is None  # a Solenia state names no component-data version


def test_sol_1_2_every_id_a_state_or_view_holds_is_served(document):
    """SOL-1.2: walking whole seeded games (summer, winter, improvements, solo), every card, tile, strip and
    face, space, slot, improvement and colour the state holds (so every one a view may show) is in the document."""
    served = _served_ids(document)
    seen: dict[str, set[Any]] = {kind: set() for kind in served}
    for players, options, seed in GAMES:
        for state in _states(players, options, seed):
            for kind, ids in _held_ids(state).items():
                seen[kind] |= ids
    for kind, ids in seen.items():
        assert ids, f"the playouts never held a {kind}: the walk misses something"
        assert ids <= served[kind], (kind, sorted(map(str, ids - served[kind])))


def test_sol_1_3_1_board_spaces_and_symmetric_neighbours(document):
    """SOL-1.3.1: 25 spaces, cols and rows 0-4; SOL-3.2: neighbours are the orthogonal spaces, both ways."""
    board = document["board"]
    spaces = {(s["col"], s["row"]): {(n["col"], n["row"]) for n in s["neighbours"]} for s in board["spaces"]}
    assert set(spaces) == {(c, r) for c in range(5) for r in range(5)}
    for (col, row), neighbours in spaces.items():
        assert neighbours == {(c, r) for c, r in spaces if abs(c - col) + abs(r - row) == 1}
        assert all((col, row) in spaces[n] for n in neighbours)
    assert (board["airship_rest"]["col"], board["airship_rest"]["row"]) == (2, 2)  # SOL-1.4 step 2


def test_sol_1_3_2_strip_faces_give_every_row_a_terrain(document):
    """SOL-1.3.2: each face of each strip names the terrain of rows 0-4: an island's resource or a city's kind."""
    for strip in document["strips"]:
        for face, spaces in strip["faces"].items():
            assert [s["row"] for s in spaces] == list(range(5)), (strip["id"], face)
            for space in spaces:
                assert (space["type"], sorted(set(space) - {"type", "row"})) in (("island", ["resource"]),
                                                                                  ("city", ["city"]))


def test_sol_1_2_printed_values_and_names(document):
    """SOL-1.2: 16 cards per colour, each with its value (0, 1 or 2) and activation; 48 tiles with cost and stars;
    names derived from what is printed ("Orange 11")."""
    cards = {c["id"]: c for c in document["cards"]}
    assert len(cards) == 16 * len(document["colors"])
    assert cards["orange-11"]["name"] == "Orange 11" and cards["orange-11"]["number"] == 11
    assert {c["value"] for c in cards.values()} == {0, 1, 2}
    assert all(c["activation"]["type"] in {"space_multiplier", "gain_resource", "vp_if_island"} for c in cards.values())
    tiles = document["tiles"]
    assert len(tiles) == 48 and {t["row"] for t in tiles} == {"day", "night"}
    assert all(t["name"].startswith(t["row"].capitalize() + " tile: ") and f"{t['vp']} stars" in t["name"]
               for t in tiles)
    kinds = {item["kind"] for part in ("cards", "tiles", "summer_slots", "winter_slots", "level1_improvements",
                                       "level3_improvements", "strips") for item in document[part]}
    assert len(kinds) == 7


def test_assumed_flags_are_served_where_they_apply(document):
    """SOL-1.2 data status: the file's assumed paths are listed, and each item carries its own flag."""
    assert "$.delivery_tiles" in document["assumed"] and "$.solo" in document["assumed"]
    flagged = {t["id"] for t in document["tiles"] if t["assumed"]}
    assert 0 < len(flagged) < len(document["tiles"])  # one night tile is sourced, the rest ASSUMED
    assert all(isinstance(item["assumed"], bool) for part in ("cards", "tiles", "summer_slots", "winter_slots",
                                                              "strips") for item in document[part])


def test_schema_names_are_unique_across_state_actions_events_and_components():
    """Every Struct the game declares has its own schema name: no two types share one (msgspec would then
    fall back to module paths, which clients must not depend on)."""
    _, components = msgspec.json.schema_components([R.State, R.Action, R.Event, R.Components])
    assert not [name for name in components if "." in name]
