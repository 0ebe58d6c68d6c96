"""The kit's Inventory (rulesets.core.consistency): where each component is, checked against the game's set.

Each refusal is an ``invalid_state`` naming the JSON path at fault.
"""

from __future__ import annotations

import pytest

from rulesets.core import Inventory, InvalidState


def _refused(check) -> InvalidState:
    with pytest.raises(InvalidState) as refused:
        check()
    return refused.value


# ---------------------------------------------------------------- one of each
def test_each_component_once_passes():
    inv = Inventory("card", rule="T-1")
    inv.see("red-01", "$.players[0].hand[0]")
    inv.see_all(["red-02", "red-03"], "$.deck")
    inv.expect_exactly({"red-01", "red-02", "red-03"})
    inv.expect_within({"red-01", "red-02", "red-03", "red-04"})


def test_a_component_in_two_places_names_both():
    inv = Inventory("card", rule="T-1")
    inv.see("red-01", "$.deck[0]")
    refusal = _refused(lambda: inv.see("red-01", "$.players[1].hand[2]"))
    assert refusal.path == "$.players[1].hand[2]" and refusal.rule == "T-1"
    assert "$.deck[0]" in refusal.detail and "$.players[1].hand[2]" in refusal.detail


def test_a_component_missing_is_listed():
    inv = Inventory("card")
    inv.see_all(["red-01"], "$.deck")
    refusal = _refused(lambda: inv.expect_exactly({"red-01", "red-02", "red-03"}, "$.deck"))
    assert refusal.path == "$.deck" and refusal.context["missing"] == ["red-02", "red-03"]


def test_a_component_the_game_lacks_is_refused_where_it_was_seen():
    inv = Inventory("card")
    inv.see_all(["red-01", "blue-09"], "$.deck")
    for check in (lambda: inv.expect_exactly({"red-01"}), lambda: inv.expect_within({"red-01"})):
        assert _refused(check).path == "$.deck[1]"


# ---------------------------------------------------------------- interchangeable copies
def test_multiset_counts_copies_across_places():
    inv = Inventory("gem", multiset=True)
    inv.see("ruby", "$.bank.ruby", 2)
    inv.see_counts({"ruby": 1, "pearl": 3}, "$.players[0].gems")
    inv.see("pearl", "$.players[1].gems.pearl")
    inv.expect_exactly({"ruby": 3, "pearl": 4})
    inv.expect_within({"ruby": 3, "pearl": 5, "jade": 1})


def test_multiset_too_many_copies_names_the_path_of_the_excess():
    inv = Inventory("gem", rule="G-2", multiset=True)
    inv.see_counts({"ruby": 2}, "$.bank")
    inv.see_counts({"ruby": 2}, "$.players[1].gems")
    for check in (lambda: inv.expect_exactly({"ruby": 3}), lambda: inv.expect_within({"ruby": 3})):
        refusal = _refused(check)
        assert refusal.path == "$.players[1].gems.ruby" and refusal.rule == "G-2"
        assert "4" in refusal.detail and "3" in refusal.detail


def test_multiset_missing_copies_are_counted():
    inv = Inventory("gem", multiset=True)
    inv.see_counts({"ruby": 1}, "$.bank")
    refusal = _refused(lambda: inv.expect_exactly({"ruby": 3, "pearl": 2}, "$.bank"))
    assert refusal.path == "$.bank" and refusal.context["missing"] == ["pearl", "ruby"]
    assert "2 ruby" in refusal.detail and "2 pearl" in refusal.detail
    inv.expect_within({"ruby": 3, "pearl": 2})  # some may have left play


def test_multiset_takes_an_iterable_of_copies_as_the_expected_set():
    inv = Inventory("coin", multiset=True)
    inv.see("gold", "$.a")
    inv.see("gold", "$.b")
    inv.expect_exactly(["gold", "gold"])
    _refused(lambda: inv.expect_exactly(["gold"]))


def test_multiset_a_kind_the_game_lacks_is_refused():
    inv = Inventory("gem", multiset=True)
    inv.see_counts({"opal": 1}, "$.bank")
    assert _refused(lambda: inv.expect_within({"ruby": 3})).path == "$.bank.opal"


@pytest.mark.parametrize("multiset", [True, False])
def test_a_negative_count_is_refused_at_its_path(multiset):
    inv = Inventory("gem", multiset=multiset)
    refusal = _refused(lambda: inv.see("ruby", "$.bank.ruby", -1))
    assert refusal.path == "$.bank.ruby"


def test_a_negative_count_in_a_pile_of_counts_is_refused_at_its_path():
    inv = Inventory("gem", multiset=True)
    assert _refused(lambda: inv.see_counts({"ruby": 1, "pearl": -2}, "$.bank")).path == "$.bank.pearl"


def test_see_counts_outside_multiset_mode_is_a_programming_error():
    with pytest.raises(ValueError):
        Inventory("gem").see_counts({"ruby": 1}, "$.bank")
