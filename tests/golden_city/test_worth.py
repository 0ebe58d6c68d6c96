"""The Golden City bot's cut-off evaluation (rulesets/golden_city/worth.py) and playout policy, from the rules:
what a goods card, a post, a key and a landscape card promise before the end (GC-5.3, GC-7.3, GC-8.1, GC-8.2,
GC-10.1), and playouts that end a build turn only once no build is possible."""

from __future__ import annotations

import random

import pytest

from rulesets.core.simulation import acting_seats, rollout
from rulesets.golden_city import worth
from rulesets.golden_city.components import GOODS_CARDS, HARBOUR, NEIGHBOURS, REGIONS, SPACES

from .scenario import R, building, give_keys, new, place, reach, set_hand, spaces


def _moved_goods(state, seat: int) -> str:
    """A goods card from the face-down goods deck into the seat's goods (no component made or lost)."""
    card = state.goods_deck.pop()
    state.players[seat].goods.append(card)
    return card


def test_a_goods_card_is_worth_every_scoring_card_to_come_showing_its_good_GC_8_1_b_GC_8_2() -> None:
    state = new(3, "worth-goods")
    before = worth.worths(state)
    card = _moved_goods(state, 0)
    after = worth.worths(state)
    coming = worth.horizon(state)
    assert coming, "a fresh game has its scoring cards to come"
    # the only holder of goods: each card to come showing one of its goods scores it and gives the sole lead (+2)
    expected = sum(c.goods.vp_per_card + c.majority_bonus.goods for c in coming if c.goods.good in GOODS_CARDS[card])
    assert expected > 0
    assert after[0] - before[0] == pytest.approx(expected)
    assert after[1:] == before[1:]


def test_the_horizon_ends_with_the_round_once_the_end_is_triggered_GC_10_1_b() -> None:
    state = new(3, "worth-horizon")
    assert [c.id for c in worth.horizon(state)][0] == state.scoring_card
    state.players[1].posts_left = 3  # two more rounds at about a post and a half a round
    assert len(worth.horizon(state)) == 2
    state.end_triggered = True
    assert [c.id for c in worth.horizon(state)] == [state.scoring_card]


def test_a_post_is_worth_the_scoring_cards_to_come_on_its_regions_GC_8_1_a() -> None:
    state = new(3, "worth-post")
    harbour = next(space for space in sorted(SPACES) if SPACES[space].kind == HARBOUR)
    before = worth.worths(state)
    place(state, 0, harbour)
    after = worth.worths(state)
    scored = sum(c.location.vp_per_post + c.majority_bonus.location for c in worth.horizon(state)
                 if harbour in REGIONS[c.location.region])
    assert scored > 0
    # the post's own scoring, plus the room it opens (GC-5.5.2) and the cards that room asks for (never less)
    assert after[0] - before[0] >= scored
    assert after[1:] == before[1:]


def test_a_key_is_worth_something_only_while_an_inner_district_can_pay_GC_5_3_4_GC_7_3() -> None:
    open_city = new(2, "worth-key")
    keyed = give_keys(new(2, "worth-key"), 0, 1)
    assert worth.worths(keyed)[0] - worth.worths(open_city)[0] == pytest.approx(worth.KEY_VP)

    full_city, full_keyed = new(2, "worth-key"), give_keys(new(2, "worth-key"), 0, 1)
    for state in (full_city, full_keyed):
        for inner in spaces(kind="inner_district"):
            place(state, 0, inner)
            place(state, 1, inner)
    assert worth.worths(full_keyed)[0] == pytest.approx(worth.worths(full_city)[0])


def test_an_open_district_next_to_the_seats_posts_is_worth_a_share_of_its_reward_GC_7_3() -> None:
    district = min(spaces(kind="outer_district"))
    open_state = reach(new(3, "worth-reach"), 0, district)
    taken = reach(new(3, "worth-reach"), 0, district)
    place(taken, 1, district)
    place(taken, 2, district)  # first and second reward gone: later arrivals get nothing
    gap = worth.worths(open_state)[0] - worth.worths(taken)[0]
    assert gap == pytest.approx(worth.REACH_SHARE * SPACES[district].reward.first)


def _harbour_and_landscape() -> tuple[str, str, str]:
    """A harbour next to a village of a landscape other than coast, and a third type no space there asks for."""
    for harbour in sorted(space for space in SPACES if SPACES[space].kind == HARBOUR):
        asked = {SPACES[n].cost.landscape for n in NEIGHBOURS[harbour]} | {"coast"}
        for village in sorted(NEIGHBOURS[harbour]):
            wanted = SPACES[village].cost.landscape
            idle = sorted({"mountains", "forest", "meadow", "desert"} - asked)
            if wanted != "coast" and idle:
                return harbour, wanted, idle[0]
    raise AssertionError("no harbour with such a village")


def test_a_card_a_neighbouring_space_asks_for_is_worth_more_and_a_turn_uses_only_so_many_GC_5_3_GC_9_1() -> None:
    harbour, wanted, idle = _harbour_and_landscape()

    def hand_worth(*cards: str) -> float:
        state = place(building(2, 0), 0, harbour)
        return worth.worths(set_hand(state, 0, *cards))[0]

    assert hand_worth(wanted) > hand_worth(idle)
    usable = worth.USABLE_CARDS
    assert hand_worth(*[wanted] * usable) > hand_worth(*[wanted] * (usable - 1))
    assert hand_worth(*[wanted] * (usable + 1)) == pytest.approx(hand_worth(*[wanted] * usable))


@pytest.mark.parametrize("players", [2, 3])
def test_playouts_end_a_build_turn_only_once_no_build_is_possible_GC_5_1(players: int) -> None:
    """Along seeded games: the playout policy's action is always legal, and in a build step with a build on
    the list it is a build."""
    state, rnd = R.setup(players, f"eager-{players}"), random.Random(players)
    seen_builds = 0
    while acting_seats(R, state):
        seat = acting_seats(R, state)[0]
        listed = R.legal_actions(state, seat)
        drawn = R.playout_action(state, seat, random.Random(state.move))
        assert drawn in listed
        if any(type(action).__name__ == "Build" for action in listed):
            assert type(drawn).__name__ == "Build"
            seen_builds += 1
        rollout(R, state, rnd, max_actions=1)
    assert seen_builds > 20
