"""SOL-7: the end of the game and final scoring (summer side)."""

from __future__ import annotations

import pytest

from rulesets.testing.playout import random_playout
from rulesets.solenia.components import PAIR_BONUS, RESOURCES_PER_STAR, ROUNDS, TILES, TILES_BY_KIND
from rulesets.solenia.scoring import breakdown, pair_bonus, winners
from rulesets.solenia.state import BoardCard

from .scenario import R, action, events_of, first_card, new, play, refused, spaces, stock


def last_turn(players=2):
    """Round 16, last seat to play with one card left; everyone else has played out."""
    state = new(players)
    state.round = ROUNDS
    state.active_seat = players - 1
    for seat, player in enumerate(state.players):
        keep = 1 if seat == players - 1 else 0
        cards = player.hand + player.deck
        player.hand[:] = cards[:keep]
        player.deck.clear()
        player.discard[:] = cards[keep:]
    R.check_consistency(state)
    return state


def near_island(state):
    return next(s for s in spaces(state, lambda t: t.kind == "island") if abs(s[0] - 2) + abs(s[1] - 2) <= 1)


def test_sol_7_1_the_game_ends_after_the_last_seats_round_16_turn():
    """SOL-7.1: after the last turn of round 16 the game is over, hands and decks are empty, nothing more is taken."""
    state = last_turn(3)
    card = state.players[2].hand[0]
    after, events = play(state, 2, card, *near_island(state))
    assert after.phase == "game_over" and R.status(after).game_over
    assert all(not p.hand and not p.deck for p in after.players)
    ended = events_of(events, "game_ended")[0]
    assert [s["total"] for s in ended["scores"]] == R.status(after).scores
    for act in (action("play_card", 0, card=card, space={"col": 0, "row": 0}),
                action("discard_to_advance", 0, card=card),
                action("discard_overflow", 0, discard={"wood": 1}),
                action("choose_improvement", 0, level=1, tile="L1_DOUBLE_ADVANCE")):
        refused(after, act, "game_over", "SOL-7.1")
    assert all(R.legal_actions(after, seat) == [] for seat in range(3))


def test_sol_7_1_a_final_overflow_is_settled_before_the_end():
    """SOL-7.1: the last turn's resolution and its overflow decisions come before the end."""
    state = last_turn(2)
    last = state.players[1]
    zero = f"{last.color}-{first_card(0):02d}"
    if zero not in last.hand:
        last.discard.remove(zero)
        last.discard.append(last.hand.pop())
        last.hand.append(zero)
    gain = f"{state.players[0].color}-{first_card(1, 'gain_resource'):02d}"
    state.players[0].discard.remove(gain)
    state.board.cards.append(BoardCard(card=gain, owner=0, col=0, row=0))
    stock(state, 0, stone=8)
    after, events = play(state, 1, zero, *near_island(state))
    assert after.phase == "overflow" and not events_of(events, "game_ended")
    assert not R.status(after).game_over and R.status(after).active_players == [0]
    after, events = R.apply(after, action("discard_overflow", 0, discard={"stone": after.pending[0].amount}))
    assert after.phase == "game_over" and events_of(events, "game_ended")


def test_sol_7_2_cards_left_on_the_board_do_not_activate():
    """SOL-7.2: at the end, cards still on the board give nothing."""
    state = last_turn(2)
    left = state.players[0].discard.pop()
    state.board.cards.append(BoardCard(card=left, owner=0, col=1, row=0))
    stars_before = state.players[0].stars
    card = state.players[1].hand[0]
    target = near_island(state)
    after, events = play(state, 1, card, *target)
    assert after.phase == "game_over"
    assert all(e["card"] != left for e in events_of(events, "card_activated"))
    assert any(c.card == left for c in after.board.cards)
    assert after.players[0].stars == stars_before


@pytest.mark.parametrize("pairs, expected", [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 10), (6, 10), (7, 10)])
def test_sol_7_3_pair_bonus(pairs, expected):
    """SOL-7.3 item 3: 1+2+...+min(p,4) stars for p day/night pairs."""
    assert pair_bonus(pairs) == expected
    assert PAIR_BONUS[:4] == (1, 2, 3, 4)


def test_sol_7_3_summer_scoring():
    """SOL-7.3: stars + printed tile stars + pair bonus + one star per two stored resources."""
    state = new(2)
    days = list(TILES_BY_KIND["day"][:3])
    nights = list(TILES_BY_KIND["night"][:2])
    player = state.players[0]
    player.day_slots[:3] = days
    player.night_slots[:2] = nights
    player.stars = 5
    stock(state, 0, wood=3, water=4)
    score = breakdown(state, 0)
    tile_stars = sum(TILES[t].vp for t in days + nights)
    assert score == {"player": 0, "stars": 5, "tiles": tile_stars, "resources": 7 // RESOURCES_PER_STAR,
                     "pairs": 1 + 2, "total": 5 + tile_stars + 3 + 3}


def test_sol_7_3_extra_tiles_count_for_stars_and_pairs():
    """SOL-7.3 with SOL-5.7: tiles kept beside a full row count for stars and pairs."""
    state = new(2)
    player = state.players[0]
    player.day_slots[:] = list(TILES_BY_KIND["day"][:6])
    player.extra_tiles = [TILES_BY_KIND["day"][6]]
    player.night_slots[:] = list(TILES_BY_KIND["night"][:6])
    player.extra_tiles.append(TILES_BY_KIND["night"][6])
    score = breakdown(state, 0)
    assert score["pairs"] == pair_bonus(7) == 10
    assert score["tiles"] == sum(TILES[t].vp for t in TILES_BY_KIND["day"][:7] + TILES_BY_KIND["night"][:7])


def test_sol_7_5_ties_share_the_victory():
    """SOL-7.5: every player on the best total wins; no tie-break."""
    assert winners([10, 12, 12]) == [1, 2]
    assert winners([3]) == [0]
    state = last_turn(3)
    for seat in range(3):
        state.players[seat].stars = 20 if seat != 1 else 5
    card = state.players[2].hand[0]
    target = near_island(state)
    after, _ = play(state, 2, card, *target)
    status = R.status(after)
    best = max(status.scores)
    assert status.winners == [s for s in range(3) if status.scores[s] == best]


def test_sol_7_finished_random_games_report_scores_and_winners():
    """SOL-7.1 / SOL-7.5: a finished game's status lists each seat's total and the best seats."""
    playout = random_playout(R, 4, "scores", sample_legal=0, nudges=0)
    status = R.status(playout.state)
    assert status.game_over and status.active_players == []
    assert status.scores == [breakdown(playout.state, s)["total"] for s in range(4)]
    assert status.winners == winners(status.scores)
