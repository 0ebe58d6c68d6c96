"""GC-2 the round, GC-3 the scoring card, GC-8 round scoring, GC-9 hand limit and start player,
GC-10 the end and final scoring, GC-12 decks and supplies."""

from __future__ import annotations

from rulesets.golden_city.components import (BONUS_CARDS, COAST, GOODS_CARDS, HAND_LIMIT, REGIONS,
                                             SCORING_CARDS, SPACES)
from rulesets.golden_city.scoring import bonus_value, posts_in, sole_leader
from rulesets.golden_city.supplies import draw_landscape

from .scenario import R, building, checked, new, place, play, reach, refused, set_hand, spaces


def last_builder(players=3, **options):
    """The last build turn of round 1: its end_turn ends the round."""
    state = building(players, 0, **options)
    state.build.index = players - 1
    return state


def end_round(state):
    seat = R.status(state).active_players[0]
    return play(state, type="end_turn", player=seat)


def test_gc_2_1_and_2_3_round_runs_auction_build_scoring_then_next_round_with_events():
    """GC-2.1 / GC-2.3 / GC-9.2 / GC-9.3 / GC-3.1: the automatic steps run and are reported as events."""
    state = last_builder(3)
    card = state.scoring_card
    state, events = end_round(state)
    kinds = [e["type"] for e in events]
    assert kinds == ["turn_ended", "round_scored", "start_player_passed", "scoring_card_revealed", "pairs_dealt"]
    assert state.round == 2 and state.start_player == 1 and state.phase == "auction"
    assert state.scoring_removed == [card] and state.scoring_card not in (None, card)
    assert R.status(state).active_players == [1]


def test_gc_2_2_build_turns_go_clockwise_from_the_start_player():
    """GC-2.2: the start player builds first, then clockwise."""
    state = building(4, 0)
    state.start_player = 2
    order = []
    while state.phase == "build":
        seat = R.status(state).active_players[0]
        order.append(seat)
        state, _ = play(state, type="end_turn", player=seat)
    assert order == [2, 3, 0, 1]


def test_gc_4_1_next_round_deals_from_the_top_card_k_and_p_plus_k():
    """GC-4.1 / D-21: card k of the deal starts pair k, card P+k is its second card."""
    state = last_builder(3)
    top = state.landscape_deck[:6]
    state, _ = end_round(state)
    assert state.auction.pairs == [[top[0], top[3]], [top[1], top[4]], [top[2], top[5]]]


def test_gc_12_2_dealing_reshuffles_the_discard_pile_when_the_deck_runs_out():
    """GC-12.2: an empty deck is refilled from the shuffled discard pile, reported as deck_reshuffled."""
    state = last_builder(2)
    state.landscape_discard.extend(state.landscape_deck[2:])
    del state.landscape_deck[2:]
    state, events = end_round(checked(state))
    assert any(e["type"] == "deck_reshuffled" for e in events)
    assert all(len(p) == 2 for p in state.auction.pairs) and state.landscape_discard == []
    checked(state)


def test_gc_12_2_drawing_from_nothing_gives_nothing():
    """GC-12.2 / D-22: deck and discard both empty: no card."""
    state = new(2)
    state.players[0].hand.extend(state.landscape_deck)
    state.landscape_deck = []
    assert draw_landscape(state, []) is None


def test_gc_8_1_and_8_2_round_scoring_goals_and_sole_leader_bonus():
    """GC-8.1 location and goods goals; GC-8.2 +bonus to a sole leader only; GC-8.3 the card leaves the game."""
    state = last_builder(3)
    card = SCORING_CARDS[state.scoring_card]
    region = sorted(REGIONS[card.location.region])
    harbour_region = [s for s in region if SPACES[s].kind == "harbour"]
    target = harbour_region[0] if harbour_region else region[0]
    reach(state, 0, target)
    place(state, 0, target)
    showing = sorted(g for g, goods in GOODS_CARDS.items() if card.goods.good in goods)
    for seat, goods in ((1, showing[:2]), (2, showing[2:3])):
        for g in goods:
            where = state.goods_display if g in state.goods_display else state.goods_deck
            where.remove(g)
            state.players[seat].goods.append(g)
    while len(state.goods_display) < 3 and state.goods_deck:
        state.goods_display.append(state.goods_deck.pop(0))
    checked(state)
    posts = [posts_in(state, seat, REGIONS[card.location.region]) for seat in range(3)]
    before = [p.vp for p in state.players]
    state, events = end_round(state)
    gained = [p.vp - b for p, b in zip(state.players, before)]
    goods = [0, 2, 1]
    expected = [posts[s] * card.location.vp_per_post + goods[s] * card.goods.vp_per_card for s in range(3)]
    expected[1] += card.majority_bonus.goods
    if sole_leader(posts) is not None:
        expected[sole_leader(posts)] += card.majority_bonus.location
    assert gained == expected
    scored = next(e for e in events if e["type"] == "round_scored")
    assert scored["goods_leader"] == 1 and scored["card"] == card.id and card.id in state.scoring_removed


def test_gc_8_2_a_tie_gives_nobody_the_bonus():
    """GC-8.2 / D-14: shared highest count, or a highest count of 0: no majority bonus."""
    assert sole_leader([1, 1, 0]) is None and sole_leader([0, 0, 0]) is None and sole_leader([0, 2, 1]) == 1


def test_gc_9_1_hand_limit_only_at_round_end_for_landscape_cards():
    """GC-9.1 / D-10: more than 5 is fine during the round; at its end each player over 5 discards, any order."""
    state = last_builder(3)
    kinds = ["mountains"] * (HAND_LIMIT + 2)
    set_hand(state, 0, *kinds)
    set_hand(state, 2, COAST, *["forest"] * HAND_LIMIT)
    state.players[1].keys, state.key_supply = 3, state.key_supply - 3
    checked(state)
    state, events = end_round(state)
    assert state.phase == "discard" and state.discard_pending == [0, 2]
    assert R.status(state).active_players == [0, 2]
    assert {"type": "discard_required", "players": [0, 2], "counts": [2, 1]} in events
    refused(state, "discard_not_required", "GC-9.1", type="discard", player=1, cards={})
    state, _ = play(state, type="discard", player=2, cards={COAST: 1})
    assert state.phase == "discard" and state.discard_pending == [0]
    state, events = play(state, type="discard", player=0, cards={"mountains": 2})
    assert state.phase == "auction" and state.round == 2 and len(state.players[0].hand) == HAND_LIMIT
    assert state.landscape_discard[-2:] == ["mountains", "mountains"]


def test_gc_10_1_a_last_scoring_card_ends_the_game():
    """GC-10.1(a) / GC-3.2 / GC-8.4: after the 16th card is scored the game ends, no hand limit (GC-10.2)."""
    state = last_builder(2)
    state.scoring_removed += state.scoring_deck
    state.scoring_deck = []
    state.round = len(state.scoring_removed) + 1
    set_hand(state, 0, *["forest"] * (HAND_LIMIT + 3))
    checked(state)
    state, events = end_round(state)
    assert state.phase == "game_over" and state.discard_pending == [] and state.round == 16
    assert events[-1]["type"] == "game_ended" and events[-1]["reason"] == "scoring_deck_empty"
    assert any(e["type"] == "round_scored" for e in events)  # GC-8.4
    status = R.status(state)
    assert status.game_over and status.scores == [p.vp for p in state.players]
    refused(state, "game_over", "GC-10.5", type="end_turn", player=0)
    assert R.legal_actions(state, 0) == []


def test_gc_10_1_and_10_2_post_trigger_plays_the_round_to_its_end():
    """GC-10.1(b) / GC-10.2: the trigger set, the other players still build, scoring happens, then the end."""
    state = building(3, 0)
    state.end_triggered = True
    seen = []
    while state.phase == "build":
        seat = R.status(state).active_players[0]
        seen.append(seat)
        state, events = play(state, type="end_turn", player=seat)
    assert seen == [0, 1, 2] and state.phase == "game_over"
    assert [e["type"] for e in events][-1] == "game_ended" and events[-1]["reason"] == "posts_exhausted"


def test_gc_10_3_bonus_cards_added_and_revealed_at_the_end():
    """GC-10.3: every bonus card's VP is added at the end, and the cards become public."""
    state = last_builder(2)
    state.scoring_removed += state.scoring_deck
    state.scoring_deck = []
    state.round = len(state.scoring_removed) + 1
    place(state, 0, spaces("harbour")[0])
    held = sorted(BONUS_CARDS)[:4]
    for card in held:
        state.bonus_deck.remove(card)
    state.players[0].bonus = held
    checked(state)
    expected = sum(bonus_value(state, 0, card) for card in held)
    vp = state.players[0].vp
    state, events = end_round(state)
    scored = next(e for e in events if e["type"] == "round_scored")["vp"][0]
    assert state.players[0].vp == vp + scored + expected
    assert state.result[0].bonus_vp == expected
    assert R.view(state, 1)["players"][0]["bonus"] == held
    assert {"type": "bonus_revealed", "player": 0, "cards": held, "vp": expected} in events


def winners(state):
    """GC-10.4 on the VP each player holds: the seats the ruleset ranks first."""
    return R.winners(state, [player.vp for player in state.players])


def test_gc_10_4_ties_broken_by_posts_then_coins_then_shared():
    """GC-10.4: most VP; then most posts on the board (black included); then coins; else shared."""
    state = building(3, 0)
    for player in state.players:
        player.vp, player.coins = 50, 3
    place(state, 1, spaces("harbour")[0])
    place(state, 2, spaces("harbour")[1])
    assert winners(state) == [1, 2]
    state.players[2].coins += 1
    assert winners(state) == [2]
    state.players[0].vp += 1
    assert winners(state) == [0]
    black = building(2, 0)
    for player in black.players:
        player.vp, player.coins = 5, 3
    place(black, 0, spaces("harbour")[0])
    place(black, 1, spaces("harbour")[1])
    assert winners(black) == [0, 1]
    reach(black, 1, spaces("outer_district")[0])
    place(black, 1, spaces("outer_district")[0])
    place(black, 1, spaces("outer_district")[0], black=True)
    assert winners(black) == [1]


def test_gc_10_4_shared_victory():
    """GC-10.4: players equal on VP, posts and coins share the victory."""
    state = building(2, 0)
    for player in state.players:
        player.vp, player.coins = 10, 3
    assert winners(state) == [0, 1]
    place(state, 1, spaces("harbour")[0])
    assert winners(state) == [1]
