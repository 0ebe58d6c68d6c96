"""The refusal catalogue Java serves (issue 18) against the spec's error tables (Part 3)."""

from __future__ import annotations

import re

import pytest

from rulesets.core import InvalidSetup

from .scenario import R
from .test_rule_index import SPEC

#: the spec's codes the service answers under core's names or does not offer (ruleset notes, decisions)
NOT_JAVAS = {"malformed_action": "invalid_action", "unknown_action_type": "invalid_action",
             "invalid_deck_order": None, "invalid_board": None}

SERVED = {entry["code"]: entry for entry in R.metadata(detailed=True)["errors"]}


def test_java_14_3_the_catalogue_lists_core_codes_with_javas_rules():
    """JAVA-14.3, 11.4, 3.1, 10.7, 10.9, 1.1, 1.6, 10.13: core's codes carry the rules Java cites for them."""
    assert SERVED["game_over"]["rules"] == ["JAVA-11.4"]
    assert SERVED["wrong_phase"]["rules"] == ["JAVA-3.1", "JAVA-10.9"]
    assert SERVED["not_your_turn"]["rules"] == ["JAVA-3.1"]
    assert SERVED["not_your_festival_turn"]["rules"] == ["JAVA-10.7"]
    assert SERVED["invalid_player_count"]["rules"] == ["JAVA-1.1"]
    assert SERVED["unknown_player"]["rules"] == ["JAVA-1.1"]
    assert SERVED["invalid_options"]["rules"] == ["JAVA-10.13"]
    assert "invalid_first_player" not in SERVED and SERVED["invalid_start_player"]["rules"] == ["JAVA-1.6"]
    assert all(entry["status"] == 422 and entry["message"] for entry in SERVED.values())


@pytest.mark.skipif(not SPEC.exists(), reason=f"the Java spec is not at {SPEC}")
def test_java_14_3_every_code_of_the_specs_tables_is_served_with_its_rules():
    """JAVA-14.3: each (code, rule) row of the spec's error tables is in the catalogue ("JAVA-4.9/4.10"
    cites both); a row without a rule cites the action's own rule."""
    rows = re.findall(r"^\| `([a-z_]+)` \| (JAVA-[\d./]+|) \|", SPEC.read_text(encoding="utf-8"), re.M)
    assert len(rows) > 60
    for code, cited in rows:
        code = NOT_JAVAS.get(code, code)
        if code is None:
            continue
        assert code in SERVED, code
        first, *more = cited.split("/") if cited else [""]
        rules = [first] + [f"JAVA-{n}" for n in more] if first else []
        if code != "invalid_action" and rules != ["JAVA-3.2"]:  # 3.2: the table's general row; actions cite theirs
            assert set(rules) <= set(SERVED[code]["rules"]), (code, rules, SERVED[code]["rules"])


def test_java_10_13_a_handshake_table_not_on_offer_is_refused():
    """JAVA-10.13 / D2: festival_handshake takes the packaged table or its alternative, nothing else."""
    with pytest.raises(InvalidSetup) as info:
        R.setup(2, "handshake", {"festival_handshake": {"2": 9, "4": 9, "6": 9, "8": 9, "10": 9}})
    assert (info.value.code, info.value.rule) == ("invalid_options", "JAVA-10.13")
    assert info.value.context["path"] == "$.options.festival_handshake"
