"""The kit's decks (rulesets.core.deck): every draw and shuffle of every game goes through them.

Expectations come from the module's promises: the piles are the state's own lists, changed in
place; chance is the seeded source; ``shuffled`` is the very permutation ``RandomSource.shuffled``
gives (the games moved from their own calls to it and keep their replays byte for byte).
"""

from __future__ import annotations

import pytest

from rulesets.core import Deck, Rng, RandomSource, drawn_at_random, shuffled


def _rng(seed: str = "deck", counter: int = 0) -> Rng:
    return Rng(seed=seed, counter=counter)


def test_shuffled_is_randomsource_shuffled_of_the_same_list():
    cards = [f"c-{n:02d}" for n in range(1, 31)]
    for seed in ("a", "b", "42", "a long seed with spaces"):
        theirs, ours = _rng(seed), _rng(seed)
        assert shuffled(cards, ours) == RandomSource(theirs).shuffled(list(cards))
        assert ours.counter == theirs.counter  # the same draws used: later draws stay in step


def test_shuffled_takes_a_source_or_an_rng_and_any_iterable_and_leaves_the_input_alone():
    cards = ["x-01", "x-02", "x-03", "x-04", "x-05"]
    from_rng = shuffled(iter(cards), _rng("it"))
    from_source = shuffled(tuple(cards), RandomSource(_rng("it")))
    assert from_rng == from_source and sorted(from_rng) == cards
    assert cards == ["x-01", "x-02", "x-03", "x-04", "x-05"]


def test_shuffled_advances_the_states_rng_so_the_next_shuffle_differs():
    rng = _rng("adv")
    first = shuffled(range(20), rng)
    assert rng.counter == 19  # Fisher-Yates: one draw per position but the last
    second = shuffled(range(20), rng)
    assert second != first and rng.counter == 38


def test_drawn_at_random_is_randomsource_choice_and_leaves_the_pool():
    pool = ("red", "blue", "green", "gold")
    ours, theirs = _rng("bag"), RandomSource(_rng("bag"))
    assert [drawn_at_random(pool, ours) for _ in range(20)] == [theirs.choice(pool) for _ in range(20)]
    assert pool == ("red", "blue", "green", "gold")


def test_draw_takes_the_top_card_from_the_states_own_list():
    pile = ["a-01", "a-02", "a-03"]
    deck = Deck(pile, _rng())
    assert deck.draw() == "a-01"
    assert deck.cards is pile and pile == ["a-02", "a-03"] and len(deck) == 2


def test_draw_on_an_empty_pile_is_none_without_refill_even_with_discards():
    pile: list[str] = []
    discards = ["d-01", "d-02"]
    deck = Deck(pile, _rng(), discards)
    assert deck.draw() is None
    assert discards == ["d-01", "d-02"] and pile == []


def test_draw_with_refill_reshuffles_the_discards_first_in_place():
    pile: list[str] = []
    discards = ["d-03", "d-01", "d-02"]
    rng = _rng("refill")
    deck = Deck(pile, rng, discards)
    card = deck.draw(refill=True)
    expected = RandomSource(_rng("refill")).shuffled(["d-01", "d-02", "d-03"])  # sorted first (the default)
    assert card == expected[0]
    assert pile == expected[1:] and deck.cards is pile
    assert discards == [] and deck.discards is discards


def test_draw_with_refill_and_nothing_anywhere_is_none():
    deck = Deck([], _rng(), [])
    assert deck.draw(refill=True) is None
    assert Deck([], _rng()).draw(refill=True) is None  # no discard pile at all


def test_draw_many_stops_when_the_cards_run_out():
    pile = ["a-01", "a-02"]
    deck = Deck(pile, _rng())
    assert deck.draw_many(5) == ["a-01", "a-02"]
    assert pile == []


def test_draw_many_refills_midway():
    pile = ["a-01"]
    discards = ["b-01", "b-02"]
    deck = Deck(pile, _rng("mid"), discards)
    drawn = deck.draw_many(3, refill=True)
    assert drawn[0] == "a-01"
    assert drawn[1:] == RandomSource(_rng("mid")).shuffled(["b-01", "b-02"])
    assert pile == [] and discards == []


def test_take_removes_a_named_card_and_refuses_one_not_there():
    pile = ["a-01", "a-02", "a-03"]
    deck = Deck(pile, _rng())
    assert deck.take("a-02") == "a-02"
    assert pile == ["a-01", "a-03"] and deck.cards is pile
    with pytest.raises(ValueError):
        deck.take("a-02")


def test_discard_extends_the_states_discard_list():
    discards = ["d-01"]
    deck = Deck([], _rng(), discards)
    deck.discard("d-02", "d-03")
    assert discards == ["d-01", "d-02", "d-03"] and deck.discards is discards


def test_discard_without_a_discard_pile_is_an_error():
    with pytest.raises(ValueError):
        Deck(["a-01"], _rng()).discard("a-01")


def test_reshuffle_puts_the_discards_under_what_is_left_and_counts_them():
    pile = ["top-01"]
    discards = ["d-02", "d-01"]
    deck = Deck(pile, _rng("under"), discards)
    assert deck.reshuffle() == 2
    assert pile[0] == "top-01" and sorted(pile[1:]) == ["d-01", "d-02"]
    assert deck.cards is pile and deck.discards is discards and discards == []
    assert deck.reshuffle() == 0 and pile[0] == "top-01" and len(pile) == 3


@pytest.mark.parametrize("sort_discards", [True, False])
def test_sort_discards_decides_the_order_the_shuffle_starts_from(sort_discards):
    discarded = ["d-05", "d-01", "d-04", "d-02", "d-03"]
    pile: list[str] = []
    deck = Deck(pile, _rng("order"), list(discarded), sort_discards=sort_discards)
    deck.reshuffle()
    start = sorted(discarded) if sort_discards else discarded
    assert pile == RandomSource(_rng("order")).shuffled(start)


def test_sorted_discards_make_the_pile_independent_of_the_discard_order():
    one, two = [], []
    Deck(one, _rng("indep"), ["d-03", "d-01", "d-02", "d-04"]).reshuffle()
    Deck(two, _rng("indep"), ["d-04", "d-02", "d-01", "d-03"]).reshuffle()
    assert one == two


def test_unsorted_discards_keep_the_discard_order():
    # with sort_discards=False, two discard orders give two piles (for at least one of these seeds)
    differ = False
    for seed in ("u1", "u2", "u3"):
        one, two = [], []
        Deck(one, _rng(seed), ["d-03", "d-01", "d-02", "d-04"], sort_discards=False).reshuffle()
        Deck(two, _rng(seed), ["d-04", "d-02", "d-01", "d-03"], sort_discards=False).reshuffle()
        differ = differ or one != two
    assert differ


def test_refill_shuffles_given_cards_under_the_pile_and_counts_them():
    pile = ["top-01"]
    deck = Deck(pile, _rng("given"))
    assert deck.refill(["z-01", "z-02", "z-03"]) == 3
    assert pile == ["top-01", *RandomSource(_rng("given")).shuffled(["z-01", "z-02", "z-03"])]
    assert deck.cards is pile


def test_the_same_seed_gives_the_same_game_of_draws():
    def play(seed: str) -> tuple[list[str], int]:
        rng = _rng(seed)
        pile = shuffled([f"c-{n:02d}" for n in range(1, 13)], rng)
        discards: list[str] = []
        deck = Deck(pile, rng, discards)
        drawn = []
        for _ in range(30):
            card = deck.draw(refill=True)
            assert card is not None
            drawn.append(card)
            deck.discard(card)
        return drawn, rng.counter

    assert play("same") == play("same")
    assert play("same")[0] != play("other")[0]


def test_a_deck_over_an_rng_draws_from_the_states_rng():
    rng = _rng("shared")
    deck = Deck([], rng, ["d-01", "d-02", "d-03"])
    deck.reshuffle()
    assert rng.counter > 0  # the state's own Rng advanced: the next draw elsewhere follows on
