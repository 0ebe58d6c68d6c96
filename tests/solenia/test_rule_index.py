"""The rule index (titles and the spec's own words), and that every rule ID in it is exercised by some test here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rulesets.solenia.rule_index import RULES

from .scenario import R
from tests.specs import spec_file

HERE = Path(__file__).parent
#: the rules spec the index is taken from (outside the package; the texts are checked against it where present).
SPEC = spec_file("solenia")
#: how a rule ID is defined in the spec: a heading, or a bold ID opening a bullet.
DEFINITION = re.compile(r"^(?:###\s+|\s*\*\s+\*\*)(SOL-(?:H\.\d+|\d+(?:\.\d+)+))\b", re.M)


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


def _words(text: str) -> list[str]:
    """Text as lower-case words, markdown and punctuation gone, so the spec and the index compare."""
    return re.findall(r"[a-z0-9_–−+×↔]+", text.lower().replace("`", "").replace("*", ""))


def _contains(haystack: list[str], needle: list[str]) -> bool:
    return any(haystack[i:i + len(needle)] == needle for i in range(len(haystack) - len(needle) + 1))


def test_sol_h_rule_index_is_published():
    """SOL-H.7 and all: the metadata carries every rule ID with its title and its text."""
    published = R.metadata(detailed=True)["rules"]
    assert [r["id"] for r in published] == list(RULES)
    assert all(r == {"id": rule.id, "title": rule.title, "text": rule.text}
               for r, rule in zip(published, RULES.values()))
    assert all(rule.title.strip() and rule.text.strip() for rule in RULES.values())


def test_rule_texts_are_plain_sentences():
    """A text is the rule's statement as a client shows it: no markdown left, a whole sentence, not its title."""
    for rule in RULES.values():
        assert not re.search(r"\*\*|`|\[[A-Z]\]", rule.text), rule.id
        assert rule.text[-1] in ".)", rule.id
        assert rule.text.strip().lower() != rule.title.strip().lower(), rule.id


@pytest.mark.skipif(not SPEC.is_file(), reason="the rules spec is not on this machine")
def test_rule_index_follows_the_spec():
    """Every rule ID the spec defines, in the spec's order; each text from that rule's own paragraph
    (its first words appear in the spec between the ID's definition and the next rule that is not part of it)."""
    spec = SPEC.read_text(encoding="utf-8")
    found = list(DEFINITION.finditer(spec))
    defined = list(dict.fromkeys(m.group(1) for m in found))
    assert list(RULES) == defined
    starts = {m.group(1): m.start() for m in reversed(found)}
    for index, rule_id in enumerate(defined):
        later = [other for other in defined[index + 1:] if not other.startswith(rule_id + ".")]
        end = starts[later[0]] if later else len(spec)
        paragraph = _words(spec[starts[rule_id]:end])
        opening = _words(RULES[rule_id].text)[:4]
        assert _contains(paragraph, opening), (rule_id, opening)


def test_every_rule_id_has_a_test():
    """Every SOL rule of the index is named by at least one test (name or docstring)."""
    missing = sorted(set(RULES) - _cited_rule_ids())
    assert not missing, f"rules without a test: {missing}"
