"""KOS-4 Placement, the High Priest privilege (KOS-8.21, 8.22), the variant limit (KOS-11.1),
and the loop's own refusals (KOS-2.1, 2.2)."""

from __future__ import annotations

from .scenario import R, listed, marker, new, ok, order, owned, refused, wire

A = {"type": "place_pawn"}


def start(players=3, **options):
    state = new(players, **options)
    order(state, *range(players))
    return state


def test_kos_4_1_one_pawn_then_next_in_turn_order_and_kos_2_2():
    """KOS-4.1 one pawn per turn; KOS-2.2 placement goes in turn order, round and round."""
    state = new(3)
    order(state, 2, 0, 1)
    state, events = ok(state, {**A, "player": 2, "space": "area:galilee"})
    assert state.players[2].unplaced == 5 and state.active == 0
    assert wire(events)[0]["type"] == "pawn_placed"
    state, _ = ok(state, {**A, "player": 0, "space": "action:prophet"})
    state, _ = ok(state, {**A, "player": 1, "space": "action:thief"})
    assert state.active == 2


def test_kos_2_2_not_your_turn_and_kos_2_1_wrong_phase():
    """KOS-2.2 not_your_turn; KOS-2.1 wrong_phase for an action of another phase."""
    state = start()
    refused(state, {**A, "player": 1, "space": "area:galilee"}, "not_your_turn", "KOS-2.2")
    refused(state, {"type": "market_pass", "player": 0}, "wrong_phase", "KOS-2.1")


def test_kos_4_2_players_without_pawns_are_skipped_and_phase_ends():
    """KOS-4.2: a seat with nothing to place is skipped; Resolution starts when none is left."""
    state = start(2)
    state.players[1].unplaced = 0
    state.players[0].unplaced = 1
    state, _ = ok(state, {**A, "player": 0, "space": "area:galilee"})
    assert state.phase == "resolution" and state.active == 0


def test_kos_4_2_no_pawns_left_is_refused():
    """KOS-4.2: no_pawns_left (normally prevented by skipping)."""
    state = start(2)
    state.players[0].unplaced = 0
    refused(state, {**A, "player": 0, "space": "area:galilee"}, "no_pawns_left", "KOS-4.2")


def test_kos_4_3_one_pawn_per_space_even_his_own():
    """KOS-4.3: space_occupied, also for the player's own pawn."""
    state = start(2)
    state, _ = ok(state, {**A, "player": 0, "space": "area:galilee"})
    state, _ = ok(state, {**A, "player": 1, "space": "action:minister"})
    refused(state, {**A, "player": 0, "space": "area:galilee"}, "space_occupied", "KOS-4.3")
    refused(state, {**A, "player": 0, "space": "action:minister"}, "space_occupied", "KOS-4.3")
    assert "area:galilee" not in {a["space"] for a in listed(state, 0)}


def test_kos_4_4_and_4_5_bonus_takes_all_pawns_once_per_round():
    """KOS-4.4 a claimed bonus space holds one player's pawns; KOS-4.5 all his unplaced pawns, even the first turn."""
    state = start(3)
    state, _ = ok(state, {**A, "player": 0, "space": "bonus:altar"})
    assert state.players[0].unplaced == 0 and state.pawns[0].count == 6 and state.active == 1
    refused(state, {**A, "player": 1, "space": "bonus:altar"}, "space_occupied", "KOS-4.4")
    refused(state, {**A, "player": 1, "space": "bonus:ark", "pawns": 2}, "bonus_needs_all_remaining_pawns",
            "KOS-4.5")
    state, _ = ok(state, {**A, "player": 1, "space": "bonus:ark", "pawns": 6})
    assert state.active == 2


def test_kos_4_5_last_pawn_may_claim_a_bonus_space():
    """KOS-4.5: allowed with only one pawn left."""
    state = start(2)
    state.players[0].unplaced = 1
    state, _ = ok(state, {**A, "player": 0, "space": "bonus:altar"})
    assert state.pawns[0].count == 1


def test_kos_4_6_opponents_area_and_4_7_own_unowned_neutral():
    """KOS-4.6 area_owned_by_opponent; KOS-4.7 own, unowned and neutral areas are open."""
    state = start(2)
    marker(state, 1, "galilee")
    marker(state, 0, "lebanon")
    refused(state, {**A, "player": 0, "space": "area:galilee"}, "area_owned_by_opponent", "KOS-4.6")
    spaces = {a["space"] for a in listed(state, 0)}
    assert {"area:lebanon", "area:aram", "area:bashan"} <= spaces and "area:galilee" not in spaces


def test_kos_4_8_card_spaces_for_their_owner_and_kos_8_12():
    """KOS-4.8 card_not_owned; KOS-8.12 an owned card's space is open in later placements."""
    state = start(2)
    card = owned(state, 1)
    refused(state, {**A, "player": 0, "space": f"card:{card}"}, "card_not_owned", "KOS-4.8")
    state.turn_order = [1, 0]
    state.active = 1
    assert f"card:{card}" in {a["space"] for a in listed(state, 1)}
    ok(state, {**A, "player": 1, "space": f"card:{card}"})


def test_kos_4_9_bonus_space_not_in_play():
    """KOS-4.9: the ark with 2 players, the tribute with 3."""
    refused(start(2), {**A, "player": 0, "space": "bonus:ark"}, "bonus_space_not_in_play", "KOS-4.9")
    refused(start(3), {**A, "player": 0, "space": "bonus:tribute"}, "bonus_space_not_in_play", "KOS-4.9")


def test_kos_11_1_variant_all_bonus_with_players_minus_one_per_round():
    """KOS-11.1: with the variant all three are in play, but at most players - 1 are claimed per round."""
    state = start(3, variant_all_bonus=True)
    assert {a["space"] for a in listed(state, 0) if a["space"].startswith("bonus:")} == {
        "bonus:altar", "bonus:ark", "bonus:tribute"}
    state, _ = ok(state, {**A, "player": 0, "space": "bonus:tribute"})
    state, _ = ok(state, {**A, "player": 1, "space": "bonus:ark"})
    refused(state, {**A, "player": 2, "space": "bonus:altar"}, "bonus_round_limit_reached", "KOS-11.1")
    assert not [a for a in listed(state, 2) if a["space"].startswith("bonus:")]
    two = start(2, variant_all_bonus=True)
    two, _ = ok(two, {**A, "player": 0, "space": "bonus:ark"})
    refused(two, {**A, "player": 1, "space": "bonus:tribute"}, "bonus_round_limit_reached", "KOS-11.1")


def test_kos_8_21_high_priest_privilege_once_per_round():
    """KOS-8.21: the High Priest may go into one opponent's area per round; high_priest_privilege_used after."""
    state = start(2)
    marker(state, 1, "galilee")
    marker(state, 1, "lebanon")
    state.players[0].tokens = 1
    state.high_priest = 0
    assert "area:galilee" in {a["space"] for a in listed(state, 0)}
    state, events = ok(state, {**A, "player": 0, "space": "area:galilee"})
    assert state.pawns[-1].privileged and state.players[0].privilege_used and events[0].privileged
    state, _ = ok(state, {**A, "player": 1, "space": "action:prophet"})
    refused(state, {**A, "player": 0, "space": "area:lebanon"}, "high_priest_privilege_used", "KOS-8.21")
    assert "area:lebanon" not in {a["space"] for a in listed(state, 0)}


def test_kos_8_22_new_high_priest_may_use_the_privilege_this_round():
    """KOS-8.22: counted per player per round; a player who becomes High Priest mid-round may use it."""
    state = start(2)
    marker(state, 1, "galilee")
    refused(state, {**A, "player": 0, "space": "area:galilee"}, "area_owned_by_opponent")
    state.players[0].tokens = 1
    state.high_priest = 0
    ok(state, {**A, "player": 0, "space": "area:galilee"})


def test_kos_4_10_no_legal_space_forfeits_the_remaining_pawns():
    """KOS-4.10 (decision A6): a seat with no legal space forfeits its pawns and is skipped."""
    from rulesets.kingdom_of_solomon.components import ACTION_SPACES, AREAS
    from rulesets.kingdom_of_solomon.state import Pawn
    state = start(2)
    spaces = [f"area:{a}" for a in AREAS] + [f"action:{s}" for s in ACTION_SPACES]
    state.pawns = [Pawn(owner=0, space=s) for s in spaces[:-1]]
    state.players[0].unplaced = 6
    state.players[1].unplaced = 0
    state.pawns += [Pawn(owner=1, space="bonus:altar", count=6)]
    # (an impossible board, built to reach the rule; its pawn counts are not checked here)
    after, events = R.apply(state, {**A, "player": 0, "space": spaces[-1]})
    assert any(e["type"] == "pawns_forfeited" and e["player"] == 0 for e in wire(events))
    assert after.phase == "resolution"


def test_kos_4_11_placing_gives_nothing_at_once():
    """KOS-4.11: no cube, card or VP on placement."""
    state = start(3)
    after, _ = ok(state, {**A, "player": 0, "space": "area:galilee"})
    assert after.players[0].cubes.total() == 0 and after.players[0].vp == state.players[0].vp
    after, _ = ok(after, {**A, "player": 1, "space": "action:prophet"})
    assert after.players[1].hand == []


def test_place_pawn_check_order():
    """Spec 3.2 order: space_occupied before bonus_space_not_in_play; not_in_play before the pawns count;
    area_owned_by_opponent before card checks; invalid_parameters for unknown spaces and 'pawns' off a bonus."""
    state = start(2)
    refused(state, {**A, "player": 0, "space": "area:atlantis"}, "invalid_parameters")
    refused(state, {**A, "player": 0, "space": "area:galilee", "pawns": 2}, "invalid_parameters")
    refused(state, {**A, "player": 0, "space": "bonus:ark", "pawns": 99}, "bonus_space_not_in_play")
    state.players[0].unplaced = 0
    refused(state, {**A, "player": 0, "space": "bonus:ark"}, "no_pawns_left")


def test_kos_1_1_common_check_order():
    """Spec 3.0 common order: game_over, invalid_parameters, unknown_player (KOS-1.1), wrong_phase (KOS-2.1),
    not_your_turn (KOS-2.2)."""
    state = start(2)
    refused(state, {**A, "player": 7, "space": "area:atlantis"}, "invalid_parameters", None)
    refused(state, {**A, "player": 7, "space": "area:galilee"}, "unknown_player", "KOS-1.1")
    refused(state, {"type": "market_sell", "player": 1, "resource": "gold"}, "wrong_phase", "KOS-2.1")
    refused(state, {**A, "player": 1, "space": "area:galilee"}, "not_your_turn", "KOS-2.2")
    state.phase = "game_over"
    state.active = None
    refused(state, {**A, "player": 7, "space": "area:atlantis"}, "game_over", "KOS-10.4")
