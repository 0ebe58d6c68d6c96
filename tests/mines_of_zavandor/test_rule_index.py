"""The rule index against the spec's list of rule IDs and its words, and that every rule ID is cited by a test."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rulesets.mines_of_zavandor.rule_index import RULES

from .scenario import R
from tests.specs import spec_file

HERE = Path(__file__).parent
#: the rules specification the texts are taken from (outside the package; the test skips without it)
SPEC = spec_file("mines_of_zavandor")
#: the rule IDs of spec section 2 and 1.3 (bold MOZ-x.y entries), as the spec lists them.
SPEC_IDS = (
    "MOZ-1.1 MOZ-1.2 MOZ-1.3 MOZ-1.4 MOZ-1.5 MOZ-1.6 MOZ-1.7 MOZ-1.8 MOZ-1.9 MOZ-1.10 MOZ-1.11 MOZ-1.12 "
    "MOZ-2.1 MOZ-2.2 MOZ-2.3 MOZ-2.4 MOZ-2.5 MOZ-2.6 MOZ-2.7 MOZ-2.8 MOZ-2.9 MOZ-2.10 "
    "MOZ-3.1 MOZ-3.2 MOZ-3.3 MOZ-3.4 MOZ-3.5 MOZ-3.6 MOZ-3.7 MOZ-3.8 MOZ-3.9 MOZ-3.10 MOZ-3.11 MOZ-3.12 "
    "MOZ-4.1 MOZ-4.2 MOZ-4.3 MOZ-4.4 MOZ-4.5 MOZ-4.6 MOZ-4.7 MOZ-4.8 MOZ-4.9 MOZ-4.10 MOZ-4.11 "
    "MOZ-5.1 MOZ-5.2 MOZ-5.3 MOZ-5.4 MOZ-5.5 MOZ-5.6 MOZ-5.7 MOZ-5.8 MOZ-5.9 MOZ-5.10 MOZ-5.11 MOZ-5.12 MOZ-5.13 "
    "MOZ-6.1 MOZ-6.2 MOZ-6.3 MOZ-6.4 MOZ-6.5 MOZ-6.6 MOZ-6.7 MOZ-6.8 MOZ-6.9 "
    "MOZ-7.1 MOZ-7.2 MOZ-7.3 MOZ-7.4 MOZ-8.1 MOZ-8.2 MOZ-8.3 MOZ-8.4 MOZ-8.5 "
    "MOZ-9.1 MOZ-9.2 MOZ-9.3 MOZ-9.4 MOZ-9.5 MOZ-9.6 MOZ-9.7").split()


def _cited_rule_ids() -> set[str]:
    """Rule IDs named in a test function's name or docstring in this folder."""
    cited: set[str] = set()
    for path in HERE.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                cited |= set(re.findall(r"MOZ-\d+(?:\.\d+)+", ast.get_docstring(node) or ""))
                for match in re.findall(r"test_moz_(\d+(?:_\d+)+)", node.name):
                    cited.add("MOZ-" + match.replace("_", "."))
    return cited


def test_moz_rule_index_is_the_specs_list():
    """The published index is exactly the spec's rule IDs, in order, each with a title and a text."""
    assert list(RULES) == SPEC_IDS
    assert all(rule.id == rule_id and rule.title.strip() and rule.text.strip() for rule_id, rule in RULES.items())
    served = R.metadata(detailed=True)["rules"]
    assert served == [{"id": r.id, "title": r.title, "text": r.text} for r in RULES.values()]


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def _spec_paragraphs() -> dict[str, str]:
    """Each rule's paragraph in the spec: the bullet that starts with its bold ID, with its sub-bullets."""
    if not SPEC.is_file():
        pytest.skip(f"the rules specification is not at {SPEC}")
    paragraphs: dict[str, str] = {}
    current = None
    for line in SPEC.read_text(encoding="utf-8").splitlines():
        found = re.match(r"- \*\*(MOZ-[\d.]+)\*\*\s+(.*)", line)
        if found:
            current = found.group(1)
            paragraphs[current] = found.group(2)
        elif current is not None and line.startswith("  - "):
            paragraphs[current] += " " + line
        else:
            current = None
    return paragraphs


def test_moz_rule_texts_are_the_specs_own_words():
    """Each rule's text is taken from the spec's paragraph for that ID: it starts with the three words that follow
    the ID there, and every word of it appears there in the same order (only markdown and source tags dropped)."""
    paragraphs = _spec_paragraphs()
    assert list(paragraphs) == SPEC_IDS
    for rule_id, rule in RULES.items():
        spec_words, text_words = _words(paragraphs[rule_id]), _words(rule.text)
        assert text_words[:3] == spec_words[:3], rule_id
        remaining = iter(spec_words)
        assert all(word in remaining for word in text_words), f"{rule_id}: {rule.text!r} is not the spec's"


def test_every_rule_id_has_a_test():
    """Every MOZ rule of the index is named by at least one test (name or docstring)."""
    missing = sorted(set(RULES) - _cited_rule_ids(), key=lambda r: [int(x) for x in r[4:].split(".")])
    assert not missing, f"rules without a test: {missing}"
