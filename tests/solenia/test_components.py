"""solenia.components.json is decoded once into typed Structs: a slip in the file fails
the import with its JSON path, and every ``assumed`` flag reaches the metadata."""

from __future__ import annotations

import json

import pytest

from rulesets.core import ComponentDataError, ComponentFile, assumed_paths
from rulesets.solenia import RULESET
from rulesets.solenia.components import (ASSUMED, COMPONENTS, FILE, LEVEL1, LEVEL3, WINTER_SLOT_BY_ID, ComponentsFile,
                                         DoubleAdvance, GainOneOf, OnDelivery)


def _raw():
    return json.loads(FILE.path.read_text(encoding="utf-8"))


def _load_edited(tmp_path, edit):
    raw = _raw()
    edit(raw)
    path = tmp_path / "solenia.components.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return ComponentFile(path, path.name, ComponentsFile).data


def test_the_shipped_file_fits_its_schema(tmp_path):
    assert _load_edited(tmp_path, lambda raw: None) == COMPONENTS and COMPONENTS.game == "Solenia"


@pytest.mark.parametrize("edit, where", [
    (lambda raw: raw["improvement_tiles"]["level1"][2]["effects"][0].update(vp_when_usde=1),
     "$.improvement_tiles.level1[2].effects[0]"),
    (lambda raw: raw["improvement_tiles"]["level1"][2]["effects"][0].update(type="zero_card_may_advance_too"),
     "$.improvement_tiles.level1[2].effects[0]"),
    (lambda raw: raw["player_board"]["winter"]["slots"]["day"][1]["power"].pop("options"),
     "$.player_board.winter.slots.day[1].power"),
    (lambda raw: raw["airship_cards"]["cards"][4]["activation"].update(resource="gold"),
     "$.airship_cards.cards[4].activation.resource"),
    (lambda raw: raw["delivery_tiles"]["day"][0]["cost"].update(wod=1), "$.delivery_tiles.day[0].cost"),
    (lambda raw: raw["solo"].update(asumed=True), "$.solo"),
])
def test_a_slip_in_the_file_fails_loudly_with_its_path(tmp_path, edit, where):
    with pytest.raises(ComponentDataError) as info:
        _load_edited(tmp_path, edit)
    assert where in str(info.value)


def test_effects_and_powers_are_typed():
    assert LEVEL1["L1_DOUBLE_ADVANCE"] == (DoubleAdvance(vp_when_used=1),)
    assert isinstance(WINTER_SLOT_BY_ID["night_B"].power, GainOneOf)
    assert isinstance(LEVEL3["L3_DELIVERY_G"]["night"], OnDelivery) and LEVEL3["L3_DELIVERY_G"]["night"].row == "night"


def test_every_assumed_flag_of_the_file_is_in_the_metadata():
    """The notes list the JSON path of every block flagged assumed, from the file itself."""
    flagged = list(assumed_paths(_raw()))
    assert sorted(ASSUMED) == sorted(flagged)
    assert RULESET.metadata(detailed=True)["notes"]["assumed"] == list(ASSUMED)
    for path in ("$.player_board.winter.slots.level_mapping", "$.setup.display_size.solo", "$.solo",
                 "$.board.strips[0]", "$.delivery_tiles.night[19]"):
        assert (path in ASSUMED) == (path != "$.delivery_tiles.night[19]")  # NIGHT-20 is sourced
