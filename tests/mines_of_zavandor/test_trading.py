"""MOZ-4: trading between players (drafts, offers, acceptance, withdrawal, the per-phase bound) and with
the bank (two for one from a discard pile, or the deck search); MOZ-2.4 to 2.6."""

from __future__ import annotations

import pytest

from rulesets.core import InvalidAction, to_builtins
from rulesets.mines_of_zavandor.cards import size
from rulesets.mines_of_zavandor.components import CART_INDEX, SEARCH_DECK

from .scenario import R, checked, new, play, reach, refused, set_hand, seen


def trading(players=3, **options):
    state = reach(new(players, **options), "trading")
    set_hand(state, 0, {"wood.sapphire": 3, "wood.emerald": 1, "copper.emerald": 1})
    set_hand(state, 1, {"wood.diamond": 2, "copper.sapphire": 1, "iron.ruby": 1})
    if players > 2:
        set_hand(state, 2, {"wood.sapphire": 2})
    return checked(state)


def drafted(state, seat=0, partner=1, give=("wood.sapphire",), ask=("diamond",)):
    state, _ = play(state, type="trade_draft_open", player=seat, partner=partner)
    for card in give:
        state, _ = play(state, type="trade_draft_give", player=seat, card=card)
    for gem in ask:
        state, _ = play(state, type="trade_draft_ask", player=seat, gem=gem)
    return state


def offered(state, **kwargs):
    state = drafted(state, **kwargs)
    state, events = play(state, type="trade_propose", player=kwargs.get("seat", 0))
    return state


def test_moz_4_1_and_2_4_everyone_trades_until_all_finish():
    """MOZ-4.1 / MOZ-2.4: every unfinished seat is active; a finished one is not_active_player; the last
    finish starts the bidding."""
    state = trading()
    assert R.status(state).active_players == [0, 1, 2]
    state, _ = play(state, type="finish_trading", player=1)
    assert R.status(state).active_players == [0, 2]
    refused(state, "not_active_player", "MOZ-2.4", type="finish_trading", player=1)
    state, _ = play(state, type="finish_trading", player=0)
    state, _ = play(state, type="finish_trading", player=2)
    assert (state.phase, state.step) == ("auction", "bidding")


def test_moz_4_3_a_draft_becomes_an_offer_and_acceptance_swaps():
    """MOZ-4.3: draft to one partner, proposed as a public offer; the addressee pays the asked gems with the
    carts he chooses; the cards change hands at once (MOZ-4.2: nothing but gem cards moves)."""
    state = offered(trading(), give=("wood.sapphire", "wood.sapphire"), ask=("diamond",))
    offer = state.offers[0]
    assert (offer.id, offer.proposer, offer.partner, dict(offer.give), dict(offer.ask)) == (
        1, 0, 1, {"wood.sapphire": 2}, {"diamond": 1})
    assert R.view(state, 2)["offers"][0]["give"] == {"wood.sapphire": 2}
    vp = [p.vp for p in state.players]
    state, events = play(state, type="trade_accept", player=1, offer=1, pay={"wood.diamond": 1})
    assert state.players[0].hand == {"wood.sapphire": 1, "wood.emerald": 1, "copper.emerald": 1, "wood.diamond": 1}
    assert state.players[1].hand == {"wood.diamond": 1, "copper.sapphire": 1, "iron.ruby": 1, "wood.sapphire": 2}
    assert not state.offers and [p.vp for p in state.players] == vp
    assert events[0]["type"] == "offer_accepted"
    checked(state)


def test_moz_4_3_refusals():
    """MOZ-4.3: trade_with_self, partner_finished, trade_side_empty, unknown_offer, offer_not_addressed_to_you,
    trade_payment_mismatch; a rejection closes the offer."""
    state = trading()
    refused(state, "trade_with_self", "MOZ-4.3", type="trade_draft_open", player=0, partner=0)
    done, _ = play(state, type="finish_trading", player=2)
    refused(done, "partner_finished", "MOZ-4.3", type="trade_draft_open", player=0, partner=2)
    one_sided = drafted(state, give=("wood.sapphire",), ask=())
    refused(one_sided, "trade_side_empty", "MOZ-4.3", type="trade_propose", player=0)
    state = offered(state)
    refused(state, "unknown_offer", "MOZ-4.3", type="trade_accept", player=1, offer=9, pay={"wood.diamond": 1})
    refused(state, "offer_not_addressed_to_you", "MOZ-4.3", type="trade_reject", player=2, offer=1)
    refused(state, "trade_payment_mismatch", "MOZ-4.3", type="trade_accept", player=1, offer=1,
            pay={"copper.sapphire": 1})
    state, events = play(state, type="trade_reject", player=1, offer=1)
    assert not state.offers and events[0]["type"] == "offer_rejected"
    assert any(a.__struct_config__.tag == "trade_draft_open" for a in R.legal_actions(state, 0))


def test_moz_4_4_one_draft_at_a_time_and_reserved_cards():
    """MOZ-4.4: draft_already_open, no_draft_open, draft_empty; reserved cards (card_reserved) cannot be given
    twice nor go to the bank; the ask is bounded by the partner's hand; undo, cancel, withdraw."""
    state = trading()
    refused(state, "no_draft_open", "MOZ-4.4", type="trade_draft_give", player=0, card="wood.sapphire")
    refused(state, "no_open_offer", "MOZ-4.4", type="trade_withdraw", player=0)
    state, _ = play(state, type="trade_draft_open", player=0, partner=2)
    refused(state, "draft_already_open", "MOZ-4.4", type="trade_draft_open", player=0, partner=1)
    refused(state, "draft_empty", "MOZ-4.4", type="trade_draft_undo", player=0)
    state, _ = play(state, type="trade_draft_give", player=0, card="copper.emerald")
    refused(state, "card_reserved", "MOZ-4.4", type="trade_draft_give", player=0, card="copper.emerald")
    refused(state, "card_not_in_hand", "MOZ-2.5", type="trade_draft_give", player=0, card="iron.ruby")
    refused(state, "card_reserved", "MOZ-4.4", type="bank_trade", player=0,
            give={"copper.emerald": 1, "wood.sapphire": 1}, take={"gem": "sapphire", "from": "search"})
    state, _ = play(state, type="trade_draft_ask", player=0, gem="sapphire")
    state, _ = play(state, type="trade_draft_ask", player=0, gem="sapphire")
    refused(state, "trade_ask_exceeds_partner_hand", "MOZ-4.4", type="trade_draft_ask", player=0, gem="ruby")
    state, events = play(state, type="trade_draft_undo", player=0)
    assert to_builtins(state.players[0].draft.entries) == [{"side": "give", "card": "copper.emerald"},
                                                           {"side": "ask", "gem": "sapphire"}]
    assert events[0]["type"] == "draft_changed" and seen(events, 1) == []
    state, _ = play(state, type="trade_draft_cancel", player=0)
    assert state.players[0].draft is None
    state = offered(state)
    refused(state, "draft_already_open", "MOZ-4.4", type="trade_draft_open", player=0, partner=2)
    state, events = play(state, type="trade_withdraw", player=0)
    assert not state.offers and events[0] == {"type": "offer_withdrawn", "offer": 1, "player": 0}


def test_moz_4_4_addressee_cannot_pay_with_his_reserved_cards():
    """MOZ-4.4: an addressee paying with cards reserved in his own draft gets card_reserved."""
    state = trading()
    state = offered(state, seat=0, partner=1, give=("wood.emerald",), ask=("diamond",))
    state = drafted(state, seat=1, partner=2, give=("wood.diamond", "wood.diamond"), ask=("sapphire",))
    refused(state, "card_reserved", "MOZ-4.4", type="trade_accept", player=1, offer=1, pay={"wood.diamond": 1})
    refused(state, "card_not_in_hand", "MOZ-2.5", type="trade_accept", player=1, offer=1, pay={"iron.diamond": 1})


def test_moz_4_5_and_4_6_bank_trade_two_for_one_from_a_discard_pile():
    """MOZ-4.5: exactly two cards to the bank (bank_trade_needs_two_cards); MOZ-4.6 / MOZ-2.6: they go to their
    carts' discard piles first, so one may be taken back; a pile without the gem is gem_not_in_pile."""
    state = trading()
    refused(state, "bank_trade_needs_two_cards", "MOZ-4.5", type="bank_trade", player=0,
            give={"wood.sapphire": 3}, take={"gem": "sapphire", "from": "wood"})
    refused(state, "card_not_in_hand", "MOZ-2.5", type="bank_trade", player=0,
            give={"iron.ruby": 2}, take={"gem": "ruby", "from": "iron"})
    refused(state, "gem_not_in_pile", "MOZ-4.6", type="bank_trade", player=0,
            give={"wood.sapphire": 2}, take={"gem": "emerald", "from": "wood"})
    state, events = play(state, type="bank_trade", player=0, give={"wood.sapphire": 1, "copper.emerald": 1},
                         take={"gem": "emerald", "from": "copper"})
    assert state.players[0].hand == {"wood.sapphire": 2, "wood.emerald": 1, "copper.emerald": 1}
    assert state.supply[CART_INDEX["wood"]].discard == {"wood.sapphire": 1}
    assert state.supply[CART_INDEX["copper"]].discard == {}
    assert events[0]["type"] == "bank_trade" and seen(events, 2) == events


def test_moz_4_7_to_4_9_search_only_when_no_pile_has_the_gem():
    """MOZ-4.7: search_not_allowed while a discard pile (after the two cards) holds the gem; MOZ-4.8: the search
    reveals from the top of the gem's search deck until the gem, the rest to the discard pile, all public;
    MOZ-4.9: requested_gem_unavailable when the deck holds none, and nothing changes."""
    state = trading()
    refused(state, "search_not_allowed", "MOZ-4.7", type="bank_trade", player=0,
            give={"wood.sapphire": 2}, take={"gem": "sapphire", "from": "search"})
    deck = SEARCH_DECK["ruby"]
    pile = state.supply[CART_INDEX[deck]]
    first = pile.draw.index("ruby")
    above = list(pile.draw[:first])
    state, events = play(state, type="bank_trade", player=0, give={"wood.sapphire": 2},
                         take={"gem": "ruby", "from": "search"})
    reveal = next(e for e in events if e["type"] == "search_revealed")
    assert reveal["gems"] == above + ["ruby"] and reveal["cart"] == deck
    assert state.players[0].hand.get(f"{deck}.ruby") == 1
    assert sum(state.supply[CART_INDEX[deck]].discard.values()) == len(above)
    assert seen(events, 1) == events
    # MOZ-4.9: no ruby left in the bronze draw pile
    state = trading()
    pile = state.supply[CART_INDEX[deck]]
    rubies = pile.draw.count("ruby")
    pile.draw = [g for g in pile.draw if g != "ruby"]
    state.players[2].hand[f"{deck}.ruby"] = rubies
    state.players[2].hand_backs[deck] = rubies
    checked(state)
    error = refused(state, "requested_gem_unavailable", "MOZ-4.9", type="bank_trade", player=0,
                    give={"wood.sapphire": 2}, take={"gem": "ruby", "from": "search"})
    assert error.context["gem"] == "ruby"


def test_moz_4_10_finishing_drops_drafts_and_offers_around_the_player():
    """MOZ-4.10: finish_trading drops his draft, lapses his offer, and drops drafts and offers addressed to him;
    a dropped draft is news for its drafter only."""
    state = trading()
    state = offered(state, seat=0, partner=1)
    state = drafted(state, seat=2, partner=1, give=("wood.sapphire",), ask=("ruby",))
    state, events = play(state, type="finish_trading", player=1)
    assert not state.offers and state.players[2].draft is None
    assert {"type": "draft_dropped", "player": 2, "visible_to": [2]} in events
    assert {"type": "offer_lapsed", "offer": 1} in seen(events, 0)
    assert not [e for e in seen(events, 0) if e["type"] == "draft_dropped"]


def test_moz_4_11_drafts_per_phase_bounded():
    """MOZ-4.11: at most max_trade_proposals_per_phase drafts per phase (trade_proposal_limit)."""
    state = trading(max_trade_proposals_per_phase=2)
    for _ in range(2):
        state, _ = play(state, type="trade_draft_open", player=0, partner=1)
        state, _ = play(state, type="trade_draft_cancel", player=0)
    refused(state, "trade_proposal_limit", "MOZ-4.11", type="trade_draft_open", player=0, partner=1)
    assert not any(a.__struct_config__.tag == "trade_draft_open" for a in R.legal_actions(state, 0))
    assert size(state.players[0].hand) == 5


def test_moz_4_3_a_partner_outside_the_game_is_a_schema_error():
    """Spec 3.1 / MOZ-4.3: a partner seat out of range is invalid_action at $.partner."""
    with pytest.raises(InvalidAction) as info:
        R.apply(trading(), {"type": "trade_draft_open", "player": 0, "partner": 3})
    assert (info.value.code, info.value.path) == ("invalid_action", "$.partner")
