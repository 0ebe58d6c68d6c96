"""KOS-6 fortune cards: out-of-turn play (KOS-6.2, 6.3), resource cards both ways (KOS-6.4),
not resources (KOS-6.5), the hand limit (KOS-6.6), reshuffles (KOS-6.7), end VP (KOS-6.8),
cards without an effect (KOS-6.9)."""

from __future__ import annotations

import pytest

from rulesets.core import to_builtins
from rulesets.kingdom_of_solomon.components import FORTUNE_CARDS

from .scenario import R, empty_supply, fortune, give, hand, listed, marker, new, ok, order, phase, place, refused, wire

PF = {"type": "play_fortune"}
GOLD = fortune("resource_card", resource="gold")
ANY = fortune("resource_card", resource="any")
BLANK = fortune("none")
TOKEN = fortune("temple_token")
VP = fortune("gain_vp")


def test_kos_6_2_and_6_3_a_seat_not_on_turn_lists_and_plays_its_card():
    """KOS-6.2 any time, out of turn; KOS-6.3 applied at once, the turn does not move."""
    state = new(3)
    order(state, 0, 1, 2)
    hand(state, 2, GOLD[0])
    assert R.status(state).active_players == [0]
    mine = listed(state, 2)
    assert mine == [{"type": "play_fortune", "player": 2, "card": GOLD[0]}]
    after, events = ok(state, mine[0])
    assert after.active == 0 and after.players[2].cubes.gold == 1 and after.fortune_discard == [GOLD[0]]
    assert wire(events)[0] == {"type": "fortune_played", "player": 2, "card": GOLD[0]}
    assert after.move == state.move + 1


@pytest.mark.parametrize("where", ["placement", "resolution", "market", "building", "round_end"])
def test_kos_6_2_every_phase_but_game_over(where):
    """KOS-6.2: in every phase; refused once the game is over (KOS-10.4)."""
    state = new(2)
    order(state, 0, 1)
    phase(state, where)
    if where == "resolution":
        place(state, 0, "area:galilee")
    if where == "round_end":
        hand(state, 0, *state.fortune_deck[:4])
    hand(state, 1, VP[0])
    after, _ = ok(state, {**PF, "player": 1, "card": VP[0]})
    assert after.players[1].vp == state.players[1].vp + FORTUNE_CARDS[VP[0]].params["vp"]
    state.phase = "game_over"
    state.active = None
    refused(state, {**PF, "player": 1, "card": VP[0]}, "game_over", "KOS-10.4")


def test_kos_6_4_resource_card_takes_a_cube_only_if_the_supply_has_one():
    """KOS-6.4 (a): supply_empty when there is none; an any-type card names its type (invalid_choice)."""
    state = new(2)
    hand(state, 1, GOLD[0], ANY[0])
    empty_supply(state, "gold", to_seat=0)
    refused(state, {**PF, "player": 1, "card": GOLD[0]}, "supply_empty", "KOS-6.4")
    refused(state, {**PF, "player": 1, "card": ANY[0]}, "invalid_choice", "KOS-6.4")
    refused(state, {**PF, "player": 1, "card": ANY[0], "choice": {"resource": "gold"}}, "supply_empty")
    assert GOLD[0] not in {a["card"] for a in listed(state, 1)}
    after, _ = ok(state, {**PF, "player": 1, "card": ANY[0], "choice": {"resource": "stone"}})
    assert after.players[1].cubes.stone == 1


def test_kos_6_4_resource_card_pays_toward_a_cost_even_with_empty_supply():
    """KOS-6.4 (b) / decision A14: a card stands in for a cube in a payment of the same action."""
    state = new(2)
    order(state, 0, 1)
    phase(state, "building")
    marker(state, 0, "galilee")
    give(state, 0, timber=2)
    food = fortune("resource_card", resource="food")[0]
    hand(state, 0, food)
    empty_supply(state, "food", to_seat=1)
    action = {"type": "build_road", "player": 0, "areas": ["aram", "galilee"], "fortune_payment": [{"card": food}]}
    assert action in listed(state, 0, type="build_road")
    after, events = ok(state, action)
    assert after.players[0].cubes.total() == 0 and after.fortune_discard == [food]
    assert any(e["type"] == "fortune_paid" for e in wire(events))


def test_kos_6_5_fortune_cards_are_not_resources():
    """KOS-6.5: cannot be sold; the Thief and the Tax Collector ignore them."""
    state = new(2)
    order(state, 0, 1)
    phase(state, "market", active=1)
    hand(state, 1, GOLD[0])
    refused(state, {"type": "market_sell", "player": 1, "resource": "gold"}, "resource_not_held")
    assert not [a for a in listed(state, 1) if a["type"] == "market_sell"]


def test_kos_6_6_hand_limit_only_at_round_end():
    """KOS-6.6: no limit during the round; at the end, discard down to exactly 3."""
    state = new(2)
    order(state, 0, 1)
    phase(state, "building")
    hand(state, 0, *state.fortune_deck[:5])
    state.active = 1
    after, _ = ok(state, {"type": "end_building_turn", "player": 1})
    assert after.phase == "round_end" and R.status(after).active_players == [0]
    cards = sorted(after.players[0].hand)
    refused(after, {"type": "discard_fortune", "player": 0, "cards": cards[:1]}, "wrong_discard_count", "KOS-6.6")
    twice = refused(after, {"type": "discard_fortune", "player": 0, "cards": [cards[0], cards[0]]},
                    "card_not_in_hand", "KOS-6.6")
    assert twice.detail == f"Fortune card {cards[0]} is listed twice." and twice.context == {"card": cards[0]}
    missing = next(card for card in sorted(FORTUNE_CARDS) if card not in cards)
    absent = refused(after, {"type": "discard_fortune", "player": 0, "cards": [cards[0], missing]},
                     "card_not_in_hand", "KOS-6.6")
    assert absent.detail == f"Fortune card {missing} is not in your hand."
    refused(after, {"type": "discard_fortune", "player": 1, "cards": []}, "discard_not_required", "KOS-9.1")
    assert len(listed(after, 0, type="discard_fortune")) == 10  # C(5, 2)
    done, _ = ok(after, {"type": "discard_fortune", "player": 0, "cards": cards[:2]})
    assert len(done.players[0].hand) == 3 and done.phase == "placement" and done.round == 2


def test_kos_6_7_reshuffle_the_discard_when_the_deck_is_empty():
    """KOS-6.7: shuffle the discard pile into a new deck; with both empty the draw is lost."""
    state = new(2)
    order(state, 0, 1)
    phase(state, "resolution")
    place(state, 0, "action:prophet")
    state.fortune_discard = state.fortune_deck[:3]
    state.players[1].hand = state.fortune_deck[3:]
    state.fortune_deck = []
    after, events = ok(state, {"type": "resolve_pawn", "player": 0, "space": "action:prophet"})
    assert any(e["type"] == "fortune_deck_reshuffled" for e in wire(events))
    assert len(after.players[0].hand) == 1 and len(after.fortune_deck) == 2 and after.fortune_discard == []
    state.players[1].hand += state.fortune_discard
    state.fortune_discard = []
    after, events = ok(state, {"type": "resolve_pawn", "player": 0, "space": "action:prophet"})
    assert after.players[0].hand == [] and any(e["type"] == "fortune_draw_lost" for e in wire(events))


def test_kos_6_8_end_vp_in_final_scoring():
    """KOS-6.8: each card in hand scores its end_vp."""
    from rulesets.kingdom_of_solomon.scoring import final_scores
    state = new(2)
    hand(state, 0, BLANK[0], GOLD[0])
    assert final_scores(state)[0]["fortune"] == FORTUNE_CARDS[BLANK[0]].end_vp + FORTUNE_CARDS[GOLD[0]].end_vp


def test_kos_6_9_card_without_effect_cannot_be_played():
    """KOS-6.9: card_has_no_play_effect; never listed; still discardable."""
    state = new(2)
    hand(state, 1, BLANK[0])
    refused(state, {**PF, "player": 1, "card": BLANK[0]}, "card_has_no_play_effect", "KOS-6.9")
    assert listed(state, 1) == []
    refused(state, {**PF, "player": 1, "card": GOLD[0]}, "card_not_in_hand", "KOS-6.2")


def test_kos_6_1_other_hands_are_counts():
    """KOS-6.1: the holder sees his cards; the others see how many."""
    state = new(3)
    hand(state, 1, GOLD[0], BLANK[0])
    view = R.view(state, 0)
    assert "hand" not in view["players"][1] and view["players"][1]["hand_count"] == 2
    assert R.view(state, 1)["players"][1]["hand"] == [GOLD[0], BLANK[0]]


def test_temple_offering_card_and_high_priest():
    """KOS-8.18 via a fortune card: a token gained by a card is checked like any other."""
    state = new(2)
    hand(state, 1, TOKEN[0])
    after, events = ok(state, {**PF, "player": 1, "card": TOKEN[0]})
    assert after.players[1].tokens == 1 and after.high_priest == 1
    assert any(e["type"] == "high_priest_changed" for e in wire(events))


def test_losing_the_title_out_of_turn_forfeits_a_placer_with_no_space():
    """KOS-4.10 with KOS-6.2: a card played out of turn may leave the placer on turn without a legal space."""
    from rulesets.kingdom_of_solomon.components import ACTION_SPACES, AREAS
    from rulesets.kingdom_of_solomon.state import Pawn
    state = new(2)
    order(state, 0, 1)
    marker(state, 1, "galilee")
    state.players[0].tokens = 1
    state.high_priest = 0
    state.players[1].unplaced = 0
    state.pawns = [Pawn(owner=1, space=f"area:{a}") for a in AREAS if a != "galilee"]
    state.pawns += [Pawn(owner=1, space=f"action:{s}") for s in ACTION_SPACES]
    state.pawns += [Pawn(owner=1, space="bonus:altar")]
    state.players[0].unplaced = 2
    assert [a["space"] for a in listed(state, 0, type="place_pawn")] == ["area:galilee"]
    hand(state, 1, *TOKEN)
    state.players[1].tokens = 1
    after, _ = R.apply(state, {**PF, "player": 1, "card": TOKEN[0]})
    assert after.high_priest == 1 and after.players[0].unplaced == 0 and after.phase == "resolution"
    assert to_builtins(after)["players"][0]["unplaced"] == 0
