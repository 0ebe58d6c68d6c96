"""Every published game names its rules version the same way ("<major>.<minor>"): states carry it,
and a client comparing versions across games should not meet "1" beside "1.0"."""

from __future__ import annotations

import re

import pytest

from rulesets import all_rulesets


@pytest.mark.parametrize("ruleset", [r for r in all_rulesets() if type(r).__module__.startswith("rulesets.")],
                         ids=lambda r: r.id)
def test_a_games_rules_version_is_major_dot_minor(ruleset):
    assert re.fullmatch(r"\d+\.\d+", ruleset.rules_version), ruleset.rules_version
    assert ruleset.setup(ruleset.min_players, "v").rules_version == ruleset.rules_version
