"""The rule index against the spec's list of rule IDs, and that every rule ID is cited by a test."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesets.golden_city.rule_index import RULES
from rulesets.testing import check_rule_index, check_rule_texts

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


def test_gc_13_2_rule_index_is_the_specs_list():
    """GC-13.2: the published index is exactly the spec's rule IDs, in order, each with a title and a text; and
    every rule ID is named by at least one test here (name or docstring)."""
    check_rule_index(R, SPEC_FILE, HERE, "GC", spec_ids=SPEC_IDS)
    assert all(rule.id == rule_id and rule.title.strip() and rule.text.strip() for rule_id, rule in RULES.items())
    served = R.metadata(detailed=True)["rules"]
    assert served == [{"id": rule.id, "title": rule.title, "text": rule.text} for rule in RULES.values()]


@pytest.mark.skipif(not SPEC_FILE.exists(), reason=f"the rules spec is not at {SPEC_FILE} (set TABLETOP_RULES_DIR)")
def test_gc_13_2_each_rule_text_is_the_specs_statement_of_it():
    """GC-13.2: each rule's text opens with the spec's words right after its ID, and every word of it is the
    spec's, from that rule's paragraph."""
    check_rule_texts(RULES, SPEC_FILE, "GC")
