"""Solenia's refusal catalogue against the spec's error tables (sections 3.1 and 3.3 to 3.7)."""

from __future__ import annotations

import pytest

from rulesets.core import IllegalAction, InvalidSetup
from rulesets.solenia.refusals import CARD_NOT_IN_HAND, OVERFLOW_DISCARD_MISMATCH, refusals
from rulesets.solenia.storage import check_overflow_discard

from .scenario import R, action, cid, new, refused

#: code -> the rules the spec's tables cite for it (a code may cite fewer, never another).
SPEC_CODES: dict[str, set[str]] = {
    "improvements_require_winter": {"SOL-9.1"},
    "improvement_not_offered": {"SOL-9.1"},
    "improvement_level_already_taken": {"SOL-9.1"},
    "card_not_in_hand": {"SOL-2.2"},
    "space_off_board": {"SOL-1.3.1"},
    "space_occupied": {"SOL-3.1"},
    "advance_not_allowed": {"SOL-6.1", "SOL-9.4"},
    "permanent_not_allowed_for_lengthening": {"SOL-3.3.3", "SOL-8.4"},
    "lengthen_payment_mismatch": {"SOL-3.3"},
    "insufficient_resources": {"SOL-3.3.3", "SOL-5.4", "SOL-4.3"},
    "delivery_not_allowed": {"SOL-4.1"},
    "delivery_required": {"SOL-5.2", "SOL-5.3"},
    "delivery_tile_not_in_display": {"SOL-5.2"},
    "delivery_tile_wrong_type": {"SOL-5.2", "SOL-9.4"},
    "permanent_unavailable": {"SOL-8.4"},
    "permanent_already_used": {"SOL-8.4"},
    "delivery_payment_mismatch": {"SOL-5.4"},
    "slot_not_choosable": {"SOL-5.5"},
    "slot_required": {"SOL-8.2", "SOL-5.7"},
    "slot_invalid": {"SOL-8.2"},
    "slot_occupied": {"SOL-8.2"},
    "slot_prerequisite_unmet": {"SOL-8.2"},
    "reward_choice_required": {"SOL-8.3"},
    "reward_choice_not_allowed": {"SOL-8.3"},
    "reward_choice_invalid": {"SOL-8.3"},
    "overflow_discard_mismatch": {"SOL-4.3"},
    "discard_not_allowed": {"SOL-3.4"},
}


def test_catalogue_declares_every_spec_code_with_the_spec_rules():
    """Sections 3.3 to 3.7: one entry per game code, citing only rules the spec names for it."""
    assert set(refusals.codes()) == set(SPEC_CODES)
    for entry in refusals:
        assert entry.rules and set(entry.rules) <= SPEC_CODES[entry.code], entry.code


def test_metadata_serves_the_catalogue_with_cores_codes():
    """Section 3.1 and the phase checks: the served catalogue holds every game code and core's, each citing Solenia's
    rules (game_over SOL-7.1, wrong_phase SOL-2.3/6.6/9.1, not_your_turn SOL-2.1/6.6/9.1, invalid_state SOL-H.7)."""
    errors = {e["code"]: e for e in R.metadata(detailed=True)["errors"]}
    assert set(SPEC_CODES) <= set(errors)
    assert errors["game_over"]["rules"] == ["SOL-7.1"]
    assert set(errors["wrong_phase"]["rules"]) == {"SOL-2.3", "SOL-6.6", "SOL-9.1"}
    assert set(errors["not_your_turn"]["rules"]) == {"SOL-2.1", "SOL-6.6", "SOL-9.1"}
    assert "SOL-1.4" in errors["invalid_color"]["rules"] and "SOL-1.4" in errors["invalid_options"]["rules"]
    assert errors["invalid_state"]["rules"] == ["SOL-H.7"]  # section 3.1: an inconsistent posted state
    assert errors["card_not_in_hand"] == {"code": "card_not_in_hand", "rules": ["SOL-2.2"], "status": 422,
                                          "message": "Card {card} is not in your hand."}


def test_sol_2_2_detail_is_worded_from_the_template():
    """SOL-2.2: a refusal's sentence is its entry's template filled in, and it names the card."""
    state = new(2)
    foreign = cid(state, 1, 1)
    error = refused(state, action("play_card", 0, card=foreign, space={"col": 2, "row": 2}), "card_not_in_hand",
                    "SOL-2.2")
    assert error.entry is CARD_NOT_IN_HAND and error.detail == f"Card {foreign} is not in your hand."
    assert error.context == {"card": foreign}


def test_sol_4_3_overflow_sentence_names_storage_capacity_and_surplus():
    """SOL-4.3: one template for play_card's overflow_discard and discard_overflow: what storage holds, of what
    capacity, and the exact surplus to return."""
    with pytest.raises(IllegalAction) as info:
        check_overflow_discard((5, 0, 4, 0), 8, (0, 0, 0, 0))
    assert info.value.entry is OVERFLOW_DISCARD_MISMATCH and info.value.rule == "SOL-4.3"
    assert info.value.detail == "Your storage holds 9 of 8: return exactly 1 resource(s), not 0."
    assert info.value.context == {"surplus": 1, "offered": 0}
    with pytest.raises(IllegalAction) as info:
        check_overflow_discard((5, 0, 0, 0), 8, (1, 0, 0, 0))
    assert info.value.detail == "Your storage holds 5 of 8: return exactly 0 resource(s), not 1."


def test_sol_9_1_improvements_require_winter_is_a_setup_refusal():
    """SOL-9.1 (spec 3.3): improvements on the summer side are refused at setup, naming the option."""
    with pytest.raises(InvalidSetup) as info:
        R.setup(2, 1, {"improvements": True})
    assert (info.value.code, info.value.rule) == ("improvements_require_winter", "SOL-9.1")
    assert info.value.context == {"path": "$.options.improvements"}
