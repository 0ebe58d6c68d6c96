"""SOL-1: overview, components, geometry, setup, options, supply."""

from __future__ import annotations

import pytest

from rulesets.core import InvalidSetup
from rulesets.solenia.board import on_board, terrain
from rulesets.solenia.components import (AIRSHIP_REST, CARDS_PER_PLAYER, COLORS, COMPONENTS, DISPLAY_SIZE, HAND_SIZE,
                                         LAYOUTS, STRIPS, SUMMER_CAPACITY, deck_of)
from rulesets.solenia.resources import vector

from .scenario import R, action, cid, events_of, give, new, play, refused, spaces, stock


def test_sol_1_1_each_player_plays_exactly_their_sixteen_cards():
    """SOL-1.1: over a game every player plays (or discards) each of their 16 cards once; most stars wins."""
    from rulesets.testing.playout import random_playout

    playout = random_playout(R, 3, seed="concept", sample_legal=0, nudges=0)
    turns = [0, 0, 0]
    for act in playout.actions:
        if act["type"] in ("play_card", "discard_to_advance"):
            turns[act["player"]] += 1
    assert turns == [CARDS_PER_PLAYER] * 3
    status = R.status(playout.state)
    assert status.winners == [s for s, v in enumerate(status.scores) if v == max(status.scores)]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_sol_1_2_one_to_four_players(players):
    """SOL-1.2: 1 to 4 players (1 is the solo game)."""
    state = new(players)
    assert len(state.players) == players
    assert [p.color for p in state.players] == list(COLORS[:players])
    assert (state.solo is not None) == (players == 1)


@pytest.mark.parametrize("players", [0, 5])
def test_sol_1_2_other_player_counts_are_refused(players):
    """SOL-1.2: other counts are refused with invalid_player_count."""
    with pytest.raises(InvalidSetup) as refusal:
        new(players)
    assert (refusal.value.code, refusal.value.rule) == ("invalid_player_count", "SOL-1.2")


def test_sol_1_3_1_spaces_are_cols_and_rows_0_to_4():
    """SOL-1.3 / SOL-1.3.1: exactly the 25 (col,row) with 0 <= col,row <= 4 are spaces; others are refused."""
    assert sum(on_board(c, r) for c in range(-2, 8) for r in range(-2, 8)) == 25
    state = new()
    card = give(state, 0, 9)[0]
    for col, row in [(5, 0), (-1, 2), (0, 5), (2, -1)]:
        refused(state, action("play_card", 0, card=card, space={"col": col, "row": row}),
                "space_off_board", "SOL-1.3.1")


def test_sol_1_3_2_terrain_comes_from_the_strip_face_in_the_column():
    """SOL-1.3.2: a space's terrain is the strip face lying in that column, row by row."""
    state = new()
    for col, column in enumerate(state.board.columns):
        for row in range(5):
            assert terrain(state, col, row) == STRIPS[column.strip][column.face][row]
    # and it is what an island play yields
    card = give(state, 0, 9)[0]
    col, row = AIRSHIP_REST[0] - 1, AIRSHIP_REST[1]
    ground = terrain(state, col, row)
    assert ground.kind == "island"
    after, _ = play(state, 0, card, col, row)
    assert getattr(after.players[0].storage, ground.resource) == 1


def test_sol_1_3_3_a_card_may_go_on_the_airship_space():
    """SOL-1.3.3 (D-11): the airship does not block its space."""
    state = new()
    card = give(state, 0, 9)[0]
    col, row = AIRSHIP_REST
    assert terrain(state, col, row).kind == "island"
    after, events = play(state, 0, card, col, row)
    assert events_of(events, "card_played")[0]["space"] == {"col": col, "row": row}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sol_1_4_setup(players):
    """SOL-1.4: layout, airship on the middle space, displays 3+3 (4+4 at 4), shuffled decks, hands of 3,
    starting wood for the third seat and stone for the fourth, summer side with 8 storage."""
    state = new(players, seed=7)
    assert [(c.strip, c.face) for c in state.board.columns] == LAYOUTS["dawn"]
    assert (state.board.airship.col, state.board.airship.row) == AIRSHIP_REST == (2, 2)
    size = DISPLAY_SIZE[players]
    assert size == (4 if players == 4 else 3)
    assert len(state.delivery.day_display) == len(state.delivery.night_display) == size
    assert len(state.delivery.day_deck) == len(state.delivery.night_deck) == 24 - size
    for seat, player in enumerate(state.players):
        assert len(player.hand) == HAND_SIZE and len(player.deck) == CARDS_PER_PLAYER - HAND_SIZE
        assert sorted(player.hand + player.deck) == deck_of(player.color)
        assert player.capacity == SUMMER_CAPACITY == 8
        assert player.day_slots == [None] * 6 and player.stars == 0
    starting = [vector(p.storage) for p in state.players]
    expected = [(0, 0, 0, 0), (0, 0, 0, 0), (1, 0, 0, 0), (0, 0, 1, 0)][:players]
    assert starting == expected
    assert state.phase == "play" and state.round == 1 and state.active_seat == 0


def test_sol_1_4_decks_are_shuffled_from_the_seed():
    """SOL-1.4 step 5: each personal deck is shuffled (different seeds, different orders)."""
    orders = {tuple(new(2, seed=s).players[0].hand + new(2, seed=s).players[0].deck) for s in range(6)}
    assert len(orders) > 1


def test_sol_1_4_dusk_layout_and_strip_permutation():
    """SOL-1.4 step 1: the dusk layout, and a permutation of S1-S4 around the fixed S5 in col 2."""
    state = new(2, start_layout="dusk", strip_permutation=["S3", "S1", "S4", "S2"])
    faces = [face for _, face in LAYOUTS["dusk"]]
    assert [c.face for c in state.board.columns] == faces == ["day", "day", "dusk", "night", "night"]
    assert [c.strip for c in state.board.columns] == ["S3", "S1", "S5", "S4", "S2"]
    assert state.options.strip_permutation == ["S3", "S1", "S4", "S2"]


@pytest.mark.parametrize("options, code, rule", [
    ({"improvements": True}, "improvements_require_winter", "SOL-9.1"),
    ({"board_side": "spring"}, "invalid_options", "SOL-1.5"),
    ({"start_layout": "noon"}, "invalid_options", "SOL-1.4"),
    ({"strip_permutation": ["S1", "S2", "S3"]}, "invalid_options", "SOL-1.4"),
    ({"strip_permutation": ["S1", "S2", "S3", "S5"]}, "invalid_options", "SOL-1.4"),
    ({"strip_permutation": ["S1", "S1", "S3", "S4"]}, "invalid_options", "SOL-1.4"),
    ({"improvements": "yes"}, "invalid_options", "SOL-9.1"),
    ({"solo": "yes"}, "invalid_options", "SOL-10.1"),
    ({"solo": True}, "invalid_player_count", "SOL-1.2"),
])
def test_sol_1_5_options_are_checked(options, code, rule):
    """SOL-1.5: variant options and their refusals (improvements need winter, SOL-9.1)."""
    with pytest.raises(InvalidSetup) as refusal:
        new(2, **options)
    assert (refusal.value.code, refusal.value.rule) == (code, rule)


def test_sol_1_5_option_defaults_are_published():
    """SOL-1.5: the metadata lists every option with its default."""
    options = {o["name"]: o["default"] for o in R.metadata(detailed=True)["options"]}
    assert options == {"board_side": "summer", "improvements": False, "solo": None, "start_layout": "dawn",
                       "strip_permutation": None}


def test_sol_1_6_supply_is_unlimited():
    """SOL-1.6: gains are never refused for lack of tokens (more than 15 wood among the players)."""
    state = new(4)
    for seat in range(4):
        stock(state, seat, wood=6)
    wood_island = spaces(state, lambda t: t.kind == "island")
    card = give(state, 0, 15)[0]  # value 2
    col, row = next(s for s in wood_island if abs(s[0] - 2) + abs(s[1] - 2) <= 1)
    after, _ = play(state, 0, card, col, row)
    assert sum(sum(vector(p.storage)) for p in after.players) == 26
    assert sum(p.storage.wood for p in after.players) >= 24 > COMPONENTS.contents.resources_per_type
    assert cid(state, 0, 15) == card
