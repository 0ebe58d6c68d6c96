"""JAVA-10: the palace festival sub-phase (declaring, joining, raising, ties, outcome), and JAVA-14.3."""

from __future__ import annotations

import pytest

from rulesets.java.components import HANDSHAKE_ALTERNATIVE, SABRE

from .scenario import R, act, cards_with, checked, dev, lay, new, palace, refused, set_hands, use_up_triples
from rulesets.java.state import FinalRound

MASK = cards_with("mask")             # worth 1 at a mask festival
MASK_DRUM = cards_with("mask", "drum")
DRUM = cards_with("drum")
PUPPET = cards_with("puppet")          # worth 0 at a mask festival
CITY = [(1, -3), (2, -3), (2, -4), (1, -4)]


def city(players=3, value=4, devs=((2, -3), (2, -4), (1, -4)), hands=None, face_up=None, **options):
    """A 4-space city with a palace at (1,-3); seat k's developer on devs[k]; the tile already placed."""
    state = new(players, **options)
    for n, h in enumerate(CITY):
        lay(state, "single_village", [h], by=n // 2)
    palace(state, CITY[0], value)
    for seat, h in enumerate(devs):
        if h is not None:
            dev(state, h, seat)
    set_hands(state, hands or {}, face_up or MASK[4])
    state.turn.land_tile_placed = True
    return checked(state)


def declare(cards, palace_hex=CITY[0]):
    return {"type": "declare_festival", "palace": list(palace_hex), "cards": cards}


def bid(seat, cards, tie=False):
    return {"type": "festival_bid", "player": seat, "cards": cards, "propose_tie": tie}


def test_java_10_2_declaring_refusals_in_order_and_10_1_tile_first():
    """JAVA-10.1, 10.2, 10.4, 10.5: tile first; palace, front side, developer, face-up card, cards."""
    state = city(hands={0: [MASK[0], PUPPET[0]]})
    state.turn.land_tile_placed = False
    refused(state, declare([MASK[0]]), "land_tile_required", "JAVA-10.1")
    state.turn.land_tile_placed = True
    refused(state, declare([MASK[0]], (2, -3)), "no_palace_there", "JAVA-10.2")
    state.palaces[0].front_up = False
    refused(state, declare([MASK[0]]), "palace_already_celebrated", "JAVA-10.2")
    state.palaces[0].front_up = True
    refused(city(devs=(None, (2, -4)), hands={0: [MASK[0]]}), declare([MASK[0]]), "no_developer_in_city", "JAVA-10.2")
    empty = city(hands={0: [MASK[0]]})
    empty.cards.discard.append(empty.cards.face_up)
    empty.cards.face_up = None
    refused(empty, declare([MASK[0]]), "no_face_up_card", "JAVA-10.2")
    refused(state, declare([]), "empty_bid", "JAVA-10.5")
    refused(state, declare([MASK[1]]), "card_not_in_hand", "JAVA-10.5")
    refused(state, declare([MASK[0], MASK[0]]), "card_not_in_hand", "JAVA-10.5")
    refused(state, declare([PUPPET[0]]), "card_does_not_match", "JAVA-10.4")
    refused(state, declare([PUPPET[0], MASK[1]]), "card_not_in_hand")  # the hand check comes first


def test_java_10_8_nobody_eligible_the_organizer_wins_alone_10_13_sabre_10_14_flip():
    """JAVA-10.6, 10.8, 10.13, 10.14, JAVA-3.6: no eligible player: sabre points at once, palace flipped,
    cards discarded, the turn ends."""
    state = city(hands={0: [MASK[0]], 1: [PUPPET[0]]})   # seat 1 has no matching card; seat 2 none at all
    after, events = act(state, declare([MASK[0]]))
    assert after.players[0].score == SABRE["4"] and not after.palaces[0].front_up
    assert MASK[0] in after.cards.discard and after.festival is None and after.phase == "actions"
    assert after.turn.active == 1 and [e["type"] for e in events][-2:] == ["turn_ended", "turn_started"]


def test_java_10_7_joining_round_10_9_raising_10_12_sole_winner():
    """JAVA-10.3, 10.6, 10.7, 10.9, 10.12: joiners match the highest bid; raising round from the organizer;
    the last player still in wins the sabre; every played card is discarded."""
    state = city(hands={0: [MASK[0], MASK[1]], 1: [MASK[2], MASK_DRUM[0]], 2: [MASK[3]]})
    state, _ = act(state, declare([MASK[0]]))
    assert R.status(state).phase == "festival/joining" and R.status(state).active_players == [1]
    assert state.festival.symbols == ["mask"] and state.festival.queue == [1, 2]
    refused(state, bid(2, [MASK[3]]), "not_your_festival_turn", "JAVA-10.7")
    refused(state, {"type": "place_tile", "player": 0, "tile": "single_rice", "hexes": [[0, 1]]}, "wrong_phase",
            "JAVA-3.1")
    refused(state, {"type": "festival_propose_tie", "player": 1}, "wrong_phase", "JAVA-10.9")
    refused(state, bid(1, [MASK[2]], tie=True), "no_tie_to_propose", "JAVA-10.9")
    state, _ = act(state, bid(1, [MASK[2]]))
    state, _ = act(state, {"type": "festival_pass", "player": 2})
    assert R.status(state).phase == "festival/raising" and state.festival.to_act == 0
    state, _ = act(state, bid(0, [MASK[1]]))
    assert state.festival.to_act == 1
    refused(state, bid(1, []), "empty_bid", "JAVA-10.9")
    state, events = act(state, {"type": "festival_pass", "player": 1})
    assert state.players[0].score == SABRE["4"] and state.players[1].score == 0
    assert sorted(state.cards.discard[-3:]) == sorted([MASK[0], MASK[2], MASK[1]])
    assert state.turn.active == 1 and state.phase == "actions"


def test_java_10_4_card_values_at_a_two_symbol_festival():
    """JAVA-10.4: one of the two symbols is worth 1, both 2; a bid must reach the highest (bid_too_low)."""
    state = city(hands={0: [MASK_DRUM[0]], 1: [MASK[0], DRUM[0], MASK_DRUM[1]]}, face_up=MASK_DRUM[4])
    state, _ = act(state, declare([MASK_DRUM[0]]))
    assert state.festival.bids[0].total == 2
    refused(state, bid(1, [MASK[0]]), "bid_too_low", "JAVA-10.7")
    after, _ = act(state, bid(1, [MASK[0], DRUM[0]]))
    assert after.festival.bids[1].total == 2


def test_java_10_9_tie_proposed_10_10_accepted_handshake_points():
    """JAVA-10.9, 10.10, 10.13 / D2: a tied player proposes; the others tied accept; handshake points each;
    a lower player still in gets nothing."""
    hands = {0: [MASK[0], MASK[1]], 1: [MASK[2], MASK[3]], 2: [MASK_DRUM[0]]}
    state = city(value=8, hands=hands)
    state, _ = act(state, declare([MASK[0]]))
    state, _ = act(state, bid(1, [MASK[2]]))
    state, _ = act(state, bid(2, [MASK_DRUM[0]]))
    assert state.festival.stage == "raising" and state.festival.to_act == 0
    state, _ = act(state, {"type": "festival_propose_tie", "player": 0})
    assert R.status(state).phase == "festival/tie_vote" and state.festival.tie_vote.pending == [1, 2]
    refused(state, {"type": "festival_tie_response", "player": 1, "accept": True, "cards": [MASK[3]]},
            "cards_with_acceptance", "JAVA-10.10")
    state, _ = act(state, {"type": "festival_tie_response", "player": 1, "accept": True})
    state, events = act(state, {"type": "festival_tie_response", "player": 2, "accept": True})
    handshake = state.options.festival_handshake["8"]
    assert [p.score for p in state.players] == [handshake] * 3
    resolved = [e for e in events if e["type"] == "festival_resolved"][0]
    assert resolved["tie"] and resolved["winners"] == [0, 1, 2]


def test_java_10_13_handshake_option_changes_the_tie_points():
    """JAVA-10.13 / D2: the festival_handshake option replaces the ASSUMED handshake table."""
    hands = {0: [MASK[0]], 1: [MASK[2]]}
    state = city(players=2, value=8, devs=((2, -3), (2, -4)), hands=hands, festival_handshake=HANDSHAKE_ALTERNATIVE)
    state, _ = act(state, declare([MASK[0]]))
    state, events = act(state, bid(1, [MASK[2]]))
    # both at 1, nobody holds a matching card: an automatic tie (10.11)
    assert [p.score for p in state.players] == [HANDSHAKE_ALTERNATIVE["8"]] * 2


def test_java_10_11_automatic_tie_when_nobody_can_play_on():
    """JAVA-10.11: all still in level and no matching card left: a tie without a vote."""
    state = city(players=2, devs=((2, -3), (2, -4)), hands={0: [MASK[0]], 1: [MASK[2], PUPPET[0]]})
    state, _ = act(state, declare([MASK[0]]))
    state, events = act(state, bid(1, [MASK[2]]))
    resolved = [e for e in events if e["type"] == "festival_resolved"][0]
    assert resolved["tie"] and resolved["winners"] == [0, 1]
    assert not any(e["type"] == "tie_proposed" for e in events)


def test_java_10_10_refusing_a_tie_means_raising_above_it():
    """JAVA-10.10 / D9: cannot_refuse_tie without the cards; must_raise_when_refusing; a refusal raises
    and the raising round goes on after the refuser."""
    hands = {0: [MASK_DRUM[1], DRUM[0]], 1: [MASK_DRUM[2], DRUM[1], DRUM[2]], 2: [DRUM[3]]}
    state = city(hands=hands, face_up=DRUM[4])
    state, _ = act(state, declare([DRUM[0]]))
    state, _ = act(state, bid(1, [DRUM[1]]))
    state, _ = act(state, bid(2, [DRUM[3]]))
    state, _ = act(state, bid(0, [MASK_DRUM[1]], tie=False))      # organizer 2
    state, _ = act(state, bid(1, [DRUM[2]], tie=True))           # seat 1 levels at 2 and proposes
    assert state.festival.tie_vote.pending == [0]
    no = {"type": "festival_tie_response", "player": 0, "accept": False}
    refused(state, {**no, "cards": []}, "cannot_refuse_tie", "JAVA-10.10")   # seat 0 has no drum card left
    state2 = city(hands={0: [DRUM[0], MASK_DRUM[1], DRUM[4]], 1: [DRUM[1], DRUM[2]]}, devs=((2, -3), (2, -4)),
                  players=2, face_up=MASK_DRUM[4])
    state2, _ = act(state2, declare([DRUM[0]]))          # 1
    state2, _ = act(state2, bid(1, [DRUM[1]], tie=False))  # 1
    state2, _ = act(state2, {"type": "festival_propose_tie", "player": 0})
    refused(state2, {"type": "festival_tie_response", "player": 1, "accept": False, "cards": []},
            "must_raise_when_refusing", "JAVA-10.10")
    refused(state2, {"type": "festival_tie_response", "player": 1, "accept": False, "cards": [DRUM[0]]},
            "card_not_in_hand", "JAVA-10.10")
    state2, events = act(state2, {"type": "festival_tie_response", "player": 1, "accept": False,
                                  "cards": [DRUM[2]]})
    assert state2.festival.stage == "raising" and state2.festival.to_act == 0
    assert state2.festival.bids[1].total == 2


def test_java_10_9_strict_leader_skipped_and_propose_needs_a_level_bid():
    """JAVA-10.9 / D9: the strict leader is skipped; proposing a tie needs a bid level with another's."""
    hands = {0: [MASK[0], MASK[1]], 1: [MASK[2], MASK[3], MASK[4]], 2: [MASK_DRUM[0], MASK_DRUM[1]]}
    state = city(hands=hands, face_up=MASK_DRUM[4])
    state, _ = act(state, declare([MASK[0]]))                 # 1
    state, _ = act(state, bid(1, [MASK[2], MASK[3]]))         # 2
    state, _ = act(state, bid(2, [MASK_DRUM[0], MASK_DRUM[1]]))  # 4: strict leader
    assert state.festival.to_act == 0
    refused(state, {"type": "festival_propose_tie", "player": 0}, "no_tie_to_propose", "JAVA-10.9")
    state, _ = act(state, {"type": "festival_pass", "player": 0})
    assert state.festival.to_act == 1, "seat 2 leads strictly and is skipped"


def test_java_10_15_a_reckoned_player_still_takes_part_and_d15_order():
    """JAVA-10.15, JAVA-11.2 / D15: in the final round a player who had his reckoning may join and score;
    the organizer's festival comes before his own reckoning."""
    state = city(players=2, devs=((2, -3), (2, -4)), hands={0: [MASK[0]], 1: [MASK[2], MASK[3]]})
    use_up_triples(state)
    state.final_round = FinalRound(trigger_player=1, remaining=[0])
    state.players[1].gfr_done = True
    state = checked(state)
    state, _ = act(state, declare([MASK[0]]))
    state, _ = act(state, bid(1, [MASK[2], MASK[3]]))
    state, events = act(state, {"type": "festival_pass", "player": 0})
    kinds = [e["type"] for e in events]
    assert kinds.index("festival_resolved") < kinds.index("gfr") and kinds[-1] == "game_over"
    assert state.players[1].score >= SABRE["4"] and state.phase == "game_over"


@pytest.mark.parametrize("stage", ["joining", "raising"])
def test_java_10_7_festival_pass_is_always_legal_for_the_player_to_act(stage):
    """JAVA-10.7, 10.9: festival_pass is always legal for to_act, and legal_actions lists it."""
    state = city(hands={0: [MASK[0], MASK[1]], 1: [MASK[2]], 2: [MASK[3]]})
    state, _ = act(state, declare([MASK[0]]))
    if stage == "raising":
        state, _ = act(state, bid(1, [MASK[2]]))
        state, _ = act(state, bid(2, [MASK[3]]))
    seat = state.festival.to_act
    listed = R.legal_actions(state, seat)
    assert any(a.__struct_config__.tag == "festival_pass" for a in listed)
    assert all(not R.legal_actions(state, other) for other in range(3) if other != seat)
