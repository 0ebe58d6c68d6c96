"""GC-4: the land-card auction (P2), the ``bid`` action with the checks of spec 3.5 in order.

``not_your_turn`` (GC-4.4) is the loop's: the phase awaits ``auction.queue[0]`` only, the
displaced player when one is pending (GC-4.6).
"""

from __future__ import annotations

from .actions import Bid
from .events import Events, MarkerDisplaced, MarkerPlaced
from .refusals import INSUFFICIENT_COINS, INVALID_PAIR, PRICE_MISMATCH
from .rounds import take_pairs
from .state import GoldenCityState

def acting(state: GoldenCityState) -> list[int]:
    """GC-4.4: the seat awaited now (a displaced player first under D-3)."""
    return state.auction.queue[:1] if state.auction is not None else []


def price_of(state: GoldenCityState, pair: int) -> int:
    """GC-4.5: a free pair costs nothing; an occupied one last_price + 1."""
    assert state.auction is not None
    return 0 if state.auction.markers[pair] is None else state.auction.last_price + 1


def check_bid(state: GoldenCityState, action: Bid) -> int:
    """Spec 3.5 checks 2 to 4; the price to pay."""
    auction = state.auction
    assert auction is not None
    if not 0 <= action.pair < len(auction.pairs):
        raise INVALID_PAIR(pair=action.pair, last=len(auction.pairs) - 1, context={"pair": action.pair},
                           explain={"pair": action.pair, "pairs": [0, len(auction.pairs) - 1]})
    price = price_of(state, action.pair)
    coins = state.players[action.player].coins
    if price and coins < price:
        raise INSUFFICIENT_COINS(pair=action.pair, price=price, coins=coins, context={"price": price, "coins": coins},
                                 explain={"pair": action.pair, "needed": {"coins": price}, "have": {"coins": coins}})
    if action.expected_price is not None and action.expected_price != price:
        raise PRICE_MISMATCH(pair=action.pair, price=price, expected_price=action.expected_price,
                             context={"price": price, "expected_price": action.expected_price},
                             explain={"pair": action.pair, "needed": {"coins": price},
                                      "offered": {"coins": action.expected_price}})
    return price


def bid(state: GoldenCityState, action: Bid) -> Events:
    """GC-4.5 to GC-4.7: place the marker, displacing (and paying the bank) if the pair is taken."""
    price = check_bid(state, action)
    auction = state.auction
    assert auction is not None
    seat = action.player
    displaced = auction.markers[action.pair]
    auction.queue.pop(0)
    auction.markers[action.pair] = seat
    events: Events = [MarkerPlaced(player=seat, pair=action.pair, price=price)]
    if displaced is not None:
        state.players[seat].coins -= price
        state.bank_coins += price  # GC-12.6: to the bank, not to the displaced player
        auction.last_price = price
        if state.options.displaced_bidder_acts == "immediately":
            auction.queue.insert(0, displaced)  # GC-4.6 / D-3
        else:
            auction.queue.append(displaced)
        events.append(MarkerDisplaced(player=displaced, by=seat, pair=action.pair, last_price=price))
    if not auction.queue:
        take_pairs(state, events)
    return events
