"""MOZ-2.1 to 2.4 and 2.10: the round (income, trading, auction, upgrade), player order and its end.

Sequential steps keep the seat on turn in ``state.active``; simultaneous steps (trading,
bidding) await every seat that has not closed them.
"""

from __future__ import annotations

from rulesets.core import clockwise, left_of

from .cards import add_to_hand
from .components import PATH
from .events import Events, GameEnded, PhaseStarted, RoundEnded, RoundStarted, TurnPassed
from .state import ZavandorState


def player_order(state: ZavandorState) -> list[int]:
    """MOZ-2.2: the start player, then clockwise."""
    return clockwise(state.start_player, len(state.players))


def next_in_order(state: ZavandorState, seat: int) -> int | None:
    """The seat after ``seat`` in player order, or None after the last."""
    order = player_order(state)
    position = order.index(seat)
    return order[position + 1] if position + 1 < len(order) else None


def actors(state: ZavandorState) -> list[int]:
    """The seats the game awaits now (MOZ-2.3 / 2.4)."""
    step = state.step
    if step == "trading":
        return [seat for seat in player_order(state) if not state.players[seat].trade_finished]
    if step == "bidding":
        return [seat for seat in player_order(state) if not state.players[seat].sealed]
    if step == "reward":
        return [state.rewards[0].winner] if state.rewards else []
    if step == "king_move":
        return [] if state.king_mover is None else [state.king_mover]
    return [] if state.active is None else [state.active]


def start_income(state: ZavandorState, events: Events) -> None:
    """MOZ-3.1: production, in player order."""
    state.phase, state.step, state.active = "income", "production", state.start_player
    events.append(RoundStarted(round=state.round, start_player=state.start_player))


def production_turn_ended(state: ZavandorState, seat: int, events: Events) -> None:
    """MOZ-3.1: the next producer, or the one-time step from the start player."""
    state.players[seat].markers_pending = 0
    following = next_in_order(state, seat)
    if following is not None:
        state.step, state.active = "production", following
    else:
        state.step, state.active = "one_time", state.start_player
    events.append(TurnPassed(step=state.step, player=state.active))


def one_time_turn_ended(state: ZavandorState, seat: int, events: Events) -> None:
    following = next_in_order(state, seat)
    if following is not None:
        state.active = following
        events.append(TurnPassed(step=state.step, player=following))
    else:
        start_trading(state, events)


def start_trading(state: ZavandorState, events: Events) -> None:
    """MOZ-4.1: everyone trades at once."""
    state.phase, state.step, state.active = "trading", "trading", None
    state.offers = []
    for player in state.players:
        player.trade_finished, player.draft, player.drafts_opened = False, None, 0
    events.append(PhaseStarted(phase="trading"))


def start_auction(state: ZavandorState, events: Events) -> None:
    """MOZ-5.2: everyone stages a sealed bid."""
    state.phase, state.step, state.active = "auction", "bidding", None
    state.offers = []  # MOZ-4.10: remaining offers lapse
    state.bids_revealed, state.rewards, state.king_mover = False, [], None
    for player in state.players:
        player.bid, player.sealed, player.draft = {}, False, None
    events.append(PhaseStarted(phase="auction"))


def start_upgrade(state: ZavandorState, events: Events) -> None:
    """MOZ-6.1: upgrades in player order."""
    state.phase, state.step, state.active = "upgrade", "upgrade", state.start_player
    events.append(PhaseStarted(phase="upgrade"))


def end_round(state: ZavandorState, events: Events) -> None:
    """MOZ-2.10 / MOZ-9.1: set-aside cards return, the upgrade record is cleared; then the game ends
    if the king stands in the Coronation Hall, else the start player passes left."""
    for player in state.players:
        for kind, count in player.set_aside.items():
            add_to_hand(player, kind, count)
        player.set_aside, player.upgraded = {}, []
    events.append(RoundEnded(round=state.round))
    if state.king == PATH.coronation:
        state.phase, state.step, state.active = "game_over", "game_over", None
        events.append(GameEnded(round=state.round))
        return
    state.start_player = left_of(state.start_player, len(state.players))
    state.round += 1
    start_income(state, events)

