"""The rule index against the spec's list of rule IDs, and that every rule ID is cited by a test."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from rulesets.golden_city.rule_index import RULES

from .scenario import R

HERE = Path(__file__).parent
#: the rule IDs of spec section 2 and 1.4 (bold GC-x.y entries), as the spec lists them.
SPEC_IDS = (
    "GC-1.1 GC-1.2 GC-1.3 GC-1.4 GC-1.5 GC-1.6 GC-1.7 GC-1.8 GC-1.9 GC-2.1 GC-2.2 GC-2.3 GC-3.1 GC-3.2 GC-4.1 "
    "GC-4.2 GC-4.3 GC-4.4 GC-4.5 GC-4.6 GC-4.7 GC-4.8 GC-5.1 GC-5.2 GC-5.3 GC-5.3.1 GC-5.3.2 GC-5.3.3 GC-5.3.4 "
    "GC-5.4 GC-5.4.1 GC-5.4.2 GC-5.5 GC-5.5.1 GC-5.5.2 GC-5.5.3 GC-5.6 GC-5.7 GC-6.1 GC-6.2 GC-6.3 GC-6.4 GC-6.5 "
    "GC-6.6 GC-7.1 GC-7.2 GC-7.3 GC-7.4 GC-7.5 GC-8.1 GC-8.2 GC-8.3 GC-8.4 GC-9.1 GC-9.2 GC-9.3 GC-10.1 GC-10.2 "
    "GC-10.3 GC-10.4 GC-10.5 GC-11.1 GC-11.2 GC-11.3 GC-11.4 GC-11.5 GC-12.1 GC-12.2 GC-12.3 GC-12.4 GC-12.5 "
    "GC-12.6 GC-12.7 GC-12.8 GC-13.1 GC-13.2").split()


def _cited_rule_ids() -> set[str]:
    """Rule IDs named in a test function's name or docstring in this folder."""
    cited: set[str] = set()
    for path in HERE.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                cited |= set(re.findall(r"GC-\d+(?:\.\d+)+", ast.get_docstring(node) or ""))
                for match in re.findall(r"test_gc_(\d+(?:_\d+)+)", node.name):
                    cited.add("GC-" + match.replace("_", "."))
    return cited


def test_gc_13_2_rule_index_is_the_specs_list():
    """GC-13.2: the published index is exactly the spec's rule IDs, in order, each with a title."""
    assert list(RULES) == SPEC_IDS
    assert all(RULES.values())
    assert {r["id"]: r["title"] for r in R.metadata(detailed=True)["rules"]} == RULES


def test_every_rule_id_has_a_test():
    """Every GC rule of the index is named by at least one test (name or docstring)."""
    missing = sorted(set(RULES) - _cited_rule_ids(), key=lambda r: [int(x) for x in r[3:].split(".")])
    assert not missing, f"rules without a test: {missing}"
