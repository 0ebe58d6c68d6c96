"""The rule index, and that every rule ID in it is exercised by some test here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from rulesets.solenia.rule_index import RULES

from .scenario import R

HERE = Path(__file__).parent


def _cited_rule_ids() -> set[str]:
    """Rule IDs named in a test function's name or docstring in this folder."""
    cited: set[str] = set()
    for path in HERE.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = (ast.get_docstring(node) or "") + " " + node.name
                cited |= set(re.findall(r"SOL-(?:H\.\d+|\d+(?:\.\d+)+)", text))
                for match in re.findall(r"test_sol_((?:h_\d+)|(?:\d+(?:_\d+)+))", node.name):
                    cited.add("SOL-" + match.upper().replace("_", "."))
    return cited


def test_sol_h_rule_index_is_published():
    """SOL-H.7 and all: the metadata carries every rule ID with a title."""
    published = {r["id"]: r["title"] for r in R.metadata(detailed=True)["rules"]}
    assert published == RULES
    assert all(title for title in RULES.values())


def test_every_rule_id_has_a_test():
    """Every SOL rule of the index is named by at least one test (name or docstring)."""
    missing = sorted(set(RULES) - _cited_rule_ids())
    assert not missing, f"rules without a test: {missing}"
