"""MOZ-5 and MOZ-7: the sealed four-way auction, its rewards, the king's move and the column shift."""

from __future__ import annotations

from rulesets.mines_of_zavandor.components import ARROWS, AUCTION, CARDS, MINE_SLOTS, PATH, ROWS
from rulesets.mines_of_zavandor.state import MineCard

from .scenario import R, checked, give_card, new, play, reach, refused, set_hand, seen


def bidding(players=3, start=0, hands=None):
    state = reach(new(players, start=start), "bidding")
    for seat, cards in (hands or {}).items():
        set_hand(state, seat, cards)
    return checked(state)


def bid(state, seat, cards):
    for kind, count in cards.items():
        for _ in range(count):
            state, _ = play(state, type="bid_add", player=seat, card=kind)
    state, events = play(state, type="bid_commit", player=seat)
    return state, events


def all_bid(state, bids):
    events = []
    for seat in sorted(bids, key=lambda s: (s - state.start_player) % len(state.players)):
        state, events = bid(state, seat, bids[seat])
    return state, events


def row(state, gem):
    return state.display[ROWS.index(gem)]


def test_moz_5_2_staging_and_sealing():
    """MOZ-5.2: one card per action in and out of a private bid; card_not_in_hand beyond the hand,
    card_not_in_bid, bid_already_committed after the seal; an empty bid may be sealed."""
    state = bidding(hands={0: {"wood.sapphire": 1}})
    state, events = play(state, type="bid_add", player=0, card="wood.sapphire")
    assert events == [{"type": "bid_changed", "player": 0, "bid": {"wood.sapphire": 1}, "visible_to": [0]}]
    assert seen(events, 1) == []
    refused(state, "card_not_in_hand", "MOZ-2.5", type="bid_add", player=0, card="wood.sapphire")
    refused(state, "card_not_in_bid", "MOZ-5.2", type="bid_remove", player=0, card="wood.emerald")
    state, _ = play(state, type="bid_remove", player=0, card="wood.sapphire")
    state, events = play(state, type="bid_commit", player=0)
    assert seen(events, 1) == [{"type": "bid_sealed", "player": 0}]
    refused(state, "bid_already_committed", "MOZ-5.2", type="bid_add", player=0, card="wood.sapphire")
    refused(state, "bid_already_committed", "MOZ-5.2", type="bid_commit", player=0)
    assert R.legal_actions(state, 0) == [] and R.status(state).active_players == [1, 2]


def test_moz_5_3_to_5_5_reveal_winners_ties_spent_and_set_aside():
    """MOZ-5.3: the last seal reveals every bid at once; MOZ-5.4: most cards of a gem wins, ties to the earlier
    player in player order; MOZ-5.5: the winner's cards are spent, the others' set aside."""
    hands = {0: {"wood.emerald": 2}, 1: {"wood.emerald": 1, "copper.emerald": 1, "wood.sapphire": 1},
             2: {"wood.diamond": 1}}
    state = bidding(start=1, hands=hands)
    state, events = all_bid(state, hands)
    reveal = next(e for e in events if e["type"] == "bids_revealed")
    assert reveal["bids"] == [hands[0], {"wood.sapphire": 1, "wood.emerald": 1, "copper.emerald": 1}, hands[2]]
    won = {e["row"]: e["player"] for e in events if e["type"] == "row_won"}
    assert won == {"emerald": 1, "sapphire": 1, "diamond": 2}  # seat 1 is start player: ties go to it
    assert state.players[0].set_aside == {"wood.emerald": 2} and not state.players[0].hand
    assert state.supply[1].discard == {"copper.emerald": 1}
    assert state.supply[0].discard == {"wood.emerald": 1, "wood.sapphire": 1, "wood.diamond": 1}
    checked(state)


def test_moz_5_6_and_5_7_rewards_by_count_and_bonus():
    """MOZ-5.6: 1-2 cards score 1 VP; 3+ offer the card or 1 VP; MOZ-5.7: reaching the threshold adds 4 VP."""
    threshold = AUCTION.bonus_threshold["sapphire"]
    hands = {0: {"wood.sapphire": threshold}, 1: {"wood.emerald": 2}, 2: {}}
    state = bidding(hands=hands)
    card = row(state, "sapphire").right
    state, events = all_bid(state, hands)
    assert state.players[1].vp == AUCTION.small_win_vp
    assert state.step == "reward" and state.rewards[0].row == "sapphire"
    assert state.players[0].vp == AUCTION.bonus_vp  # the bonus is automatic
    state, events = play(state, type="choose_reward", player=0, row="sapphire", take="card")
    assert state.players[0].mine[-1] == MineCard(card=card, level=CARDS[card].start_level)
    assert state.step == "king_move" and state.players[0].vp == AUCTION.bonus_vp


def test_moz_5_8_choices_in_row_order_before_the_next_row():
    """MOZ-5.8: rows top to bottom; a pending choice is the only reward that may be chosen now."""
    hands = {0: {"wood.emerald": 3}, 1: {"wood.sapphire": 3}, 2: {}}
    state = bidding(hands=hands)
    state, events = all_bid(state, hands)
    assert [r.row for r in state.rewards] == ["emerald", "sapphire"]
    refused(state, "not_active_player", "MOZ-2.3", type="choose_reward", player=1, row="sapphire", take="vp")
    refused(state, "no_reward_pending", "MOZ-5.8", type="choose_reward", player=0, row="sapphire", take="vp")
    state, _ = play(state, type="choose_reward", player=0, row="emerald", take="vp")
    assert R.status(state).active_players == [1] and state.players[0].vp == AUCTION.card_alternative_vp
    state, _ = play(state, type="choose_reward", player=1, row="sapphire", take="vp")
    assert state.step == "king_move"


def test_moz_5_9_full_mine():
    """MOZ-5.9: with six cards the winner must name one to discard (it leaves with its cubes), or take 1 VP;
    mine_full_discard_required, discard_target_invalid, discard_not_needed."""
    hands = {0: {"wood.sapphire": 3}, 1: {}, 2: {}}
    state = reach(new(3), "bidding")
    for card in [c for c in CARDS if not c.startswith("SCROLL") and CARDS[c].row == "emerald"][:MINE_SLOTS - 1]:
        give_card(state, 0, card, 1)
    set_hand(state, 0, hands[0])
    state, _ = all_bid(checked(state), hands)
    taken = row(state, "sapphire").right
    refused(state, "mine_full_discard_required", "MOZ-5.9", type="choose_reward", player=0, row="sapphire",
            take="card")
    refused(state, "discard_target_invalid", "MOZ-5.9", type="choose_reward", player=0, row="sapphire",
            take="card", discard="SCROLL1")
    refused(state, "discard_not_needed", "MOZ-5.9", type="choose_reward", player=0, row="sapphire", take="vp",
            discard="SCROLL0")
    after, events = play(state, type="choose_reward", player=0, row="sapphire", take="card", discard="SCROLL0")
    assert "SCROLL0" in after.removed_from_game and taken in [m.card for m in after.players[0].mine]
    assert len(after.players[0].mine) == MINE_SLOTS
    roomy = reach(new(3), "bidding")
    set_hand(roomy, 0, hands[0])
    roomy, _ = all_bid(checked(roomy), hands)
    refused(roomy, "discard_not_needed", "MOZ-5.9", type="choose_reward", player=0, row="sapphire", take="card",
            discard="SCROLL0")


def test_moz_5_10_rows_not_in_play_score_vp_with_the_bonus():
    """MOZ-5.10 / AMB-2: with 2 players the ruby row holds no card; its winner scores 1 VP, plus 4 at the
    threshold, with no choice."""
    threshold = AUCTION.bonus_threshold["ruby"]
    hands = {0: {"wood.ruby": 2, "copper.ruby": 2, "iron.ruby": threshold - 4}, 1: {}}
    state = bidding(2, hands=hands)
    assert not row(state, "ruby").in_play
    state, events = all_bid(state, hands)
    assert state.players[0].vp == AUCTION.small_win_vp + AUCTION.bonus_vp and state.step == "king_move"


def test_moz_5_11_and_7_2_king_mover_and_move():
    """MOZ-5.11: the sapphire winner moves the king, the start player when nobody bid a sapphire; MOZ-7.2: one
    hall along an arrow (hall_not_reachable otherwise), where two arrows leave the mover chooses."""
    hands = {0: {}, 1: {"wood.sapphire": 1}, 2: {}}
    state, _ = all_bid(bidding(hands=hands), hands)
    assert R.status(state).active_players == [1]
    refused(state, "not_active_player", "MOZ-2.3", type="move_king", player=0, to=ARROWS[PATH.start][0])
    refused(state, "hall_not_reachable", "MOZ-7.2", type="move_king", player=1, to=PATH.coronation)
    assert len(ARROWS[PATH.start]) == 2
    for hall in ARROWS[PATH.start]:
        moved, events = play(state, type="move_king", player=1, to=hall)
        assert moved.king == hall and moved.step == "upgrade" and moved.active == moved.start_player
    nobody = {0: {}, 1: {}, 2: {}}
    state, _ = all_bid(bidding(start=2, hands=nobody), nobody)
    assert R.status(state).active_players == [2]


def test_moz_5_12_column_shift():
    """MOZ-5.12: the right card leaves unless taken; middle to right, the stack's top to the middle."""
    hands = {0: {"wood.emerald": 3}, 1: {}, 2: {}}
    state, _ = all_bid(bidding(hands=hands), hands)
    before = {gem: (row(state, gem).right, row(state, gem).middle, list(row(state, gem).stack)) for gem in ROWS}
    state, _ = play(state, type="choose_reward", player=0, row="emerald", take="card")
    state, events = play(state, type="move_king", player=0, to=ARROWS[state.king][0])
    for gem in ("sapphire", "emerald", "diamond"):
        right, middle, stack = before[gem]
        assert (row(state, gem).right, row(state, gem).middle, row(state, gem).stack) == (middle, stack[0], stack[1:])
    assert before["sapphire"][0] in state.removed_from_game
    assert before["emerald"][0] not in state.removed_from_game
    assert not row(state, "ruby").in_play and row(state, "ruby").right is None
    checked(state)


def test_moz_5_13_set_aside_cards_cannot_be_paid():
    """MOZ-5.13: losing bids stay set aside through the upgrade phase (card_set_aside) and return at the end of
    the round (MOZ-2.10)."""
    hands = {0: {"wood.sapphire": 2}, 1: {"wood.sapphire": 1}, 2: {}}
    state, _ = all_bid(bidding(hands=hands), hands)
    state = reach(state, "upgrade", 1)
    assert state.players[1].set_aside == {"wood.sapphire": 1}
    refused(state, "card_set_aside", "MOZ-5.13", type="upgrade", player=1, target="SCROLL1", level=2,
            pay={"wood.sapphire": 1})
    state = reach(state, "production")
    assert state.players[1].hand.get("wood.sapphire") == 1 and not state.players[1].set_aside


def test_moz_5_1_and_2_7_display_and_vp_are_open():
    """MOZ-5.1: the whole display, every stack's order included, is open; MOZ-2.7: VP tokens are public."""
    state = bidding(4)
    state.players[2].vp = 3
    for viewer in (None, 0, 3):
        view = R.view(state, viewer)
        assert [r["stack"] for r in view["display"]] == [r.stack for r in state.display]
        assert view["players"][2]["vp"] == 3


def test_moz_7_1_and_7_3_the_path_goes_one_way_to_the_coronation():
    """MOZ-7.1 / MOZ-7.3: every hall reaches the Coronation Hall along one-way arrows and never back; the
    Coronation Hall has no way out; each hall has a king cost."""
    from rulesets.mines_of_zavandor.components import HALLS
    assert ARROWS[PATH.coronation] == ()
    depth = {PATH.start: 0}
    frontier = [PATH.start]
    while frontier:
        hall = frontier.pop()
        for nxt in ARROWS[hall]:
            assert nxt != PATH.start and nxt not in ARROWS[nxt]
            depth.setdefault(nxt, depth[hall] + 1)
            frontier.append(nxt)
    assert set(depth) == set(HALLS) and all(HALLS[h].king_cost for h in HALLS)


def test_moz_7_4_entering_the_coronation_hall_finishes_the_round_then_the_game():
    """MOZ-7.4 / MOZ-9.1: the round of the coronation is played out, upgrades included, then the game ends."""
    hall = next(h for h, arrows in ARROWS.items() if PATH.coronation in arrows)
    state = reach(new(2), "bidding")
    state.king = hall
    state = reach(state, "upgrade")
    assert state.king == PATH.coronation and R.status(state).game_over is False
    state = reach(state, "upgrade", state.start_player ^ 1)
    state, events = play(state, type="end_upgrades", player=state.active)
    assert R.status(state).game_over and events[-1]["type"] == "game_ended"
