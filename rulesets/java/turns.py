"""JAVA-3: the turn, the action token, the mandatory land tile and
the end of a turn (with the final round and each player's grand final reckoning, JAVA-11/12)."""

from __future__ import annotations


from rulesets.core import Events, left_of

from .events import ActionTokenUsed, GameOver, JavaEvent, TurnEnded, TurnStarted
from .actions import EndTurn, UseActionToken
from .action_points import ap_left, tile_obligation_open
from .components import AP_PER_TURN, TOKEN_BONUS, TOKENS_PER_TURN
from .state import JavaState, Turn
from .refusals import ACTION_TOKEN_ALREADY_USED, LAND_TILE_REQUIRED, NO_ACTION_TOKEN


# ---------------------------------------------------------------- JAVA-3.3
def use_action_token(state: JavaState, action: UseActionToken) -> Events:
    player = state.players[action.player]
    if player.action_tokens == 0:
        raise NO_ACTION_TOKEN(explain={"needed": {"action_tokens": 1}, "have": {"action_tokens": 0}})
    if state.turn.token_used:
        raise ACTION_TOKEN_ALREADY_USED(explain={"limit": {"action_tokens": TOKENS_PER_TURN},
                                                 "have": {"action_tokens": 1}})
    player.action_tokens -= 1
    state.turn.token_used = True
    state.turn.ap_total += TOKEN_BONUS
    return [ActionTokenUsed(player=action.player, ap_total=state.turn.ap_total)]


# ---------------------------------------------------------------- JAVA-3.5, 3.6
def check_turn_may_end(state: JavaState, rule: str) -> None:
    """JAVA-3.5: a land tile this turn, unless waived (3.5.2) or lapsed (3.5.3)."""
    if not tile_obligation_open(state):
        return
    from .tiles import any_affordable_placement  # the lapse needs the placement search
    if any_affordable_placement(state, state.turn.active, ap_left(state)):
        raise LAND_TILE_REQUIRED(rule, explain={"needed": {"land_tiles": 1}, "have": {"land_tiles": 0}})


def end_turn(state: JavaState, action: EndTurn) -> Events:
    check_turn_may_end(state, "JAVA-3.5")
    events: list[JavaEvent] = []
    finish_turn(state, events)
    return events


def finish_turn(state: JavaState, events: list[JavaEvent]) -> None:
    """JAVA-3.6, 11.2 to 11.4, 12.1: the turn ends; in the final round the player's own
    reckoning follows; then the next player, or the end of the game."""
    from .scoring import grand_final_reckoning, winners
    seat = state.turn.active
    events.append(TurnEnded(player=seat, turn=state.turn.number))
    final = state.final_round
    if final is None:
        following = left_of(seat, len(state.players))
    else:
        grand_final_reckoning(state, seat, events)
        if final.remaining and final.remaining[0] == seat:
            final.remaining.pop(0)
        if not final.remaining:
            state.phase = "game_over"
            scores = [p.score for p in state.players]
            events.append(GameOver(scores=scores, winners=winners(scores)))
            return
        following = final.remaining[0]
    state.turn = Turn(number=state.turn.number + 1, active=following, ap_total=AP_PER_TURN)
    events.append(TurnStarted(player=following, turn=state.turn.number))
