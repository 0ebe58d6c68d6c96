"""KOS-1 setup and KOS-11.2 (the variant fixed at creation)."""

from __future__ import annotations

import pytest

from rulesets.core import InvalidSetup
from rulesets.core.host import canonical_json
from rulesets.kingdom_of_solomon.components import (BUILDING_CARDS, DISPLAY_SIZE, FORTUNE_CARDS, MARKERS_PER_PLAYER,
                                                    RESOURCE_COUNT, RESOURCES, ROADS, SETUP, STARTING_VP)

from .scenario import R, new


@pytest.mark.parametrize("players", [0, 1, 5])
def test_kos_1_1_player_count(players):
    """KOS-1.1: 2, 3 or 4 players."""
    with pytest.raises(InvalidSetup) as refusal:
        R.setup(players, 1)
    assert refusal.value.code == "invalid_player_count" and refusal.value.rule == "KOS-1.1"


def test_kos_11_2_variant_not_for_four_players():
    """KOS-11.2 / KOS-1.1: the variant flag only with 2 or 3 players."""
    with pytest.raises(InvalidSetup) as refusal:
        R.setup(4, 1, {"variant_all_bonus": True})
    assert refusal.value.code == "variant_not_allowed" and refusal.value.rule == "KOS-11.2"
    assert new(3, variant_all_bonus=True).options.variant_all_bonus


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kos_1_2_pawns_and_1_3_supply(players):
    """KOS-1.2 pawns by player count; KOS-1.3 supply minus the removed cubes."""
    state = new(players)
    assert all(p.unplaced == SETUP[players].pawns_per_player for p in state.players)
    assert {2: 6, 3: 6, 4: 5}[players] == SETUP[players].pawns_per_player
    for r in RESOURCES:
        assert state.supply.get(r) == RESOURCE_COUNT[r] - SETUP[players].remove_per_resource
    assert MARKERS_PER_PLAYER == 5


@pytest.mark.parametrize("players,bonus", [(2, ["altar"]), (3, ["altar", "ark"]), (4, ["altar", "ark", "tribute"])])
def test_kos_1_4_bonus_spaces_in_play(players, bonus):
    """KOS-1.4: altar; altar and ark; all three."""
    state = new(players)
    spaces = {a.space for a in R.legal_actions(state, state.active) if a.space.startswith("bonus:")}
    assert spaces == {f"bonus:{b}" for b in bonus}


def test_kos_1_5_starting_holdings_and_1_8_empty_board():
    """KOS-1.5 10 VP and nothing else; KOS-1.8 empty market and temple, 12 roads, no High Priest."""
    state = new(4)
    for p in state.players:
        assert p.vp == STARTING_VP == 10
        assert p.cubes.total() == 0 and p.hand == [] and p.tokens == 0 and p.buildings == []
    assert state.market.total() == 0 and sum(state.temple.values()) == 0
    assert state.roads == [] and state.roads_in_supply == ROADS == 12 and state.high_priest is None


def test_kos_1_6_turn_order_random_from_the_seed():
    """KOS-1.6: a permutation drawn from the seed; several seeds give several orders."""
    orders = {tuple(new(4, seed=s).turn_order) for s in range(30)}
    assert len(orders) > 5 and all(sorted(o) == [0, 1, 2, 3] for o in orders)
    assert canonical_json(new(4, seed=7)) == canonical_json(new(4, seed=7))


def test_kos_1_7_decks_and_display():
    """KOS-1.7: building deck of 20 with 4 face up; fortune deck of 32, discard empty."""
    state = new(2)
    assert len(state.display) == DISPLAY_SIZE == 4 and None not in state.display
    assert sorted(state.display + state.building_deck) == sorted(BUILDING_CARDS)
    assert sorted(state.fortune_deck) == sorted(FORTUNE_CARDS) and state.fortune_discard == []
    assert state.fortune_deck != sorted(FORTUNE_CARDS)  # shuffled


def test_kos_1_9_round_1_placement_position_1():
    """KOS-1.9: round 1, Placement, position 1 to act."""
    state = new(3, seed=5)
    status = R.status(state)
    assert status.phase == "placement" and status.round == 1
    assert status.active_players == [state.turn_order[0]] and state.first_player == state.turn_order[0]


def test_kos_1_6_a_named_first_player_takes_position_1():
    """KOS-1.6 with the service's seating: first_player goes to position 1, the rest as drawn; replay agrees."""
    drawn = new(4, seed=9).turn_order
    for seat in range(4):
        state = R.setup(4, 9, first_player=seat)
        assert state.turn_order == [seat] + [s for s in drawn if s != seat]
        assert state.first_player == seat and R.status(state).active_players == [seat]
        R.check_state(state)
    action = {"type": "place_pawn", "player": 2, "space": "action:prophet"}
    assert R.replay(4, 9, None, [action], first_player=2).players[2].unplaced == R.setup(4, 9).players[2].unplaced - 1


def test_kos_11_1_the_variant_flag_is_true_or_false():
    """KOS-11.1: variant_all_bonus is a flag; anything else is invalid_options citing the variant's rule."""
    with pytest.raises(InvalidSetup) as refusal:
        R.setup(2, 1, {"variant_all_bonus": "yes"})
    assert refusal.value.code == "invalid_options" and refusal.value.rule == "KOS-11.1"
    assert refusal.value.context["path"] == "$.options.variant_all_bonus"


@pytest.mark.parametrize("first_player", [3, -1])
def test_kos_1_6_the_first_player_is_a_seat(first_player):
    """KOS-1.6: a named first player must be one of the seats."""
    with pytest.raises(InvalidSetup) as refusal:
        R.setup(3, 1, first_player=first_player)
    assert refusal.value.code == "invalid_first_player" and refusal.value.rule == "KOS-1.6"


def test_kos_11_2_the_refusal_names_the_player_count():
    """KOS-11.2: the variant_not_allowed sentence comes from the catalogue, naming the count refused."""
    with pytest.raises(InvalidSetup) as refusal:
        R.setup(4, 1, {"variant_all_bonus": True})
    assert refusal.value.detail == "The all-bonus variant is for 2 or 3 players, not 4."
    assert refusal.value.context == {"path": "$.options.variant_all_bonus"}
