"""A full Mines of Zavandor state sampled from a seat's view (the search's determinization), from spec 4.1,
4.2 and 4.4.

What the seat cannot see, and what fills it:

* each cart's draw pile and the cards of that cart in the other hands (4.1, MOZ-1.2, MOZ-3.5): the
  cart's gem cards (MOZ-2.5, the deck contents) minus every one shown (the cart's discard pile, every
  seat's set-aside cards, the seat's own hand, and the cards an open offer gives, which stay in the
  proposer's hand, MOZ-4.3), dealt by the pile's size and each other hand's backs of that cart (AMB-17);
* the other seats' staged bids while bidding (MOZ-5.2, 4.2): any part of their sampled hand, none
  included, as the rules allow;
* the other seats' drafts and counts of drafts opened (4.1, MOZ-4.11): none open and none opened, which
  the rules allow any seat;
* the random source (4.3): a fresh one (core's ``sampling.finished``).

A draw pile's holding its search gem (MOZ-4.7) is not in the view, yet the seat's legal bank trades list
a search only where it would succeed (MOZ-4.9, AMB-6). Where the unseen cards hold that gem, a sample
keeps one in the pile (the pile mostly does: it holds most of its cart's unseen cards), so the search is
offered; where none is unseen the pile lacks it in every sample, as it does in the state.
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.core.search import sampling

from .cards import sorted_set
from .components import CART_OF, CARTS, DECK_CONTENTS, GEM_OF, KIND_OF, KINDS, SEARCH_DECK

#: MOZ-4.7: the gem each cart's draw pile is searched for
SEARCHED_IN = {cart: gem for gem, cart in SEARCH_DECK.items()}
#: MOZ-2.5: every gem card of each cart, one item a card (kinds name their cart)
CARDS_OF = {cart: [kind for kind in KINDS if CART_OF[kind] == cart for _ in range(DECK_CONTENTS[kind])]
            for cart in CARTS}


def determinize(view: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """The view filled in: the JSON of a full state (the ruleset loads it)."""
    raw = sampling.opened(view)
    players = raw["players"]
    unseen_hands = [seat for seat, player in enumerate(players) if "hand" not in player]
    offered: dict[int, dict[str, int]] = {seat: {} for seat in unseen_hands}
    for offer in raw["offers"]:  # MOZ-4.3: an open offer's cards are seen, and still in the proposer's hand
        if offer["proposer"] in offered:
            offered[offer["proposer"]] = dict(offer["give"])
    dealt: dict[int, dict[str, int]] = {seat: dict(offered[seat]) for seat in unseen_hands}
    for pile in raw["supply"]:
        cart = pile["cart"]
        ours = [kind for kind in KINDS if CART_OF[kind] == cart]
        shown = [_items(pile["discard"]), *(_items(player["set_aside"], ours) for player in players),
                 *(_items(player["hand"], ours) for player in players if "hand" in player),
                 *(_items(given, ours) for given in offered.values())]
        places = {seat: {"cards_count": players[seat]["hand_backs"].get(cart, 0) - _size(offered[seat], ours)}
                  for seat in unseen_hands}
        pool = sampling.unseen(CARDS_OF[cart], *shown)
        sampling.deal(pool, rnd, [(pile, "draw"), *((place, "cards") for place in places.values())])
        _keep_search_gem(pile, list(places.values()), KIND_OF[cart, SEARCHED_IN[cart]], rnd)
        pile["draw"] = [GEM_OF[kind] for kind in pile["draw"]]
        for seat, place in places.items():
            for kind in place["cards"]:
                dealt[seat][kind] = dealt[seat].get(kind, 0) + 1
    for seat in unseen_hands:
        player = players[seat]
        player["hand"] = sorted_set(dealt[seat])
        player["draft"], player["drafts_opened"] = None, 0  # 4.1 / MOZ-4.11: the drafter's own
        if "bid" not in player:  # MOZ-5.2: sealed until the last seal; bids exist only while bidding
            player["bid"] = _staged(player["hand"], rnd) if raw["step"] == "bidding" else {}
    return sampling.finished(raw, rnd)


def _items(cards: dict[str, int], kinds: list[str] | None = None) -> list[str]:
    return [kind for kind, count in cards.items() if kinds is None or kind in kinds for _ in range(count)]


def _size(cards: dict[str, int], kinds: list[str]) -> int:
    return sum(count for kind, count in cards.items() if kind in kinds)


def _keep_search_gem(pile: dict[str, Any], hands: list[dict[str, Any]], searched: str, rnd: random.Random) -> None:
    """MOZ-4.7 / 4.9: a pile dealt without its search gem while a hidden hand got one swaps a random card of
    its own for one of those (see the module's note)."""
    if not pile["draw"] or searched in pile["draw"]:
        return
    holders = [(hand["cards"], index) for hand in hands for index, kind in enumerate(hand["cards"]) if kind == searched]
    if holders:
        cards, index = rnd.choice(holders)
        top = rnd.randrange(len(pile["draw"]))
        cards[index], pile["draw"][top] = pile["draw"][top], cards[index]


def _staged(hand: dict[str, int], rnd: random.Random) -> dict[str, int]:
    """MOZ-5.2: any part of the hand, none included."""
    cards = _items(hand)
    staged: dict[str, int] = {}
    for kind in rnd.sample(cards, rnd.randint(0, len(cards))):
        staged[kind] = staged.get(kind, 0) + 1
    return sorted_set(staged)
