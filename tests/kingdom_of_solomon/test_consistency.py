"""Bad states are refused with ``InvalidState`` and the JSON path at fault (design: checks, step 2),
over HTTP as 422; never a 5xx."""

from __future__ import annotations

import pytest

from rulesets.core import to_builtins
from service import create_app
from tests.service.problem_checks import assert_problem, error_paths

from .scenario import GAME, give, marker, new, order, place


def bad(mutate, path, players=3):
    """The set-up state, edited by ``mutate``, is refused as invalid_state at ``path``."""
    state = new(players)
    order(state, *range(players))
    mutate(state)
    return GAME.state_refused(to_builtins(state), path)


def test_a_cube_counted_twice_between_a_player_and_the_supply():
    """KOS-1.3: supply + market + players must equal the game's cubes."""
    assert "counted twice" in bad(lambda s: setattr(s.players[1].cubes, "stone", 2), "$.supply.stone").detail
    bad(lambda s: s.supply.add("food", -1), "$.supply.food")


def test_more_roads_than_exist():
    """KOS-8.24: 12 roads in all."""
    def too_many(state):
        from rulesets.kingdom_of_solomon.components import BORDERS
        from rulesets.kingdom_of_solomon.state import Road
        state.roads = [Road(areas=list(b), owner=0) for b in BORDERS[:13]]
        state.roads_in_supply = 0
    bad(too_many, "$.roads")
    bad(lambda s: setattr(s, "roads_in_supply", 13), "$.roads_in_supply")


def test_a_building_on_two_sites():
    """KOS-3.2: one card, one marker."""
    def twice(state):
        card = marker(state, 0, "galilee")
        from rulesets.kingdom_of_solomon.state import Marker
        state.markers.append(Marker(area="lebanon", owner=0, card=card))
    assert "two sites" in bad(twice, "$.markers[1].card").detail


def test_a_pawn_on_a_space_that_does_not_exist():
    """KOS-4.1: spaces are area:, action:, bonus: or card: ids of this game."""
    bad(lambda s: place(s, 0, "area:atlantis"), "$.pawns[0].space")
    bad(lambda s: place(s, 0, "bonus:tribute", 6), "$.pawns[0].space")  # not in play with 3


@pytest.mark.parametrize("mutate,path", [
    (lambda s: s.players[0].hand.append(s.fortune_deck[0]), "$.players[0].hand[0]"),
    (lambda s: s.building_deck.append(s.display[0]), "$.display[0]"),
    (lambda s: s.fortune_deck.pop(), "$"),
    (lambda s: setattr(s, "turn_order", [0, 0, 1]), "$.turn_order"),
    (lambda s: setattr(s, "high_priest", 1), "$.high_priest"),
    (lambda s: s.temple.update(main=1), "$.temple.main"),
    (lambda s: setattr(s, "active", 7), "$.active"),
    (lambda s: setattr(s.market, "gold", 5) or s.supply.add("gold", -5), "$.market.gold"),
    (lambda s: setattr(s.players[0], "unplaced", 9), "$.players[0].unplaced"),
])
def test_other_bad_states(mutate, path):
    """Cards in two places or missing, a bad turn order, a High Priest without tokens, a temple level out of
    order, a seat on turn that does not exist, an over-full market, too many pawns."""
    bad(mutate, path)


def test_bad_states_over_http_are_422_with_the_path():
    """The service answers 422 invalid_state with the path; never a 5xx."""
    client = create_app({"TESTING": True, "LOG_LEVEL": "WARNING"}).test_client()
    state = new(3)
    order(state, 0, 1, 2)
    give(state, 1, stone=1)
    raw = to_builtins(state)
    cases = []
    twice = dict(raw, players=[dict(p) for p in raw["players"]])
    twice["players"][0] = dict(twice["players"][0], cubes=dict(twice["players"][0]["cubes"], stone=1))
    cases.append((twice, "$.supply.stone"))
    cases.append((dict(raw, pawns=[{"owner": 0, "space": "action:nowhere"}]), "$.pawns[0].space"))
    cases.append((dict(raw, roads_in_supply=20), "$.roads_in_supply"))
    for body, path in cases:
        answer = client.post("/v1/games/kingdom_of_solomon/apply",
                             json={"state": body, "action": {"type": "market_pass", "player": 0}})
        body = assert_problem(answer, 422, "invalid_state")
        assert error_paths(body) == ["$.state" + path[1:]]


def test_kos_11_2_variant_flag_on_a_four_player_state():
    """KOS-11.2: a posted 4-player state cannot carry the variant."""
    bad(lambda s: setattr(s.options, "variant_all_bonus", True), "$.options.variant_all_bonus", players=4)


def test_end_condition_met_but_round_not_final():
    """KOS-10.2: once KOS-10.1 holds, the round is final; a state that says otherwise is refused."""
    from rulesets.kingdom_of_solomon.components import MARKERS_PER_PLAYER, SITES

    def all_markers(state):
        for area in sorted(SITES)[:MARKERS_PER_PLAYER]:
            marker(state, 0, area)
    bad(all_markers, "$.final_round")
