"""GC-12: the decks and supplies, and the one place chance is drawn during play.

``draw_landscape`` takes the top card of the landscape deck, first turning the shuffled
discard pile into a new deck when the deck is empty (GC-12.2); the shuffle is the only
random step of a running game (GC-13.1), and core's ``Deck`` makes it (the discards
sorted first, so the new deck depends on the seed and the cards, not the discard order). Landscape cards of one type are
interchangeable (spec 5.1): a card is its type, and a player spends or discards so many of a type.
"""

from __future__ import annotations

from rulesets.core import Deck

from .components import LANDSCAPES
from .events import DeckReshuffled, Events
from .state import GoldenCityState

def draw_landscape(state: GoldenCityState, events: Events) -> str | None:
    """GC-12.2: the top card of the landscape deck, or None when deck and discard are empty."""
    deck = Deck(state.landscape_deck, state.rng, state.landscape_discard, source="landscape_deck", rule="GC-12.2")
    if not deck.cards and deck.reshuffle():
        events.append(DeckReshuffled(deck="landscape", cards=len(deck)))
    return deck.draw()


def deal_landscape(state: GoldenCityState, events: Events) -> str:
    """GC-4.1: a card dealt to a pair; unlike a reward it cannot be lost, since dealing never runs dry
    (GC-12.2: no hand exceeds the limit at the start of P2, so deck and discard hold enough)."""
    card = draw_landscape(state, events)
    assert card is not None, "GC-12.2: the landscape cards ran out while dealing the pairs"
    return card


def hand_counts(hand: list[str]) -> dict[str, int]:
    """How many cards of each landscape type a hand holds (every type named)."""
    counts = dict.fromkeys(LANDSCAPES, 0)
    for card in hand:
        counts[card] += 1
    return counts


def shortfall(wanted: dict[str, int], held: dict[str, int]) -> dict[str, tuple[int, int]]:
    """The types ``wanted`` asks more of than ``held`` holds: type -> (asked, held); empty if none."""
    return {kind: (count, held.get(kind, 0)) for kind, count in wanted.items() if count > held.get(kind, 0)}


def shortfall_explain(wanted: dict[str, int], held: dict[str, int]) -> dict[str, dict[str, int]]:
    """cards_not_in_hand's ``explain``: every type the payment or discard names, and how many of each the hand
    holds (the seat's own hand, told to that seat only)."""
    named = [kind for kind, count in wanted.items() if count > 0]
    return {"needed": {kind: wanted[kind] for kind in named}, "have": {kind: held.get(kind, 0) for kind in named}}


def take_cards(hand: list[str], wanted: dict[str, int]) -> list[str]:
    """Remove ``wanted`` (type -> count) from ``hand``; the cards taken, by type."""
    taken: list[str] = []
    for kind, count in wanted.items():
        taken += [kind] * count
    for card in taken:
        hand.remove(card)
    return taken


def pay_from_bank(state: GoldenCityState, amount: int) -> int:
    """GC-6.1 / D-13: the bank pays what it can of ``amount``."""
    paid = min(amount, state.bank_coins)
    state.bank_coins -= paid
    return paid


def kinds(cards: list[str]) -> dict[str, int]:
    """Cards as a count per type, for events (``pairs_taken``, ``post_built``, ``discarded``)."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return dict(sorted(counts.items()))
