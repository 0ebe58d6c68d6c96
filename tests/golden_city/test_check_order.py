"""Two checks failing at once: the one the spec lists first is reported (spec 3.3 to 3.8).

Where a test is a table (one position, the checks in the spec's order), it is a table of the
kit's ``Row``s: every row is applied and every mismatch is reported at once.
"""

from __future__ import annotations

from rulesets.golden_city.components import COAST, INNER, NEIGHBOURS, OUTER, SPACES
from rulesets.testing import Row, assert_check_order

from .scenario import (R, building, checked, finish_auction, give_keys, new, place, play, reach, refused, set_hand,
                       spaces)

HARBOUR = spaces("harbour")[0]
VILLAGE = next(n for n in sorted(NEIGHBOURS[HARBOUR]) if SPACES[n].kind == "village")
L = SPACES[VILLAGE].cost.landscape
OTHER = next(k for k in ("mountains", "forest", "meadow", "desert") if k != L)
OUTER_D = spaces(OUTER)[0]
INNER_D = next(n for n in sorted(NEIGHBOURS[OUTER_D]) if SPACES[n].kind == INNER)


def test_gc_10_5_unknown_player_then_game_over_then_wrong_phase():
    """Spec 3.3 / GC-10.5: unknown_player, then game_over (every action refused after the end)."""
    state = building(2, 0)
    state.phase = "game_over"
    assert_check_order(R, [
        Row(state, {"type": "end_turn", "player": 7}, "unknown_player", "GC-1.5"),
        Row(state, {"type": "bid", "player": 0, "pair": 0}, "game_over", "GC-10.5"),
        Row(state, {"type": "end_turn", "player": 0}, "game_over", "GC-10.5"),
    ])


def test_gc_2_1_wrong_phase_before_not_your_turn():
    """GC-2.1: an action of another phase is wrong_phase even from a seat that is not awaited."""
    assert_check_order(R, [
        Row(new(3), {"type": "end_turn", "player": 2}, "wrong_phase", "GC-2.1"),
        Row(new(3), {"type": "discard", "player": 2, "cards": {}}, "wrong_phase", "GC-2.1"),
        Row(building(3, 0), {"type": "discard", "player": 1, "cards": {}}, "wrong_phase", "GC-2.1"),
    ])


def test_gc_4_4_not_your_turn_before_invalid_pair():
    """Spec 3.5: not_your_turn before invalid_pair."""
    refused(new(3), "not_your_turn", "GC-4.4", type="bid", player=1, pair=9)


def test_gc_5_2_checks_4_to_6():
    """Spec 3.6: black_post_unavailable (4) before no_posts_left (5) before space_occupied (6)."""
    state = building(3, 0)
    state.players[0].posts_left = 0
    place(state, 1, HARBOUR)
    refused(state, "black_post_unavailable", "GC-11.1", type="build", player=0, space=HARBOUR, payment=[],
            black=True)
    refused(state, "no_posts_left", "GC-5.2", type="build", player=0, space=HARBOUR, payment=[])
    assert refused(state, "black_post_unavailable", "GC-11.1", type="build", player=0, space=HARBOUR, payment=[],
                   black=True).detail == "You may not build a black post: black posts are played only with 2 players."


def test_gc_5_4_1_space_occupied_before_not_connected():
    """Spec 3.6: space_occupied (6) before not_connected (10)."""
    state = building(2, 0)
    place(state, 1, HARBOUR)
    place(state, 1, VILLAGE)
    refused(state, "space_occupied", "GC-5.4.1", type="build", player=0, space=VILLAGE, payment=[])


def test_gc_11_4_district_locked_before_not_connected():
    """Spec 3.6: district_locked (8) before not_connected (10)."""
    state = building(2, 0)
    reach(state, 1, OUTER_D)
    place(state, 1, OUTER_D)
    place(state, 1, OUTER_D, black=True)
    refused(checked(state), "district_locked", "GC-11.4", type="build", player=0, space=OUTER_D, payment=[])


def test_gc_5_3_4_key_checks_before_payment_checks():
    """Spec 3.6: key_required (12) and no_key_card (13) before payment_malformed (14)."""
    state = building(2, 0)
    reach(state, 0, OUTER_D)
    place(state, 0, OUTER_D)
    refused(state, "key_required", "GC-5.3.4", type="build", player=0, space=INNER_D, payment=[[]])
    refused(state, "no_key_card", "GC-5.3.4", type="build", player=0, space=INNER_D, payment=[[]], use_key=True)
    give_keys(state, 0, 1)
    refused(state, "payment_malformed", "GC-5.3", type="build", player=0, space=INNER_D, payment=[[]],
            use_key=True)


def test_gc_5_3_payment_checks_in_order():
    """Spec 3.6: malformed (14), wrong size (15), wrong landscape (16), joker mismatch (17), not in hand (18)."""
    state = building(2, 0)
    place(state, 0, HARBOUR)
    set_hand(state, 0)
    build = {"type": "build", "player": 0, "space": VILLAGE}
    assert_check_order(R, [
        Row(state, {**build, "payment": [[OTHER], ["?"], [OTHER], [OTHER]]}, "payment_malformed", "GC-5.3"),
        Row(state, {**build, "payment": [[OTHER]]}, "payment_wrong_size", "GC-5.3.3"),
        Row(state, {**build, "payment": [[OTHER], [COAST, OTHER]]}, "payment_wrong_landscape", "GC-5.3.1"),
        Row(state, {**build, "payment": [[L], [COAST, OTHER]]}, "joker_pair_mismatch", "GC-5.3.2"),
        Row(state, {**build, "payment": [[L], [L]], "goods_pick": "GD1"}, "cards_not_in_hand", "GC-5.3"),
    ])


def test_gc_9_1_discard_checks_in_order():
    """Spec 3.8: discard_not_required, payment_malformed, wrong_discard_count, cards_not_in_hand."""
    state = finish_auction(new(2))
    state.phase, state.build = "discard", None
    state.scoring_removed.append(state.scoring_card)
    state.scoring_card = None
    set_hand(state, 0, L, L, L, L, L, OTHER, OTHER)
    state.discard_pending = [0]
    set_hand(state, 1, L)
    checked(state)
    assert_check_order(R, [
        Row(state, {"type": "discard", "player": 1, "cards": {"gold": -1}}, "discard_not_required", "GC-9.1"),
        Row(state, {"type": "discard", "player": 0, "cards": {"gold": 9}}, "payment_malformed", "GC-9.1"),
        Row(state, {"type": "discard", "player": 0, "cards": {L: -1, OTHER: 3}}, "payment_malformed", "GC-9.1"),
        Row(state, {"type": "discard", "player": 0, "cards": {COAST: 3}}, "wrong_discard_count", "GC-9.1"),
        Row(state, {"type": "discard", "player": 0, "cards": {COAST: 2}}, "cards_not_in_hand", "GC-9.1"),
    ])
    short = refused(state, "cards_not_in_hand", "GC-9.1", type="discard", player=0, cards={L: 1, COAST: 1})
    assert short.detail == f"You do not hold the cards you named: 1 {COAST} asked, 0 held."
    after, _ = play(state, type="discard", player=0, cards={OTHER: 2})
    assert after.phase == "auction" and after.round == 2
    assert R.status(after).active_players == [after.start_player]
