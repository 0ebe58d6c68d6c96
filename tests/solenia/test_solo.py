"""SOL-10: the solo game and its Rival (ASSUMED placeholder rules, read from the JSON ``solo`` block)."""

from __future__ import annotations

import pytest

from rulesets.core import to_builtins
from rulesets.testing.playout import random_playout
from rulesets.solenia.components import (AIRSHIP_REST, CARDS, COLORS, DISPLAY_SIZE, RATING_THRESHOLDS,
                                         RIVAL_COLUMN_SCAN, RIVAL_ROW_BY_DIE, ROUNDS, TILES, TILES_BY_KIND,
                                         AirshipElseRow, deck_of)
from rulesets.solenia.resources import vector
from rulesets.solenia.scoring import rating
from rulesets.solenia.solo import _discard_best_tile, rival_target
from rulesets.solenia.state import RIVAL, BoardCard

from .scenario import (R, action, events_of, first_card, give, kinds_of, new, play, put, refused, show, spaces,
                       stock)


def rival_card(state, n):
    card = f"{state.solo.rival_color}-{n:02d}"
    state.solo.rival_deck.remove(card)
    return card


def block(state, *spaces_):
    for col, row in spaces_:
        state.board.cards.append(BoardCard(card=rival_card(state, len(state.board.cards) + 1), owner=RIVAL,
                                           col=col, row=row))


def test_sol_10_1_solo_setup():
    """SOL-10.1: one human in seat 0 with no starting resources, a 3+3 display, a second colour as Rival deck."""
    state = new(1, seed=3)
    assert len(state.players) == 1 and state.solo is not None
    assert DISPLAY_SIZE[1] == 3 and len(state.delivery.day_display) == len(state.delivery.night_display) == 3
    assert vector(state.players[0].storage) == (0, 0, 0, 0)
    assert state.solo.rival_color == COLORS[1] and state.solo.rival_color != state.players[0].color
    assert sorted(state.solo.rival_deck) == deck_of(COLORS[1])
    assert state.solo.rival_deck != deck_of(COLORS[1])  # shuffled
    assert R.status(state).active_players == [0]


def test_sol_10_2_each_round_is_the_human_turn_then_the_rival_turn():
    """SOL-10.2: after the human's turn (with its end of turn) the service plays the Rival, then round 2 begins."""
    state = new(1)
    after, events = R.apply(state, R.legal_actions(state, 0)[0])
    kinds = kinds_of(events)
    assert kinds.index("card_drawn") < kinds.index("rival_card_revealed") < kinds.index("turn_started")
    assert to_builtins(events[-1]) == {"type": "turn_started", "player": 0, "round": 2}
    assert len(after.solo.rival_deck) == 15 and after.round == 2
    R.check_consistency(after)


def test_sol_10_2_the_rival_waits_for_the_humans_overflow():
    """SOL-10.2: an overflow from the human's own turn is settled before the Rival moves."""
    state = new(1)
    zero = give(state, 0, first_card(0))[0]
    put(state, 0, first_card(1, "gain_resource"), 0, 0)
    stock(state, 0, stone=8)
    calm = next(c for c in state.solo.rival_deck if CARDS[c].value != 0)  # a Rival card that does not advance
    state.solo.rival_deck.remove(calm)
    state.solo.rival_deck.insert(0, calm)
    target = next(s for s in spaces(state, lambda t: t.kind == "island") if abs(s[0] - 2) + abs(s[1] - 2) <= 1)
    after, events = play(state, 0, zero, *target)
    assert after.phase == "overflow" and not events_of(events, "rival_card_revealed")
    done, events = R.apply(after, action("discard_overflow", 0, discard={"stone": after.pending[0].amount}))
    assert events_of(events, "rival_card_revealed") and done.round == 2


@pytest.mark.parametrize("roll", sorted(RIVAL_ROW_BY_DIE))
def test_sol_10_3_the_die_chooses_the_rivals_row(roll):
    """SOL-10.3 steps 2-3: rolls 1-5 pick row roll-1, 6 the airship space; the first empty column in scan order."""
    state = new(1)
    rule = RIVAL_ROW_BY_DIE[roll]
    if isinstance(rule, AirshipElseRow):
        assert rival_target(state, roll) == AIRSHIP_REST
        block(state, AIRSHIP_REST)
        row = rule.airship_space_else_row
    else:
        row = rule
    assert rival_target(state, roll) == next((c, row) for c in RIVAL_COLUMN_SCAN if (c, row) != AIRSHIP_REST
                                             or not isinstance(rule, AirshipElseRow))
    block(state, *[(c, row) for c in RIVAL_COLUMN_SCAN[:2]])
    expected = next((c, row) for c in RIVAL_COLUMN_SCAN[2:] if (c, row) not in
                    {(x.col, x.row) for x in state.board.cards})
    assert rival_target(state, roll) == expected


def test_sol_10_3_a_full_row_moves_on_and_a_full_board_discards():
    """SOL-10.3 step 3: a full row sends the card to the next row (mod 5); a full board discards it."""
    state = new(1)
    block(state, *[(c, 4) for c in range(5)])
    assert rival_target(state, 5) == (RIVAL_COLUMN_SCAN[0], 0)
    state = new(1)
    state.board.cards = [BoardCard(card=f"x-{c}{r}", owner=RIVAL, col=c, row=r) for c in range(5) for r in range(5)]
    assert rival_target(state, 1) is None


def test_sol_10_3_a_rival_city_card_discards_the_best_tile():
    """SOL-10.3 step 4: the displayed tile of the city's type with the most stars leaves (lowest index on ties)."""
    state = new(1)
    tiles = sorted(TILES_BY_KIND["day"], key=lambda t: (-TILES[t].vp, t))
    best = TILES[tiles[0]].vp
    tied = [t for t in tiles if TILES[t].vp == best][:2]
    low = [t for t in TILES_BY_KIND["day"] if TILES[t].vp < best][0]
    show(state, "day", low, *tied)
    top = state.delivery.day_deck[0]
    events = []
    _discard_best_tile(state, "day", events)
    assert state.delivery.discarded == [tied[0]]
    assert state.delivery.day_display == [low, tied[1], top]
    assert kinds_of(events) == ["tile_discarded", "display_refilled"]


def test_sol_10_3_rival_cards_block_advance_and_never_activate():
    """SOL-10.3 steps 5-6: a Rival 0 advances the airship; Rival cards are discarded unactivated and give the
    human no adjacency."""
    state = new(1)
    zero = next(c for c in state.solo.rival_deck if CARDS[c].value == 0)
    state.solo.rival_deck.remove(zero)
    state.solo.rival_deck.insert(0, zero)
    state.board.cards.append(BoardCard(card=rival_card(state, next(
        CARDS[c].n for c in state.solo.rival_deck if CARDS[c].value != 0 and c != zero)), owner=RIVAL, col=0, row=1))
    state.solo.rival_deck.insert(1, state.solo.rival_deck.pop())  # keep the zero on top
    after, events = R.apply(state, R.legal_actions(state, 0)[0])
    assert events_of(events, "rival_card_revealed")[0]["card"] == zero
    assert events_of(events, "airship_advanced")[-1]["cause"] == "rival"
    assert events_of(events, "rival_card_discarded")
    assert all(e["player"] == 0 for e in events_of(events, "card_activated"))
    assert all(c.card != state.board.cards[0].card for c in after.board.cards)
    assert state.board.cards[0].card in after.solo.rival_discard
    # a Rival card gives the human no adjacency
    fresh = new(1)
    card = give(fresh, 0, 9)[0]
    block(fresh, (0, 0))
    refused(fresh, action("play_card", 0, card=card, space={"col": 0, "row": 1}), "lengthen_payment_mismatch",
            "SOL-3.3")


def test_sol_10_4_the_solo_game_ends_after_16_rounds_with_a_rating():
    """SOL-10.4: 16 rounds, normal scoring, and a rating from the thresholds."""
    playout = random_playout(R, 1, "solo-end", sample_legal=1, nudges=1)
    state = playout.state
    assert state.phase == "game_over" and state.round == ROUNDS
    assert not state.solo.rival_deck and len(state.solo.rival_discard) + sum(
        1 for c in state.board.cards if c.owner == RIVAL) == 16
    status = R.status(state)
    assert status.winners == [0]
    for minimum, label in RATING_THRESHOLDS:
        assert rating(minimum) == label
    assert rating(RATING_THRESHOLDS[1][0] - 1) == RATING_THRESHOLDS[0][1]


def test_sol_10_1_the_solo_option_is_published_as_assumed_and_implied_by_one_player():
    """SOL-10.1 / SOL-1.5: `solo` is in the metadata, flagged assumed; 1 player is solo without it."""
    solo_option = next(o for o in R.metadata(detailed=True)["options"] if o["name"] == "solo")
    assert solo_option["assumed"] is True and solo_option["rule"] == "SOL-10.1"
    assert R.setup(1, "implied").solo is not None
    assert R.setup(1, "explicit", {"solo": True}).solo is not None
    assert R.setup(2, "multi", {"solo": False}).solo is None


@pytest.mark.parametrize("players, solo", [(2, True), (4, True), (1, False)])
def test_sol_10_1_solo_needs_exactly_one_player(players, solo):
    """SOL-10.1 / SOL-1.2: `invalid_player_count` when the count contradicts the solo option."""
    from rulesets.core import InvalidSetup
    with pytest.raises(InvalidSetup) as refusal:
        R.setup(players, "x", {"solo": solo})
    assert refusal.value.code == "invalid_player_count" and refusal.value.context["path"] == "$.players"
