"""MOZ-2.10 (end of round) and MOZ-9 (the end, final scoring, tie-breaks)."""

from __future__ import annotations

from rulesets.mines_of_zavandor.components import ARROWS, CARDS, DRAGON, GEMS_PER_VP, PATH
from rulesets.mines_of_zavandor.scoring import remainder

from .scenario import R, a_card, checked, give_card, new, play, reach, refused, set_hand

ALTAR = a_card("altar")
DRUID = a_card(power="altar_vp_bonus")


def last_round(players=2):
    """The upgrade phase of the coronation round, with the start player on turn."""
    state = reach(new(players), "bidding")
    state.king = next(h for h, arrows in ARROWS.items() if PATH.coronation in arrows)
    return reach(state, "upgrade", state.start_player)


def end(state):
    while not R.status(state).game_over:
        state, _ = play(state, type="end_upgrades", player=state.active)
    return state


def test_moz_2_10_end_of_round():
    """MOZ-2.10: set-aside cards back to hand, the upgrade record cleared, the start player passes left."""
    state = reach(new(3, start=2), "upgrade", 2)
    state.players[1].set_aside = dict(state.players[1].hand)
    state.players[1].hand, state.players[1].hand_backs = {}, {}
    state.players[0].upgraded = ["family"]
    checked(state)
    for seat in (2, 0, 1):
        state, events = play(state, type="end_upgrades", player=seat)
    assert state.start_player == 0 and state.round == 2 and (state.step, state.active) == ("production", 0)
    assert not state.players[1].set_aside and state.players[1].hand and not state.players[0].upgraded
    assert {"type": "round_ended", "round": 1} in events


def test_moz_9_1_game_over_after_the_coronation_round():
    """MOZ-9.1: the game ends after the coronation round's upgrades; the start player does not pass; any action
    after is game_over."""
    state = last_round()
    start = state.start_player
    state = end(state)
    assert state.phase == "game_over" and state.start_player == start
    refused(state, "game_over", "MOZ-9.1", type="end_upgrades", player=0)
    refused(state, "game_over", "MOZ-9.1", type="collect_income", player=0, draw={"wood": 2})
    assert R.legal_actions(state, 0) == []


def test_moz_9_2_to_9_6_final_score():
    """MOZ-9.2 set-aside cards count; MOZ-9.3 three cards a VP; MOZ-9.4 top-level items score their VP;
    MOZ-9.5 the druid's altar bonus; MOZ-9.6 the sum with VP tokens."""
    state = last_round()
    set_hand(state, 0, {"wood.sapphire": 5})
    state.players[0].set_aside = {"wood.emerald": 2}
    set_hand(state, 1, {"wood.sapphire": 4})
    for card, seat in ((ALTAR, 0), (DRUID, 0)):
        give_card(state, seat, card, CARDS[card].top_level)
    state.players[0].pack_dragon = DRAGON.top_level
    state.players[0].vp = 7
    state.players[0].set_aside = {}
    set_hand(state, 0, {"wood.sapphire": 5, "wood.emerald": 2})
    state = end(checked(state))
    expected = (7 + 7 // GEMS_PER_VP + CARDS[ALTAR].vp_at_top + CARDS[DRUID].vp_at_top + DRAGON.vp_at_top
                + 1)  # one altar at top, one druid at top
    assert R.final_scores(state)[0] == expected
    assert R.status(state).scores == R.final_scores(state)
    assert remainder(state.players[0]) == 7 % GEMS_PER_VP


def test_moz_9_2_set_aside_cards_return_before_scoring():
    """MOZ-9.2: a losing bid of the last round is back in the hand when the game is scored."""
    state = last_round()
    set_hand(state, 1, {"wood.sapphire": 2})
    state.players[1].set_aside = {}
    kept = dict(state.players[1].hand)
    state.players[1].set_aside = {"wood.sapphire": 1}
    state.players[1].hand = {"wood.sapphire": 1}
    state.players[1].hand_backs = {"wood": 1}
    checked(state)
    state = end(state)
    assert state.players[1].hand == kept and not state.players[1].set_aside


def test_moz_9_7_ties_go_to_the_larger_remainder_then_shared():
    """MOZ-9.7: the highest score wins; tied players compare remainders; still tied, they share."""
    state = last_round()
    set_hand(state, 0, {"wood.sapphire": 5})
    set_hand(state, 1, {"wood.sapphire": 3})
    state.players[0].vp = state.players[1].vp = 0
    state = end(checked(state))
    assert R.status(state).scores[0] == R.status(state).scores[1]
    assert R.status(state).winners == [0]
    state = last_round()
    set_hand(state, 0, {"wood.sapphire": 4})
    set_hand(state, 1, {"wood.emerald": 4})
    state = end(checked(state))
    assert R.status(state).winners == [0, 1]
