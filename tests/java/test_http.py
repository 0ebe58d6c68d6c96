"""Java over HTTP: setup, legal actions, apply, and bad states refused with 422 and the path."""

from __future__ import annotations

import orjson
import pytest

from rulesets.core import to_builtins
from rulesets.java import RULESET as R
from rulesets.testing.playout import random_playout
from tests.game_http import game_poster, stateless_client
from tests.service.problem_checks import assert_problem, damaged, error_paths

from .scenario import checked, dev, lay, new, palace

post = game_poster("java")


@pytest.fixture(scope="module")
def client():
    return stateless_client()


@pytest.fixture(scope="module")
def board_state():
    state = new(2, seed="java-http")
    lay(state, "triple", [(1, -3), (2, -3), (2, -4)], (2, -3))
    lay(state, "single_rice", [(1, -3)])
    lay(state, "single_village", [(0, -3)])
    lay(state, "single_village", [(0, -2)])
    palace(state, (0, -3), 2)
    dev(state, (2, -4), 1)
    return to_builtins(checked(state))


def test_java_14_1_setup_listing_and_apply_over_http(client):
    """JAVA-14.1: setup, the legal list, and apply through the service, identical to the ruleset."""
    assert any(g["id"] == "java" for g in client.get("/v1/games").json["games"])
    answer = post(client, "setup", {"players": 3, "seed": "java-http"}).json
    state = answer["state"]
    assert answer["status"]["active_players"] == [0] and answer["status"]["phase"] == "actions"
    menu = post(client, "legal-actions", {"state": state, "player": 0}).json["actions"]
    action = next(a for a in menu if a["type"] == "place_tile")
    response = post(client, "apply", {"state": state, "action": action})
    assert response.status_code == 200
    expected, events = R.apply(R.load_state(state), action)
    assert response.json["state"] == _json(to_builtins(expected))
    assert response.json["events"] == _json(to_builtins(events))
    body = assert_problem(post(client, "apply", {"state": state, "action": {**action, "player": 1}}), 422,
                          "not_your_turn")
    assert body["rule"] == "JAVA-3.1"


def _json(value):
    return orjson.loads(orjson.dumps(value))


DEFECTS = [
    ("developer on a pond", lambda s: (s["spaces"].__setitem__("0,0", {"stack": [], "developer": 0}),
                                       s["players"][0].update(developer_supply=11)),
     "$.state.spaces['0,0'].developer"),
    ("palace on a rice field", lambda s: s["palaces"][0].update(hex=[1, -3]), "$.state.palaces[0].hex"),
    ("stack with a gap", lambda s: s["spaces"]["1,-3"].update(stack=s["spaces"]["1,-3"]["stack"][1:]),
     "$.state.spaces['1,-3'].stack[0]"),
    ("tile counted twice", lambda s: s["spaces"]["2,-3"].update(stack=s["spaces"]["2,-3"]["stack"] * 2),
     "$.state.spaces['2,-3'].stack[1]"),
]


@pytest.mark.parametrize("name, how, path", DEFECTS, ids=[d[0] for d in DEFECTS])
@pytest.mark.parametrize("endpoint", ["apply", "legal-actions"])
def test_java_2_16_bad_states_are_422_with_the_path(client, board_state, endpoint, name, how, path):
    """JAVA-2.16, 2.5, 7.1: the spec's bad states are 422 invalid_state with the JSON path, never a 5xx."""
    payload = {"state": damaged(board_state, how)}
    payload.update({"action": {"type": "end_turn", "player": 0}} if endpoint == "apply" else {"player": 0})
    body = assert_problem(post(client, endpoint, payload), 422, "invalid_state")
    assert error_paths(body) == [path]


def test_java_14_3_game_over_is_reported_before_unknown_player_over_http(client):
    """JAVA-14.3: the validation order is game_over, then unknown_player: an action on a finished game
    from a seat the game does not have is game_over (JAVA-11.4), over HTTP as in the library; validate
    answers it as an illegal action, not a malformed request."""
    state = to_builtins(random_playout(R, 2, "java-order", sample_legal=0, nudges=0).state)
    assert state["phase"] == "game_over"
    action = {"type": "end_turn", "player": 7}
    body = assert_problem(post(client, "apply", {"state": state, "action": action}), 422, "game_over")
    assert body["rule"] == "JAVA-11.4"
    verdict = post(client, "validate", {"state": state, "action": action})
    assert verdict.status_code == 200, verdict.get_data(as_text=True)
    assert verdict.json["legal"] is False and verdict.json["violation"]["code"] == "game_over"
    live = to_builtins(new(2, seed="java-order"))
    body = assert_problem(post(client, "apply", {"state": live, "action": action}), 422, "unknown_player")
    assert body["rule"] == "JAVA-1.1"
