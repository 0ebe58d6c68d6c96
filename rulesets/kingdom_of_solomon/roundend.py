"""The end step of a round (KOS-9.1, 9.2): discards down to the hand limit, and in the final
round each player's confirmation before final scoring."""

from __future__ import annotations

from itertools import combinations

from rulesets.core import IllegalAction

from .actions import ConfirmFinalScoring, DiscardFortune
from .components import HAND_LIMIT
from .state import KosState
from .turns import discard_owed, settle_round_end


def discard(state: KosState, action: DiscardFortune) -> list[dict]:
    """Spec 3.12 (any seat that owes, in any order)."""
    seat = action.player
    hand = state.players[seat].hand
    if len(hand) <= HAND_LIMIT:
        raise IllegalAction("discard_not_required", "KOS-9.1", f"You hold {len(hand)} fortune cards: no discard.")
    if len(hand) - len(action.cards) != HAND_LIMIT:
        raise IllegalAction("wrong_discard_count", "KOS-6.6",
                            f"Discard exactly {len(hand) - HAND_LIMIT} card(s) to keep {HAND_LIMIT}.")
    if len(set(action.cards)) != len(action.cards) or any(card not in hand for card in action.cards):
        raise IllegalAction("card_not_in_hand", "KOS-6.6", "Discard only cards you hold, each once.")
    for card in action.cards:
        hand.remove(card)
        state.fortune_discard.append(card)
    events: list[dict] = [{"type": "fortune_discarded", "player": seat, "cards": list(action.cards)}]
    settle_round_end(state, events)
    return events


def confirm(state: KosState, action: ConfirmFinalScoring) -> list[dict]:
    """Spec 3.13: the last confirmation runs final scoring (KOS-10.4)."""
    if not state.final_round:
        raise IllegalAction("not_final_round", "KOS-9.2", "This is not the final round.")
    if any(discard_owed(state, seat) for seat in range(len(state.players))):
        raise IllegalAction("discard_pending", "KOS-9.1", "A player still owes a discard.")
    if state.players[action.player].confirmed:
        raise IllegalAction("already_confirmed", "KOS-9.2", "You have already confirmed.")
    state.players[action.player].confirmed = True
    events: list[dict] = [{"type": "final_scoring_confirmed", "player": action.player}]
    settle_round_end(state, events)
    return events


def actors(state: KosState) -> list[int]:
    """Who the end step awaits: the seats owing a discard, else (final round) those yet to confirm."""
    owing = [seat for seat in range(len(state.players)) if discard_owed(state, seat)]
    if owing:
        return owing
    if state.final_round:
        return [seat for seat, player in enumerate(state.players) if not player.confirmed]
    return []


def options(state: KosState, seat: int) -> list:
    hand = state.players[seat].hand
    if discard_owed(state, seat):
        return [DiscardFortune(player=seat, cards=list(cards))
                for cards in combinations(sorted(hand), len(hand) - HAND_LIMIT)]
    if state.final_round and not any(discard_owed(state, s) for s in range(len(state.players))) \
            and not state.players[seat].confirmed:
        return [ConfirmFinalScoring(player=seat)]
    return []
