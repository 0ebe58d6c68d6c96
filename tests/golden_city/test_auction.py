"""GC-4 the land-card auction: free picks, displacement at the shared price, the displaced
player choosing again at once, the expected_price guard, and spec 3.5's check order."""

from __future__ import annotations

from rulesets.core import IllegalAction

from .scenario import R, checked, new, play, refused


def test_gc_4_2_and_4_4_markers_start_off_the_table_start_player_first():
    """GC-4.2: no marker placed yet; GC-4.4 / GC-2.2: the start player acts, then clockwise."""
    state = R.setup(3, 1, {}, first_player=1)
    assert state.auction.markers == [None, None, None]
    assert R.status(state).active_players == [1]
    state, _ = play(state, type="bid", player=1, pair=0)
    assert R.status(state).active_players == [2]


def test_gc_4_4_not_your_turn():
    """GC-4.4 / spec 3.5: only the acting player may bid."""
    refused(new(3), "not_your_turn", "GC-4.4", type="bid", player=1, pair=0)


def test_gc_4_5_a_free_pair_costs_nothing():
    """GC-4.5(a): a free pair is free and leaves last_price unchanged."""
    state, events = play(new(3), type="bid", player=0, pair=1)
    assert state.players[0].coins == 3 and state.auction.last_price == 0 and state.auction.markers[1] == 0
    assert events[0] == {"type": "marker_placed", "player": 0, "pair": 1, "price": 0}


def test_gc_4_5_and_4_6_displacement_pays_the_bank_and_the_displaced_player_acts_at_once():
    """GC-4.5(b) / GC-12.6: last_price + 1 to the bank (not the displaced player); GC-4.6: the displaced
    player acts before the normal order."""
    state, _ = play(new(3), type="bid", player=0, pair=0)
    bank = state.bank_coins
    state, events = play(state, type="bid", player=1, pair=0)
    assert state.players[1].coins == 2 and state.bank_coins == bank + 1 and state.players[0].coins == 3
    assert state.auction.last_price == 1 and state.auction.markers[0] == 1
    assert any(e["type"] == "marker_displaced" and e["player"] == 0 for e in events)
    assert R.status(state).active_players == [0]
    refused(state, "not_your_turn", "GC-4.4", type="bid", player=2, pair=1)
    # GC-4.6: he may take back the pair he lost, at the new price 2 (a chain)
    state, _ = play(state, type="bid", player=0, pair=0, expected_price=2)
    assert state.players[0].coins == 1 and state.auction.last_price == 2
    assert R.status(state).active_players == [1]
    state, _ = play(state, type="bid", player=1, pair=2)  # a free pair ends the chain
    assert R.status(state).active_players == [2]  # the normal sequence resumes


def test_gc_4_3_price_is_shared_and_resets_every_round():
    """GC-4.3 / D-4: one escalating price for everyone, back to 0 at the next auction."""
    state, _ = play(new(3), type="bid", player=0, pair=0)
    state, _ = play(state, type="bid", player=1, pair=0)  # pays 1
    state, _ = play(state, type="bid", player=0, pair=1)
    state, _ = play(state, type="bid", player=2, pair=1)  # pays 2: the price is shared
    assert state.players[2].coins == 1 and state.auction.last_price == 2
    while state.phase != "auction" or state.round == 1:
        seat = R.status(state).active_players[0]
        action = next(a for a in R.legal_actions(state, seat) if a.__struct_config__.tag in ("bid", "end_turn",
                                                                                               "discard"))
        state, _ = R.apply(state, action)
    assert state.round == 2 and state.auction.last_price == 0


def test_gc_4_5_insufficient_coins_and_price_mismatch_in_order():
    """Spec 3.5: invalid_pair, then insufficient_coins, then price_mismatch."""
    state, _ = play(new(3), type="bid", player=0, pair=0)
    state.players[1].coins, state.bank_coins = 0, state.bank_coins + state.players[1].coins
    checked(state)
    refused(state, "invalid_pair", "GC-4.1", type="bid", player=1, pair=3, expected_price=5)
    refused(state, "invalid_pair", "GC-4.1", type="bid", player=1, pair=-1)
    refused(state, "insufficient_coins", "GC-4.5", type="bid", player=1, pair=0, expected_price=7)
    refused(state, "price_mismatch", "GC-4.3", type="bid", player=1, pair=1, expected_price=1)
    state, _ = play(state, type="bid", player=1, pair=1, expected_price=0)
    assert [a.pair for a in R.legal_actions(state, 2)] == [0, 0, 1, 1, 2, 2]


def test_gc_4_5_a_player_who_cannot_pay_has_only_free_pairs():
    """GC-4.5: without last_price + 1 coins only free pairs are listed; one always exists."""
    state, _ = play(new(2), type="bid", player=0, pair=0)
    state.bank_coins += state.players[1].coins
    state.players[1].coins = 0
    listed = R.legal_actions(checked(state), 1)
    assert {a.pair for a in listed} == {1} and {a.expected_price for a in listed} == {None, 0}


def test_gc_4_7_pairs_go_to_their_markers_and_building_starts():
    """GC-4.7: once every pair has a marker each player takes his pair; the start player builds."""
    state = new(3)
    pairs = [list(p) for p in state.auction.pairs]
    hands = [list(p.hand) for p in state.players]
    for seat, pair in ((0, 2), (1, 0), (2, 1)):
        state, events = play(state, type="bid", player=seat, pair=pair)
    assert state.phase == "build" and state.auction is None and R.status(state).active_players == [0]
    assert state.players[0].hand == hands[0] + pairs[2]
    assert state.players[1].hand == hands[1] + pairs[0]
    assert [e["type"] for e in events].count("pairs_taken") == 3


def test_gc_4_8_own_marker_is_never_displaced():
    """GC-4.8: a seat whose marker is placed never acts in the auction (not listed, not_your_turn)."""
    state, _ = play(new(3), type="bid", player=0, pair=0)
    assert R.legal_actions(state, 0) == []
    refused(state, "not_your_turn", "GC-4.4", type="bid", player=0, pair=0)


def test_gc_4_6_alternative_displaced_bidder_waits_for_his_turn():
    """GC-4.6 / D-3 alternative (on_next_normal_turn): the displaced player acts after the normal order."""
    state = new(3, displaced_bidder_acts="on_next_normal_turn")
    state, _ = play(state, type="bid", player=0, pair=0)
    state, _ = play(state, type="bid", player=1, pair=0)
    assert R.status(state).active_players == [2] and state.auction.queue == [2, 0]
    state, _ = play(state, type="bid", player=2, pair=1)
    state, _ = play(state, type="bid", player=0, pair=2)
    assert state.phase == "build"


def test_gc_2_1_bid_outside_the_auction_is_wrong_phase():
    """GC-2.1: a bid in the build phase is wrong_phase."""
    from .scenario import building
    error = refused(building(3), "wrong_phase", "GC-2.1", type="bid", player=0, pair=0)
    assert isinstance(error, IllegalAction)
