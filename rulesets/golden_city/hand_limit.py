"""GC-9.1: the hand limit at the end of a round that does not end the game (P5).

Every player over the limit discards at once, in any order (the phase awaits them all);
a seat that owes nothing gets ``discard_not_required`` (spec 3.8), so the handler, not
the loop, answers every seat. Once nobody owes a discard, the next round starts (GC-9.2).
"""

from __future__ import annotations

from .actions import Discard
from .events import Discarded, Events
from .components import HAND_LIMIT, LANDSCAPES
from .refusals import (CARDS_NOT_IN_HAND, DISCARD_ENTRY, DISCARD_NOT_REQUIRED, DISCARD_REQUIREMENT, PAYMENT_MALFORMED,
                       WRONG_DISCARD_COUNT, shortfall_words)
from .rounds import next_round
from .state import GoldenCityState
from .supplies import hand_counts, kinds, shortfall, shortfall_explain, take_cards

def owed(state: GoldenCityState, seat: int) -> int:
    return len(state.players[seat].hand) - HAND_LIMIT


def check_discard(state: GoldenCityState, action: Discard) -> None:
    """Spec 3.8 in order: discard_not_required, payment_malformed, wrong_discard_count, cards_not_in_hand."""
    seat = action.player
    if seat not in state.discard_pending:
        held = len(state.players[seat].hand)
        raise DISCARD_NOT_REQUIRED(player=seat, held=held, explain={"limit": {"landscape_cards": HAND_LIMIT},
                                                                    "have": {"landscape_cards": held}})
    for kind, count in action.cards.items():
        if kind not in LANDSCAPES or count < 0:
            raise PAYMENT_MALFORMED("GC-9.1", part=DISCARD_ENTRY(kind=kind, count=count),
                                    requirement=DISCARD_REQUIREMENT(),
                                    landscapes=", ".join(LANDSCAPES), context={"kind": kind})
    total = sum(action.cards.values())
    if total != owed(state, seat):
        raise WRONG_DISCARD_COUNT(expected=owed(state, seat), limit=HAND_LIMIT, offered=total,
                                  context={"expected": owed(state, seat), "offered": total},
                                  explain={"needed": {"landscape_cards": owed(state, seat)},
                                           "offered": {"landscape_cards": total},
                                           "limit": {"landscape_cards": HAND_LIMIT},
                                           "have": {"landscape_cards": len(state.players[seat].hand)}})
    in_hand = hand_counts(state.players[seat].hand)
    short = shortfall(action.cards, in_hand)
    if short:
        raise CARDS_NOT_IN_HAND("GC-9.1", shortfall=shortfall_words(short), context={"hand": in_hand},
                                explain=shortfall_explain(action.cards, in_hand))


def discard(state: GoldenCityState, action: Discard) -> Events:
    check_discard(state, action)
    seat = action.player
    dropped = take_cards(state.players[seat].hand, action.cards)
    state.landscape_discard.extend(dropped)
    state.discard_pending.remove(seat)
    events: Events = [Discarded(player=seat, cards=kinds(dropped))]
    if not state.discard_pending:
        next_round(state, events)
    return events
