"""The rule index (titles and the spec's own words), and that every rule ID in it is exercised by some test here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesets.solenia.rule_index import RULES
from rulesets.testing import check_rule_index, check_rule_texts

from .scenario import R
from tests.specs import spec_file

HERE = Path(__file__).parent
#: the rules spec the index is taken from (outside the package; the texts are checked against it where present).
SPEC = spec_file("solenia")
#: how a rule ID is defined in the spec: a heading, or a bold ID opening a bullet.
DEFINITION = re.compile(r"^(?:###\s+|\s*\*\s+\*\*)(SOL-(?:H\.\d+|\d+(?:\.\d+)+))\b", re.M)


def _words(text: str) -> list[str]:
    """Text as lower-case words, markdown and punctuation gone, so the spec and the index compare."""
    return re.findall(r"[a-z0-9_–−+×↔]+", text.lower().replace("`", "").replace("*", ""))


def _contains(haystack: list[str], needle: list[str]) -> bool:
    return any(haystack[i:i + len(needle)] == needle for i in range(len(haystack) - len(needle) + 1))


def test_sol_h_rule_index_is_the_specs_and_every_rule_is_cited():
    """The index holds exactly the rule IDs the spec defines (headings and bold bullets), in its order, and every
    one is named by at least one test here (name or docstring). Without the spec on this machine, the citations
    and the published index are still checked."""
    check_rule_index(R, SPEC, HERE, "SOL", definition=DEFINITION, spec_ids=None if SPEC.is_file() else list(RULES))


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
    """Each text from that rule's own paragraph (its first words appear in the spec between the ID's definition
    and the next rule that is not part of it). The kit's check_rule_texts reads bold IDs only; half of this
    spec's rules are headings."""
    spec = SPEC.read_text(encoding="utf-8")
    found = list(DEFINITION.finditer(spec))
    defined = list(dict.fromkeys(m.group(1) for m in found))
    starts = {m.group(1): m.start() for m in reversed(found)}
    for index, rule_id in enumerate(defined):
        later = [other for other in defined[index + 1:] if not other.startswith(rule_id + ".")]
        end = starts[later[0]] if later else len(spec)
        paragraph = _words(spec[starts[rule_id]:end])
        opening = _words(RULES[rule_id].text)[:4]
        assert _contains(paragraph, opening), (rule_id, opening)


@pytest.mark.skipif(not SPEC.is_file(), reason="the rules spec is not on this machine")
def test_bold_rule_texts_are_the_specs_words():
    """A rule the spec defines as a bold ID opens with the spec's words right after it, and uses only words of its
    paragraph (the kit's stricter check, for the rules it can read)."""
    spec = SPEC.read_text(encoding="utf-8")
    bold = {rule_id: rule for rule_id, rule in RULES.items() if f"**{rule_id}**" in spec}
    assert bold
    check_rule_texts(bold, SPEC, "SOL")
