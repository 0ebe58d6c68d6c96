"""The kit's ids for interchangeable components (rulesets.core.pieces): kinds times copies."""

from __future__ import annotations

import pytest

from rulesets.core import copies, kind_of, kinds_times_copies


def test_copies_numbers_each_copy_of_a_kind():
    assert copies("coast", 2) == ["coast-01", "coast-02"]
    assert copies("coast", 3, first=9) == ["coast-09", "coast-10", "coast-11"]
    assert copies("gem", 2, width=3) == ["gem-001", "gem-002"]
    assert copies("coast", 0) == []


def test_copies_and_kind_of_round_trip():
    for kind in ("coast", "light-blue", "a-b-c", "x"):
        ids = copies(kind, 12)
        assert len(set(ids)) == 12
        assert {kind_of(piece) for piece in ids} == {kind}


def test_a_kind_with_a_hyphen_is_read_back_whole():
    assert copies("light-blue", 1) == ["light-blue-01"]
    assert kind_of("light-blue-07") == "light-blue"


@pytest.mark.parametrize("piece", ["coast", "coast-", "-07", "coast-x7", "coast-07a", ""])
def test_kind_of_refuses_what_copies_cannot_make(piece):
    with pytest.raises(ValueError):
        kind_of(piece)


def test_kinds_times_copies_maps_every_id_to_its_kind_in_the_kinds_order():
    table = kinds_times_copies({"red": 2, "light-blue": 1})
    assert table == {"red-01": "red", "red-02": "red", "light-blue-01": "light-blue"}
    assert list(table) == ["red-01", "red-02", "light-blue-01"]
    assert list(kinds_times_copies([("b", 1), ("a", 2)])) == ["b-01", "a-01", "a-02"]
    assert kinds_times_copies({"a": 1}, width=3) == {"a-001": "a"}


def test_every_id_of_kinds_times_copies_reads_back_as_its_kind():
    table = kinds_times_copies({"coast": 10, "light-blue": 3, "gold": 1})
    assert all(kind_of(piece) == kind for piece, kind in table.items())
