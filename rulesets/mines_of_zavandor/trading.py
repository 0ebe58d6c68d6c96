"""MOZ-4: the trading phase: drafts and offers between players, trades with the bank, and
``finish_trading``. Everyone acts at once (MOZ-2.4); the checks of spec 3.4 in their order."""

from __future__ import annotations

from rulesets.core import CORE_REFUSALS

from .actions import (BankTrade, FinishTrading, TradeAccept, TradeDraftAsk, TradeDraftCancel, TradeDraftGive,
                      TradeDraftOpen, TradeDraftUndo, TradePropose, TradeReject, TradeWithdraw)
from .cards import (add_set, add_to_hand, by_gem, contains, discard, free_cards, remove, shortfall, size,
                    sorted_set, take_set_from_hand)
from .components import CART_INDEX, CART_OF, CARTS, KIND_OF, SEARCH_DECK
from .events import (BankTraded, DraftChanged, DraftDropped, DraftSummary, Events, OfferAccepted, OfferLapsed,
                     OfferMade, OfferRejected, OfferWithdrawn, TradingFinished)
from .refusals import (BANK_TRADE_NEEDS_TWO_CARDS, CARD_NOT_IN_HAND, CARD_RESERVED, DRAFT_ALREADY_OPEN, DRAFT_EMPTY,
                       EVERY_CARD_RESERVED, GEM_NOT_IN_PILE, NO_DRAFT_OPEN, NO_OPEN_OFFER, NOTHING,
                       OFFER_NOT_ADDRESSED_TO_YOU, PARTNER_FINISHED, REQUESTED_GEM_UNAVAILABLE, SEARCH_NOT_ALLOWED,
                       SEAT_NOT_IN_GAME, SOME_CARDS_RESERVED, TRADE_ASK_EXCEEDS_PARTNER_HAND, TRADE_PAYMENT_MISMATCH,
                       TRADE_PROPOSAL_LIMIT, TRADE_SIDE_EMPTY, TRADE_WITH_SELF, UNKNOWN_OFFER)
from .rounds import start_auction
from .state import AskEntry, Draft, GiveEntry, Offer, ZavandorState
from .supply import search
from .wording import gems, missing_cards

#: core's schema refusal, for a partner seat outside the game (spec 3.1)
INVALID_ACTION = CORE_REFUSALS["invalid_action"]
#: MOZ-4.4: a player has at most one draft or open offer at a time
OPEN_TRADES = 1
#: MOZ-4.5: a bank trade gives exactly two cards
BANK_TRADE_CARDS = 2


def open_offer(state: ZavandorState, seat: int) -> Offer | None:
    return next((offer for offer in state.offers if offer.proposer == seat), None)


def draft_of(state: ZavandorState, seat: int) -> Draft:
    draft = state.players[seat].draft
    if draft is None:
        raise NO_DRAFT_OPEN()
    return draft


def draft_sides(draft: Draft) -> tuple[dict[str, int], dict[str, int]]:
    """The draft's give side (kinds) and ask side (gems)."""
    give: dict[str, int] = {}
    ask: dict[str, int] = {}
    for entry in draft.entries:
        if isinstance(entry, AskEntry):
            ask[entry.gem] = ask.get(entry.gem, 0) + 1
        else:
            give[entry.card] = give.get(entry.card, 0) + 1
    return give, ask


def _event(seat: int, draft: Draft | None) -> DraftChanged:
    """The drafter's own record of his draft (section 4.1: drafts are private)."""
    if draft is None:
        return DraftChanged(player=seat, draft=None, visible_to=[seat])
    give, ask = draft_sides(draft)
    return DraftChanged(player=seat, draft=DraftSummary(partner=draft.partner, give=give, ask=ask),
                        visible_to=[seat])


def check_open(state: ZavandorState, action: TradeDraftOpen) -> None:
    if action.partner >= len(state.players):  # spec 3.1: a seat out of range is a schema error
        raise INVALID_ACTION(reason=SEAT_NOT_IN_GAME(seat=action.partner, seats=len(state.players)),
                             context={"path": "$.partner"})
    if action.partner == action.player:
        raise TRADE_WITH_SELF()
    if state.players[action.partner].trade_finished:
        raise PARTNER_FINISHED(partner=action.partner, context={"partner": action.partner})
    player = state.players[action.player]
    open_trades = (player.draft is not None) + (open_offer(state, action.player) is not None)
    if open_trades >= OPEN_TRADES:
        raise DRAFT_ALREADY_OPEN(explain={"limit": {"drafts_or_offers": OPEN_TRADES},
                                          "have": {"drafts_or_offers": open_trades}})
    if player.drafts_opened >= state.max_trade_proposals_per_phase:
        raise TRADE_PROPOSAL_LIMIT(opened=player.drafts_opened, context={"limit": state.max_trade_proposals_per_phase},
                                   explain={"limit": {"drafts": state.max_trade_proposals_per_phase},
                                            "have": {"drafts": player.drafts_opened}})


def draft_open(state: ZavandorState, action: TradeDraftOpen) -> Events:
    check_open(state, action)
    player = state.players[action.player]
    player.draft = Draft(partner=action.partner)
    player.drafts_opened += 1
    return [_event(action.player, player.draft)]


def draft_give(state: ZavandorState, action: TradeDraftGive) -> Events:
    draft = draft_of(state, action.player)
    held = state.players[action.player].hand.get(action.card, 0)
    if not held:
        raise CARD_NOT_IN_HAND(missing=missing_cards(action.card, 1, 0), context={"card": action.card},
                               explain={"needed": {action.card: 1}, "have": {action.card: 0}})
    if not free_cards(state, action.player).get(action.card):
        raise CARD_RESERVED(reserved=EVERY_CARD_RESERVED(kind=action.card), context={"card": action.card},
                            explain={"needed": {action.card: 1}, "have": {action.card: 0},
                                     "reserved": {action.card: held}})
    draft.entries.append(GiveEntry(card=action.card))
    return [_event(action.player, draft)]


def draft_ask(state: ZavandorState, action: TradeDraftAsk) -> Events:
    draft = draft_of(state, action.player)
    _, ask = draft_sides(draft)
    partner_hand = size(state.players[draft.partner].hand)
    asked = sum(ask.values())
    if asked + 1 > partner_hand:  # the partner's hand size is public (its backs, section 4.1)
        raise TRADE_ASK_EXCEEDS_PARTNER_HAND(partner=draft.partner, partner_hand=partner_hand,
                                             context={"partner_hand": partner_hand},
                                             explain={"limit": {"cards": partner_hand}, "have": {"cards": asked}})
    draft.entries.append(AskEntry(gem=action.gem))
    return [_event(action.player, draft)]


def draft_undo(state: ZavandorState, action: TradeDraftUndo) -> Events:
    draft = draft_of(state, action.player)
    if not draft.entries:
        raise DRAFT_EMPTY()
    draft.entries.pop()
    return [_event(action.player, draft)]


def draft_cancel(state: ZavandorState, action: TradeDraftCancel) -> Events:
    draft_of(state, action.player)
    state.players[action.player].draft = None
    return [_event(action.player, None)]


def propose(state: ZavandorState, action: TradePropose) -> Events:
    draft = draft_of(state, action.player)
    give, ask = draft_sides(draft)
    if not give or not ask:
        raise TRADE_SIDE_EMPTY(explain={"needed": {"give": 1, "ask": 1},
                                        "have": {"give": size(give), "ask": size(ask)}})
    offer = Offer(id=state.next_offer, proposer=action.player, partner=draft.partner, give=sorted_set(give),
                  ask=ask)
    state.next_offer += 1
    state.offers.append(offer)
    state.players[action.player].draft = None
    return [_event(action.player, None),
            OfferMade(offer=offer.id, player=action.player, partner=offer.partner, give=dict(offer.give),
                      ask=dict(offer.ask))]


def addressed_offer(state: ZavandorState, seat: int, offer_id: int) -> Offer:
    offer = next((offer for offer in state.offers if offer.id == offer_id), None)
    if offer is None:
        raise UNKNOWN_OFFER(offer=offer_id, context={"offer": offer_id})
    if offer.partner != seat:
        raise OFFER_NOT_ADDRESSED_TO_YOU(offer=offer_id, partner=offer.partner, context={"offer": offer_id})
    return offer


def check_own_cards(state: ZavandorState, seat: int, cards: dict[str, int]) -> None:
    """MOZ-2.5 then MOZ-4.4: the cards are in his hand, and not reserved in his draft or offer."""
    hand = state.players[seat].hand
    missing = shortfall(hand, cards)
    if missing is not None:
        raise CARD_NOT_IN_HAND(missing=missing_cards(*missing),
                               explain={"needed": dict(cards), "have": {kind: hand.get(kind, 0) for kind in cards}})
    free = free_cards(state, seat)
    if not contains(free, cards):
        raise CARD_RESERVED(reserved=SOME_CARDS_RESERVED(),
                            explain={"needed": dict(cards), "have": {kind: free.get(kind, 0) for kind in cards},
                                     "reserved": {kind: hand.get(kind, 0) - free.get(kind, 0) for kind in cards}})


def accept(state: ZavandorState, action: TradeAccept) -> Events:
    offer = addressed_offer(state, action.player, action.offer)
    check_own_cards(state, action.player, action.pay)
    paid = by_gem(action.pay)
    if paid != dict(offer.ask):
        raise TRADE_PAYMENT_MISMATCH(offer=offer.id, ask=gems(offer.ask, NOTHING), paid=gems(paid, NOTHING),
                                     context={"ask": dict(offer.ask)},
                                     explain={"needed": dict(offer.ask), "offered": paid})
    proposer, partner = state.players[offer.proposer], state.players[action.player]
    take_set_from_hand(proposer, offer.give)
    take_set_from_hand(partner, action.pay)
    for kind, count in offer.give.items():
        add_to_hand(partner, kind, count)
    for kind, count in action.pay.items():
        add_to_hand(proposer, kind, count)
    state.offers.remove(offer)
    return [OfferAccepted(offer=offer.id, player=action.player, proposer=offer.proposer, give=dict(offer.give),
                          pay=sorted_set(action.pay))]


def reject(state: ZavandorState, action: TradeReject) -> Events:
    offer = addressed_offer(state, action.player, action.offer)
    state.offers.remove(offer)
    return [OfferRejected(offer=offer.id, player=action.player, proposer=offer.proposer)]


def withdraw(state: ZavandorState, action: TradeWithdraw) -> Events:
    offer = open_offer(state, action.player)
    if offer is None:
        raise NO_OPEN_OFFER()
    state.offers.remove(offer)
    return [OfferWithdrawn(offer=offer.id, player=action.player)]


def discards_after(state: ZavandorState, give: dict[str, int]) -> list[dict[str, int]]:
    """The discard piles as they would be once ``give`` lies on them (MOZ-4.6, AMB-14)."""
    piles = [dict(pile.discard) for pile in state.supply]
    for kind, count in give.items():
        add_set(piles[CART_INDEX[CART_OF[kind]]], {kind: count})
    return piles


def check_bank_take(state: ZavandorState, gem: str, source: str, give: dict[str, int]) -> None:
    """MOZ-4.6, 4.7 and 4.9, in the order of spec 3.4."""
    piles = discards_after(state, give)
    # the discard piles are public (section 4.1): the explains say which of them hold the gem
    holding = {cart: pile[KIND_OF[cart, gem]] for cart, pile in zip(CARTS, piles) if pile.get(KIND_OF[cart, gem])}
    if source != "search":
        if source not in holding:
            raise GEM_NOT_IN_PILE(pile=source, gem=gem, context={"gem": gem, "pile": source},
                                  explain={"pile": source, "needed": {gem: 1}, "have": {gem: 0},
                                           "found_in": list(holding)})
        return
    if holding:
        raise SEARCH_NOT_ALLOWED(gem=gem, context={"gem": gem},
                                 explain={"limit": {gem: 0}, "have": {gem: sum(holding.values())},
                                          "found_in": list(holding)})
    if gem not in state.supply[CART_INDEX[SEARCH_DECK[gem]]].draw:
        # the draw pile is hidden: the explain says no more than the refusal itself (none of that gem)
        raise REQUESTED_GEM_UNAVAILABLE(pile=SEARCH_DECK[gem], gem=gem, context={"gem": gem},
                                        explain={"pile": SEARCH_DECK[gem], "needed": {gem: 1}, "have": {gem: 0}})


def bank_trade(state: ZavandorState, action: BankTrade) -> Events:
    """MOZ-4.5 to 4.9: two cards to the discard piles, then one card of the named gem."""
    if size(action.give) != BANK_TRADE_CARDS:
        raise BANK_TRADE_NEEDS_TWO_CARDS(given=size(action.give),
                                         explain={"needed": {"cards": BANK_TRADE_CARDS},
                                                  "offered": {"cards": size(action.give)}})
    check_own_cards(state, action.player, action.give)
    gem, source = action.take.gem, action.take.from_
    check_bank_take(state, gem, source, action.give)
    player = state.players[action.player]
    take_set_from_hand(player, action.give)
    discard(state, action.give)
    events: Events = [BankTraded(player=action.player, give=sorted_set(action.give), gem=gem, from_=source)]
    if source == "search":
        search(state, action.player, gem, SEARCH_DECK[gem], events)
    else:
        kind = KIND_OF[source, gem]
        remove(state.supply[CART_INDEX[source]].discard, kind)
        add_to_hand(player, kind)
    return events


def finish(state: ZavandorState, action: FinishTrading) -> Events:
    """MOZ-4.10: final; his draft and offer go, and so does everything addressed to him."""
    seat = action.player
    events: Events = []
    player = state.players[seat]
    player.trade_finished = True
    if player.draft is not None:
        player.draft = None
        events.append(DraftDropped(player=seat, visible_to=[seat]))
    for other, drafter in enumerate(state.players):
        if drafter.draft is not None and drafter.draft.partner == seat:
            drafter.draft = None
            events.append(DraftDropped(player=other, visible_to=[other]))
    for offer in [o for o in state.offers if seat in (o.proposer, o.partner)]:
        state.offers.remove(offer)
        events.append(OfferLapsed(offer=offer.id))
    events.append(TradingFinished(player=seat))
    if all(p.trade_finished for p in state.players):
        for offer in state.offers:
            events.append(OfferLapsed(offer=offer.id))
        start_auction(state, events)
    return events
