"""The kit's seating helpers (rulesets.core.seating): seats are 0-based, clockwise is ascending."""

from __future__ import annotations


from rulesets.core import RandomSource, Rng, Seating, after, clockwise, left_of, next_seat
from rulesets.core.deck import shuffled


def _chance(seed: str = "seat") -> RandomSource:
    return RandomSource(Rng(seed=seed))


def test_clockwise_from_a_seat_wraps_round():
    assert clockwise(0, 4) == [0, 1, 2, 3]
    assert clockwise(2, 4) == [2, 3, 0, 1]
    assert clockwise(0, 1) == [0]


def test_after_is_the_other_seats_from_the_next_one():
    assert after(1, 4) == [2, 3, 0]
    assert after(3, 4) == [0, 1, 2]
    assert after(0, 1) == []


def test_left_of_steps_clockwise():
    assert left_of(3, 4) == 0
    assert left_of(1, 5, steps=3) == 4
    assert left_of(2, 3, steps=3) == 2


def test_next_seat_without_a_filter_is_the_next_one():
    assert next_seat(1, 4) == 2
    assert next_seat(3, 4) == 0


def test_next_seat_skips_seats_no_longer_in():
    passed = {2, 3}
    assert next_seat(1, 5, lambda seat: seat not in passed) == 4
    assert next_seat(4, 5, lambda seat: seat not in passed) == 0
    assert next_seat(0, 5, lambda seat: seat not in {1, 2, 3, 4, 0} - {3}) == 3


def test_next_seat_is_the_seat_itself_when_it_is_the_only_one_left():
    assert next_seat(2, 4, lambda seat: seat == 2) == 2


def test_next_seat_prefers_any_other_seat_to_itself():
    assert next_seat(2, 4, lambda seat: seat in {2, 1}) == 1


def test_next_seat_is_none_when_nobody_is_in():
    assert next_seat(2, 4, lambda seat: False) is None


def test_start_player_named_wins_even_where_the_rules_draw_one():
    chance = _chance()
    seating = Seating(first_player=2, first_player_named=True, first_player_drawn=True, seats=4)
    assert seating.start_player(chance, "TEST-1") == 2
    assert chance._rng.counter == 0  # no draw spent: later draws keep their places


def test_start_player_drawn_where_the_rules_draw_and_none_was_named():
    seating = Seating(first_player=0, first_player_named=False, first_player_drawn=True, seats=4)
    expected = _chance("draw").below(4)
    chance = _chance("draw")
    assert seating.start_player(chance, "TEST-1") == expected
    assert chance._rng.counter == 1
    drawn = {Seating(first_player_drawn=True, seats=4).start_player(_chance(f"s{n}"), "TEST-1") for n in range(40)}
    assert drawn == {0, 1, 2, 3}


def test_start_player_defaults_to_seat_0_where_the_rules_draw_none():
    chance = _chance()
    assert Seating(seats=4).start_player(chance, "TEST-1") == 0
    assert chance._rng.counter == 0


def test_drawn_turn_order_is_every_seat_once_as_the_kits_shuffle_orders_them():
    seating = Seating(seats=5)
    order = seating.drawn_turn_order(_chance("order"), "TEST-1")
    assert sorted(order) == [0, 1, 2, 3, 4]
    assert order == shuffled(range(5), _chance("order"))
