"""What a Mines of Zavandor seat may not know, written from the spec (section 4 and the rules it names), not
from the state's secrecy markers.

What the rules keep from a seat (spec 4.1, 4.4):

* **Another seat's hand, by kind** (4.1; MOZ-3.5 "drawn cards enter the hand unseen by the other
  players"): the seat sees only the hand's size per cart, the backs (AMB-17). So the gem on each card of
  another hand could be any gem of that cart still unaccounted for.
* **The order and content of each draw pile** (4.1, MOZ-1.2 "face down", MOZ-8.5): only its size is public.
* **The random seed and generator** (4.1, 4.3, MOZ-8.5, spec 3.7): nobody's.
* **Another seat's staged bid** (MOZ-5.2, 4.2, AMB-16): before every bid is sealed, nobody but the bidder
  learns which or how many cards it stages; only whether it has sealed.
* **Another seat's trade draft** (4.1 "trade drafts: others no", MOZ-4.3, AMB-15): its partner, what it
  gives and asks, whether one is open at all; so also how many drafts it opened this phase (MOZ-4.11: a
  draft cancelled is never shown, so the count is the drafter's own).
* **Which draft or staging action a seat took** (4.2, AMB-16): staging is one card per action, added or
  removed; a draft is built one entry per action. The seat sees that the other acted, not how.

So a twin for a seat, cart by cart, re-deals the gems of the cards it cannot see (each draw pile and the
cards of that cart in every other hand) among those places, each keeping its size (so every hand keeps
its backs); re-stages every other seat's bid from its new hand while the bids are sealed; re-drafts every
other seat's draft (none, or one to another unfinished seat, from its new hand); changes the other seats'
count of drafts opened; and draws the rest of the game from a new seed and salt. A spectator (None)
knows no hand. ``alternative`` gives, for a draft or staging action of another seat, another such action
that seat could send instead (MOZ-5.2, 4.2).

What the rules show a seat, which the twin keeps:

* its own hand, bid, draft and count of drafts (4.1 "owner: yes");
* every hand's backs per cart and size (4.1, AMB-16: staged cards still count);
* open offers, with the kinds given (4.1, MOZ-4.3): those cards stay in the proposer's hand;
* discard piles, set-aside cards, the display, mines, levels, VP, the king (4.1): untouched;
* the bids once the last seal revealed them (MOZ-5.3): untouched from then on;
* whether a cart's search gem still lies in its draw pile (MOZ-4.7 / 4.9, AMB-6: a search for a gem the
  pile lacks is refused as a whole, "this reveals no more than a full search would"; the legal bank trades
  list a search only where it would succeed): each draw pile keeps holding, or lacking, the gem searched in
  it.

And the events in which the rules show a seat what was hidden (``disclosed``): the kinds it draws itself
(``cards_drawn``, MOZ-3.5, 3.11, 4.1), the cards a deck search turns up (``search_revealed``, MOZ-4.8), a
draft once proposed (``offer_made``, MOZ-4.3: "turns it into an offer, visible to all") and every bid at
the last seal (``bids_revealed``, MOZ-5.3).

The bounds the twin keeps are those of the state: the history (how many draft actions a seat took this
phase, which a session log counts) is not in it, so the twin may give a seat more cancelled drafts than it
had moves for; nothing the referee answers depends on that count but the drafter's own refusal (MOZ-4.11).
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.core import to_builtins
from rulesets.mines_of_zavandor import RULESET
from rulesets.mines_of_zavandor.cards import size, sorted_set
from rulesets.mines_of_zavandor.components import CART_INDEX, CART_OF, CARTS, GEM_OF, GEMS, KIND_OF, SEARCH_DECK
from rulesets.mines_of_zavandor.state import AskEntry, Draft, DraftEntry, GiveEntry, ZavandorState
from rulesets.testing.noninterference import Secrets, Viewer, reseeded

#: MOZ-4.7: the gem each cart's draw pile is searched for (each cart is the search deck of one gem)
SEARCHED_IN = {cart: gem for gem, cart in SEARCH_DECK.items()}
#: spec 4.1 / AMB-15: a draft is its drafter's; MOZ-5.2 / 4.2: staging is the bidder's. Each group is one
#: choice another seat cannot tell apart (drafting while trading, staging while bidding).
DRAFTING = frozenset({"trade_draft_open", "trade_draft_give", "trade_draft_ask", "trade_draft_undo",
                      "trade_draft_cancel"})
STAGING = frozenset({"bid_add", "bid_remove"})


def _cards(hand: dict[str, int], cart: str, kept: dict[str, int]) -> list[str]:
    """The gems of the cards of ``cart`` in ``hand``, less those ``kept`` (shown to everyone)."""
    return [GEM_OF[kind] for kind, count in hand.items() if CART_OF[kind] == cart
            for _ in range(count - kept.get(kind, 0))]


def _redeal_cart(pile: list[str], hands: list[list[str]], searched: str, rnd: random.Random) -> None:
    """The gems of the pile and the hands' cards of one cart shuffled among them, each place keeping its
    size, the pile keeping (or lacking) the gem searched in it (MOZ-4.7 / 4.9)."""
    places = [pile, *hands]
    had = searched in pile
    # Lacking it, the pile must still lack it: the hands' cards of that gem stay where they are.
    slots = [(place, index) for place in places for index, gem in enumerate(place) if had or gem != searched]
    pool = [place[index] for place, index in slots]
    rnd.shuffle(pool)
    for (place, index), gem in zip(slots, pool):
        place[index] = gem
    if had and searched not in pile:  # it went to a hand: swap one back
        holders = [(hand, index) for hand in hands for index, gem in enumerate(hand) if gem == searched]
        hand, index = rnd.choice(holders)
        top = rnd.randrange(len(pile))
        hand[index], pile[top] = pile[top], hand[index]


def _restaged(cards: dict[str, int], rnd: random.Random) -> dict[str, int]:
    """MOZ-5.2: any part of the hand, none included."""
    items = [kind for kind, count in cards.items() for _ in range(count)]
    chosen: dict[str, int] = {}
    for kind in rnd.sample(items, rnd.randint(0, len(items))):
        chosen[kind] = chosen.get(kind, 0) + 1
    return sorted_set(chosen)


def _redrafted(state: ZavandorState, seat: int, rnd: random.Random) -> Draft | None:
    """MOZ-4.3 / 4.4: none, or a draft to another unfinished seat giving cards of the hand (each at most as
    often as held) and asking at most as many gems as the partner holds cards, entries in any order."""
    partners = [other for other, player in enumerate(state.players)
                if other != seat and not player.trade_finished]
    if not partners or rnd.random() < 0.3:
        return None
    partner = rnd.choice(partners)
    free = dict(state.players[seat].hand)
    asks, room = 0, size(state.players[partner].hand)
    entries: list[DraftEntry] = []
    for _ in range(rnd.randint(0, 5)):
        if rnd.random() < 0.5 and free:
            kind = rnd.choice(sorted(free))
            free[kind] -= 1
            if not free[kind]:
                del free[kind]
            entries.append(GiveEntry(card=kind))
        elif asks < room:
            asks += 1
            entries.append(AskEntry(gem=rnd.choice(GEMS)))
    return Draft(partner=partner, entries=entries)


def twin(state: ZavandorState, viewer: Viewer, rnd: random.Random) -> ZavandorState:
    others = [seat for seat in range(len(state.players)) if seat != viewer]
    offered = {seat: {} for seat in others}  # MOZ-4.3: an open offer's cards are shown to all
    for offer in state.offers:
        if offer.proposer in offered:
            offered[offer.proposer] = dict(offer.give)
    # Spec 4.1: the unseen gems of each cart, re-dealt among its draw pile and the other hands.
    for cart in CARTS:
        pile = state.supply[CART_INDEX[cart]]
        hands = [_cards(state.players[seat].hand, cart, offered[seat]) for seat in others]
        _redeal_cart(pile.draw, hands, SEARCHED_IN[cart], rnd)
        for seat, gems in zip(others, hands):
            player = state.players[seat]
            hand = {kind: count for kind, count in player.hand.items() if CART_OF[kind] != cart}
            for kind, count in offered[seat].items():
                if CART_OF[kind] == cart:
                    hand[kind] = count
            for gem in gems:
                kind = KIND_OF[cart, gem]
                hand[kind] = hand.get(kind, 0) + 1
            player.hand = sorted_set(hand)
    trading_happened = not (state.round == 1 and state.phase == "income")
    for seat in others:
        player = state.players[seat]
        # MOZ-5.2: a bid is its bidder's until the last seal.
        if state.step == "bidding":
            player.bid = _restaged(player.hand, rnd)
        # Spec 4.1, MOZ-4.3: a draft is its drafter's; an open offer (public) means he has none.
        had = player.draft is not None
        if state.step == "trading" and not player.trade_finished and not any(
                offer.proposer == seat for offer in state.offers):
            player.draft = _redrafted(state, seat, rnd)
        # MOZ-4.11: drafts he opened and cancelled this phase are his own; his draft counts as one opened.
        has = player.draft is not None
        limit = state.max_trade_proposals_per_phase
        base = player.drafts_opened - had + has
        if base > limit:
            player.draft, base = None, player.drafts_opened - had
        if trading_happened:
            player.drafts_opened = base + rnd.randint(0, limit - base)
    reseeded(state, rnd)
    return state


#: MOZ-4.8: a search's cards; MOZ-4.3: a draft proposed (the offer); MOZ-5.3: the bids at the last seal
SHOWN_TO_ALL = frozenset({"search_revealed", "offer_made", "bids_revealed"})


def disclosed(event: dict[str, Any], viewer: Viewer) -> bool:
    """MOZ-3.5 / 3.11 / spec 4.1: a seat learns the kinds it draws; MOZ-4.8: a search's cards are public;
    MOZ-4.3: a proposed draft is an offer visible to all; MOZ-5.3: the last seal reveals every bid."""
    kind = event["type"]
    return (kind == "cards_drawn" and event["player"] == viewer) or kind in SHOWN_TO_ALL


def alternative(state: ZavandorState, action: dict[str, Any], viewer: Viewer,
                rnd: random.Random) -> dict[str, Any] | None:
    """MOZ-5.2 / spec 4.2: another card staged or unstaged; spec 4.1 / AMB-15: another draft entry, another
    partner, an undo or a cancel. Any other action of its sender could be told apart."""
    group = next((names for names in (DRAFTING, STAGING) if action["type"] in names), None)
    if group is None:
        return None
    choices = [to_builtins(other) for other in RULESET.legal_actions(state, action["player"])
               if other.__struct_config__.tag in group]
    choices = [other for other in choices if other != action]
    return rnd.choice(choices) if choices else None


SECRETS: Secrets[ZavandorState] = Secrets(twin=twin, disclosed=disclosed, alternative=alternative)
