"""The served components document (``GET /v1/games/kingdom_of_solomon/components``): typed, JSON-clean, and
naming every id a state or a view can hold."""

from __future__ import annotations

import json
from typing import Any, Iterator

import msgspec
import orjson

from rulesets.kingdom_of_solomon.components import FILE

from .playouts import play
from .scenario import R

SEEDS = [(2, "served-2", {}), (3, "served-3", {"variant_all_bonus": True}), (4, "served-4", {})]


def _doc() -> dict[str, Any]:
    return orjson.loads(msgspec.json.encode(R.components_document()))


def test_the_document_is_typed_and_converts_cleanly_to_json():
    """The document is an instance of the ruleset's Components type, survives a JSON round trip unchanged, and
    its type has a JSON Schema (for the OpenAPI document)."""
    document = R.components_document()
    assert isinstance(document, R.Components)
    raw = msgspec.json.encode(document)
    assert msgspec.json.decode(raw, type=R.Components) == document
    assert json.loads(raw) == orjson.loads(raw) == msgspec.to_builtins(document)
    assert msgspec.json.schema(R.Components)["$ref"].endswith("KosComponents")
    assert _doc()["game"] == "kingdom_of_solomon" and _doc()["data_version"] is None


def test_kos_3_1_3_2_the_map_16_areas_11_sites_with_icons():
    """KOS-3.1 and KOS-3.2: 16 areas of 1 or 2 icons, 11 with a site, each named."""
    areas = _doc()["areas"]
    assert len(areas) == 16 and sum(area["building_site"] for area in areas) == 11
    assert all(1 <= len(area["resources"]) <= 2 and area["name"] for area in areas)


def test_kos_3_4_neighbours_are_symmetric_and_borders_are_the_adjacent_pairs():
    """KOS-3.4: adjacency is symmetric, no area neighbours itself, and the borders a road can take are exactly
    the adjacent pairs, each once, sorted as a road names them."""
    doc = _doc()
    neighbours = {area["id"]: set(area["neighbours"]) for area in doc["areas"]}
    for area, around in neighbours.items():
        assert area not in around
        for other in around:
            assert area in neighbours[other], (area, other)
    pairs = {tuple(sorted((a, b))) for a, around in neighbours.items() for b in around}
    borders = [tuple(border["areas"]) for border in doc["borders"]]
    assert len(borders) == len(set(borders)) and set(borders) == pairs
    assert all(list(border) == sorted(border) for border in borders)


def test_every_assumed_flag_of_the_file_is_served_where_it_applies():
    """Spec 5.10: each record's ``assumed`` (and the market's and temple levels' finer flags) is served with the
    record it belongs to, as many and as true as the file has them."""

    def flags(node: Any) -> Iterator[tuple[str, bool]]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key.endswith("assumed") and isinstance(value, bool):
                    yield key, value
                else:
                    yield from flags(value)
        elif isinstance(node, list):
            for value in node:
                yield from flags(value)

    in_file = sorted(flags(FILE.raw))
    served = sorted(flags(_doc()))
    assert served == in_file and ("assumed", True) in served
    cards = {card["id"]: card for card in _doc()["building_cards"]}
    raw_cards = {card["id"]: card for card in FILE.raw["building_cards"]}
    assert {i: c["assumed"] for i, c in cards.items()} == {i: c["assumed"] for i, c in raw_cards.items()}


def test_cards_carry_id_name_kind_and_printed_values():
    """KOS-1.7: 20 building cards (cost, VP, special mark, action) and 32 fortune cards (effect, end VP)."""
    doc = _doc()
    assert len(doc["building_cards"]) == 20 and len(doc["fortune_cards"]) == 32
    for card in doc["building_cards"]:
        assert card["name"] and card["kind"] == "building_card" and card["cost"] and card["vp"] >= 0
        assert card["action"]["space"] == f"card:{card['id']}"
    for card in doc["fortune_cards"]:
        assert card["name"] and card["kind"] == "fortune_card" and "end_vp" in card
    effects = {effect["id"] for effect in doc["effects"]}
    used = {card["action"]["effect"] for card in doc["building_cards"]} | {c["effect"] for c in doc["fortune_cards"]}
    used |= {space["effect"] for space in doc["action_spaces"] + doc["bonus_spaces"]}
    assert used <= effects | {"none"}


def _ids_in(state: Any) -> dict[str, set[str]]:
    """Every component id the state holds, by kind."""
    cards = set(state.building_deck) | {c for c in state.display if c is not None}
    areas: set[str] = set()
    spaces = {pawn.space for pawn in state.pawns}
    fortune = set(state.fortune_deck) | set(state.fortune_discard)
    resources: set[str] = set()
    for marker in state.markers:
        areas.add(marker.area)
        cards.add(marker.card)
    for road in state.roads:
        areas |= set(road.areas)
    for player in state.players:
        cards |= set(player.buildings)
        fortune |= set(player.hand)
        resources |= set(player.bought) | set(player.sold)
        spaces |= {f"card:{card}" for card in player.buildings}
    resources |= set(msgspec.structs.asdict(state.supply))
    return {"building_cards": cards, "fortune_cards": fortune, "areas": areas, "spaces": spaces,
            "temple_levels": set(state.temple), "resources": resources}


def test_every_id_a_state_or_view_holds_is_in_the_document():
    """Over seeded whole games, every card, area, space, temple level and resource id any state holds (and so any
    view, which holds less) is in the document; a view's ids are the state's."""
    doc = _doc()
    known = {
        "building_cards": {card["id"] for card in doc["building_cards"]},
        "fortune_cards": {card["id"] for card in doc["fortune_cards"]},
        "areas": {area["id"] for area in doc["areas"]},
        "spaces": {area["space"] for area in doc["areas"]} | {s["space"] for s in doc["action_spaces"]}
        | {s["space"] for s in doc["bonus_spaces"]} | {card["action"]["space"] for card in doc["building_cards"]},
        "temple_levels": {level["id"] for level in doc["temple"]["levels"]},
        "resources": {resource["id"] for resource in doc["resources"]},
    }
    seen: dict[str, set[str]] = {kind: set() for kind in known}
    for players, seed, options in SEEDS:
        game = play(players, seed, options)
        state = R.setup(players, seed, options)
        for action in [None, *game.actions]:
            if action is not None:
                state, _ = R.apply(state, action)
            for kind, ids in _ids_in(state).items():
                seen[kind] |= ids
        view = R.view(state, 0)
        assert set(view["display"]) - {None} <= known["building_cards"]
        assert set(view["players"][0]["hand"]) <= known["fortune_cards"]
    for kind, ids in seen.items():
        assert ids <= known[kind], (kind, sorted(ids - known[kind]))
    # the playouts reach the map, the cards and the spaces, so the check above is not vacuous
    assert seen["areas"] and seen["spaces"] and seen["fortune_cards"] and len(seen["building_cards"]) == 20
