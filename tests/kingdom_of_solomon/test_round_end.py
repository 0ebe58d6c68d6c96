"""KOS-2 the round, KOS-9 its end step, KOS-10 the end of the game, scoring and the tie-break."""

from __future__ import annotations

from rulesets.kingdom_of_solomon.components import (BUILDING_CARDS, HIGH_PRIEST_VP, MARKERS_PER_PLAYER,
                                                    SETUP, VP_PER_CUBE)
from rulesets.kingdom_of_solomon.scoring import final_scores

from .scenario import (R, SITE_AREAS, building_with, display, fortune, give, hand, listed, marker, new, ok, order,
                       phase, refused, wire)

END, CONFIRM, DISCARD = "end_building_turn", "confirm_final_scoring", "discard_fortune"


def building(players=2):
    state = new(players)
    order(state, *range(players))
    phase(state, "building")
    return state


def test_kos_2_1_round_phases_in_order():
    """KOS-2.1: Placement, Resolution, Market, Building, end step, each finished for all before the next."""
    state = new(2)
    order(state, 0, 1)
    seen = [state.phase]
    while state.round == 1:
        seat = R.status(state).active_players[0]
        menu = [a for a in R.legal_actions(state, seat) if a.__struct_config__.tag != "play_fortune"]
        pass_like = [a for a in menu if a.__struct_config__.tag in ("market_pass", END)]
        state, _ = R.apply(state, (pass_like or menu)[0])
        if state.phase != seen[-1]:
            seen.append(state.phase)
    assert seen == ["placement", "resolution", "market", "building", "placement"]


def test_kos_2_3_turn_order_carries_over_and_kos_9_6_position_1_starts():
    """KOS-2.3 the order carries over; KOS-9.6 the next round starts with position 1 placing."""
    state = building(3)
    order(state, 2, 0, 1)
    for seat in (2, 0, 1):
        state, _ = ok(state, {"type": END, "player": seat})
    assert state.turn_order == [2, 0, 1] and state.phase == "placement" and state.active == 2


def test_kos_9_1_discards_in_any_order_then_the_round_goes_on():
    """KOS-9.1: every seat over the limit discards, in any order; the round waits for them."""
    state = building(3)
    hand(state, 0, *state.fortune_deck[:4])
    hand(state, 2, *state.fortune_deck[:5])
    for seat in (0, 1, 2):
        state, _ = ok(state, {"type": END, "player": seat})
    assert state.phase == "round_end" and R.status(state).active_players == [0, 2]
    refused(state, {"type": "place_pawn", "player": 0, "space": "area:galilee"}, "wrong_phase", "KOS-2.1")
    state, _ = ok(state, {"type": DISCARD, "player": 2, "cards": sorted(state.players[2].hand)[:2]})
    assert state.phase == "round_end" and R.status(state).active_players == [0]
    state, _ = ok(state, {"type": DISCARD, "player": 0, "cards": sorted(state.players[0].hand)[:1]})
    assert state.phase == "placement"


def test_kos_9_2_final_round_confirmations_then_scoring():
    """KOS-9.2: each player confirms once (already_confirmed), cards may still be played, then the game ends."""
    state = building(2)
    state.final_round = True
    vp_card = fortune("gain_vp")[0]
    hand(state, 1, vp_card)
    for seat in (0, 1):
        state, _ = ok(state, {"type": END, "player": seat})
    assert state.phase == "round_end" and R.status(state).active_players == [0, 1]
    assert listed(state, 0) == [{"type": CONFIRM, "player": 0}]
    state, _ = ok(state, {"type": CONFIRM, "player": 0})
    refused(state, {"type": CONFIRM, "player": 0}, "already_confirmed", "KOS-9.2")
    state, _ = ok(state, {"type": "play_fortune", "player": 1, "card": vp_card})
    state, events = ok(state, {"type": CONFIRM, "player": 1})
    status = R.status(state)
    assert status.game_over and status.phase == "game_over" and status.scores
    assert wire(events)[-1]["type"] == "game_ended"


def test_kos_9_2_confirm_check_order():
    """Spec 3.13 order: not_final_round, then discard_pending."""
    state = building(2)
    hand(state, 0, *state.fortune_deck[:4])
    for seat in (0, 1):
        state, _ = ok(state, {"type": END, "player": seat})
    refused(state, {"type": CONFIRM, "player": 1}, "not_final_round", "KOS-9.2")
    state.final_round = True
    refused(state, {"type": CONFIRM, "player": 1}, "discard_pending", "KOS-9.1")


def test_kos_9_3_refill_and_9_4_reset_and_9_5_carry_over():
    """KOS-9.3 empty display spaces refilled from the top; KOS-9.4 the round's flags reset, pawns home;
    KOS-9.5 VP, cubes, hands, buildings carry over."""
    state = building(2)
    card = building_with(special=True)
    display(state, card)
    give(state, 0, **BUILDING_CARDS[card].cost)
    give(state, 0, food=1)
    state, _ = ok(state, {"type": "build_building", "player": 0, "card": card})
    top = state.building_deck[0]
    state.players[1].passed = True
    state.players[1].sold = ["food"]
    state.players[1].privilege_used = True
    vp = state.players[0].vp
    state, _ = ok(state, {"type": END, "player": 0})
    state, events = ok(state, {"type": END, "player": 1})
    assert top in state.display and None not in state.display
    assert any(e["type"] == "display_refilled" for e in wire(events))
    p0, p1 = state.players
    assert p0.built_this_round == 0 and not p1.passed and p1.sold == [] and not p1.privilege_used
    assert p0.unplaced == p1.unplaced == SETUP[2].pawns_per_player and state.pawns == []
    assert p0.vp == vp and p0.cubes.food == 1 and card in p0.buildings


def test_kos_9_3_empty_building_deck_leaves_the_space_empty():
    """KOS-9.3: no card left, the space stays empty."""
    from rulesets.kingdom_of_solomon.turns import finish_round
    state = new(2)
    state.players[0].buildings += state.building_deck
    state.building_deck = []
    state.display[0] = None
    finish_round(state, [])
    assert state.display[0] is None


def test_kos_10_1_a_b_and_10_2_end_conditions_checked_after_building():
    """KOS-10.1 (a) every site full, (b) someone placed all his markers; KOS-10.2 the round is marked final and
    played to its end (KOS-2.5), including the others' building turns."""
    state = building(2)
    for area in SITE_AREAS[:MARKERS_PER_PLAYER - 1]:
        marker(state, 0, area)
    card = building_with(special=False)
    display(state, card)
    give(state, 0, **BUILDING_CARDS[card].cost)
    state, events = ok(state, {"type": "build_building", "player": 0, "card": card,
                               "site": SITE_AREAS[MARKERS_PER_PLAYER - 1]})
    assert state.final_round and any(e["type"] == "final_round" for e in wire(events))
    state, _ = ok(state, {"type": END, "player": 0})
    assert state.active == 1 and state.phase == "building"  # KOS-2.5
    state, _ = ok(state, {"type": END, "player": 1})
    assert state.phase == "round_end"
    from rulesets.kingdom_of_solomon.turns import end_condition_met
    full = building(3)
    for i, area in enumerate(SITE_AREAS):
        marker(full, i % 3, area)
    assert end_condition_met(full)


def test_kos_10_4_final_scoring_and_10_5_highest_wins():
    """KOS-10.4 +20 High Priest, card end VP, 1 per cube; KOS-10.5 the highest total wins."""
    state = new(2)
    give(state, 0, food=3)
    state.players[1].tokens = 1
    state.high_priest = 1
    blank = fortune("none")[0]
    hand(state, 1, blank)
    rows = final_scores(state)
    assert rows[0]["total"] == state.players[0].vp + 3 * VP_PER_CUBE
    assert rows[1]["high_priest"] == HIGH_PRIEST_VP and rows[1]["total"] > rows[0]["total"]
    assert R.winners(state, [r["total"] for r in rows]) == [1]


def test_kos_10_6_tie_break_markers_and_10_7_shared_win():
    """KOS-10.6 most markers on sites among the tied; KOS-10.7 still tied, a shared win."""
    state = new(3)
    marker(state, 2, "galilee")
    assert R.winners(state, [30, 30, 30]) == [2]
    assert R.winners(state, [30, 30, 10]) == [0, 1]
    assert R.winners(state, [30, 31, 30]) == [1]


def test_kos_2_5_the_game_ends_after_the_final_round():
    """KOS-2.5: no new round after the final one; game_over refuses every action (KOS-10.4)."""
    state = building(2)
    state.final_round = True
    for seat in (0, 1):
        state, _ = ok(state, {"type": END, "player": seat})
    for seat in (0, 1):
        state, _ = ok(state, {"type": CONFIRM, "player": seat})
    assert state.phase == "game_over" and state.round == 1 and R.legal_actions(state, 0) == []
    refused(state, {"type": "place_pawn", "player": 0, "space": "area:galilee"}, "game_over", "KOS-10.4")
    refused(state, {"type": "place_pawn", "player": 9, "space": "area:galilee"}, "game_over")
