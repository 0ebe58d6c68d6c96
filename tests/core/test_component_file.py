"""The kit's component files (rulesets.core.components): a game's printed components, decoded once, strictly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesets.core import ComponentDataError, ComponentFile, ComponentSchema, assumed_paths, index_by


class Card(ComponentSchema):
    id: str
    cost: int


class Deck(ComponentSchema):
    cards: list[Card]


def _written(tmp_path: Path, raw: object, name: str = "toy.components.json") -> Path:
    (tmp_path / name).write_text(json.dumps(raw))
    return tmp_path / "ruleset.py"  # ComponentFile reads the file *beside* this one


def test_a_file_that_fits_is_decoded_into_typed_components(tmp_path):
    beside = _written(tmp_path, {"cards": [{"id": "a", "cost": 1}, {"id": "b", "cost": 2}]})
    file = ComponentFile(beside, "toy.components.json", Deck)
    assert file.path == tmp_path / "toy.components.json"
    assert [(card.id, card.cost) for card in file.data.cards] == [("a", 1), ("b", 2)]
    assert file.raw == {"cards": [{"id": "a", "cost": 1}, {"id": "b", "cost": 2}]}


@pytest.mark.parametrize("raw, where", [
    ({"cards": [{"id": "a", "cost": "1"}]}, "$.cards[0].cost"),  # strict: no string for a number
    ({"cards": [{"id": "a", "cost": 1, "colour": "red"}]}, "colour"),  # a misspelt or unknown key
    ({"cards": [{"id": "a"}]}, "cost"),  # a key missing
    ({"cards": {"id": "a", "cost": 1}}, "$.cards"),
])
def test_a_wrong_field_stops_the_load_naming_the_file_and_the_path(tmp_path, raw, where):
    beside = _written(tmp_path, raw)
    with pytest.raises(ComponentDataError) as wrong:
        ComponentFile(beside, "toy.components.json", Deck)
    assert "toy.components.json" in str(wrong.value) and where in str(wrong.value)


def test_a_missing_or_broken_file_is_a_component_data_error(tmp_path):
    with pytest.raises(ComponentDataError):
        ComponentFile(tmp_path / "ruleset.py", "absent.components.json", Deck)
    (tmp_path / "broken.components.json").write_text("{not json")
    with pytest.raises(ComponentDataError):
        ComponentFile(tmp_path / "ruleset.py", "broken.components.json", Deck)


def test_components_are_frozen(tmp_path):
    file = ComponentFile(_written(tmp_path, {"cards": [{"id": "a", "cost": 1}]}), "toy.components.json", Deck)
    with pytest.raises(AttributeError):
        file.data.cards[0].cost = 5  # type: ignore[misc]


def test_index_by_makes_a_table_by_key():
    cards = [Card(id="a", cost=1), Card(id="b", cost=2)]
    table = index_by(cards, lambda card: card.id)
    assert list(table) == ["a", "b"] and table["b"] is cards[1]


def test_index_by_refuses_two_entries_with_one_key():
    with pytest.raises(ComponentDataError) as twice:
        index_by([Card(id="a", cost=1), Card(id="b", cost=1), Card(id="a", cost=2)], lambda card: card.id, "card")
    assert "card" in str(twice.value) and "'a'" in str(twice.value)


def test_assumed_blocks_lists_the_json_path_of_every_block_flagged_assumed(tmp_path):
    raw = {"cards": [{"id": "a", "cost": 1}, {"id": "b", "cost": 2}],
           "notes": {"assumed": True, "inner": [{"assumed": True}, {"assumed": False}]},
           "tiles": [[{"assumed": True}]]}

    class Loose(ComponentSchema, forbid_unknown_fields=False):
        cards: list[Card]

    file = ComponentFile(_written(tmp_path, raw), "toy.components.json", Loose)
    assert file.assumed_blocks() == ["$.notes", "$.notes.inner[0]", "$.tiles[0][0]"]


def test_a_file_with_no_assumed_block_lists_none():
    assert list(assumed_paths({"cards": [{"assumed": "yes"}], "x": 1})) == []  # only a literal true counts
    assert list(assumed_paths({"assumed": True})) == ["$"]
