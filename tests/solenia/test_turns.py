"""SOL-2: turn order, the turn, the end of turn, the hand limit."""

from __future__ import annotations

import pytest

from rulesets.core import InvalidAction, to_builtins
from rulesets.solenia.components import HAND_SIZE

from .scenario import R, action, events_of, first_card, give, kinds_of, new, play, put, refused, seen, spaces, stock


def _island_next_to_airship(state):
    return next(s for s in spaces(state, lambda t: t.kind == "island") if abs(s[0] - 2) + abs(s[1] - 2) <= 1)


def test_sol_2_1_seat_order_and_rounds():
    """SOL-2.1: seats play in order, seat 0 starts every round, a round is one turn per seat."""
    state = new(3)
    seen = []
    for _ in range(7):
        seat = state.active_seat
        seen.append((state.round, seat))
        state, _ = R.apply(state, R.legal_actions(state, seat)[0])
        while state.phase == "overflow":
            state, _ = R.apply(state, R.legal_actions(state, state.pending[0].player)[0])
    assert seen == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0)]


def test_sol_2_1_only_the_active_seat_plays():
    """SOL-2.1: another seat's play_card is not_your_turn."""
    state = new(2)
    card = state.players[1].hand[0]
    refused(state, action("play_card", 1, card=card, space={"col": 2, "row": 2}), "not_your_turn", "SOL-2.1")
    assert R.legal_actions(state, 1) == []


def test_sol_2_2_card_must_be_in_hand():
    """SOL-2.2: the card played must be in the player's hand."""
    state = new(2)
    not_held = state.players[0].deck[0]
    refused(state, action("play_card", 0, card=not_held, space={"col": 2, "row": 2}), "card_not_in_hand", "SOL-2.2")
    refused(state, action("play_card", 0, card=state.players[1].hand[0], space={"col": 2, "row": 2}),
            "card_not_in_hand", "SOL-2.2")
    refused(state, action("discard_to_advance", 0, card=not_held), "card_not_in_hand", "SOL-2.2")


def test_sol_2_2_passing_is_not_an_action():
    """SOL-2.2: there is no pass; every listed action plays or discards exactly one card."""
    state = new(2)
    with pytest.raises(InvalidAction):
        R.apply(state, action("pass", 0))
    assert {a.type if hasattr(a, "type") else type(a).__name__ for a in R.legal_actions(state, 0)} <= {"PlayCard"}
    after, events = R.apply(state, R.legal_actions(state, 0)[0])
    assert len(events_of(events, "card_played")) == 1
    assert len(after.players[0].hand) == HAND_SIZE


def test_sol_2_3_end_of_turn_runs_resolution_then_draw_then_overflow():
    """SOL-2.3: after the action: resolve strips, draw, queue overflow; the next seat waits for it."""
    state = new(2)
    zero = first_card(0)
    gain = first_card(1, "gain_resource")
    card = give(state, 0, zero)[0]
    give(state, 1, 9, 10, 15)
    put(state, 1, gain, 0, 0)  # on the rear strip: it activates when the airship advances
    stock(state, 1, wood=4, stone=4)  # full: the activation overflows
    col, row = _island_next_to_airship(state)
    after, events = play(state, 0, card, col, row)
    kinds = kinds_of(events)
    order = [kinds.index(k) for k in ("airship_advanced", "strip_resolved", "card_activated", "strip_moved",
                                      "card_drawn", "overflow_pending")]
    assert order == sorted(order)
    assert "turn_started" not in kinds
    assert after.phase == "overflow" and [(p.player, p.amount) for p in after.pending] == [(1, 1)]
    assert len(after.players[0].hand) == HAND_SIZE
    refused(after, action("play_card", 1, card=after.players[1].hand[0], space={"col": 2, "row": 2}),
            "wrong_phase", "SOL-2.3")
    done, events = R.apply(after, action("discard_overflow", 1, discard={"stone": 1}))
    assert done.phase == "play" and done.active_seat == 1
    assert to_builtins(events[-1]) == {"type": "turn_started", "player": 1, "round": 1}


def test_sol_2_3_permanent_markers_reset_at_end_of_turn():
    """SOL-2.3 step 4: per-turn markers (permanent resources used) are reset before the next turn."""
    from tests.solenia.test_winter import winter_delivery_with_permanent

    after = winter_delivery_with_permanent()
    assert all(not p.used_this_turn for p in after.players[0].permanent)


def test_sol_2_4_hand_refills_to_three_then_shrinks():
    """SOL-2.4: the hand is refilled to 3 from the own deck; with the deck empty it shrinks, no reshuffle."""
    state = new(2)
    after, events = R.apply(state, R.legal_actions(state, 0)[0])
    assert len(after.players[0].hand) == HAND_SIZE
    drawn = events_of(events, "card_drawn")[0]
    assert drawn["player"] == 0 and len(drawn["cards"]) == 1
    assert drawn not in seen(events, 1) and drawn in seen(events, 0)
    late = new(2)
    player = late.players[0]
    player.discard.extend(player.deck)  # as if 13 turns had been played
    player.deck.clear()
    after, events = R.apply(late, R.legal_actions(late, 0)[0])
    assert len(after.players[0].hand) == HAND_SIZE - 1 and not events_of(events, "card_drawn")
