"""The kit's helpers pass on Card Nim and fail, naming the difference, on a broken copy of it."""

from __future__ import annotations

import pytest

from rulesets.core import to_builtins
from rulesets.testing import ANY, Row, Scenario, assert_check_order, assert_exact, ids_in, ids_in_name
from tests.core.test_conformance import ListsAnIllegalTake
from tests.doubles import card_nim

GAME = Scenario(card_nim.CardNim())


def takes(seat: int) -> list[dict]:
    return [{"type": "take", "player": seat, "stones": n} for n in range(0, 7)] + [{"type": "draw", "player": seat}]


def test_assert_exact_passes_on_the_double_and_names_the_listed_but_refused_action():
    state = GAME.new(3)
    assert assert_exact(GAME.ruleset, state, takes) > 0
    with pytest.raises(AssertionError, match=r"listed but refused.*'stones': 4"):
        assert_exact(ListsAnIllegalTake(), state, takes)


def test_check_order_reports_every_mismatching_row():
    state = GAME.new(2)
    rows = [Row(state, {"type": "take", "player": 1, "stones": 1}, "not_your_turn", "CN-2", "turn"),
            (state, {"type": "take", "player": 0, "stones": 9}, "deck_empty"),
            (state, {"type": "take", "player": 0, "stones": 1}, "bad_take", ANY)]
    assert_check_order(GAME.ruleset, rows[:1])
    with pytest.raises(AssertionError, match=r"2 check-order row\(s\)[\s\S]*got bad_take[\s\S]*was accepted"):
        assert_check_order(GAME.ruleset, rows)


def test_scenario_refused_and_state_refused_fail_on_the_wrong_code():
    state = GAME.new(2)
    assert GAME.refused(state, {"type": "take", "player": 0, "stones": 9}, "bad_take", rule="CN-3").code == "bad_take"
    with pytest.raises(AssertionError, match="expected deck_empty, got bad_take"):
        GAME.refused(state, {"type": "take", "player": 0, "stones": 9}, "deck_empty")
    with pytest.raises(AssertionError, match="was accepted"):
        GAME.refused(state, {"type": "take", "player": 0, "stones": 1}, "bad_take")
    raw = {**to_builtins(state), "turn": 7}
    assert GAME.state_refused(raw, "$.turn").path == "$.turn"
    with pytest.raises(AssertionError, match=r"expected invalid_state at \$.heap"):
        GAME.state_refused(raw, "$.heap")


def test_cited_rule_ids_read_names_lists_and_lettered_sections():
    assert ids_in("GC-4.5 / GC-5.3, 5.4 and 5.5", "GC") == {"GC-4.5", "GC-5.3", "GC-5.4", "GC-5.5"}
    assert ids_in_name("test_gc_5_3_1_keys", "GC") == {"GC-5.3.1"}
    assert ids_in_name("test_sol_h_2_x", "SOL") == {"SOL-H.2"}
    assert ids_in_name("test_golden_gc", "GC") == set()
