"""The end step of a round (KOS-9.1, 9.2): discards down to the hand limit, and in the final
round each player's confirmation before final scoring."""

from __future__ import annotations

from itertools import combinations

from .actions import ConfirmFinalScoring, DiscardFortune
from .components import HAND_LIMIT
from .events import Events, FinalScoringConfirmed, FortuneDiscarded
from .refusals import (ALREADY_CONFIRMED, CARD_NOT_IN_HAND, DISCARD_NOT_REQUIRED, DISCARD_PENDING, LISTED_TWICE,
                       NOT_FINAL_ROUND, NOT_IN_YOUR_HAND, WRONG_DISCARD_COUNT)
from .state import KosState
from .turns import discard_owed, settle_round_end


def discard(state: KosState, action: DiscardFortune) -> Events:
    """Spec 3.12 (any seat that owes, in any order)."""
    seat = action.player
    hand = state.players[seat].hand
    if len(hand) <= HAND_LIMIT:
        # KOS-6.6: how many cards a seat holds is public (KOS-6.1); a discard is owed above the limit
        raise DISCARD_NOT_REQUIRED(held=len(hand),
                                   explain={"limit": {"cards": HAND_LIMIT}, "have": {"cards": len(hand)}})
    if len(hand) - len(action.cards) != HAND_LIMIT:
        raise WRONG_DISCARD_COUNT(count=len(hand) - HAND_LIMIT, limit=HAND_LIMIT,
                                  explain={"needed": {"cards": len(hand) - HAND_LIMIT},
                                           "offered": {"cards": len(action.cards)},
                                           "have": {"hand": len(hand), "limit": HAND_LIMIT}})
    listed: set[str] = set()
    for card in action.cards:
        if card not in hand or card in listed:
            problem = LISTED_TWICE() if card in listed else NOT_IN_YOUR_HAND()
            raise CARD_NOT_IN_HAND("KOS-6.6", card=card, problem=problem, context={"card": card})
        listed.add(card)
    for card in action.cards:
        hand.remove(card)
        state.fortune_discard.append(card)
    events: Events = [FortuneDiscarded(player=seat, cards=list(action.cards))]
    settle_round_end(state, events)
    return events


def confirm(state: KosState, action: ConfirmFinalScoring) -> Events:
    """Spec 3.13: the last confirmation runs final scoring (KOS-10.4)."""
    if not state.final_round:
        raise NOT_FINAL_ROUND()
    if any(discard_owed(state, seat) for seat in range(len(state.players))):
        raise DISCARD_PENDING()
    if state.players[action.player].confirmed:
        raise ALREADY_CONFIRMED()
    state.players[action.player].confirmed = True
    events: Events = [FinalScoringConfirmed(player=action.player)]
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


def options(state: KosState, seat: int) -> list[DiscardFortune | ConfirmFinalScoring]:
    hand = state.players[seat].hand
    if discard_owed(state, seat):
        return [DiscardFortune(player=seat, cards=list(cards))
                for cards in combinations(sorted(hand), len(hand) - HAND_LIMIT)]
    if state.final_round and not any(discard_owed(state, s) for s in range(len(state.players))) \
            and not state.players[seat].confirmed:
        return [ConfirmFinalScoring(player=seat)]
    return []
