"""SOL-1.4 and SOL-2.1 with core's seating: the first player (the spec's first_seat) and the colours."""

from __future__ import annotations

import pytest

from rulesets import get_ruleset
from rulesets.core import InvalidSetup, to_builtins
from rulesets.testing.playout import random_playout

R = get_ruleset("solenia")


def test_sol_2_1_the_first_player_starts_every_round_and_the_round_ends_before_them():
    """SOL-2.1: play runs clockwise from the first player, who starts each round."""
    state = R.setup(3, seed=5, first_player=2)
    assert state.first_player == 2 and R.status(state).active_players == [2]
    seen = []
    while state.round == 1:
        seen.append(state.active_seat)
        state, _ = R.apply(state, R.legal_actions(state, state.active_seat)[0])
        while state.phase == "overflow":
            seat = state.pending[0].player
            state, _ = R.apply(state, R.legal_actions(state, seat)[0])
    assert seen == [2, 0, 1] and state.active_seat == 2


def test_sol_1_4_starting_resources_go_by_turn_position_not_seat_number():
    """SOL-1.4: the first, second... player's starting resources follow whoever starts."""
    default = R.setup(4, seed=9)
    shifted = R.setup(4, seed=9, first_player=1)
    for position in range(4):
        assert to_builtins(shifted.players[(1 + position) % 4].storage) == to_builtins(default.players[position].storage)


def test_sol_9_1_the_draft_runs_from_the_last_player_in_turn_order():
    """SOL-9.1: the draft starts with the player to the first player's right, twice round."""
    state = R.setup(3, seed=1, options={"board_side": "winter", "improvements": True}, first_player=1)
    assert state.draft.order == [0, 2, 1, 0, 2, 1]


@pytest.mark.parametrize("first_player", [1, 3])
def test_sol_2_1_whole_games_from_another_first_player(first_player):
    """SOL-2.1 / SOL-7.1: a game seated from another first player plays to its end (and replays)."""
    for side in ("summer", "winter"):
        done = random_playout(R, 4, f"first-{first_player}-{side}", {"board_side": side},
                              setup_kwargs={"first_player": first_player})
        state = done.state
        assert R.status(state).game_over and state.first_player == first_player
        again = R.replay(4, done.seed, done.options, done.actions, first_player=first_player)
        assert to_builtins(again) == to_builtins(state)


def test_sol_1_4_colours_are_chosen_per_seat_and_refused_when_bad():
    """SOL-1.4 / spec 3.3: duplicate or unknown colour is invalid_color, checked after the player count."""
    state = R.setup(2, seed=3, colors=["purple", "orange"])
    assert [p.color for p in state.players] == ["purple", "orange"]
    assert all(card.startswith("purple") for card in state.players[0].hand + state.players[0].deck)
    for bad in (["purple", "purple"], ["orange", "green"], ["orange"]):
        with pytest.raises(InvalidSetup) as refusal:
            R.setup(2, seed=3, colors=bad)
        assert (refusal.value.code, refusal.value.rule) == ("invalid_color", "SOL-1.4")
    with pytest.raises(InvalidSetup) as count_first:
        R.setup(5, seed=3, colors=["purple", "purple"])
    assert count_first.value.code == "invalid_player_count"


def test_sol_10_1_the_rival_takes_a_colour_no_player_uses():
    """SOL-10.1: the Rival's deck is a colour the solo player did not choose."""
    state = R.setup(1, seed=4, colors=["black"])
    assert state.players[0].color == "black" and state.solo.rival_color != "black"
    R.load_state(to_builtins(state))


def test_sol_2_1_a_first_player_that_is_not_a_seat_is_refused():
    """SOL-2.1: the first player is one of the seats."""
    for bad in (3, -1, True, "0"):
        with pytest.raises(InvalidSetup) as refusal:
            R.setup(3, seed=1, first_player=bad)
        assert refusal.value.code == "invalid_first_player" and refusal.value.rule == "SOL-2.1"
