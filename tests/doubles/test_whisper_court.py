"""Whisper Court, the worked example: its rules one test per rule ID, held with the test kit alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesets.core import RulesetError, kind_of
from rulesets.testing import CONFORMANCE_CHECKS, Scenario, assert_exact, check_rule_index, run_check
from tests.doubles.whisper_court import CARDS, RULESET
from tests.doubles.whisper_court.game import GUESSES, REFUSALS
from tests.doubles.whisper_court.secrets import SECRETS

GAME = Scenario(RULESET)


def position(hands, *, turn=0, deck=(), deck_size=None, aside="ward", out=(), warded=(), dump=None, tokens=None):
    """A checked mid-round state: ``hands[seat]`` names kinds (the seat on turn two, others one, an out seat
    none); ``deck`` the kinds on top of a deck of ``deck_size`` cards; leftovers lie in seat ``dump``'s played pile."""
    state = GAME.new(len(hands), first_player=turn)
    pool = list(CARDS)

    def take(kind):
        card = next(c for c in pool if kind_of(c) == kind)
        pool.remove(card)
        return card

    for seat, kinds in enumerate(hands):
        player = state.players[seat]
        player.hand, player.played, player.seen = [take(k) for k in kinds], [], []
        player.out, player.warded, player.tokens = seat in out, seat in warded, (tokens or {}).get(seat, 0)
    state.aside = [take(aside)]
    top = [take(k) for k in deck]
    size = len(top) + len(pool) if deck_size is None else deck_size
    state.deck = top + pool[: size - len(top)]
    state.players[len(hands) - 1 if dump is None else dump].played += pool[size - len(top):]
    state.turn = turn
    return GAME.checked(state)


def card(state, seat, kind):
    return next(c for c in state.players[seat].hand if kind_of(c) == kind)


def test_conformance():
    """The whole generic suite, every check (the same one tests/core runs over the doubles)."""
    for check in CONFORMANCE_CHECKS:
        run_check(RULESET, check, playouts=3, secrets=SECRETS)


def test_rule_index_is_cited_by_these_tests():
    check_rule_index(RULESET, None, Path(__file__).parent, "WC", spec_ids=list(RULESET.rules))


def test_legal_actions_are_exactly_what_apply_accepts():
    """assert_exact over every card id, every seat and every guess, in positions with wards, outs and the Regent."""
    candidates = [{"type": "play", "player": p, "card": c, "target": t, "guess": g} for p in range(4) for c in CARDS
                  for t in (None, -1, 0, 1, 2, 3, 4) for g in (None, "watchman", *GUESSES)]
    candidates += [{"type": "next_round", "player": p} for p in range(4)]
    for state in (position([["watchman", "seer"], ["herald"], ["crown"], ["duelist"]], warded={3}),
                  position([["regent", "broker"], ["ward"], [], ["watchman"]], out={2}),
                  position([["herald", "watchman"], ["seer"]], warded={1}),
                  position([["crown", "ward"], ["seer"], ["duelist"]], turn=0, deck_size=0)):
        assert assert_exact(RULESET, state, candidates) > 1000


def test_every_refusal_in_the_catalogue_can_be_raised():
    state = position([["watchman", "herald"], ["seer"], ["ward"]], warded={2})
    regent = position([["regent", "herald"], ["seer"]])
    raised = {
        GAME.refused(state, {"type": "play", "player": 0, "card": "crown-01"}, "card_not_in_hand", "WC-3.1").code,
        GAME.refused(regent, {"type": "play", "player": 0, "card": card(regent, 0, "herald"), "target": 1},
                     "must_play_regent", "WC-4.7").code,
        GAME.refused(state, {"type": "play", "player": 0, "card": card(state, 0, "watchman"), "target": 0,
                             "guess": "seer"}, "bad_target", "WC-3.3").code,
        GAME.refused(state, {"type": "play", "player": 0, "card": card(state, 0, "herald"), "target": 2},
                     "target_warded", "WC-4.4").code,
        GAME.refused(state, {"type": "play", "player": 0, "card": card(state, 0, "watchman"), "target": 1,
                             "guess": "watchman"}, "bad_guess", "WC-4.1").code,
    }
    assert raised == set(REFUSALS.codes())


def test_wc_1_1_two_to_four_players():
    for players in (2, 3, 4):
        assert len(GAME.new(players).players) == players
    for players in (1, 5):
        with pytest.raises(RulesetError) as refusal:
            GAME.new(players)
        assert (refusal.value.code, refusal.value.rule) == ("invalid_player_count", "WC-1.1")


def test_wc_1_2_sixteen_cards_of_eight_ranks_each_in_one_place():
    assert len(CARDS) == 16 and len({kind_of(c) for c in CARDS}) == 8
    assert [kind_of(c) for c in CARDS].count("watchman") == 5
    raw = RULESET.dump(GAME.new(2))
    raw["deck"][0] = raw["aside"][0]
    GAME.state_refused(raw, "$.aside[0]")


def test_wc_2_1_round_set_up_sets_one_card_aside_unseen_and_deals_one_each():
    state = GAME.new(3, first_player=1)
    assert [len(p.hand) for p in state.players] == [1, 2, 1] and len(state.aside) == 1 and len(state.deck) == 11
    for viewer in (None, 0, 1, 2):
        view = RULESET.view(state, viewer)
        assert "aside" not in view and view["aside_count"] == 1 and "deck" not in view
    assert "hand" not in RULESET.view(state, 0)["players"][1]
    with pytest.raises(RulesetError) as refusal:
        GAME.new(3, first_player=3)
    assert (refusal.value.code, refusal.value.rule) == ("invalid_first_player", "WC-2.1")


def test_wc_3_1_you_draw_then_play_one_of_your_two_cards():
    state = position([["ward", "seer"], ["duelist"]], deck=["watchman"])
    after, events = GAME.play(state, type="play", player=0, card=card(state, 0, "ward"))
    assert after.players[0].played == [card(state, 0, "ward")] and len(after.players[0].hand) == 1
    assert kind_of(after.players[1].hand[-1]) == "watchman" and events[-1]["visible_to"] == [1]
    GAME.refused(state, {"type": "play", "player": 0, "card": card(state, 1, "duelist")}, "card_not_in_hand",
                 "WC-3.1")
    over = position([["watchman", "seer"], ["duelist"]], deck_size=0)
    done, _ = GAME.play(over, type="play", player=0, card=card(over, 0, "seer"), target=1)
    GAME.refused(done, {"type": "play", "player": 0, "card": "seer-01"}, "wrong_phase", "WC-3.1")


def test_wc_3_2_turns_pass_clockwise_to_players_still_in():
    state = position([["ward", "seer"], [], ["duelist"]], out={1})
    after, _ = GAME.play(state, type="play", player=0, card=card(state, 0, "ward"))
    assert after.turn == 2 and RULESET.status(after).active_players == [2]
    GAME.refused(after, {"type": "play", "player": 0, "card": after.players[0].hand[0]}, "not_your_turn", "WC-3.2")


def test_wc_3_3_a_card_names_another_player_still_in_and_only_the_herald_names_you():
    state = position([["seer", "ward"], [], ["duelist"]], out={1})
    seer = card(state, 0, "seer")
    for target in (0, 1, 5, None):
        GAME.refused(state, {"type": "play", "player": 0, "card": seer, "target": target}, "bad_target", "WC-3.3")
    GAME.refused(state, {"type": "play", "player": 0, "card": card(state, 0, "ward"), "target": 2}, "bad_target")
    herald = position([["herald", "ward"], ["duelist"]], deck=["crown"])
    after, _ = GAME.play(herald, type="play", player=0, card=card(herald, 0, "herald"), target=0)
    assert kind_of(after.players[0].played[-1]) == "ward"


def test_wc_3_4_when_everyone_else_is_warded_the_card_names_nobody():
    state = position([["watchman", "seer"], ["duelist"], ["ward"]], warded={1, 2})
    legal = RULESET.legal_actions(state, 0)
    assert {(kind_of(a.card), a.target, a.guess) for a in legal} == {("watchman", None, None), ("seer", None, None)}
    after, events = GAME.play(state, type="play", player=0, card=card(state, 0, "seer"))
    assert after.players[0].seen == [] and [e["type"] for e in events] == ["card_played", "card_seen"]


def test_wc_4_1_the_watchman_puts_out_a_player_whose_rank_it_names():
    state = position([["watchman", "ward"], ["crown"], ["seer"]])
    watchman = card(state, 0, "watchman")
    hit, _ = GAME.play(state, type="play", player=0, card=watchman, target=1, guess="crown")
    miss, _ = GAME.play(state, type="play", player=0, card=watchman, target=1, guess="seer")
    assert hit.players[1].out and not miss.players[1].out
    GAME.refused(state, {"type": "play", "player": 0, "card": watchman, "target": 1, "guess": "watchman"},
                 "bad_guess", "WC-4.1")
    GAME.refused(state, {"type": "play", "player": 0, "card": card(state, 0, "ward"), "guess": "seer"}, "bad_guess")


def test_wc_4_2_the_seer_looks_at_a_hand_nobody_else_sees():
    state = position([["seer", "ward"], ["crown"], ["duelist"]])
    after, events = GAME.play(state, type="play", player=0, card=card(state, 0, "seer"), target=1)
    shown = [e for e in events if e["type"] == "card_seen" and e["visible_to"] == [0]]
    assert shown == [{"type": "card_seen", "visible_to": [0], "player": 1, "card": "crown-01"}]
    assert after.players[0].seen == ["crown-01"] and "seen" not in RULESET.view(after, 2)["players"][0]
    assert all(e.get("card") != "crown-01" for seat in (None, 2) for e in GAME.seen(events, seat))


def test_wc_4_3_the_duelist_puts_out_the_lower_rank_and_a_tie_does_nothing():
    state = position([["duelist", "regent"], ["seer"], ["ward"]])
    after, events = GAME.play(state, type="play", player=0, card=card(state, 0, "duelist"), target=1)
    assert after.players[1].out and not after.players[0].out
    assert {(e["player"], tuple(e["visible_to"])) for e in events if e["type"] == "card_seen"} >= {(0, (1,)), (1, (0,))}
    tie = position([["duelist", "seer"], ["seer"], ["ward"]])
    after, _ = GAME.play(tie, type="play", player=0, card=card(tie, 0, "duelist"), target=1)
    assert not after.players[0].out and not after.players[1].out


def test_wc_4_4_a_warded_player_cannot_be_named_until_their_next_turn():
    state = position([["ward", "seer"], ["watchman"]], deck=["seer"])
    after, _ = GAME.play(state, type="play", player=0, card=card(state, 0, "ward"))
    GAME.refused(after, {"type": "play", "player": 1, "card": card(after, 1, "watchman"), "target": 0,
                         "guess": "seer"}, "target_warded", "WC-4.4")
    again, _ = GAME.play(after, type="play", player=1, card=card(after, 1, "seer"))
    assert not again.players[0].warded


def test_wc_4_5_the_herald_makes_a_player_discard_and_draw_or_take_the_card_aside():
    state = position([["herald", "ward"], ["seer"]], deck=["crown"])
    after, events = GAME.play(state, type="play", player=0, card=card(state, 0, "herald"), target=1)
    assert kind_of(after.players[1].played[-1]) == "seer" and kind_of(after.players[1].hand[0]) == "crown"
    assert {"type": "discarded", "player": 1, "cards": [card(state, 1, "seer")], "out": False} in events
    empty = position([["herald", "ward"], ["seer"]], deck_size=0, aside="broker")
    after, _ = GAME.play(empty, type="play", player=0, card=card(empty, 0, "herald"), target=1)
    assert after.aside == [] and kind_of(after.players[1].revealed[0]) == "broker"


def test_wc_4_6_the_broker_trades_hands():
    state = position([["broker", "ward"], ["crown"]])
    after, _ = GAME.play(state, type="play", player=0, card=card(state, 0, "broker"), target=1)
    assert after.players[0].hand == ["crown-01"] and kind_of(after.players[1].hand[0]) == "ward"


def test_wc_4_7_the_regent_must_be_played_beside_a_herald_or_the_broker():
    state = position([["regent", "broker"], ["seer"]])
    assert [kind_of(a.card) for a in RULESET.legal_actions(state, 0)] == ["regent"]
    GAME.refused(state, {"type": "play", "player": 0, "card": "broker-01", "target": 1}, "must_play_regent", "WC-4.7")
    after, events = GAME.play(state, type="play", player=0, card="regent-01")
    assert [e["type"] for e in events] == ["card_played", "card_seen"]


def test_wc_4_8_discarding_the_crown_puts_you_out():
    state = position([["crown", "ward"], ["seer"], ["duelist"]])
    after, _ = GAME.play(state, type="play", player=0, card="crown-01")
    assert after.players[0].out
    herald = position([["herald", "ward"], ["crown"], ["duelist"]])
    after, _ = GAME.play(herald, type="play", player=0, card=card(herald, 0, "herald"), target=1)
    assert after.players[1].out and after.players[1].played == ["crown-01"]


def test_wc_5_1_a_player_out_shows_their_hand_loses_the_ward_and_is_skipped():
    state = position([["watchman", "seer"], ["ward"], ["duelist"]], warded={1})
    after, events = GAME.play(state, type="play", player=0, card=card(state, 0, "watchman"), target=2,
                              guess="duelist")
    assert after.players[2].out and after.players[2].hand == [] and not after.players[2].warded
    assert {"type": "discarded", "player": 2, "cards": [card(state, 2, "duelist")], "out": True} in events
    assert after.turn == 1 and RULESET.legal_actions(after, 2) == []


def test_wc_5_2_the_last_player_in_or_the_highest_card_wins_a_token_and_deals():
    state = position([["watchman", "ward"], ["crown"]])
    after, events = GAME.play(state, type="play", player=0, card=card(state, 0, "watchman"), target=1, guess="crown")
    assert events[-1] == {"type": "round_ended", "winners": [0], "game_over": False}
    assert after.phase == "round_over" and after.players[0].tokens == 1 and RULESET.status(after).active_players == [0]
    GAME.refused(after, {"type": "next_round", "player": 1}, "not_your_turn", "WC-5.2")
    dealt, _ = GAME.play(after, type="next_round", player=0)
    assert dealt.round == 2 and dealt.turn == 0 and [len(p.hand) for p in dealt.players] == [2, 1]
    showdown = position([["seer", "ward"], ["duelist"], []], out={2}, deck_size=0)
    after, _ = GAME.play(showdown, type="play", player=0, card=card(showdown, 0, "seer"), target=1)
    assert [p.tokens for p in after.players] == [1, 0, 0] and kind_of(after.players[0].revealed[0]) == "ward"
    tie = position([["seer", "ward"], ["ward"], []], out={2}, deck_size=0, dump=2, aside="crown")
    after, _ = GAME.play(tie, type="play", player=0, card=card(tie, 0, "seer"), target=1)
    assert [p.tokens for p in after.players] == [1, 0, 0]  # the same rank: seat 0 has played more
    other_seer = next(c for c in tie.players[2].played if kind_of(c) == "seer")
    tie.players[2].played.remove(other_seer)
    tie.players[1].played.append(other_seer)
    after, _ = GAME.play(GAME.checked(tie), type="play", player=0, card=card(tie, 0, "seer"), target=1)
    assert [p.tokens for p in after.players] == [1, 1, 0] and after.turn == 0  # a tie there too: both win


def test_wc_5_3_the_tokens_to_win_end_the_game():
    assert [GAME.new(n).tokens_to_win for n in (2, 3, 4)] == [5, 4, 3]
    assert GAME.new(2, tokens_to_win=1).tokens_to_win == 1
    for bad in (0, 8, "3", True):
        with pytest.raises(RulesetError) as refusal:
            GAME.new(2, tokens_to_win=bad)
        assert (refusal.value.code, refusal.value.rule) == ("invalid_options", "WC-5.3")
    state = position([["watchman", "ward"], ["crown"]], tokens={0: 4, 1: 4})
    after, events = GAME.play(state, type="play", player=0, card=card(state, 0, "watchman"), target=1, guess="crown")
    status = RULESET.status(after)
    assert status.game_over and status.scores == [5, 4] and status.winners == [0] and events[-1]["game_over"]
    GAME.refused(after, {"type": "next_round", "player": 0}, "game_over", "WC-5.3")
