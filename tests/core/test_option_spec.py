"""The kit's OptionSpec (rulesets.core.options) as a game author declares it; what a client is told of
each kind is in test_option_kinds.py beside it."""

from __future__ import annotations

import pytest

from rulesets.core import InvalidSetup, OptionSpec


def _refusal(spec: OptionSpec, value) -> InvalidSetup:
    with pytest.raises(InvalidSetup) as refused:
        spec.check(value)
    assert refused.value.code == "invalid_options"
    assert refused.value.context["path"] == f"$.options.{spec.name}"
    return refused.value


@pytest.mark.parametrize("value", [2, 9])
def test_an_int_option_out_of_range_is_refused_with_its_bounds_in_the_problem(value):
    rounds = OptionSpec("rounds", 5, "Rounds.", kind="int", minimum=3, maximum=8, rule="R-1")
    refusal = _refusal(rounds, value)
    assert refusal.rule == "R-1"
    assert refusal.context["minimum"] == 3 and refusal.context["maximum"] == 8
    assert "rounds" in refusal.detail and "3" in refusal.detail and "8" in refusal.detail


def test_an_int_option_takes_its_bounds_themselves():
    rounds = OptionSpec("rounds", 5, "Rounds.", kind="int", minimum=3, maximum=8)
    rounds.check(3)
    rounds.check(8)


def test_an_unbounded_int_option_takes_any_integer_and_no_bool():
    free = OptionSpec("n", 0, "Any.", kind="int")
    free.check(-10 ** 9)
    free.check(10 ** 9)
    refusal = _refusal(free, True)
    assert "minimum" not in refusal.context and "maximum" not in refusal.context


@pytest.mark.parametrize("value", [True, False])
def test_a_bool_is_not_an_int(value):
    _refusal(OptionSpec("n", 1, "One or more.", kind="int", minimum=0, maximum=1), value)


@pytest.mark.parametrize("value", [0, 1, "true", None])
def test_a_bool_option_takes_only_true_or_false(value):
    flag = OptionSpec("solo", False, "Solo.", kind="bool")
    flag.check(True)
    flag.check(False)
    _refusal(flag, value)


@pytest.mark.parametrize("kind", ["enum", "bool", "list"])
@pytest.mark.parametrize("bound", ["minimum", "maximum"])
def test_a_bound_on_a_kind_other_than_int_is_an_error_at_declaration(kind, bound):
    with pytest.raises(ValueError) as wrong:
        OptionSpec("x", None, "X.", choices=("a",), kind=kind, **{bound: 1})
    assert "'x'" in str(wrong.value)


def test_an_unknown_kind_is_an_error_at_declaration():
    with pytest.raises(ValueError):
        OptionSpec("x", 1, "X.", kind="float")


def test_an_enum_option_takes_its_choices_only():
    board = OptionSpec("board", "a", "Which side.", choices=("a", "b"))
    board.check("b")
    assert "a, b" in _refusal(board, "c").detail


def test_a_list_option_is_held_to_its_requirement():
    picks = OptionSpec("picks", [], "Picks.", kind="list", validate=lambda v: len(v) <= 2,
                       requirement="a list of at most two names")
    picks.check(["x", "y"])
    assert "at most two names" in _refusal(picks, ["x", "y", "z"]).detail
    _refusal(picks, "x")


def test_none_is_not_chosen_only_where_the_default_is_none():
    OptionSpec("n", None, "Derived from the player count.", kind="int", minimum=1).check(None)
    _refusal(OptionSpec("n", 1, "One.", kind="int", minimum=1), None)
