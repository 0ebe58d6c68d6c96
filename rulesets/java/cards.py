"""JAVA-9: action I, festival cards; the deck, the face-up card and reshuffles (JAVA-14.6)."""

from __future__ import annotations

from rulesets.core import Deck, Events

from .events import CardDrawn, CardTaken, DeckReshuffled, FaceUpReplaced, JavaEvent
from .actions import TakeFestivalCard
from .components import CARDS, COSTS
from .state import JavaState
from .action_points import check_ap, spend
from .refusals import CARD_LIMIT_REACHED, INVALID_CARD_SOURCE, NO_CARDS_LEFT, NO_FACE_UP_CARD, TO_TAKE

CARD_AP = COSTS.take_festival_card.ap
CARDS_PER_TURN = COSTS.take_festival_card.max_per_turn
SOURCES = ("face_up", "deck")


def no_face_up_explain() -> dict[str, dict[str, int]]:
    """no_face_up_card's explain (taking the card, JAVA-9.4, or naming a festival by it, JAVA-10.2)."""
    return {"needed": {"face_up_cards": 1}, "have": {"face_up_cards": 0}}


def card_value(card: str, symbols: list[str] | frozenset[str]) -> int:
    """JAVA-10.4: how many of the festival symbols the card shows."""
    return len(CARDS[card] & set(symbols))


def festival_deck(state: JavaState, rule: str = "JAVA-9.2") -> Deck[str]:
    """The face-down deck and its discard pile, as the state holds them (JAVA-1.5, 9.4); its draws follow
    ``rule`` (the top card taken, JAVA-9.2, or turned face up, JAVA-9.3)."""
    return Deck(state.cards.deck, state.rng, state.cards.discard, source="festival_deck", rule=rule)


def _draw(state: JavaState, events: list[JavaEvent], rule: str) -> str | None:
    """The top card of the deck; an empty deck is first refilled from the shuffled discard (JAVA-9.4),
    which everyone is told about (the new order stays hidden)."""
    deck = festival_deck(state, rule)
    if not deck.cards:
        moved = deck.reshuffle()
        if moved:
            events.append(DeckReshuffled(count=moved))
    return deck.draw()


def take_festival_card(state: JavaState, action: TakeFestivalCard) -> Events:
    seat = action.player
    if action.source not in SOURCES:
        raise INVALID_CARD_SOURCE()
    if state.turn.cards_taken >= CARDS_PER_TURN:
        raise CARD_LIMIT_REACHED(limit=CARDS_PER_TURN, explain={"limit": {"cards": CARDS_PER_TURN},
                                                                "have": {"cards": state.turn.cards_taken}})
    cards = state.cards
    if action.source == "face_up" and cards.face_up is None:
        raise NO_FACE_UP_CARD("JAVA-9.4", purpose=TO_TAKE(), explain=no_face_up_explain())
    if action.source == "deck" and not cards.deck and not cards.discard:
        # the sizes of the deck and the discard pile are public (spec 4.1)
        raise NO_CARDS_LEFT(explain={"needed": {"cards": 1}, "have": {"deck": 0, "discard": 0}})
    check_ap(state, CARD_AP, "JAVA-9.1")
    spend(state, CARD_AP)
    state.turn.cards_taken += 1
    hand = state.players[seat].hand
    events: list[JavaEvent] = []
    if action.source == "face_up":
        taken = cards.face_up
        assert taken is not None
        hand.append(taken)
        # everyone saw the face-up card taken (spec 4.1): the public event names it
        events.append(CardTaken(player=seat, source="face_up", card=taken))
        cards.face_up = _draw(state, events, "JAVA-9.3")
        events.append(FaceUpReplaced(card=cards.face_up))
    else:
        drawn = _draw(state, events, "JAVA-9.2")
        assert drawn is not None
        hand.append(drawn)
        events.append(CardTaken(player=seat, source="deck"))
        events.append(CardDrawn(player=seat, card=drawn, visible_to=[seat]))
    return events
