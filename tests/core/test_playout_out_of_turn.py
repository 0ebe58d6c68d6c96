"""The playout asks every seat, not only the awaited ones: out-of-turn plays are tried, strays caught."""

from __future__ import annotations

import msgspec
import pytest

from rulesets.core import Event, PhaseTable, Seat, public
from rulesets.testing.playout import ContractBroken, random_playout
from tests.doubles import card_nim


@public
class Knock(msgspec.Struct, tag="knock", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    """Any seat may knock on the table at any moment, once per turn of the game."""

    player: int


class Knocked(Event, tag="knocked"):
    player: Seat


def knock(state, action):
    return [Knocked(player=action.player)]


class KnockingNim(card_nim.CardNim):
    Action = card_nim.Take | card_nim.Draw | Knock
    flow = PhaseTable(phases=card_nim.FLOW.phases, phase_of=card_nim.FLOW.phase_of, over="over",
                      game_over_rule="CN-5", anytime={Knock: knock})
    Event = card_nim.CardNimEvent | Knocked

    def enumerate_actions(self, state, player, types):
        return super().enumerate_actions(state, player, types) + [Knock(player=player)]


class StrayNim(card_nim.CardNim):
    """Lists a turn action for a seat that is not on turn: the playout must object."""

    def enumerate_actions(self, state, player, types):
        return [card_nim.Take(player=player, stones=1)]


def test_out_of_turn_plays_are_listed_tried_and_counted():
    game = KnockingNim()
    done = random_playout(game, 3, "knock", max_steps=400)
    assert done.out_of_turn > 0
    assert any(a["type"] == "knock" and a["player"] != 0 for a in done.actions)


def test_a_seat_not_awaited_listing_a_turn_action_breaks_the_contract():
    with pytest.raises(ContractBroken, match="not active but has legal actions"):
        random_playout(StrayNim(), 2, "stray")
