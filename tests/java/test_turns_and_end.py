"""JAVA-1 (setup), JAVA-3 (turns), JAVA-9 (festival cards), JAVA-11 to 13 (the end), JAVA-14 (conventions)."""

from __future__ import annotations

import pytest

from rulesets.core import InvalidAction, InvalidSetup, RulesetError, to_builtins
from rulesets.core.host import canonical_json
from rulesets.java.components import (ACTION_TOKENS, AP_PER_TURN, CARD_IDS, DEVELOPERS, HAND_SIZE, IRRIGATION_TILES,
                                      PALACE_COUNTS, TILE_PER_PLAYER, TRIPLES)
from rulesets.java.events import TurnEnded, TurnStarted
from rulesets.java.state import FinalRound

from .scenario import (GAME, R, act, cards_with, checked, dev, lay, new, no_ap_limit, palace, refused, set_hands,
                       use_up_triples)


# ---------------------------------------------------------------- JAVA-1 setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_java_1_1_to_1_5_setup(players):
    """JAVA-1.1, 1.2, 1.3, 1.4, 1.5: supplies from the data, own pieces per seat, 3 secret cards each,
    a face-up card, the rest the deck; unused colours are simply absent."""
    state = new(players)
    assert len(state.players) == players
    assert state.supply.triple == TRIPLES and state.supply.irrigation == IRRIGATION_TILES
    assert state.supply.palaces == PALACE_COUNTS
    for p in state.players:
        assert p.developer_supply == DEVELOPERS and p.action_tokens == ACTION_TOKENS and p.score == 0
        assert to_builtins(p.tiles) == TILE_PER_PLAYER and len(p.hand) == HAND_SIZE
    assert state.cards.face_up and len(state.cards.deck) == len(CARD_IDS) - HAND_SIZE * players - 1
    assert not state.spaces and not state.placed_tiles


def test_java_1_1_player_count_and_1_6_start_player():
    """JAVA-1.1, 1.6: 2-4 players; the start player is a seat (invalid_start_player otherwise), then clockwise."""
    for players in (1, 5):
        with pytest.raises(InvalidSetup) as info:
            R.setup(players, 1)
        assert info.value.code == "invalid_player_count" and info.value.rule == "JAVA-1.1"
    with pytest.raises(InvalidSetup) as info:
        R.setup(3, 1, first_player=3)
    assert info.value.code == "invalid_start_player" and info.value.rule == "JAVA-1.6"
    state = R.setup(3, 1, first_player=2)
    assert state.turn.active == 2 and R.status(state).active_players == [2]


def test_java_1_7_and_14_6_deterministic_from_the_seed():
    """JAVA-1.7, JAVA-14.6: the same seed deals the same game; another seed another deal."""
    assert canonical_json(new(4, seed=7)) == canonical_json(new(4, seed=7))
    assert new(4, seed=7).cards.deck != new(4, seed=8).cards.deck


# ---------------------------------------------------------------- JAVA-3 turns
def test_java_3_2_six_ap_3_3_one_token_a_turn():
    """JAVA-3.2, 3.3, 3.4: 6 AP a turn; a token adds 1, once a turn, 3 in the game."""
    state = new()
    assert state.turn.ap_total == AP_PER_TURN
    after, _ = act(state, {"type": "use_action_token"})
    assert after.turn.ap_total == AP_PER_TURN + 1 and after.players[0].action_tokens == ACTION_TOKENS - 1
    refused(after, {"type": "use_action_token"}, "action_token_already_used", "JAVA-3.3")
    state.players[0].action_tokens = 0
    refused(state, {"type": "use_action_token"}, "no_action_token", "JAVA-3.3")


def test_java_3_5_land_tile_required_then_3_6_next_player_fresh_counters():
    """JAVA-3.5, 3.6, 3.1, JAVA-3.2 / D13: no end of turn without a tile; then the next seat clockwise
    with fresh counters (unspent AP lost)."""
    state = new(3)
    refused(state, {"type": "end_turn"}, "land_tile_required", "JAVA-3.5")
    state, _ = act(state, {"type": "place_tile", "tile": "single_rice", "hexes": [[1, -3]]})
    state, _ = act(state, {"type": "use_action_token"})
    state, events = act(state, {"type": "end_turn"})
    assert state.turn.active == 1 and state.turn.ap_total == AP_PER_TURN and state.turn.ap_spent == 0
    assert not state.turn.token_used and not state.turn.land_tile_placed and state.turn.number == 2
    refused(state, {"type": "end_turn", "player": 0}, "not_your_turn", "JAVA-3.1")


def test_java_3_5_3_the_obligation_lapses_without_an_affordable_placement():
    """JAVA-3.5.3 / D8: with no usable tile placeable for the AP left, the turn may end without one."""
    state = new()
    use_up_triples(state, leave=1)
    state.supply.triple = 1
    for kind in ("double", "single_rice", "single_village"):
        setattr(state.players[0].tiles, kind, 0)
    state.turn.ap_spent = 6      # no AP left: nothing is affordable
    after, events = R.apply(state, {"type": "end_turn", "player": 0})
    assert after.turn.active == 1


def test_java_3_5_2_no_tile_obligation_in_the_final_turn():
    """JAVA-3.5.2, JAVA-11.3: a final-round turn may end without a tile (and spend its last AP)."""
    state = new()
    use_up_triples(state)
    state.final_round = FinalRound(trigger_player=1, remaining=[0])
    state = checked(state)
    lay(state, "single_rice", [(-7, -1)])
    state = checked(state)
    state.turn.ap_spent = 4
    act(state, {"type": "enter_developer", "to": [-7, -1]})   # 2 AP, leaves 0: no reserve needed
    after, events = act(state, {"type": "end_turn"})
    assert after.phase == "game_over"


# ---------------------------------------------------------------- JAVA-9 cards
def test_java_9_1_two_cards_a_turn_9_2_9_3_face_up_replaced():
    """JAVA-9.1, 9.2, 9.3, 9.5: face-up or deck top, 1 AP each, 2 a turn; the face-up card is replaced
    from the deck at once; no hand limit."""
    state = new()
    no_ap_limit(state)
    face_up, top = state.cards.face_up, state.cards.deck[0]
    state, events = act(state, {"type": "take_festival_card", "source": "face_up"})
    assert face_up in state.players[0].hand and state.cards.face_up == top
    assert {"type": "face_up_replaced", "card": top} in events
    state, events = act(state, {"type": "take_festival_card", "source": "deck"})
    assert len(state.players[0].hand) == HAND_SIZE + 2 and state.turn.ap_spent == 2
    refused(state, {"type": "take_festival_card", "source": "deck"}, "card_limit_reached", "JAVA-9.1")
    refused(state, {"type": "take_festival_card", "source": "table"}, "invalid_card_source", "JAVA-9.2")


def test_java_9_4_empty_deck_reshuffles_the_discard_pile():
    """JAVA-9.4, JAVA-14.6: an empty deck is refilled from the shuffled discard pile; with both empty,
    no card can be drawn."""
    state = new()
    no_ap_limit(state)
    state.cards.discard = state.cards.deck[1:]
    state.cards.deck = state.cards.deck[:1]
    state, _ = act(state, {"type": "take_festival_card", "source": "deck"})
    state, events = act(state, {"type": "take_festival_card", "source": "face_up"})
    assert any(e["type"] == "deck_reshuffled" for e in events) and not state.cards.discard
    empty = new()
    no_ap_limit(empty)
    empty.players[1].hand += empty.cards.deck
    empty.cards.deck = []
    refused(empty, {"type": "take_festival_card", "source": "deck"}, "no_cards_left", "JAVA-9.4")
    after, _ = act(empty, {"type": "take_festival_card", "source": "face_up"})
    assert after.cards.face_up is None
    refused(after, {"type": "take_festival_card", "source": "face_up"}, "no_face_up_card", "JAVA-9.4")


# ---------------------------------------------------------------- JAVA-11, 12, 13
def test_java_11_1_last_triple_triggers_11_2_11_3_11_4_end_and_12_1_reckonings():
    """JAVA-11.1 to 11.4, JAVA-12.1 to 12.4, JAVA-13.1: the last triple starts the final round; the trigger
    player finishes and reckons; each other player one more turn and his own reckoning; then the end."""
    state = new(3)
    use_up_triples(state, leave=1)
    for h in [(1, -3), (2, -3)]:
        lay(state, "single_village", [h])
    palace(state, (1, -3), 2)
    dev(state, (2, -3), 1)
    state = checked(state)
    state, events = act(state, {"type": "place_tile", "tile": "triple", "hexes": [[-1, -3], [0, -3], [0, -4]],
                                "village": [0, -4]})
    assert {"type": "final_round_started", "trigger_player": 0} in events
    assert state.final_round.remaining == [1, 2]
    state, events = act(state, {"type": "end_turn"})
    gfr = [e for e in events if e["type"] == "gfr"]
    assert gfr == [{"type": "gfr", "player": 0, "points": 0, "cities": []}] and state.players[0].gfr_done
    assert state.turn.active == 1
    state, events = act(state, {"type": "end_turn"})        # no tile needed (3.5.2)
    assert state.players[1].score == 2                      # first in the city: the palace value (12.3)
    state, events = act(state, {"type": "end_turn"})
    assert state.phase == "game_over" and events[-1]["type"] == "game_over"
    status = R.status(state)
    assert status.game_over and status.scores == [0, 2, 0] and status.winners == [1]
    refused(state, {"type": "end_turn", "player": 7}, "game_over", "JAVA-11.4")   # game_over before the seat


def test_java_12_3_first_scores_the_value_second_half_dense_ranking_12_2():
    """JAVA-12.2, 12.3 / D11, JAVA-2.15, JAVA-12.4: ties share a place; the next best is second (dense)."""
    from rulesets.java.scoring import reckoning
    state = new(4)
    hexes = [(1, -3), (2, -3), (2, -4), (1, -4), (0, -3)]
    for n, h in enumerate(hexes):
        lay(state, "single_village", [h], by=n // 2)
    palace(state, (1, -3), 4, 6)
    dev(state, (2, -3), 0)
    dev(state, (2, -4), 1)
    dev(state, (1, -4), 2)
    lay(state, "single_rice", [(0, -3)], by=3)
    dev(state, (0, -3), 3)     # on rice: not in the city (JAVA-2.12)
    state = checked(state)
    points = {seat: reckoning(state, seat)[0]["points"] for seat in range(4)}
    assert points == {0: 6, 1: 6, 2: 6, 3: 0}
    state2 = new(3)
    for n, h in enumerate(hexes[:4]):
        lay(state2, "single_village", [h], by=n // 2)
    lay(state2, "single_village", [(2, -4)], by=2)
    palace(state2, (1, -3), 4)
    dev(state2, (2, -3), 0)
    dev(state2, (1, -4), 1)
    dev(state2, (2, -4), 2)   # level 2: first
    state2 = checked(state2)
    assert [reckoning(state2, s)[0]["points"] for s in range(3)] == [2, 2, 4]


def test_java_11_4_equal_top_scores_share_the_victory():
    """JAVA-11.4 / D12: every seat with the top score wins."""
    from rulesets.java.scoring import winners
    assert winners([5, 7, 7]) == [1, 2]


# ---------------------------------------------------------------- JAVA-14
def test_java_14_3_validation_order_and_14_1_malformed_actions():
    """JAVA-14.3, 14.1: a malformed action is a schema refusal; game_over before unknown_player; unknown
    player before wrong phase and turn."""
    state = new()
    with pytest.raises(InvalidAction):
        R.apply(state, {"type": "place_tile", "player": 0, "tile": "triple", "hexes": [[1]]})
    with pytest.raises(InvalidAction):
        R.apply(state, {"type": "fly", "player": 0})
    with pytest.raises(RulesetError) as info:
        R.apply(state, {"type": "festival_pass", "player": 9})
    assert (info.value.code, info.value.rule) == ("unknown_player", "JAVA-1.1")
    refused(state, {"type": "festival_pass", "player": 1}, "wrong_phase", "JAVA-3.1")


def test_java_14_2_an_illegal_action_leaves_the_state_unchanged_14_4_consequences_in_one_answer():
    """JAVA-14.2, 14.4: a refusal changes nothing; automatic consequences come in the same response."""
    state = new()
    before = canonical_json(state)
    refused(state, {"type": "place_tile", "tile": "triple", "hexes": [[0, 0], [1, 0], [1, -1]], "village": [1, 0]},
            "covers_pond")
    assert canonical_json(state) == before
    state.turn.land_tile_placed = True
    _, events = R.apply(state, {"type": "end_turn", "player": 0})
    assert events == [TurnEnded(player=0, turn=1), TurnStarted(player=1, turn=2)]


def test_java_14_5_the_packaged_board_only():
    """JAVA-14.5 (decision): the state names the packaged board; another board id is refused."""
    raw = to_builtins(new())
    raw["board"] = "my-board"
    GAME.state_refused(raw, "$.board")


def test_java_3_4_costs_come_from_the_data_and_3_1_clockwise():
    """JAVA-3.4, 3.1: the action costs are the data file's; turns go clockwise."""
    from rulesets.java.components import COSTS
    assert COSTS.enter_developer.via_lowlands == 1 and COSTS.enter_developer.via_mountains == 2
    state = new(4, seed=3)
    seen = []
    for _ in range(5):
        seen.append(state.turn.active)
        state.turn.land_tile_placed = True
        state, _ = R.apply(state, {"type": "end_turn", "player": state.turn.active})
    assert seen == [0, 1, 2, 3, 0]
    assert cards_with("mask") and set_hands
