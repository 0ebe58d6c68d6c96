"""The Market phase (KOS-7): one cube bought or sold per turn, or a final pass, in reverse turn order."""

from __future__ import annotations

from rulesets.core import IllegalAction

from .actions import MarketBuy, MarketPass, MarketSell
from .components import BUY_VP, MARKET_CAPACITY, RESOURCES, SELL_VP
from .state import KosState
from .turns import next_market_player


def _not_passed(state: KosState, seat: int) -> None:
    if state.players[seat].passed:
        raise IllegalAction("already_passed", "KOS-7.2", "You have passed; passing is final for this market.")


def sell(state: KosState, action: MarketSell) -> list[dict]:
    """Spec 3.4 / KOS-7.5."""
    resource = action.resource
    seat = action.player
    player = state.players[seat]
    _not_passed(state, seat)
    if player.cubes.get(resource) <= 0:
        raise IllegalAction("resource_not_held", "KOS-7.5", f"You hold no {resource}.", resource=resource)
    if state.market.get(resource) >= MARKET_CAPACITY:
        raise IllegalAction("market_full", "KOS-7.4", f"The market already holds {MARKET_CAPACITY} {resource}.",
                            resource=resource)
    if resource in player.bought:
        raise IllegalAction("cannot_sell_bought_type", "KOS-7.3",
                            f"You bought {resource} in this market; you may not sell it.", resource=resource)
    player.cubes.add(resource, -1)
    state.market.add(resource, 1)
    player.vp += SELL_VP[resource]
    if resource not in player.sold:
        player.sold.append(resource)  # type: ignore[arg-type]
    events: list[dict] = [{"type": "market_sold", "player": seat, "resource": resource, "vp": SELL_VP[resource]}]
    next_market_player(state, events)
    return events


def buy(state: KosState, action: MarketBuy) -> list[dict]:
    """Spec 3.5 / KOS-7.6 (never below 0 VP, decision A8)."""
    resource = action.resource
    seat = action.player
    player = state.players[seat]
    _not_passed(state, seat)
    if state.market.get(resource) <= 0:
        raise IllegalAction("market_empty", "KOS-7.4", f"The market has no {resource}.", resource=resource)
    if player.vp < BUY_VP[resource]:
        raise IllegalAction("insufficient_vp", "KOS-7.6",
                            f"Buying {resource} costs {BUY_VP[resource]} VP; you have {player.vp}.",
                            resource=resource)
    if resource in player.sold:
        raise IllegalAction("cannot_buy_sold_type", "KOS-7.3",
                            f"You sold {resource} in this market; you may not buy it.", resource=resource)
    state.market.add(resource, -1)
    player.cubes.add(resource, 1)
    player.vp -= BUY_VP[resource]
    if resource not in player.bought:
        player.bought.append(resource)  # type: ignore[arg-type]
    events: list[dict] = [{"type": "market_bought", "player": seat, "resource": resource, "vp": BUY_VP[resource]}]
    next_market_player(state, events)
    return events


def pass_market(state: KosState, action: MarketPass) -> list[dict]:
    """Spec 3.6 / KOS-7.2: out of this market for good."""
    _not_passed(state, action.player)
    state.players[action.player].passed = True
    events: list[dict] = [{"type": "market_passed", "player": action.player}]
    next_market_player(state, events)
    return events


def options(state: KosState, seat: int) -> list:
    """Every market action of the seat on turn, in resource order, then the pass."""
    player = state.players[seat]
    out: list = []
    for resource in RESOURCES:
        if (player.cubes.get(resource) > 0 and state.market.get(resource) < MARKET_CAPACITY
                and resource not in player.bought):
            out.append(MarketSell(player=seat, resource=resource))
    for resource in RESOURCES:
        if (state.market.get(resource) > 0 and player.vp >= BUY_VP[resource] and resource not in player.sold):
            out.append(MarketBuy(player=seat, resource=resource))
    out.append(MarketPass(player=seat))
    return out
