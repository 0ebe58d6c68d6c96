"""The rule index against the spec's list of rule IDs and its words, and that every rule ID is cited by a test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesets.mines_of_zavandor.rule_index import RULES
from rulesets.testing import check_rule_index, check_rule_texts, spec_paragraph

from .scenario import R
from tests.specs import spec_file

HERE = Path(__file__).parent
#: the rules specification the texts are taken from (outside the package; the text test skips without it)
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


def test_moz_rule_index_is_the_specs_list():
    """The published index is exactly the spec's rule IDs, in order, each with a title and a text; and every
    MOZ rule of the index is named by at least one test here (name or docstring)."""
    check_rule_index(R, SPEC, HERE, "MOZ", spec_ids=SPEC_IDS)
    assert all(rule.id == rule_id and rule.title.strip() and rule.text.strip() for rule_id, rule in RULES.items())
    served = R.metadata(detailed=True)["rules"]
    assert served == [{"id": r.id, "title": r.title, "text": r.text} for r in RULES.values()]


@pytest.mark.skipif(not SPEC.is_file(), reason=f"the rules specification is not at {SPEC} (set TABLETOP_RULES_DIR)")
def test_moz_rule_texts_are_the_specs_own_words():
    """Each rule's text opens with the three words that follow its ID in the spec, and every word of it is the
    spec's, from that rule's paragraph, in the same order (only markdown and source tags dropped)."""
    # two words as written ("Rows in play:" drops the spec's parenthesis after "play"), three as words
    check_rule_texts(RULES, SPEC, "MOZ", opening_words=2)
    spec = SPEC.read_text(encoding="utf-8")
    for rule_id, rule in RULES.items():
        spec_words = re.findall(r"\w+", spec_paragraph(spec, rule_id, "MOZ"))
        text_words = re.findall(r"\w+", rule.text)
        assert text_words[:3] == spec_words[:3], rule_id
        remaining = iter(spec_words)
        assert all(word in remaining for word in text_words), f"{rule_id}: {rule.text!r} is not the spec's"
