"""SOL-H.7: posted states that contradict the components or themselves are refused."""

from __future__ import annotations

import copy

import pytest

from rulesets.core import to_builtins
from rulesets.testing.playout import random_playout

from .scenario import R
from .scenario import state_refused as refused

_MID = {}


def midgame(players=3, **options):
    key = (players, tuple(sorted(options.items())))
    if key not in _MID:
        playout = random_playout(R, players, "h7", options, sample_legal=0, nudges=0)
        state = R.setup(players, "h7", options)
        for act in playout.actions[: len(playout.actions) // 2]:
            state, _ = R.apply(state, act)
        _MID[key] = to_builtins(state)
    return copy.deepcopy(_MID[key])


def test_sol_h_7_a_valid_state_loads():
    """SOL-H.7: a state the game produced loads unchanged."""
    raw = midgame()
    assert to_builtins(R.load_state(raw)) == raw


def test_sol_h_7_duplicated_card():
    """SOL-H.7: a card in two places is refused at its second place."""
    raw = midgame()
    card = raw["players"][1]["hand"][0]
    raw["players"][1]["deck"].append(card)
    error = refused(raw, f"$.players[1].deck[{len(raw['players'][1]['deck']) - 1}]")
    assert error.rule == "SOL-H.7" and card in error.detail


def test_sol_h_7_missing_card():
    """SOL-H.7: a card of the game that is nowhere is refused (the owner's record is named)."""
    raw = midgame()
    card = raw["players"][2]["deck"].pop()
    error = refused(raw, "$.players[2]")
    assert error.context["missing"] == [card]


def test_sol_h_7_card_of_another_colour_in_a_hand():
    """SOL-H.7: a hand holds only its player's colour."""
    raw = midgame()
    a, b = raw["players"][0]["hand"][0], raw["players"][1]["hand"][0]
    raw["players"][0]["hand"][0], raw["players"][1]["hand"][0] = b, a
    refused(raw, "$.players[0].hand[0]")


def test_sol_h_7_unknown_card():
    """SOL-H.7: a card that is not part of the game is refused where it lies."""
    raw = midgame()
    raw["players"][0]["discard"].append("green-01")
    refused(raw, f"$.players[0].discard[{len(raw['players'][0]['discard']) - 1}]")


def test_sol_h_7_negative_resource():
    """SOL-H.7: a negative count is refused by the state's types, with its path."""
    raw = midgame()
    raw["players"][1]["storage"]["water"] = -1
    refused(raw, "$.players[1].storage.water")


def test_sol_h_7_wrong_capacity():
    """SOL-H.7 / SOL-4.2: capacity is derived; a different value is refused."""
    raw = midgame()
    raw["players"][0]["capacity"] = 9
    error = refused(raw, "$.players[0].capacity")
    assert error.context["expected"] == 8


def test_sol_h_7_tile_in_deck_and_display():
    """SOL-H.7: a tile both in a deck and in a display is refused."""
    raw = midgame()
    raw["delivery"]["day_deck"].append(raw["delivery"]["day_display"][0])
    error = refused(raw, "$.delivery.day_display[0]")
    assert f"$.delivery.day_deck[{len(raw['delivery']['day_deck']) - 1}]" in error.detail


def test_sol_h_7_missing_tile():
    """SOL-H.7: every delivery tile is somewhere."""
    raw = midgame()
    raw["delivery"]["night_deck"].pop()
    refused(raw, "$.delivery")


def test_sol_h_7_tile_in_the_wrong_row():
    """SOL-H.7: day tiles only in day places."""
    raw = midgame()
    day = raw["delivery"]["day_deck"].pop()
    night = raw["delivery"]["night_deck"].pop()
    raw["delivery"]["day_deck"].append(night)
    raw["delivery"]["night_deck"].append(day)
    refused(raw, f"$.delivery.day_deck[{len(raw['delivery']['day_deck']) - 1}]")


def test_sol_h_7_display_short_while_its_deck_lasts():
    """SOL-H.7 / SOL-5.6: a display is refilled at once."""
    raw = midgame()
    raw["delivery"]["day_deck"].append(raw["delivery"]["day_display"].pop())
    refused(raw, "$.delivery.day_display")


def test_sol_h_7_hand_and_deck_sizes_follow_the_turns():
    """SOL-H.7 / SOL-2.4: a hand of the wrong size for this point of the game is refused."""
    raw = midgame()
    raw["players"][1]["deck"].append(raw["players"][1]["hand"].pop())
    refused(raw, "$.players[1].hand")
    raw = midgame()
    raw["players"][1]["discard"].append(raw["players"][1]["deck"].pop())
    refused(raw, "$.players[1].deck")


def test_sol_h_7_two_cards_on_one_space_and_off_board_cards():
    """SOL-H.7 / SOL-3.1: one card per space, and only on spaces."""
    raw = midgame()
    cards = raw["board"]["cards"]
    assert len(cards) >= 2
    cards[1]["col"], cards[1]["row"] = cards[0]["col"], cards[0]["row"]
    refused(raw, "$.board.cards[1]")
    raw = midgame()
    raw["board"]["cards"][0]["col"] = 5
    refused(raw, "$.board.cards[0]")


def test_sol_h_7_board_card_owner_matches_its_colour():
    """SOL-H.7: a board card belongs to the seat of its colour."""
    raw = midgame()
    placed = raw["board"]["cards"][0]
    placed["owner"] = (placed["owner"] + 1) % 3
    refused(raw, "$.board.cards[0].card")


def test_sol_h_7_airship_rests_on_its_space():
    """SOL-H.7 / SOL-6.5: between turns the airship is on (2,2)."""
    raw = midgame()
    raw["board"]["airship"] = {"col": 3, "row": 2}
    refused(raw, "$.board.airship")


def test_sol_h_7_strips_and_faces():
    """SOL-H.7 / SOL-1.3.2: the five strips, each once, with one of their own faces."""
    raw = midgame()
    raw["board"]["columns"][0]["face"] = "dusk" if raw["board"]["columns"][0]["strip"] != "S5" else "day"
    refused(raw, "$.board.columns[0].face")
    raw = midgame()
    raw["board"]["columns"][1] = dict(raw["board"]["columns"][0])
    refused(raw, "$.board.columns[1]")


def test_sol_h_7_storage_over_capacity_needs_a_pending_overflow():
    """SOL-H.7 / SOL-4.3: more than capacity only while an overflow is pending for that player."""
    raw = midgame()
    raw["players"][0]["storage"] = {"wood": 9, "wheat": 0, "stone": 0, "water": 0}
    refused(raw, "$.players[0].storage")


def test_sol_h_7_pending_and_phase_agree():
    """SOL-H.7 / SOL-6.6: pending decisions exist exactly in the overflow phase, with the true surplus."""
    raw = midgame()
    raw["phase"] = "overflow"
    refused(raw, "$.pending")
    raw = midgame()
    raw["phase"] = "overflow"
    raw["players"][1]["storage"] = {"wood": 8, "wheat": 2, "stone": 0, "water": 0}
    raw["pending"] = [{"kind": "discard_overflow", "player": 1, "amount": 1}]
    refused(raw, "$.pending[0].amount")


def test_sol_h_7_summer_rows_have_no_gaps():
    """SOL-H.7 / SOL-5.5: summer rows fill left to right."""
    raw = midgame()
    tile = raw["delivery"]["day_deck"].pop()
    filled = [t for t in raw["players"][0]["day_slots"] if t]
    assert len(filled) <= 4
    raw["players"][0]["day_slots"] = ([None] + filled + [tile] + [None] * 6)[:6]
    refused(raw, "$.players[0].day_slots[1]")


def test_sol_h_7_unknown_field_and_wrong_type():
    """SOL-H.7: the state's types are checked with the path at fault."""
    raw = midgame()
    raw["players"][0]["gold"] = 3
    refused(raw, "$.players[0].gold")
    raw = midgame()
    raw["round"] = "three"
    refused(raw, "$.round")


def test_sol_h_7_seats_colours_and_round():
    """SOL-H.7: seats are 0-based in order with their colours; the round is 1 to 16."""
    raw = midgame()
    raw["players"][1]["seat"] = 2
    refused(raw, "$.players[1].seat")
    raw = midgame()
    raw["round"] = 17
    refused(raw, "$.round")
    raw = midgame()
    raw["active_seat"] = 3
    refused(raw, "$.active_seat")


def test_sol_h_7_a_card_copied_over_another():
    """SOL-H.7: a duplicate that replaces another card (same count, all ids known) is refused."""
    raw = midgame()
    hand = raw["players"][0]["hand"]
    deck = raw["players"][0]["deck"]
    deck[0] = hand[0]
    error = refused(raw, "$.players[0].deck[0]")
    assert hand[0] in error.detail


def test_sol_h_7_a_tile_copied_over_another():
    """SOL-H.7: a tile that replaces another tile (same count, all ids known) is refused."""
    raw = midgame()
    raw["delivery"]["night_deck"][0] = raw["delivery"]["night_display"][0]
    refused(raw, "$.delivery.night_display[0]")


def test_sol_h_7_improvements_held_and_active():
    """SOL-H.7 / SOL-9.3: improvement tiles must exist, and 'active' is derived from the filled slots."""
    raw = midgame(2, board_side="winter", improvements=True)
    assert raw["phase"] != "draft"
    raw["players"][0]["improvements"]["level1"] = "L1_NO_SUCH_TILE"
    refused(raw, "$.players[0].improvements.level1")
    raw = midgame(2, board_side="winter", improvements=True)
    raw["players"][1]["improvements"]["level3_night"] = raw["players"][1]["improvements"]["level3_day"]
    refused(raw, "$.players[1].improvements.level3_day")
    raw = midgame(2, board_side="winter", improvements=True)
    held = raw["players"][0]["improvements"]
    held["active"] = [] if held["active"] else ["level1"]
    refused(raw, "$.players[0].improvements.active")
    raw = midgame(2)
    raw["players"][0]["improvements"]["level1"] = "L1_DOUBLE_ADVANCE"
    refused(raw, "$.players[0].improvements")


def test_sol_h_7_winter_slots_respect_prerequisites_and_permanents_are_derived():
    """SOL-H.7 / SOL-8.2 / SOL-8.4: no level-2 tile without level-1 ones; permanents match C and E slots."""
    raw = midgame(2, board_side="winter")
    row = raw["players"][0]["day_slots"]
    raw["delivery"]["day_deck"] += [t for t in row if t]  # the row's tiles go back: nothing lost
    tile = raw["delivery"]["day_deck"].pop(0)
    raw["players"][0]["day_slots"] = [None, None, None, None, tile, None]  # a level-3 slot alone
    refused(raw, "$.players[0].day_slots")
    raw = midgame(2, board_side="winter")
    raw["players"][1]["permanent"] = raw["players"][1]["permanent"] + [
        {"id": "night_E", "resource": "stone", "used_this_turn": False}]
    refused(raw, "$.players[1].permanent")


# ---------------------------------------------------------------- SOL-9.1: the draft comes before round 1
def _draft_state(players=4, first_player=0):
    return to_builtins(R.setup(players, "draft-round", {"board_side": "winter", "improvements": True},
                               first_player=first_player))


@pytest.mark.parametrize("round_", [2, 9, 16])
def test_sol_h_7_and_sol_9_1_a_draft_state_is_in_round_1(round_):
    """SOL-H.7, SOL-9.1: a draft-phase state whose round is past 1 is refused on input."""
    raw = _draft_state()
    assert raw["phase"] == "draft" and raw["round"] == 1
    raw["round"] = round_
    refused(raw, "$.round")


def test_sol_h_7_and_sol_9_1_while_drafting_the_first_player_plays_next():
    """SOL-H.7, SOL-9.1: during the draft the seat to play after it is the first player."""
    raw = _draft_state(first_player=2)
    raw["active_seat"] = 1
    refused(raw, "$.active_seat")


def test_sol_9_1_every_state_of_a_draft_is_accepted_and_so_is_the_first_turn_after_it():
    """SOL-9.1: each pick of a whole draft answers a state the input check accepts again."""
    state = R.load_state(_draft_state(first_player=1))
    while state.phase == "draft":
        seat = R.flow.active_players(state)[0]
        state, _ = R.apply(state, R.legal_actions(state, seat)[0])
        again = R.load_state(to_builtins(state))
        assert again.round == 1
    assert state.phase == "play" and state.active_seat == 1
