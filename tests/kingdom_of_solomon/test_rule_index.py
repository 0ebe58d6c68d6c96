"""The rule index against the spec's list of rule IDs, and every rule ID cited by a test here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from rulesets.kingdom_of_solomon.rule_index import RULES

from .scenario import R

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
    """The metadata's rule index is exactly the spec's KOS-1.1 .. KOS-11.2, each with a title."""
    assert set(RULES) == _spec_ids()
    assert {r["id"]: r["title"] for r in R.metadata(detailed=True)["rules"]} == RULES
    assert all(RULES.values())


def test_every_rule_id_has_a_test():
    missing = sorted(set(RULES) - _cited(), key=lambda r: [int(x) for x in r[4:].split(".")])
    assert not missing, f"rules without a test: {missing}"


def test_metadata_notes_decisions_and_assumed():
    meta = R.metadata(detailed=True)
    assert meta["notes"]["decisions"] and meta["notes"]["assumed"]
    assert any(path.startswith("$.building_cards") for path in meta["notes"]["assumed"])
    assert [o["name"] for o in meta["options"]] == ["variant_all_bonus"]
