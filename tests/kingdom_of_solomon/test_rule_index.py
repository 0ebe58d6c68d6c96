"""The rule index against the spec's list of rule IDs, and every rule ID cited by a test here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rulesets.kingdom_of_solomon.rule_index import RULES

from .scenario import R
from tests.specs import spec_file

HERE = Path(__file__).parent
PATTERN = r"KOS-\d+\.\d+"


#: the spec's rules per section (KOS-1.1 .. KOS-1.9, ...), as spec version 1 lists them.
SPEC_SECTIONS = {1: 9, 2: 5, 3: 6, 4: 11, 5: 15, 6: 9, 7: 7, 8: 29, 9: 6, 10: 7, 11: 2}
SPEC_IDS = {f"KOS-{section}.{n}" for section, count in SPEC_SECTIONS.items() for n in range(1, count + 1)}


def _spec_ids() -> set[str]:
    """The rule IDs the spec defines (bold at the start of a bullet), as listed above."""
    return SPEC_IDS


def _cited() -> set[str]:
    cited: set[str] = set()
    for path in HERE.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = (ast.get_docstring(node) or "") + " " + node.name
                cited |= set(re.findall(PATTERN, text))
                for match in re.findall(r"test_kos_((?:\d+_)+\d+)", node.name):
                    parts = match.split("_")
                    cited.add(f"KOS-{parts[0]}.{parts[1]}")
    return cited


def test_rule_index_matches_the_spec():
    """The metadata's rule index is exactly the spec's KOS-1.1 .. KOS-11.2 in the spec's order, each with a
    title and a text."""
    assert set(RULES) == _spec_ids()
    assert list(RULES) == sorted(RULES, key=lambda r: [int(x) for x in r[4:].split(".")])
    served = R.metadata(detailed=True)["rules"]
    assert served == [{"id": rule.id, "title": rule.title, "text": rule.text} for rule in RULES.values()]
    assert all(rule.title.strip() and rule.text.strip() for rule in RULES.values())


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
    """Each text is the spec's statement of its rule, as plain text: sampled openings match, no markdown or
    source tags remain, and each ends a sentence."""
    for rule_id, opening in SPEC_OPENINGS.items():
        assert RULES[rule_id].text.startswith(opening), rule_id
    for rule in RULES.values():
        assert not re.search(r"\*\*|`|\[S\d+\]|^\*|\s\*\w", rule.text), rule.id
        assert rule.text.rstrip(")").endswith((".", "!", "?")), rule.id


def _spec_paragraphs() -> dict[str, str] | None:
    """The spec's rule bullets as plain text, when the spec is at hand (KOS_SPEC, or the shared rules folder)."""
    path = spec_file("kingdom_of_solomon")
    if not path.is_file():
        return None
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        found = re.match(r"- \*\*(KOS-\d+\.\d+)\*\* (.*)", line)
        if found:
            text = re.sub(r"\s*\[S\d+\]", "", found.group(2)).replace("**", "").replace("`", "")
            out[found.group(1)] = re.sub(r"\s+", " ", re.sub(r"(?<![\w*])\*([^*]+)\*", r"\1", text)).strip()
    return out


def test_rule_texts_open_each_spec_paragraph():
    """With the spec at hand: every text is the opening of the spec's paragraph right after its ID."""
    paragraphs = _spec_paragraphs()
    if paragraphs is None:
        pytest.skip("the spec is not at hand (set TABLETOP_RULES_DIR); the sampled openings above still hold")
    assert list(paragraphs) == list(RULES)
    for rule_id, rule in RULES.items():
        assert paragraphs[rule_id].startswith(rule.text), rule_id


def test_every_rule_id_has_a_test():
    missing = sorted(set(RULES) - _cited(), key=lambda r: [int(x) for x in r[4:].split(".")])
    assert not missing, f"rules without a test: {missing}"


def test_metadata_notes_decisions_and_assumed():
    meta = R.metadata(detailed=True)
    assert meta["notes"]["decisions"] and meta["notes"]["assumed"]
    assert any(path.startswith("$.building_cards") for path in meta["notes"]["assumed"])
    assert [o["name"] for o in meta["options"]] == ["variant_all_bonus"]
