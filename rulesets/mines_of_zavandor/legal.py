"""Every action ``apply`` accepts from a seat now, exactly, in canonical form (spec 3.2).

Cards of one kind are interchangeable, so actions name kinds and counts: income choices are
the sub-multisets of the production of the due size, bids and drafts grow one card per action,
payments are the exact multisets of kinds that match a cost (with the Idol, every legal use of
sapphires as stand-ins), bank trades are the pairs of free kinds times the takes they allow.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import Any, Iterator, Mapping

from .actions import (BankTake, BankTrade, BidAdd, BidCommit, BidRemove, ChooseReward, CollectIncome, EndOneTimeStep,
                      EndUpgrades, FinishTrading, ForfeitMarkers, MoveKing, PlaceMarker, TradeAccept, TradeDraftAsk,
                      TradeDraftCancel, TradeDraftGive, TradeDraftOpen, TradeDraftUndo, TradePropose, TradeReject,
                      TradeWithdraw, Upgrade, UseOneTime)
from .cards import free_cards, size, sorted_set
from .components import ARROWS, CARDS, CARTS, GEMS, KIND_OF, KINDS, MINE_SLOTS, SEARCH_DECK
from .income import income_cap, production
from .items import at_top, items
from .rounds import actors
from .state import ZavandorState
from .trading import discards_after, draft_sides, open_offer
from .upgrade import WILD_GEM, cost_of, has_wild


def legal_actions(state: ZavandorState, seat: int, types: frozenset[str] | None) -> list[Any]:
    if seat not in actors(state):
        return []
    step = state.step
    if step == "production":
        return _income(state, seat)
    if step == "markers":
        return _markers(state, seat)
    if step == "one_time":
        return _one_time(state, seat)
    if step == "trading":
        return _trading(state, seat, types)
    if step == "bidding":
        return _bidding(state, seat)
    if step == "reward":
        return _rewards(state, seat)
    if step == "king_move":
        return [MoveKing(player=seat, to=hall) for hall in ARROWS[state.king]]
    if step == "upgrade":
        return _upgrades(state, seat, types)
    return []


# ---------------------------------------------------------------- income
def _income(state: ZavandorState, seat: int) -> list[Any]:
    player = state.players[seat]
    cards, _ = production(player)
    due = min(sum(cards.values()), income_cap(player))
    carts = list(cards)
    out = []
    for counts in product(*(range(cards[cart] + 1) for cart in carts)):
        if sum(counts) == due:
            out.append(CollectIncome(player=seat, draw={c: n for c, n in zip(carts, counts) if n}))
    return out


def _markers(state: ZavandorState, seat: int) -> list[Any]:
    player = state.players[seat]
    out: list[Any] = [PlaceMarker(player=seat, target=target)
                      for target, item, level in items(player) if not at_top(item, level)]
    out.append(ForfeitMarkers(player=seat))
    return out


def _one_time(state: ZavandorState, seat: int) -> list[Any]:
    out: list[Any] = [UseOneTime(player=seat, card=held.card)
                      for held in state.players[seat].mine if CARDS[held.card].one_time]
    out.append(EndOneTimeStep(player=seat))
    return out


# ---------------------------------------------------------------- card multisets
@lru_cache(maxsize=4096)
def _spreads(count: int, available: tuple[tuple[str, int], ...]) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every way of taking ``count`` cards from kinds with these counts (kind, count) pairs."""
    if count == 0:
        return ((),)
    if not available:
        return ()
    (kind, held), rest = available[0], available[1:]
    out = []
    for take in range(min(held, count), -1, -1):
        for tail in _spreads(count - take, rest):
            out.append((((kind, take),) if take else ()) + tail)
    return tuple(out)


def payments(hand: Mapping[str, int], gems: Mapping[str, int]) -> Iterator[dict[str, int]]:
    """Every CardSet from ``hand`` holding exactly ``gems`` (gem -> count), carts chosen freely."""
    per_gem = []
    for gem, count in gems.items():
        available = tuple((KIND_OF[cart, gem], hand[KIND_OF[cart, gem]]) for cart in CARTS
                          if hand.get(KIND_OF[cart, gem]))
        spreads = _spreads(count, available)
        if not spreads:
            return
        per_gem.append(spreads)
    for combo in product(*per_gem):
        yield sorted_set(dict(pair for part in combo for pair in part))


def gem_mixes(required: Mapping[str, int], wild: bool) -> Iterator[dict[str, int]]:
    """The per-gem payments that match ``required`` (spec 3.6): itself, or with the Idol every way
    of paying some emeralds, diamonds and rubies with sapphires instead."""
    if not wild:
        yield dict(required)
        return
    others = [gem for gem in GEMS if gem != WILD_GEM]
    for kept in product(*(range(required.get(gem, 0) + 1) for gem in others)):
        mix = {gem: n for gem, n in zip(others, kept) if n}
        stand_ins = sum(required.get(gem, 0) for gem in others) - sum(kept)
        sapphires = required.get(WILD_GEM, 0) + stand_ins
        if sapphires:
            mix[WILD_GEM] = sapphires
        yield mix


# ---------------------------------------------------------------- trading
def _trading(state: ZavandorState, seat: int, types: frozenset[str] | None) -> list[Any]:
    player = state.players[seat]
    out: list[Any] = [FinishTrading(player=seat)]
    free = free_cards(state, seat)
    offer = open_offer(state, seat)
    if player.draft is None and offer is None and player.drafts_opened < state.max_trade_proposals_per_phase:
        out += [TradeDraftOpen(player=seat, partner=other) for other, p in enumerate(state.players)
                if other != seat and not p.trade_finished]
    if player.draft is not None:
        give, ask = draft_sides(player.draft)
        out += [TradeDraftGive(player=seat, card=kind) for kind in KINDS if free.get(kind)]
        if sum(ask.values()) < size(state.players[player.draft.partner].hand):
            out += [TradeDraftAsk(player=seat, gem=gem) for gem in GEMS]
        if player.draft.entries:
            out.append(TradeDraftUndo(player=seat))
        out.append(TradeDraftCancel(player=seat))
        if give and ask:
            out.append(TradePropose(player=seat))
    if offer is not None:
        out.append(TradeWithdraw(player=seat))
    for addressed in state.offers:
        if addressed.partner != seat:
            continue
        out.append(TradeReject(player=seat, offer=addressed.id))
        out += [TradeAccept(player=seat, offer=addressed.id, pay=pay)
                for pay in payments(free, addressed.ask)]
    if types is None or "bank_trade" in types:
        out += _bank_trades(state, seat, free)
    return out


def _bank_trades(state: ZavandorState, seat: int, free: Mapping[str, int]) -> list[Any]:
    out: list[Any] = []
    kinds = [kind for kind in KINDS if free.get(kind)]
    for first, second in combinations_with_replacement(kinds, 2):
        if first == second and free[first] < 2:
            continue
        give = {first: 2} if first == second else {first: 1, second: 1}
        piles = discards_after(state, give)
        for gem in GEMS:
            holding = [cart for cart, pile in zip(CARTS, piles) if pile.get(KIND_OF[cart, gem])]
            sources = holding or (["search"] if gem in state.supply[CARTS.index(SEARCH_DECK[gem])].draw else [])
            out += [BankTrade(player=seat, give=give,
                              take=BankTake(gem=gem, from_=source))
                    for source in sources]
    return out


# ---------------------------------------------------------------- auction
def _bidding(state: ZavandorState, seat: int) -> list[Any]:
    player = state.players[seat]
    out: list[Any] = [BidAdd(player=seat, card=kind) for kind in KINDS
                      if player.hand.get(kind, 0) > player.bid.get(kind, 0)]
    out += [BidRemove(player=seat, card=kind) for kind in KINDS if player.bid.get(kind)]
    out.append(BidCommit(player=seat))
    return out


def _rewards(state: ZavandorState, seat: int) -> list[Any]:
    row = state.rewards[0].row
    mine = state.players[seat].mine
    out: list[Any] = [ChooseReward(player=seat, row=row, take="vp")]
    if len(mine) < MINE_SLOTS:
        out.append(ChooseReward(player=seat, row=row, take="card"))
    else:
        out += [ChooseReward(player=seat, row=row, take="card", discard=held.card) for held in mine]
    return out


# ---------------------------------------------------------------- upgrade
def _upgrades(state: ZavandorState, seat: int, types: frozenset[str] | None) -> list[Any]:
    out: list[Any] = [EndUpgrades(player=seat)]
    if types is not None and "upgrade" not in types:
        return out
    player = state.players[seat]
    wild = has_wild(player)
    for target, item, level in items(player):
        if at_top(item, level) or target in player.upgraded:
            continue
        gems, vp = cost_of(state, target, level + 1)
        if vp > player.vp:
            continue
        seen = set()
        for mix in gem_mixes(gems, wild):
            for pay in payments(player.hand, mix):
                key = tuple(pay.items())
                if key not in seen:
                    seen.add(key)
                    out.append(Upgrade(player=seat, target=target, level=level + 1, pay=pay))
    return out

