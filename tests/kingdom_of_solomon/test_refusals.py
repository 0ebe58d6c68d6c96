"""The refusal catalogue against the spec's error tables (spec 3.0 to 3.13)."""

from __future__ import annotations

from rulesets.kingdom_of_solomon.refusals import refusals
from rulesets.kingdom_of_solomon.rule_index import RULES

from .scenario import R

#: every code of the spec's tables with the rules it cites there (spec 3.1 to 3.13; 3.3's road errors are 3.9's).
SPEC_CODES = {
    "invalid_parameters": set(),
    "variant_not_allowed": {"KOS-11.2"},
    "no_pawns_left": {"KOS-4.2"}, "space_occupied": {"KOS-4.3", "KOS-4.4"}, "bonus_space_not_in_play": {"KOS-4.9"},
    "bonus_needs_all_remaining_pawns": {"KOS-4.5"}, "bonus_round_limit_reached": {"KOS-11.1"},
    "area_owned_by_opponent": {"KOS-4.6"}, "high_priest_privilege_used": {"KOS-8.21"}, "card_not_owned": {"KOS-4.8"},
    "no_pawn_on_space": {"KOS-5.1"}, "invalid_choice": {"KOS-5.8", "KOS-6.4"}, "choice_not_in_supply": {"KOS-5.7"},
    "choice_declined_while_possible": {"KOS-5.8"}, "invalid_steal_target": {"KOS-5.10"},
    "invalid_trade": {"KOS-5.10"}, "invalid_tax_choice": {"KOS-5.10"},
    "already_passed": {"KOS-7.2"}, "resource_not_held": {"KOS-7.5"}, "market_full": {"KOS-7.4"},
    "cannot_sell_bought_type": {"KOS-7.3"}, "market_empty": {"KOS-7.4"}, "insufficient_vp": {"KOS-7.6"},
    "cannot_buy_sold_type": {"KOS-7.3"},
    "building_limit_reached": {"KOS-8.5"}, "card_not_in_display": {"KOS-8.4"},
    "insufficient_resources": {"KOS-8.3", "KOS-8.24"}, "invalid_fortune_payment": {"KOS-6.4"},
    "site_required": {"KOS-8.7"}, "site_not_allowed": {"KOS-8.8", "KOS-8.9"}, "not_a_building_site": {"KOS-3.2"},
    "site_occupied": {"KOS-3.2"}, "no_building_markers_left": {"KOS-8.10"},
    "temple_complete": {"KOS-10.3"}, "temple_level_locked": {"KOS-8.13"}, "temple_level_full": {"KOS-8.13"},
    "invalid_any_payment": {"KOS-8.14"}, "invalid_reward": {"KOS-8.15"},
    "no_roads_left": {"KOS-8.24"}, "areas_not_adjacent": {"KOS-8.25"}, "road_already_present": {"KOS-8.25"},
    "road_needs_own_building": {"KOS-8.26"}, "road_endpoint_blocked": {"KOS-8.27"},
    "card_not_in_hand": {"KOS-6.2", "KOS-6.6"}, "card_has_no_play_effect": {"KOS-6.9"}, "supply_empty": {"KOS-6.4"},
    "discard_not_required": {"KOS-9.1"}, "wrong_discard_count": {"KOS-6.6"},
    "not_final_round": {"KOS-9.2"}, "discard_pending": {"KOS-9.1"}, "already_confirmed": {"KOS-9.2"},
}


def test_the_catalogue_is_the_spec_error_tables():
    """Spec 3: every code the game declares is the spec's, citing the rules the spec's table gives it."""
    assert {entry.code: set(entry.rules) for entry in refusals} == SPEC_CODES


def test_metadata_lists_the_catalogue_with_cores_codes_and_the_rules_cited():
    """Spec 3.0's common codes are core's, citing this game's rules (KOS-10.4, KOS-2.1, KOS-2.2, KOS-1.1)."""
    errors = {e["code"]: e for e in R.metadata(detailed=True)["errors"]}
    assert set(SPEC_CODES) <= set(errors)
    assert errors["game_over"]["rules"] == ["KOS-10.4"]
    assert "KOS-2.1" in errors["wrong_phase"]["rules"]
    assert errors["not_your_turn"]["rules"] == ["KOS-2.2"]
    assert errors["invalid_player_count"]["rules"] == ["KOS-1.1"]
    cited = {rule for e in errors.values() for rule in e["rules"]}
    assert cited <= set(RULES)
