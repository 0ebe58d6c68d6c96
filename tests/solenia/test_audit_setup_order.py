"""Audit of spec 3.3 (create_game): its checks run in the listed order, so a setup breaking
two of them reports the earlier: the player count (SOL-1.2, SOL-10.1), then improvements
without the winter side (SOL-9.1), then any other bad option (SOL-1.4, SOL-1.5)."""

from __future__ import annotations

import pytest

from rulesets.core import InvalidSetup

from .scenario import R


@pytest.mark.parametrize("players, options, code, rule", [
    # check 1 (player count) before check 3 (improvements need winter)
    (5, {"improvements": True}, "invalid_player_count", "SOL-1.2"),
    (0, {"improvements": True, "board_side": "summer"}, "invalid_player_count", "SOL-1.2"),
    # check 1 before check 4 (bad layout or strip permutation)
    (5, {"start_layout": "noon"}, "invalid_player_count", "SOL-1.2"),
    (7, {"strip_permutation": ["S1"]}, "invalid_player_count", "SOL-1.2"),
    # the solo option narrows check 1, and still comes first
    (2, {"solo": True, "improvements": True}, "invalid_player_count", "SOL-1.2"),
    (1, {"solo": False, "start_layout": "noon"}, "invalid_player_count", "SOL-1.2"),
    # check 3 before check 4
    (2, {"improvements": True, "start_layout": "noon"}, "improvements_require_winter", "SOL-9.1"),
    (2, {"improvements": True, "strip_permutation": ["S1"]}, "improvements_require_winter", "SOL-9.1"),
    (3, {"improvements": True, "board_side": "summer", "start_layout": 3}, "improvements_require_winter", "SOL-9.1"),
])
def test_section_3_3_create_game_reports_the_first_failed_check(players, options, code, rule):
    """Spec 3.3: player count, then improvements_require_winter, then invalid_options."""
    with pytest.raises(InvalidSetup) as refusal:
        R.setup(players, "order", options)
    assert (refusal.value.code, refusal.value.rule) == (code, rule)


@pytest.mark.parametrize("players, options, code", [
    (2, {"start_layout": "noon"}, "invalid_options"),
    (2, {"board_side": "spring", "improvements": True}, "improvements_require_winter"),
    (2, {"improvements": "yes", "start_layout": "noon"}, "invalid_options"),
    (2, {"solo": "yes"}, "invalid_options"),
    (4, {"board_side": "winter", "improvements": True}, None),
    (1, {"solo": True, "board_side": "winter", "improvements": True}, None),
])
def test_section_3_3_single_failures_and_valid_setups_are_unchanged(players, options, code):
    """The reordering changes nothing for a setup with one fault or none."""
    if code is None:
        assert R.setup(players, "order", options).phase == "draft"
        return
    with pytest.raises(InvalidSetup) as refusal:
        R.setup(players, "order", options)
    assert refusal.value.code == code
