"""The Market phase (KOS-7): one cube bought or sold per turn, or a final pass, in reverse turn order."""

from __future__ import annotations

from .actions import MarketBuy, MarketPass, MarketSell
from .components import BUY_VP, MARKET_CAPACITY, RESOURCES, SELL_VP, resource_named
from .events import Events, MarketBought, MarketPassed, MarketSold
from .refusals import (ALREADY_PASSED, CANNOT_BUY_SOLD_TYPE, CANNOT_SELL_BOUGHT_TYPE, INSUFFICIENT_VP, MARKET_EMPTY,
                       MARKET_FULL, RESOURCE_NOT_HELD)
from .state import KosState
from .turns import next_market_player


def _not_passed(state: KosState, seat: int) -> None:
    if state.players[seat].passed:
        raise ALREADY_PASSED()


def sell(state: KosState, action: MarketSell) -> Events:
    """Spec 3.4 / KOS-7.5."""
    resource = resource_named(action.resource)
    seat = action.player
    player = state.players[seat]
    _not_passed(state, seat)
    if player.cubes.get(resource) <= 0:
        raise RESOURCE_NOT_HELD(resource=resource, context={"resource": resource},
                                explain={"needed": {resource: 1}, "have": {resource: player.cubes.get(resource)}})
    if state.market.get(resource) >= MARKET_CAPACITY:
        raise MARKET_FULL(capacity=MARKET_CAPACITY, resource=resource, context={"resource": resource},
                          explain={"limit": {resource: MARKET_CAPACITY}, "have": {resource: state.market.get(resource)}})
    if resource in player.bought:
        raise CANNOT_SELL_BOUGHT_TYPE(resource=resource, context={"resource": resource})
    player.cubes.add(resource, -1)
    state.market.add(resource, 1)
    player.vp += SELL_VP[resource]
    if resource not in player.sold:
        player.sold.append(resource)
    events: Events = [MarketSold(player=seat, resource=resource, vp=SELL_VP[resource])]
    next_market_player(state, events)
    return events


def buy(state: KosState, action: MarketBuy) -> Events:
    """Spec 3.5 / KOS-7.6 (never below 0 VP, decision A8)."""
    resource = resource_named(action.resource)
    seat = action.player
    player = state.players[seat]
    _not_passed(state, seat)
    if state.market.get(resource) <= 0:
        raise MARKET_EMPTY(resource=resource, context={"resource": resource},
                           explain={"needed": {resource: 1}, "have": {resource: state.market.get(resource)}})
    if player.vp < BUY_VP[resource]:
        raise INSUFFICIENT_VP(resource=resource, cost=BUY_VP[resource], vp=player.vp, context={"resource": resource},
                              explain={"needed": {"vp": BUY_VP[resource]}, "have": {"vp": player.vp}})
    if resource in player.sold:
        raise CANNOT_BUY_SOLD_TYPE(resource=resource, context={"resource": resource})
    state.market.add(resource, -1)
    player.cubes.add(resource, 1)
    player.vp -= BUY_VP[resource]
    if resource not in player.bought:
        player.bought.append(resource)
    events: Events = [MarketBought(player=seat, resource=resource, vp=BUY_VP[resource])]
    next_market_player(state, events)
    return events


def pass_market(state: KosState, action: MarketPass) -> Events:
    """Spec 3.6 / KOS-7.2: out of this market for good."""
    _not_passed(state, action.player)
    state.players[action.player].passed = True
    events: Events = [MarketPassed(player=action.player)]
    next_market_player(state, events)
    return events


def options(state: KosState, seat: int) -> list[MarketSell | MarketBuy | MarketPass]:
    """Every market action of the seat on turn, in resource order, then the pass."""
    player = state.players[seat]
    out: list[MarketSell | MarketBuy | MarketPass] = []
    for resource in RESOURCES:
        if (player.cubes.get(resource) > 0 and state.market.get(resource) < MARKET_CAPACITY
                and resource not in player.bought):
            out.append(MarketSell(player=seat, resource=resource))
    for resource in RESOURCES:
        if (state.market.get(resource) > 0 and player.vp >= BUY_VP[resource] and resource not in player.sold):
            out.append(MarketBuy(player=seat, resource=resource))
    out.append(MarketPass(player=seat))
    return out
