"""Spec 3.8, the error code index, against the refusal catalogue the game serves (issue 18)."""

from __future__ import annotations

from .scenario import R, new, reach, refused

#: spec 3.8 as the spec words it: each code and the rules it cites (invalid_action is core's, with no rule)
SPEC_INDEX = {
    "invalid_player_count": {"MOZ-1.1"}, "variant_not_supported": {"MOZ-1.12"}, "wrong_phase": {"MOZ-2.1"},
    "not_active_player": {"MOZ-2.3", "MOZ-2.4"}, "card_not_in_hand": {"MOZ-2.5"},
    "income_selection_wrong_total": {"MOZ-3.4"}, "income_selection_exceeds_production": {"MOZ-3.4"},
    "unknown_upgrade_target": {"MOZ-3.7", "MOZ-6.2"}, "target_at_top_level": {"MOZ-3.7", "MOZ-6.4"},
    "card_not_in_mine": {"MOZ-3.10"}, "not_one_time_card": {"MOZ-3.10"},
    "trade_with_self": {"MOZ-4.3"}, "partner_finished": {"MOZ-4.3"}, "trade_side_empty": {"MOZ-4.3"},
    "unknown_offer": {"MOZ-4.3"}, "offer_not_addressed_to_you": {"MOZ-4.3"}, "trade_payment_mismatch": {"MOZ-4.3"},
    "draft_already_open": {"MOZ-4.4"}, "no_draft_open": {"MOZ-4.4"}, "draft_empty": {"MOZ-4.4"},
    "no_open_offer": {"MOZ-4.4"}, "card_reserved": {"MOZ-4.4"}, "trade_ask_exceeds_partner_hand": {"MOZ-4.4"},
    "bank_trade_needs_two_cards": {"MOZ-4.5"}, "gem_not_in_pile": {"MOZ-4.6"}, "search_not_allowed": {"MOZ-4.7"},
    "requested_gem_unavailable": {"MOZ-4.9"}, "trade_proposal_limit": {"MOZ-4.11"},
    "bid_already_committed": {"MOZ-5.2"}, "card_not_in_bid": {"MOZ-5.2"}, "no_reward_pending": {"MOZ-5.8"},
    "mine_full_discard_required": {"MOZ-5.9"}, "discard_target_invalid": {"MOZ-5.9"},
    "discard_not_needed": {"MOZ-5.9"}, "card_set_aside": {"MOZ-5.13"}, "already_upgraded_this_phase": {"MOZ-6.3"},
    "level_skip_forbidden": {"MOZ-6.4"}, "payment_mismatch": {"MOZ-6.5"}, "insufficient_vp": {"MOZ-6.7"},
    "hall_not_reachable": {"MOZ-7.2"}, "game_over": {"MOZ-9.1"},
}


def served() -> dict[str, dict]:
    return {entry["code"]: entry for entry in R.metadata(detailed=True)["errors"]}


def test_spec_3_8_every_indexed_code_is_served_with_its_rules():
    """Spec 3.8: every code of the index is in the served catalogue, citing exactly the index's rules, answered
    with 422 and a message template."""
    catalogue = served()
    for code, rules in SPEC_INDEX.items():
        assert set(catalogue[code]["rules"]) == rules, code
        assert catalogue[code]["status"] == 422 and catalogue[code]["message"], code


def test_spec_3_8_the_game_declares_no_code_the_index_lacks():
    """Spec 3.8: the game's own catalogue holds the index's codes and nothing else (core's codes are core's)."""
    assert set(R.refusals.codes()) <= set(SPEC_INDEX)
    assert set(SPEC_INDEX) - set(R.refusals.codes()) == {"invalid_player_count", "wrong_phase", "game_over"}


def test_moz_2_5_a_refusal_detail_is_its_templates_sentence():
    """MOZ-2.5 / MOZ-5.2: a refusal's detail is the catalogue's template worded with the case's values."""
    state = reach(new(2), "bidding")
    error = refused(state, "card_not_in_hand", "MOZ-2.5", type="bid_add", player=0, card="iron.ruby")
    assert error.detail == "Your hand does not hold one iron.ruby card beyond those already in your bid."
    assert served()["card_not_in_hand"]["message"] == "Your hand does not hold {missing}."
