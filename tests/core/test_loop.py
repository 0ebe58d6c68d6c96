"""The loop core owns: routing by phase table, refusals in order, the move counter."""

from __future__ import annotations

from typing import Annotated

import msgspec
import pytest

from rulesets.core import Catalogue, GameState, IllegalAction, InvalidAction, Phase, PhaseTable, PerSeat, Rng, public
from rulesets.core.refusals import GAME_OVER, NOT_YOUR_TURN, UNKNOWN_PLAYER, WRONG_PHASE


@public
class Seat(msgspec.Struct, kw_only=True):
    coins: int = 0


@public
class Toy(GameState, kw_only=True):
    phase: str = "bid"
    players: Annotated[list[Seat], PerSeat()]
    turn: int = 0


@public
class Bid(msgspec.Struct, tag="bid", tag_field="type", kw_only=True):
    player: int


@public
class Pay(msgspec.Struct, tag="pay", tag_field="type", kw_only=True):
    player: int


@public
class Joker(msgspec.Struct, tag="joker", tag_field="type", kw_only=True):
    player: int


def _bid(state, action):
    state.phase = "pay"
    return [{"type": "bid", "player": action.player}]


def _pay(state, action):
    state.phase = "over"
    return []


def _joker(state, action):
    if action.player != 2:
        raise IllegalAction("no_joker", "T-9", "Only seat 2 holds the joker.")
    return [{"type": "joker", "player": action.player}]


NOT_A_PAYER = Catalogue().entry("not_a_payer", ("T-4",), "Seat {player} may not act now: the game awaits {awaited}.")

FLOW = PhaseTable(
    phases=[Phase("bid", {Bid: _bid}, actors=lambda s: [s.turn], wrong_phase_rule="T-1", not_your_turn_rule="T-2"),
            Phase("pay", {Pay: _pay}, actors=lambda s: [0, 1], wrong_phase_rule="T-3", not_your_turn_rule="T-4",
                  not_your_turn=NOT_A_PAYER)],
    phase_of=lambda s: s.phase, over="over", game_over_rule="T-5", anytime={Joker: _joker})


def toy(phase="bid", turn=0):
    return Toy(game="toy", rules_version="1", rng=Rng(seed="s"), phase=phase, players=[Seat(), Seat(), Seat()],
               turn=turn)


def test_the_table_routes_each_action_type_to_its_handler():
    state = toy()
    assert FLOW.route(state, Bid(player=0), 3) is _bid
    assert FLOW.route(toy("pay"), Pay(player=1), 3) is _pay


def test_unknown_seat_then_game_over_then_phase_then_turn():
    with pytest.raises(InvalidAction) as unknown:
        FLOW.route(toy("over"), Bid(player=7), 3)
    assert unknown.value.code == UNKNOWN_PLAYER.code
    with pytest.raises(IllegalAction) as over:
        FLOW.route(toy("over"), Pay(player=2), 3)
    assert (over.value.code, over.value.rule) == (GAME_OVER.code, "T-5")
    with pytest.raises(IllegalAction) as phase:
        FLOW.route(toy("bid", turn=1), Pay(player=2), 3)
    assert phase.value.code == WRONG_PHASE.code
    with pytest.raises(IllegalAction) as turn:
        FLOW.route(toy("bid", turn=1), Bid(player=2), 3)
    assert (turn.value.code, turn.value.rule, turn.value.context["active"]) == (NOT_YOUR_TURN.code, "T-2", [1])


def test_wrong_phase_cites_the_rule_of_the_phase_the_action_belongs_to():
    with pytest.raises(IllegalAction) as refusal:
        FLOW.route(toy("bid"), Pay(player=0), 3)
    assert refusal.value.rule == "T-3" and "pay phase" in refusal.value.detail
    with pytest.raises(IllegalAction) as other:
        FLOW.route(toy("pay"), Bid(player=0), 3)
    assert other.value.rule == "T-1"


def test_a_phase_names_its_own_turn_code_and_awaits_several_seats():
    assert FLOW.active_players(toy("pay")) == [0, 1]
    with pytest.raises(IllegalAction) as refusal:
        FLOW.route(toy("pay"), Pay(player=2), 3)
    assert (refusal.value.code, refusal.value.rule) == ("not_a_payer", "T-4")


def test_anytime_actions_skip_the_turn_check_and_leave_eligibility_to_their_handler():
    assert FLOW.route(toy("bid", turn=0), Joker(player=2), 3) is _joker
    assert FLOW.route(toy("pay"), Joker(player=1), 3) is _joker
    with pytest.raises(IllegalAction) as over:
        FLOW.route(toy("over"), Joker(player=2), 3)
    assert over.value.code == GAME_OVER.code


def test_game_over_before_the_seat_when_the_spec_says_so():
    flow = PhaseTable(phases=FLOW.phases, phase_of=FLOW.phase_of, over="over", game_over_rule="T-5",
                      seat_check_first=False)
    with pytest.raises(IllegalAction) as over:
        flow.route(toy("over"), Bid(player=7), 3)
    assert over.value.code == GAME_OVER.code
    with pytest.raises(InvalidAction):
        flow.route(toy("bid"), Bid(player=7), 3)


def test_no_active_players_once_over_and_unknown_phases_fail_loudly():
    assert FLOW.active_players(toy("over")) == []
    with pytest.raises(ValueError):
        FLOW.active_players(toy("nowhere"))


def test_action_types_are_listed_in_table_order():
    assert FLOW.action_types() == [Bid, Pay, Joker]


def test_the_contract_counts_moves_and_never_touches_its_input(card_nim):
    state = card_nim.setup(2, seed=3)
    after, _ = card_nim.apply(state, {"type": "take", "player": 0, "stones": 1})
    assert (state.move, after.move) == (0, 1)
    assert card_nim.status(after).active_players == card_nim.flow.active_players(after) == [1]


def test_legal_actions_filter_by_type_and_field(card_nim):
    state = card_nim.setup(2, seed=3)
    every = card_nim.legal_actions(state, 0)
    assert {a.__struct_config__.tag for a in every} == {"take", "draw"}
    assert [a.stones for a in card_nim.legal_actions(state, 0, types=["take"])] == [1, 2, 3]
    assert card_nim.legal_actions(state, 0, types=["draw"]) == [a for a in every if a.__struct_config__.tag == "draw"]
    assert [a.stones for a in card_nim.legal_actions(state, 0, where={"stones": 2})] == [2]
    assert card_nim.legal_actions(state, 0, types=["nothing"]) == []


def test_a_parameter_check_runs_after_game_over_and_before_seat_phase_and_turn():
    def no_sevens(action):
        if action.player == 7:
            raise IllegalAction("invalid_parameters", None, "No seat 7 in any form.")

    flow = PhaseTable(phases=FLOW.phases, phase_of=FLOW.phase_of, over="over", game_over_rule="T-5",
                      seat_check_first=False, check_parameters=no_sevens)
    with pytest.raises(IllegalAction) as over:
        flow.route(toy("over"), Bid(player=7), 3)
    assert over.value.code == GAME_OVER.code
    with pytest.raises(IllegalAction) as parameters:
        flow.route(toy("pay"), Bid(player=7), 3)
    assert parameters.value.code == "invalid_parameters"
