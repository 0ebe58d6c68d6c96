"""The rule index against the spec's list of rule IDs, and every rule ID cited by a test here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesets.kingdom_of_solomon.rule_index import RULES
from rulesets.testing import check_rule_index, check_rule_texts

from .scenario import R
from tests.specs import spec_file

HERE = Path(__file__).parent
#: the rules spec the texts are taken from; it lives beside the checkout, not in it.
SPEC_FILE = spec_file("kingdom_of_solomon")
#: the spec's rules per section (KOS-1.1 .. KOS-1.9, ...), as spec version 1 lists them (bold KOS-x.y entries).
SPEC_SECTIONS = {1: 9, 2: 5, 3: 6, 4: 11, 5: 15, 6: 9, 7: 7, 8: 29, 9: 6, 10: 7, 11: 2}
#: opening words compared: more than any text has, so the whole text must open its spec paragraph.
WHOLE_TEXT = 10_000
SPEC_IDS = [f"KOS-{section}.{n}" for section, count in SPEC_SECTIONS.items() for n in range(1, count + 1)]


def test_rule_index_matches_the_spec():
    """The metadata's rule index is exactly the spec's KOS-1.1 .. KOS-11.2 in the spec's order, each with a
    title and a text; and every rule ID is named by at least one test here (name or docstring)."""
    check_rule_index(R, SPEC_FILE, HERE, "KOS", spec_ids=SPEC_IDS)
    served = R.metadata(detailed=True)["rules"]
    assert served == [{"id": rule.id, "title": rule.title, "text": rule.text} for rule in RULES.values()]
    assert all(rule.id == rule_id and rule.title.strip() and rule.text.strip() for rule_id, rule in RULES.items())


#: the spec's own first words for a sample of rules (spec section 2), so the texts cannot drift from it.
SPEC_OPENINGS = {
    "KOS-1.1": "A game has exactly 2, 3 or 4 players.",
    "KOS-2.2": "Placement, Resolution and Building go in turn order, starting from position 1.",
    "KOS-4.5": "To claim a bonus space, a player must move all of his unplaced pawns there in that single turn.",
    "KOS-5.12": "Altar. The player gains 3 × (his current turn-order position) VP",
    "KOS-6.1": "Which fortune cards a player holds is hidden from the others.",
    "KOS-7.6": "Buy: one cube of that type moves from the market to the player",
    "KOS-8.24": "A road costs 2 timber + 1 food and comes from the shared pool of 12.",
    "KOS-10.4": "Final scoring, added to each player's current VP: +20 to the High Priest",
    "KOS-11.2": "The variant cannot be turned on for 4 players and cannot be changed during the game.",
}


def test_rule_texts_are_the_specs_words():
    """Each text is the spec's statement of its rule, as plain text: sampled openings match (without the spec at
    hand too), no markdown or source tags remain, and each ends a sentence."""
    for rule_id, opening in SPEC_OPENINGS.items():
        assert RULES[rule_id].text.startswith(opening), rule_id
    for rule in RULES.values():
        assert not re.search(r"\*\*|`|\[S\d+\]|^\*|\s\*\w", rule.text), rule.id
        assert rule.text.rstrip(")").endswith((".", "!", "?")), rule.id


@pytest.mark.skipif(not SPEC_FILE.exists(), reason=f"the rules spec is not at {SPEC_FILE} (set TABLETOP_RULES_DIR)")
def test_rule_texts_open_each_spec_paragraph():
    """With the spec at hand: every text opens with the spec's words right after its ID, and every word of it is
    the spec's, from that rule's paragraph."""
    check_rule_texts(RULES, SPEC_FILE, "KOS", opening_words=WHOLE_TEXT)


def test_metadata_notes_decisions_and_assumed():
    meta = R.metadata(detailed=True)
    assert meta["notes"]["decisions"] and meta["notes"]["assumed"]
    assert any(path.startswith("$.building_cards") for path in meta["notes"]["assumed"])
    assert [o["name"] for o in meta["options"]] == ["variant_all_bonus"]
