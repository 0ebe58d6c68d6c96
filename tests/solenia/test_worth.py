"""The search's cut-off worth (``rulesets/solenia/worth.py``): the end score now plus what the rules make
valuable before the end (resources still to deliver, SOL-5.4; cards still to activate, SOL-6.2, SOL-6.3)."""

from __future__ import annotations

from rulesets.solenia import worth
from rulesets.solenia.components import ROUNDS, card_id
from rulesets.solenia.ruleset import Solenia
from rulesets.solenia.state import BoardCard

RULESET = Solenia()


def _start(players: int = 3):
    return RULESET.setup(players, "worth")


def _total(state, seat: int) -> int:
    return RULESET.final_scores(state)[seat]


def test_a_stored_resource_is_worth_more_than_its_end_half_star_while_deliveries_come_SOL_7_3():
    state = _start()
    before = worth.worths(state)[0]
    state.players[0].storage.wood += 1
    assert _total(state, 0) == _total(_start(), 0)  # one resource scores nothing at the end (floor of 1 / 2)
    assert worth.worths(state)[0] - before > 0.5  # but it may pay a tile's icon while rounds remain


def test_in_the_last_round_a_resource_is_worth_its_end_value_SOL_7_3():
    state = _start()
    state.round = ROUNDS
    state.players[0].storage.wood += 2
    assert worth.worths(state)[0] == _total(state, 0)  # 2 resources: exactly the star they score


def test_a_card_on_the_board_is_worth_its_activation_to_come_SOL_6_3():
    state = _start()
    before = worth.worths(state)
    # card 1 doubles the island's resource when its strip resolves (space_multiplier 2); (0, 0) is an island
    state.board.cards.append(BoardCard(card=card_id(state.players[1].color, 1), owner=1, col=0, row=0))
    after = worth.worths(state)
    assert after[1] - before[1] == 2 * worth.resource_vp(state)  # col 0 resolves at the next advance
    assert after[0] == before[0] and after[2] == before[2]  # the owner's, nobody else's


def test_a_card_the_airship_cannot_reach_again_is_worth_nothing_SOL_7_2():
    state = _start()
    state.round, state.active_seat = ROUNDS, len(state.players) - 1  # the game's last turn
    before = worth.worths(state)[1]
    state.board.cards.append(BoardCard(card=card_id(state.players[1].color, 1), owner=1, col=4, row=0))
    near = worth.worths(state)[1]
    state.board.cards[-1] = BoardCard(card=card_id(state.players[1].color, 1), owner=1, col=0, row=0)
    rear = worth.worths(state)[1]
    assert near == before < rear  # col 4 needs five advances, more than one turn brings; col 0 one


def test_evaluate_is_the_seats_lead_in_worth_squashed():
    state = _start()
    state.players[0].storage.water += 3
    assert RULESET.evaluate(state, 0) > 0.5 > RULESET.evaluate(state, 1)
    assert 0.0 <= RULESET.evaluate(state, 1) <= 1.0


def test_turns_left_count_from_the_first_player_SOL_2_1():
    state = _start()
    assert worth.turns_left(state) == ROUNDS * 3
    state.round, state.first_player, state.active_seat = ROUNDS, 1, 0  # seat 0 plays last from seat 1
    assert worth.turns_left(state) == 1
