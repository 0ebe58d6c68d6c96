"""The rule index against the spec's list of rule IDs, and every rule ID cited by a test here."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from rulesets.java.rule_index import RULES
from rulesets.testing import check_rule_index, check_rule_texts

from .scenario import R
from tests.specs import spec_file

HERE = Path(__file__).parent
SPEC = spec_file("java")

#: every rule ID the spec (java.md) defines, in its order.
SPEC_IDS = textwrap.dedent("""
    "JAVA-1.1", "JAVA-1.2", "JAVA-1.3", "JAVA-1.4", "JAVA-1.5", "JAVA-1.6", "JAVA-1.7", "JAVA-2.1", "JAVA-2.2", "JAVA-2.3", "JAVA-2.4", "JAVA-2.5", "JAVA-2.6", "JAVA-2.7", "JAVA-2.8", "JAVA-2.9", "JAVA-2.10", "JAVA-2.11", "JAVA-2.12", "JAVA-2.13", "JAVA-2.14", "JAVA-2.15", "JAVA-2.16", "JAVA-3.1", "JAVA-3.2", "JAVA-3.3", "JAVA-3.4", "JAVA-3.5", "JAVA-3.5.1", "JAVA-3.5.2", "JAVA-3.5.3", "JAVA-3.6", "JAVA-4.1", "JAVA-4.2", "JAVA-4.3", "JAVA-4.4", "JAVA-4.5", "JAVA-4.6", "JAVA-4.7", "JAVA-4.8", "JAVA-4.9", "JAVA-4.10", "JAVA-4.11", "JAVA-5.1", "JAVA-5.2", "JAVA-5.3", "JAVA-5.4", "JAVA-6.1", "JAVA-6.2", "JAVA-6.3", "JAVA-6.4", "JAVA-6.5", "JAVA-6.6", "JAVA-7.1", "JAVA-7.2", "JAVA-7.3", "JAVA-7.4", "JAVA-7.5", "JAVA-7.6", "JAVA-7.7", "JAVA-7.8", "JAVA-8.1", "JAVA-8.2", "JAVA-8.3", "JAVA-8.4", "JAVA-8.5", "JAVA-9.1", "JAVA-9.2", "JAVA-9.3", "JAVA-9.4", "JAVA-9.5", "JAVA-10.1", "JAVA-10.2", "JAVA-10.3", "JAVA-10.4", "JAVA-10.5", "JAVA-10.6", "JAVA-10.7", "JAVA-10.8", "JAVA-10.9", "JAVA-10.10", "JAVA-10.11", "JAVA-10.12", "JAVA-10.13", "JAVA-10.14", "JAVA-10.15", "JAVA-11.1", "JAVA-11.2", "JAVA-11.3", "JAVA-11.4", "JAVA-12.1", "JAVA-12.2", "JAVA-12.3", "JAVA-12.4", "JAVA-13.1", "JAVA-14.1", "JAVA-14.2", "JAVA-14.3", "JAVA-14.4", "JAVA-14.5", "JAVA-14.6" 
""").replace('"', "").replace(",", " ").split()


#: how java.md defines a rule: no bold IDs; the ID opens a bullet ("* JAVA-4.3 [S] ...") or a line of its own
#: with its tag ("JAVA-13.1 [I] ..."). Mentions of an ID inside a sentence are no definitions.
DEFINITION = re.compile(r"^\s*(?:\* |(?=JAVA-[\d.]+ \[))(JAVA-\d+(?:\.\d+)+) ", re.M)


def test_java_14_3_rule_index_is_the_specs_list():
    """JAVA-14.3 and all: the index holds exactly the spec's rule IDs, in order, each with a title and text,
    published; and every rule ID is named by at least one test here (name or docstring)."""
    check_rule_index(R, SPEC, HERE, "JAVA", spec_ids=SPEC_IDS, definition=DEFINITION)
    assert all(rule.id == rule_id and rule.title.strip() and rule.text.strip() for rule_id, rule in RULES.items())
    published = R.metadata(detailed=True)["rules"]
    assert published == [{"id": rule.id, "title": rule.title, "text": rule.text} for rule in RULES.values()]


def test_java_14_3_rule_texts_are_plain_sentences():
    """JAVA-14.3: a text reads as the rule's statement: no markdown emphasis, no confidence tags, a full stop."""
    for rule in RULES.values():
        assert not re.search(r"\*|\[(?:S|I|D)\b|`", rule.text), rule.id
        assert rule.text[-1] in ".)", rule.id
        assert 20 <= len(rule.text) <= 600, rule.id


@pytest.mark.skipif(not SPEC.exists(), reason=f"the Java spec is not at {SPEC}")
def test_java_14_3_each_rule_text_comes_from_its_paragraph_of_the_spec():
    """JAVA-14.3: each text opens with the words that follow its ID in the spec, and all of its words
    come from the spec between that ID and the next one."""
    check_rule_texts(RULES, SPEC, "JAVA", definition=DEFINITION)
