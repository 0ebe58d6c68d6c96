"""MOZ-8: the four cart decks: drawing, reshuffling, substitution, and the deck search (MOZ-4.8).

``draw[0]`` is the top of a draw pile. Every shuffle uses the state's seeded source (MOZ-8.5).
"""

from __future__ import annotations

from typing import Mapping

from rulesets.core import Deck

from .cards import add, add_to_hand, size
from .components import CART_INDEX, CARTS, GEM_OF, KIND_OF, SUBSTITUTION_LOWER, Gem
from .events import CardsDrawn, CardsReceived, CartSubstituted, DrawLost, Events, PileReshuffled, SearchRevealed
from .state import Pile, ZavandorState


def reshuffle_if_empty(state: ZavandorState, pile: Pile, events: Events) -> None:
    """MOZ-8.2: an empty draw pile takes its shuffled discard pile at once."""
    if pile.draw or not pile.discard:
        return
    # the discard pile is kept as counts per kind: its gems, in the order of the kinds, are shuffled
    moved = _deck(state, pile).refill(GEM_OF[kind] for kind in sorted(pile.discard) for _ in range(pile.discard[kind]))
    pile.discard = {}
    events.append(PileReshuffled(cart=pile.cart, cards=moved))


def _deck(state: ZavandorState, pile: Pile) -> Deck[Gem]:
    """A cart's draw pile (gems, top first) as a deck; its discards are counts, refilled by hand."""
    return Deck(pile.draw, state.rng, source=f"{pile.cart}_pile", rule="MOZ-8.1")


def _has_cards(pile: Pile) -> bool:
    return bool(pile.draw) or bool(pile.discard)


def _cart_for(state: ZavandorState, cart: str) -> str | None:
    """MOZ-8.3: the requested cart, else the next lower one with cards, repeatedly; else the nearest higher."""
    lower: str | None = cart
    while lower is not None:
        if _has_cards(state.supply[CART_INDEX[lower]]):
            return lower
        lower = SUBSTITUTION_LOWER.get(lower)
    for higher in CARTS[CART_INDEX[cart] + 1:]:
        if _has_cards(state.supply[CART_INDEX[higher]]):
            return higher
    return None


def draw_cards(state: ZavandorState, seat: int, wanted: Mapping[str, int], events: Events) -> None:
    """MOZ-3.5: draw the cards of ``wanted`` (cart -> count) into the seat's hand, carts low to high,
    card by card (MOZ-8.3); the kinds go to the seat only, the carts to everyone (section 4.1)."""
    player = state.players[seat]
    drawn: dict[str, int] = {}
    for cart in sorted(wanted, key=CART_INDEX.__getitem__):
        for _ in range(wanted[cart]):
            used = _cart_for(state, cart)
            if used is None:  # MOZ-8.4
                events.append(DrawLost(player=seat, cart=cart))
                continue
            if used != cart:
                events.append(CartSubstituted(player=seat, requested=cart, used=used))
            pile = state.supply[CART_INDEX[used]]
            reshuffle_if_empty(state, pile, events)
            gem = _deck(state, pile).draw()
            assert gem is not None  # the pile was refilled above and _cart_for found cards in it
            kind = KIND_OF[used, gem]
            add_to_hand(player, kind)
            add(drawn, kind)
            reshuffle_if_empty(state, pile, events)
    if drawn:
        events.append(CardsDrawn(player=seat, cards=drawn, visible_to=[seat]))
        backs: dict[str, int] = {}
        for kind, count in drawn.items():
            add(backs, kind.split(".")[0], count)
        events.append(CardsReceived(player=seat, by_cart=backs, count=size(drawn)))


def search(state: ZavandorState, seat: int, gem: str, cart: str, events: Events) -> None:
    """MOZ-4.8: reveal from the top of the cart's draw pile until the gem appears; the player keeps it,
    the others go face up onto the cart's discard pile. All revealed cards are public."""
    pile = state.supply[CART_INDEX[cart]]
    revealed: list[str] = []
    while True:
        top = _deck(state, pile).draw()
        assert top is not None  # MOZ-4.7: a search is offered only for a gem its pile holds
        revealed.append(top)
        if top == gem:
            break
        add(pile.discard, KIND_OF[cart, top])
    add_to_hand(state.players[seat], KIND_OF[cart, gem])
    events.append(SearchRevealed(player=seat, cart=cart, gems=revealed))
    reshuffle_if_empty(state, pile, events)
