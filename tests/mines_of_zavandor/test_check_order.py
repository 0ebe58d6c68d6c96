"""Spec 3.1: two checks failing at once: the one the spec lists first is reported. Where the rows share their
positions, they are a table (``assert_check_order`` reports every mismatching row at once)."""

from __future__ import annotations

import pytest

from rulesets.core import InvalidAction
from rulesets.mines_of_zavandor.components import CARDS, DRAGON, MINE_SLOTS
from rulesets.testing import Row, assert_check_order

from .scenario import R, a_card, checked, give_card, new, play, reach, refused, set_hand
from .test_auction import all_bid, bidding
from .test_trading import offered, trading

VP_CARD = next(c for c, item in sorted(CARDS.items()) if item.min_players == 2
               and any((lv.cost or {}).get("vp") for lv in item.levels.values()))


def test_spec_3_1_schema_then_game_over_then_wrong_phase_then_not_active():
    """Spec 3.1 / MOZ-9.1 / MOZ-2.1 / MOZ-2.3: invalid_action first, then game_over, then wrong_phase (even from
    a seat not on turn), then not_active_player."""
    state = new(2)
    over = reach(new(2), "production")
    over.phase = over.step = "game_over"
    over.active = None
    with pytest.raises(InvalidAction):
        R.apply(over, {"type": "collect_income", "player": 0, "draw": {"wood": 0}})
    assert_check_order(R, [
        Row(over, {"type": "finish_trading", "player": 1}, "game_over", "MOZ-9.1"),
        Row(state, {"type": "finish_trading", "player": 1}, "wrong_phase", "MOZ-2.1"),
        Row(state, {"type": "place_marker", "player": 1, "target": "family"}, "wrong_phase", "MOZ-2.1"),
        Row(state, {"type": "collect_income", "player": 1, "draw": {"copper": 9}}, "not_active_player", "MOZ-2.3"),
    ])


def test_moz_5_2_sealed_bidder_is_told_so_before_anything_else():
    """Spec 3.1 check 4 / MOZ-5.2: a sealed seat's bidding action is bid_already_committed, even when its card
    check would fail too."""
    state = bidding(hands={0: {}})
    state, _ = play(state, type="bid_commit", player=0)
    refused(state, "bid_already_committed", "MOZ-5.2", type="bid_remove", player=0, card="iron.ruby")


def test_moz_3_4_wrong_total_before_exceeds_production():
    """Spec 3.3: income_selection_wrong_total before income_selection_exceeds_production."""
    refused(new(2), "income_selection_wrong_total", "MOZ-3.4", type="collect_income", player=0, draw={"bronze": 5})


def test_moz_3_10_not_in_mine_before_not_one_time():
    """Spec 3.3: card_not_in_mine before not_one_time_card."""
    state = reach(new(2), "one_time", 0)
    refused(state, "card_not_in_mine", "MOZ-3.10", type="use_one_time", player=0, card=a_card("dwarf_clan"))


def test_moz_4_3_trade_open_checks_in_order():
    """Spec 3.4: trade_with_self, partner_finished, draft_already_open, trade_proposal_limit in that order."""
    state = trading(max_trade_proposals_per_phase=1)
    state, _ = play(state, type="finish_trading", player=2)
    state, _ = play(state, type="trade_draft_open", player=0, partner=1)
    refused(state, "trade_with_self", "MOZ-4.3", type="trade_draft_open", player=0, partner=0)
    refused(state, "partner_finished", "MOZ-4.3", type="trade_draft_open", player=0, partner=2)
    refused(state, "draft_already_open", "MOZ-4.4", type="trade_draft_open", player=0, partner=1)


def test_moz_4_4_trade_accept_checks_in_order():
    """Spec 3.4: unknown_offer, offer_not_addressed_to_you, card_not_in_hand, card_reserved,
    trade_payment_mismatch."""
    state = offered(trading(), seat=0, partner=1, give=("wood.emerald",), ask=("diamond",))
    reserving, _ = play(state, type="trade_draft_open", player=1, partner=2)
    reserving, _ = play(reserving, type="trade_draft_give", player=1, card="iron.ruby")
    accept = {"type": "trade_accept", "player": 1, "offer": 1}
    assert_check_order(R, [
        Row(state, {**accept, "player": 2, "offer": 5, "pay": {"iron.ruby": 9}}, "unknown_offer", "MOZ-4.3"),
        Row(state, {**accept, "player": 2, "pay": {"iron.ruby": 9}}, "offer_not_addressed_to_you", "MOZ-4.3"),
        Row(state, {**accept, "pay": {"iron.ruby": 9}}, "card_not_in_hand", "MOZ-2.5"),
        Row(reserving, {**accept, "pay": {"iron.ruby": 1}}, "card_reserved", "MOZ-4.4"),
    ])


def test_moz_4_5_bank_trade_checks_in_order():
    """Spec 3.4: bank_trade_needs_two_cards, card_not_in_hand, card_reserved, gem_not_in_pile, search_not_allowed,
    requested_gem_unavailable."""
    state = trading()
    reserving, _ = play(state, type="trade_draft_open", player=0, partner=1)
    reserving, _ = play(reserving, type="trade_draft_give", player=0, card="copper.emerald")
    ruby = {"type": "bank_trade", "player": 0, "take": {"gem": "ruby", "from": "wood"}}
    assert_check_order(R, [
        Row(state, {**ruby, "give": {"iron.ruby": 1}}, "bank_trade_needs_two_cards", "MOZ-4.5"),
        Row(state, {**ruby, "give": {"iron.ruby": 2}}, "card_not_in_hand", "MOZ-2.5"),
        Row(reserving, {**ruby, "give": {"copper.emerald": 1, "wood.sapphire": 1}}, "card_reserved", "MOZ-4.4"),
        Row(reserving, {**ruby, "give": {"wood.sapphire": 2}}, "gem_not_in_pile", "MOZ-4.6"),
    ])


def test_moz_5_8_no_reward_pending_before_the_mine_checks():
    """Spec 3.5: no_reward_pending before mine_full_discard_required / discard_target_invalid."""
    hands = {0: {"wood.sapphire": 3}, 1: {}, 2: {}}
    state = reach(new(3), "bidding")
    for card in [c for c in CARDS if not c.startswith("SCROLL") and CARDS[c].row == "emerald"][:MINE_SLOTS - 1]:
        give_card(state, 0, card, 1)
    set_hand(state, 0, hands[0])
    state, _ = all_bid(checked(state), hands)
    choose = {"type": "choose_reward", "player": 0, "row": "sapphire"}
    assert_check_order(R, [
        Row(state, {**choose, "row": "emerald", "take": "card"}, "no_reward_pending", "MOZ-5.8"),
        Row(state, {**choose, "take": "card"}, "mine_full_discard_required", "MOZ-5.9"),
        Row(state, {**choose, "take": "vp", "discard": "SCROLL2"}, "discard_target_invalid", "MOZ-5.9"),
    ])


def test_moz_6_upgrade_checks_in_order():
    """Spec 3.6: unknown_upgrade_target, target_at_top_level, already_upgraded_this_phase, level_skip_forbidden,
    card_set_aside, card_not_in_hand, insufficient_vp, payment_mismatch."""
    state = new(2)
    level = next(lv.level for lv in CARDS[VP_CARD].levels.values() if (lv.cost or {}).get("vp"))
    give_card(state, 0, VP_CARD, level - 1)
    state = reach(state, "upgrade", 0)
    set_hand(state, 0, {"wood.sapphire": 1})
    state.players[0].set_aside = {"wood.emerald": 1}
    state.players[0].hand = {"wood.sapphire": 1}
    state.players[0].upgraded = ["family"]
    state.supply[0].draw.remove("emerald")
    checked(state)
    refused(state, "unknown_upgrade_target", "MOZ-6.2", type="upgrade", player=0, target="SCROLL1", level=99,
            pay={"iron.ruby": 1})
    state.players[0].pack_dragon = DRAGON.top_level
    refused(state, "target_at_top_level", "MOZ-6.4", type="upgrade", player=0, target="pack_dragon", level=9,
            pay={"iron.ruby": 1})
    refused(state, "already_upgraded_this_phase", "MOZ-6.3", type="upgrade", player=0, target="family", level=9,
            pay={"iron.ruby": 1})
    refused(state, "level_skip_forbidden", "MOZ-6.4", type="upgrade", player=0, target=VP_CARD, level=level + 1,
            pay={"wood.emerald": 1})
    refused(state, "card_set_aside", "MOZ-5.13", type="upgrade", player=0, target=VP_CARD, level=level,
            pay={"wood.emerald": 1, "iron.ruby": 1})
    refused(state, "card_not_in_hand", "MOZ-2.5", type="upgrade", player=0, target=VP_CARD, level=level,
            pay={"iron.ruby": 1})
    refused(state, "insufficient_vp", "MOZ-6.7", type="upgrade", player=0, target=VP_CARD, level=level,
            pay={"wood.sapphire": 1})
    state.players[0].vp = 5
    refused(state, "payment_mismatch", "MOZ-6.5", type="upgrade", player=0, target=VP_CARD, level=level,
            pay={"wood.sapphire": 1})
