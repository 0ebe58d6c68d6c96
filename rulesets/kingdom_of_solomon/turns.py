"""The round (KOS-2): who acts next in each phase, phase changes, the end step (KOS-9)
and the end of the game (KOS-10.1, 10.2)."""

from __future__ import annotations

from rulesets.core import Deck, clockwise, next_seat

from .board import empty_sites, markers_placed
from .components import HAND_LIMIT, MARKERS_PER_PLAYER, SETUP, TEMPLE_BLOCKS
from .events import (DisplayRefilled, Events, FinalRound, GameEnded, PawnsForfeited, PhaseStarted,
                     RoundStarted)
from .scoring import final_scores
from .spaces import has_open_space
from .state import KosState


def position(state: KosState, seat: int) -> int:
    """1-based turn-order position (KOS-2)."""
    return state.turn_order.index(seat) + 1


def pawns_out(state: KosState, seat: int) -> bool:
    return any(pawn.owner == seat for pawn in state.pawns)


# ---------------------------------------------------------------- placement (KOS-4.1, 4.2, 4.10)
def advance_placement(state: KosState, events: Events, after: int | None) -> None:
    """The next seat in turn order after ``after`` (position 1 when None) with a pawn to place.

    A seat with pawns but no legal space forfeits them for the round (KOS-4.10); when
    nobody has a pawn left, Resolution starts.
    """
    order = state.turn_order
    start = 0 if after is None else order.index(after) + 1
    for seat in (order[at] for at in clockwise(start, len(order))):
        player = state.players[seat]
        if player.unplaced <= 0:
            continue
        if has_open_space(state, seat):
            state.active = seat
            return
        events.append(PawnsForfeited(player=seat, count=player.unplaced))
        player.unplaced = 0
    start_resolution(state, events)


def settle_placement(state: KosState, events: Events) -> None:
    """After an out-of-turn card: the placer on turn may have lost his last legal space."""
    seat = state.active
    if seat is None:
        advance_placement(state, events, None)
        return
    player = state.players[seat]
    if player.unplaced > 0 and has_open_space(state, seat):
        return
    if player.unplaced > 0:
        events.append(PawnsForfeited(player=seat, count=player.unplaced))
        player.unplaced = 0
    advance_placement(state, events, seat)


# ---------------------------------------------------------------- resolution (KOS-5.1, 2.4, 5.15)
def start_resolution(state: KosState, events: Events) -> None:
    state.phase = "resolution"
    events.append(PhaseStarted(phase="resolution"))
    next_resolver(state, events)


def next_resolver(state: KosState, events: Events) -> None:
    """KOS-2.4: the earliest player in the current order who still has pawns out."""
    for seat in state.turn_order:
        if pawns_out(state, seat):
            state.active = seat
            return
    start_market(state, events)


# ---------------------------------------------------------------- market (KOS-7.1, 7.2)
def start_market(state: KosState, events: Events) -> None:
    state.phase = "market"
    events.append(PhaseStarted(phase="market"))
    for player in state.players:
        player.passed = False
        player.bought = []
        player.sold = []
    state.active = state.turn_order[-1]


def next_market_player(state: KosState, events: Events) -> None:
    """Reverse turn order, round and round, skipping those who passed."""
    backwards = state.turn_order[::-1]
    # indexes into the reversed order; with nobody on turn the search starts from its top (after its last index)
    last = backwards.index(state.active) if state.active is not None else len(backwards) - 1
    at = next_seat(last, len(backwards), still_in=lambda at: not state.players[backwards[at]].passed)
    if at is None:
        start_building(state, events)
    else:
        state.active = backwards[at]


# ---------------------------------------------------------------- building (KOS-8.1)
def start_building(state: KosState, events: Events) -> None:
    state.phase = "building"
    events.append(PhaseStarted(phase="building"))
    state.active = state.turn_order[0]


def next_builder(state: KosState, events: Events) -> None:
    index = state.turn_order.index(state.active) + 1 if state.active is not None else len(state.turn_order)
    if index < len(state.turn_order):
        state.active = state.turn_order[index]
    else:
        enter_round_end(state, events)


def end_condition_met(state: KosState) -> bool:
    """KOS-10.1: every site full, someone with all his markers placed, or the temple finished."""
    return (not empty_sites(state)
            or any(markers_placed(state, seat) >= MARKERS_PER_PLAYER for seat in range(len(state.players)))
            or sum(state.temple.values()) >= TEMPLE_BLOCKS)


def check_end(state: KosState, events: Events) -> None:
    """KOS-10.2: after every building action; once met, this round is the last."""
    if not state.final_round and end_condition_met(state):
        state.final_round = True
        events.append(FinalRound(round=state.round))


# ---------------------------------------------------------------- end of round (KOS-9)
def discard_owed(state: KosState, seat: int) -> bool:
    return len(state.players[seat].hand) > HAND_LIMIT


def enter_round_end(state: KosState, events: Events) -> None:
    state.phase = "round_end"
    state.active = None
    events.append(PhaseStarted(phase="round_end"))
    settle_round_end(state, events)


def settle_round_end(state: KosState, events: Events) -> None:
    """KOS-9.1..9.3: wait for discards; in the final round, for every confirmation; else next round."""
    if any(discard_owed(state, seat) for seat in range(len(state.players))):
        return
    if state.final_round:
        if all(player.confirmed for player in state.players):
            end_game(state, events)
        return
    finish_round(state, events)


def finish_round(state: KosState, events: Events) -> None:
    """KOS-9.3..9.6: refill the display, reset the round's flags, and start the next round."""
    deck = Deck(state.building_deck, state.rng, source="building_deck", rule="KOS-9.3")
    refilled: list[str] = []
    for index, slot in enumerate(state.display):
        card = deck.draw() if slot is None else None
        if card is not None:
            state.display[index] = card
            refilled.append(card)
    if refilled:
        events.append(DisplayRefilled(cards=refilled))
    start_round(state, events, state.round + 1)


def start_round(state: KosState, events: Events, number: int) -> None:
    """KOS-1.9 and KOS-9.6: Placement, position 1 first, every pawn back home."""
    pawns = SETUP[len(state.players)].pawns_per_player
    state.round = number
    state.phase = "placement"
    state.pawns = []
    for player in state.players:
        player.unplaced = pawns
        player.built_this_round = 0
        player.privilege_used = False
        player.bought = []
        player.sold = []
        player.passed = False
        player.confirmed = False
    events.append(RoundStarted(round=number))
    state.active = None
    advance_placement(state, events, None)


def end_game(state: KosState, events: Events) -> None:
    state.phase = "game_over"
    state.active = None
    events.append(GameEnded(scores=[entry["total"] for entry in final_scores(state)]))


def after_out_of_turn(state: KosState, events: Events) -> None:
    """KOS-6.2: a fortune card never passes the turn, but it may settle what waited on it."""
    if state.phase == "placement":
        settle_placement(state, events)
    elif state.phase == "round_end":
        settle_round_end(state, events)


