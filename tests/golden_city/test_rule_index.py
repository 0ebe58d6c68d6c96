"""The rule index against the spec's list of rule IDs, and that every rule ID is cited by a test."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rulesets.golden_city.rule_index import RULES

from .scenario import R
from tests.specs import spec_file

HERE = Path(__file__).parent
#: the rules spec the texts are taken from; it lives beside the checkout, not in it.
SPEC_FILE = spec_file("golden_city")
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
    """GC-13.2: the published index is exactly the spec's rule IDs, in order, each with a title and a text."""
    assert list(RULES) == SPEC_IDS
    assert all(rule.id == rule_id and rule.title.strip() and rule.text.strip() for rule_id, rule in RULES.items())
    served = R.metadata(detailed=True)["rules"]
    assert served == [{"id": rule.id, "title": rule.title, "text": rule.text} for rule in RULES.values()]


def _spec_paragraph(rule_id: str) -> str:
    """The spec's words after ``**rule_id**`` up to the next rule, markup and [S]-style tags dropped."""
    text = SPEC_FILE.read_text(encoding="utf-8").split(f"**{rule_id}**", 1)[1]
    text = re.split(r"\*\*GC-\d", text, maxsplit=1)[0]
    text = re.sub(r"\[(?:S|A)[^\]]*\]", "", text.replace("\\*", "*"))
    text = text.replace("`", "").replace("*", "")
    return " ".join(text.split())


@pytest.mark.skipif(not SPEC_FILE.exists(), reason=f"the rules spec is not at {SPEC_FILE} (set TABLETOP_RULES_DIR)")
def test_gc_13_2_each_rule_text_is_the_specs_statement_of_it():
    """GC-13.2: each rule's text opens with the spec's words right after its ID, and every word of it is the
    spec's, from that rule's paragraph."""
    for rule_id, rule in RULES.items():
        paragraph = _spec_paragraph(rule_id)
        opening = " ".join(rule.text.split()[:4])
        assert paragraph.startswith(opening), (rule_id, opening, paragraph[:80])
        words = lambda text: re.findall(r"[\w'’+−×…-]+", text)  # noqa: E731
        assert set(words(rule.text)) <= set(words(paragraph)), (rule_id, set(words(rule.text)) - set(words(paragraph)))


def test_every_rule_id_has_a_test():
    """Every GC rule of the index is named by at least one test (name or docstring)."""
    missing = sorted(set(RULES) - _cited_rule_ids(), key=lambda r: [int(x) for x in r[3:].split(".")])
    assert not missing, f"rules without a test: {missing}"
