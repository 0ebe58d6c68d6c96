"""The components document (issue 18): typed, JSON-clean, and naming every id a game can hold."""

from __future__ import annotations

import json
from typing import Any, Iterator

import msgspec
import pytest

from rulesets.core import to_builtins
from rulesets.testing.playout import random_playout
from rulesets.mines_of_zavandor.components import FILE

from .players import eager
from .scenario import R

#: state fields whose strings are the game's own words (phases, versions, the seed), not component ids
NOT_IDS = frozenset({"game", "rules_version", "data_version", "phase", "step", "rng"})


def served_ids(document: Any) -> set[str]:
    """Every id the document lists: gems, carts, gem card kinds, board items, improvement cards, halls."""
    groups = [document.gems, document.carts, document.gem_cards, document.board_items, document.improvement_cards,
              document.kings_path.halls]
    return {entry.id for group in groups for entry in group}


def strings_in(value: Any) -> Iterator[str]:
    """Every string a state holds (dict keys included), its Struct field names excepted."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            if name not in NOT_IDS:
                yield from strings_in(getattr(value, name))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings_in(item)


def test_components_document_is_typed_and_converts_to_json():
    """The document is an instance of the declared type, encodes to JSON, decodes back through its type into the
    same document, and the type has a JSON Schema."""
    document = R.components_document()
    assert isinstance(document, R.Components)
    raw = msgspec.json.encode(document)
    assert msgspec.json.decode(raw, type=R.Components) == document
    assert json.loads(raw) == to_builtins(document)
    assert msgspec.json.schema(R.Components)["$ref"].endswith("ZavandorComponents")


def test_moz_1_2_components_document_names_the_data_version_and_the_printed_values():
    """MOZ-1.2 / 1.5 / 5.1 / 7.1: the data version a state names, the 112 gem cards by kind, 52 improvement cards
    with name, kind and levels, the halls in the data's order with their arrows, and the assumed flags."""
    document = R.components_document()
    raw = FILE.raw
    assert document.data_version == R.setup(2, "version").data_version == raw["data_version"]
    assert sum(card.copies for card in document.gem_cards) == 112
    assert {card.id: card.name for card in document.improvement_cards} == {
        card["id"]: card["name"] for card in raw["improvement_cards"]["cards"]}
    first = document.improvement_cards[0]
    assert (first.kind, first.row, len(first.levels)) == ("dwarf_clan", "sapphire", first.top_level + 1)
    assert [hall.id for hall in document.kings_path.halls] == [hall["id"] for hall in raw["kings_path"]["halls"]]
    arrows = {(edge["from"], edge["to"]) for edge in raw["kings_path"]["edges"]}
    assert {(hall.id, to) for hall in document.kings_path.halls for to in hall.to} == arrows
    assert [hall.assumed for hall in document.kings_path.halls] == [
        hall["assumed"] for hall in raw["kings_path"]["halls"]]
    assert all(card.assumed for card in document.improvement_cards) and document.rows_in_play.assumed
    assert document.gem_cards[0].assumed is raw["gem_decks"]["assumed"]
    assert {power.id: power.assumed for power in document.powers} == {
        name: power["assumed"] for name, power in raw["improvement_cards"]["powers"].items()}
    names = [item.name for item in document.board_items] + [card.name for card in document.gem_cards]
    assert all(names) and len(set(names)) == len(names)


@pytest.mark.parametrize("players, seed", [(2, "served-2"), (4, "served-4")])
def test_every_id_a_game_holds_is_in_the_components_document(players, seed):
    """Issue 18: every card kind, gem, cart, card id, item target and hall that a state of a whole seeded game holds
    (hands, bids, set-aside cards, piles, the display, mines, upgrades, offers, drafts, the king) is served."""
    ids = served_ids(R.components_document())
    playout = random_playout(R, players, seed, sample_legal=0, nudges=0, pick=eager)
    state = R.setup(players, seed)
    held = set(strings_in(state))
    for action in playout.actions:
        state, _ = R.apply(state, action, in_place=True)
        held |= set(strings_in(state))
    assert R.status(state).game_over
    assert held and not held - ids, sorted(held - ids)
