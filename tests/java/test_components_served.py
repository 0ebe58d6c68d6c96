"""The served components document (issue 18): typed, JSON-clean, and naming every id a state can hold."""

from __future__ import annotations

import random
from typing import Any, Iterator

import msgspec
import orjson
import pytest

from rulesets.java.state import JavaState

from .playouts import FESTIVAL_TYPES, TURN_TYPES, _choose, _weighted_order
from .scenario import R

DOC = R.components_document()


def _walk(players: int, seed: str, steps: int) -> Iterator[JavaState]:
    """Every state of a seeded game, from setup on (stops at ``steps`` or the end)."""
    rng = random.Random(seed)
    state = R.setup(players, seed)
    yield state
    for _ in range(steps):
        status = R.status(state)
        if status.game_over:
            return
        seat = status.active_players[0]
        menu: list[Any] = []
        for kind in _weighted_order(rng, FESTIVAL_TYPES if state.phase == "festival" else TURN_TYPES):
            menu = R.legal_actions(state, seat, types={kind})
            if menu:
                break
        state, _ = R.apply(state, _choose(rng, state, menu))
        yield state


def _ids_held(state: JavaState) -> dict[str, set[str]]:
    """Every component id the state names, by what it is (spec 3.0's state model)."""
    cards = {*state.cards.deck, *state.cards.discard, *(c for p in state.players for c in p.hand)}
    if state.cards.face_up is not None:
        cards.add(state.cards.face_up)
    hexes = [h for t in state.placed_tiles for h in t.hexes] + list(state.irrigation_tiles)
    hexes += [p.hex for p in state.palaces] + [h for area in state.scored_irrigation_areas for h in area]
    hexes += list(state.turn.palaces_changed)
    palaces = set(state.supply.palaces) | set(state.options.festival_handshake)
    palaces |= {str(v) for p in state.palaces for v in p.values}
    symbols: set[str] = set()
    if state.festival is not None:
        cards |= {c for bid in state.festival.bids for c in bid.cards}
        hexes.append(state.festival.palace)
        palaces.add(str(state.festival.value))
        symbols |= set(state.festival.symbols)
    return {
        "cards": cards,
        "spaces": set(state.spaces) | {f"{q},{r}" for q, r in hexes},
        "land_tiles": {t.type for t in state.placed_tiles} | {"triple"}
                      | {f.name for f in msgspec.structs.fields(state.players[0].tiles)},
        "palace_tiles": palaces,
        "symbols": symbols,
    }


def test_java_14_1_the_document_is_json_and_decodes_as_its_type():
    """JAVA-14.1: the document encodes to plain JSON and decodes back, unchanged, as ``R.Components``."""
    raw = msgspec.json.encode(DOC)
    assert orjson.loads(raw)["data_version"] == R.setup(2, "doc").board
    assert msgspec.json.decode(raw, type=R.Components) == DOC
    assert msgspec.json.schema(R.Components)["$ref"].endswith("JavaComponents")


def test_java_2_1_the_map_holds_the_specs_counts_and_its_neighbours_are_symmetric():
    """JAVA-2.1 to 2.4: 150 land and 3 printed irrigation spaces in central Java, edge spaces touch the
    outer ring, and a space is its neighbours' neighbour."""
    spaces = {s.id: s for s in DOC.board.spaces}
    central = [s for s in spaces.values() if s.central]
    assert sum(s.kind == "land" for s in central) == 150 and sum(s.kind == "pond" for s in central) == 3
    assert all(s.kind in ("mountains", "lowlands") for s in spaces.values() if not s.central)
    assert len(spaces) == len(DOC.board.spaces), "an id is listed twice"
    for space in spaces.values():
        assert space.id == f"{space.q},{space.r}"
        for other in space.neighbors:
            assert space.id in spaces[other].neighbors, (space.id, other)
        offsets = {(spaces[n].q - space.q, spaces[n].r - space.r) for n in space.neighbors}
        assert offsets <= set(map(tuple, DOC.board.neighbor_offsets))
        touches_outer = any(not spaces[n].central for n in space.neighbors)
        assert space.edge == (space.central and touches_outer), space.id
    assert DOC.board.assumed, "spec 5.7: the map is ASSUMED"


def test_java_1_3_the_counts_and_printed_values_are_the_specs():
    """JAVA-1.3, 1.4, 5.3, 5.4: tile and palace counts, the 30 cards and their symbols, palace points (7.2)."""
    assert {t.id: (t.count, t.per_player) for t in DOC.land_tiles} == {
        "triple": (56, 0), "double": (20, 5), "single_rice": (12, 3), "single_village": (8, 2)}
    assert {p.value: (p.count, p.points) for p in DOC.palace_tiles} == {
        2: (6, 1), 4: (7, 2), 6: (8, 3), 8: (9, 4), 10: (10, 5)}
    cards = {c.id: c for c in DOC.festival_cards}
    assert len(cards) == 30 and cards["F03"].symbols == ["mask"] and cards["F22"].name == "Mask + Puppet"
    assert all(c.assumed for c in cards.values()), "spec 5.4: the symbol names are [D]"
    assert [p.handshake_assumed for p in DOC.palace_tiles] == [True] * 5, "D2: the handshake table is UNVERIFIED"
    assert {p.id: p.per_player for p in DOC.pieces} == {"irrigation_tile": 0, "developer": 12, "action_token": 3}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_java_14_1_every_id_a_state_or_view_holds_is_in_the_document(players):
    """JAVA-14.1: cards in hands, deck, display and bids, spaces, tiles, palaces and symbols of every state
    of a seeded game (and of each seat's view) are found in the served document."""
    served = {
        "cards": {c.id for c in DOC.festival_cards},
        "spaces": {s.id for s in DOC.board.spaces},
        "land_tiles": {t.id for t in DOC.land_tiles},
        "palace_tiles": {p.id for p in DOC.palace_tiles},
        "symbols": set(DOC.festival_symbols),
    }
    seen: dict[str, set[str]] = {kind: set() for kind in served}
    for n, state in enumerate(_walk(players, f"served-{players}", 400)):
        assert state.board == DOC.data_version
        for kind, ids in _ids_held(state).items():
            seen[kind] |= ids
        if n % 50 == 0:
            for viewer in [None, *range(players)]:
                view = R.view(state, viewer)
                assert set(view["spaces"]) <= served["spaces"]
                hands = {c for p in view["players"] for c in p.get("hand", [])}
                assert hands <= served["cards"] and (view["cards"]["face_up"] in served["cards"] | {None})
    for kind, ids in seen.items():
        assert ids <= served[kind], (kind, sorted(ids - served[kind])[:5])
    assert len(seen["spaces"]) > 20 and len(seen["cards"]) == 30, "the walk reached the board and the deck"
