"""GC-1 setup, GC-11.1/11.2 for two players, the setup refusals of spec 3.4, and the options."""

from __future__ import annotations

import pytest

from rulesets.core import InvalidSetup
from rulesets.golden_city.components import (BLACK, BONUS_CARDS, COAST, COINS_TOTAL, COLOURS, GOODS_CARDS,
                                             GOODS_DISPLAY, KEYS_TOTAL, PARAMS, PLAYER_COUNTS,
                                             SCORING_CARDS, SCORING_STACK_ORDER, START_COINS)
from rulesets.golden_city.options import CHOICES, VARIANTS

from .scenario import R, checked, new


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gc_1_1_to_1_5_starting_supplies(players):
    """GC-1.1 empty board; GC-1.2 keys open, bonus deck face down; GC-1.3 goods display; GC-1.4 0 VP;
    GC-1.5 colours, posts and coins by player count, the bank keeps the rest."""
    state = checked(new(players))
    counts = PLAYER_COUNTS[players]
    assert state.board == {}
    assert state.key_supply == KEYS_TOTAL
    assert sorted(state.bonus_deck) == sorted(BONUS_CARDS) and state.bonus_display == []
    assert len(state.goods_display) == GOODS_DISPLAY
    assert sorted(state.goods_display + state.goods_deck) == sorted(GOODS_CARDS)
    assert all(p.vp == 0 and p.coins == START_COINS for p in state.players)
    assert all(p.posts_left == counts.regular_posts and p.black_left == counts.black_posts for p in state.players)
    assert state.bank_coins == COINS_TOTAL - START_COINS * players
    assert [p.colour for p in state.players] == list(COLOURS[:players])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gc_1_6_a_coast_card_and_one_random_card_each(players):
    """GC-1.6: each hand is a coast card plus one card drawn from the shuffled deck."""
    state = new(players, seed=7)
    for player in state.players:
        assert len(player.hand) == 2 and player.hand[0] == COAST
    dealt = sum(len(pair) for pair in state.auction.pairs)
    assert len(state.landscape_deck) + dealt + 2 * players == 50


def test_gc_1_6_random_cards_drawn_from_the_start_player_clockwise():
    """GC-1.6: the start player draws the first card of the deck, then clockwise."""
    a = new(3, seed=5)
    b = R.setup(3, 5, {}, first_player=2)
    assert b.players[2].hand[1] == a.players[0].hand[1]
    assert b.players[0].hand[1] == a.players[1].hand[1]


def test_gc_1_7_scoring_stack_back_1_on_top():
    """GC-1.7 / GC-3.2: back-1 cards first, then back 2, then back 3; 16 cards in all."""
    state = new(4, seed=3)
    order = [state.scoring_card] + state.scoring_deck
    backs = [SCORING_CARDS[c].back for c in order]
    assert backs == sorted(backs, key=SCORING_STACK_ORDER.index) and len(order) == len(SCORING_CARDS)


def test_gc_1_8_start_player_parameter_and_default():
    """GC-1.8: the start player is setup's first_player; seat 0 when not named; out of range refused."""
    assert new(3).start_player == 0 and new(3).auction.queue == [0, 1, 2]
    state = R.setup(3, 1, {}, first_player=1)
    assert state.start_player == 1 and state.first_player == 1 and state.auction.queue == [1, 2, 0]
    with pytest.raises(InvalidSetup) as info:
        R.setup(3, 1, {}, first_player=3)
    assert (info.value.code, info.value.rule) == ("unknown_start_player", "GC-1.8")


def test_gc_1_9_a_new_game_waits_for_the_start_players_bid():
    """GC-1.9 / GC-3.1 / GC-4.1: the scoring card is up and the pairs are dealt."""
    state = R.setup(4, 2, {}, first_player=3)
    status = R.status(state)
    assert status.phase == "auction" and status.active_players == [3] and status.round == 1
    assert state.scoring_card is not None and len(state.auction.pairs) == 4


def test_gc_11_1_two_players_get_black_posts_and_no_black_colour():
    """GC-11.1: 18 + 2 black posts; black is not a player colour in a 2-player game."""
    state = new(2)
    counts = PLAYER_COUNTS[2]
    assert counts.black_posts > 0
    assert all(p.posts_left == counts.regular_posts and p.black_left == counts.black_posts for p in state.players)
    assert all(p.black_left == 0 for p in new(3).players)
    with pytest.raises(InvalidSetup) as info:
        R.setup(2, 1, {}, colors=[COLOURS[0], BLACK])
    assert info.value.code == "invalid_color" and info.value.rule == "GC-11.1"
    assert [p.colour for p in R.setup(4, 1, {}, colors=list(reversed(COLOURS))).players] == list(reversed(COLOURS))


def test_gc_11_2_two_pairs_in_a_two_player_game():
    """GC-11.2: two pairs per round with two players."""
    assert len(new(2).auction.pairs) == PLAYER_COUNTS[2].pairs_per_round


def test_gc_1_5_player_count_and_colours_refused():
    """GC-1.5 / spec 3.4: 1 or 5 players are invalid_player_count; an unknown colour is refused."""
    for players in (1, 5):
        with pytest.raises(InvalidSetup) as info:
            R.setup(players, 1)
        assert info.value.code == "invalid_player_count" and info.value.rule == "GC-1.5"
    with pytest.raises(InvalidSetup) as info:
        R.setup(3, 1, {}, colors=["red", "red", "blue"])
    assert info.value.code == "invalid_color"


def test_options_are_the_rule_parameters_with_their_decided_defaults():
    """Spec section 6: every rule parameter is an option; the decided reading is the default."""
    published = {o["name"]: o for o in R.metadata(detailed=True)["options"]}
    names = [n for n in PARAMS.__struct_fields__]
    assert set(published) == set(names)
    for name in names:
        param = getattr(PARAMS, name)
        default = param if isinstance(param, list) else param.value
        assert published[name]["default"] == default
        if not isinstance(param, list) and param.alternative is not None:
            assert param.alternative in published[name]["choices"]
    assert set(VARIANTS) == {"joker", "inner_district_cost", "displaced_bidder_acts", "bonus_card_acquisition",
                             "end_trigger_posts", "black_posts_count_for", "explicit_end_turn"}
    for value in (1, "yes"):
        with pytest.raises(InvalidSetup):
            R.setup(3, 1, {"explicit_end_turn": value})
        with pytest.raises(InvalidSetup):
            R.setup(3, 1, {"zero_builds_allowed": value})
    with pytest.raises(InvalidSetup) as info:
        R.setup(3, 1, {"joker": "three_of_a_kind"})
    assert info.value.code == "invalid_options"
    assert CHOICES["zero_builds_allowed"] == (True,)


def test_gc_6_4_public_choice_reading_lays_bonus_cards_face_up():
    """GC-6.4 / D-7 alternative: the bonus cards lie face up, no deck."""
    state = checked(new(3, bonus_card_acquisition="choose_any_public"))
    assert state.bonus_deck == [] and sorted(state.bonus_display) == sorted(BONUS_CARDS)
