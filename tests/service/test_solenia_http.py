"""Solenia, the first published ruleset, refereed over HTTP end to end."""

from __future__ import annotations

import random

import orjson
import pytest

from rulesets.core.host import get_ruleset, to_builtins
from tests.game_http import game_poster, stateless_client
from tests.service.problem_checks import assert_problem, damaged, error_paths
from tests.service.test_envelope import MIB

GAME = "/v1/games/solenia"
post = game_poster("solenia")


@pytest.fixture(scope="module")
def client():
    return stateless_client()


@pytest.fixture(scope="module")
def opening(client):
    """A 2-player game's opening state and one legal action of the active seat."""
    state = client.post(f"{GAME}/setup", json={"players": 2, "seed": "solenia-http"}).json["state"]
    action = client.post(f"{GAME}/legal-actions", json={"state": state, "player": 0}).json["actions"][0]
    return state, action


@pytest.mark.parametrize("players", [1, 2, 4])
def test_whole_game_over_http(client, players):
    solenia = get_ruleset("solenia")
    chooser = random.Random(players)
    answer = post(client, "setup", {"players": players, "seed": f"whole-{players}"}).json
    state, status = answer["state"], answer["status"]
    played = []
    while not status["game_over"]:
        seat = chooser.choice(status["active_players"])
        menu = post(client, "legal-actions", {"state": state, "player": seat}).json["actions"]
        assert menu, f"active seat {seat} has no legal action"
        action = chooser.choice(menu)
        if len(played) % 7 == 0:
            assert post(client, "validate", {"state": state, "action": action}).json == {"legal": True}
        response = post(client, "apply", {"state": state, "action": action})
        assert response.status_code == 200, response.json
        expected, events = solenia.apply(solenia.load_state(state), action)
        assert response.json["state"] == to_builtins(expected) and response.json["events"] == to_builtins(events)
        state, status = response.json["state"], response.json["status"]
        played.append(action)
        assert len(played) < 2000
    assert status["phase"] == "game_over" and len(status["scores"]) == players and status["winners"]
    replayed = post(client, "replay", {"players": players, "seed": f"whole-{players}", "salt": state["rng"]["salt"],
                                       "actions": played}).json
    assert replayed == {"state": state, "status": status}


def test_view_hides_the_seed_and_other_hands(client, opening):
    state, _ = opening
    view = post(client, "view", {"state": state, "player": 0}).json["view"]
    text = orjson.dumps(view).decode()
    assert "rng" not in view and "solenia-http" not in text
    mine, theirs = view["players"]
    assert mine["hand"] == state["players"][0]["hand"]
    assert "hand" not in theirs and theirs["hand_count"] == len(state["players"][1]["hand"])
    assert "deck" not in mine and "deck" not in theirs
    for card in state["players"][1]["hand"] + state["players"][0]["deck"]:
        assert f'"{card}"' not in text
    spectator = post(client, "view", {"state": state}).json["view"]
    assert all("hand" not in player for player in spectator["players"])


def test_illegal_action_cites_the_rule(client, opening):
    state, action = opening
    body = assert_problem(post(client, "apply", {"state": state, "action": {**action, "player": 1}}),
                          422, "not_your_turn")
    assert body["rule"].startswith("SOL-") and body["detail"]
    violation = post(client, "validate", {"state": state, "action": {**action, "player": 1}}).json["violation"]
    assert (violation["code"], violation["rule"]) == ("not_your_turn", body["rule"])


def _same_card_twice(s):
    s["players"][0]["hand"][1] = s["players"][0]["hand"][0]


def _card_missing(s):
    s["players"][1]["deck"].pop()


def _tile_missing(s):
    s["delivery"]["day_deck"].pop()


DEFECTS = [
    ("duplicated card", _same_card_twice, "invalid_state", "$.state.players[0].hand[1]"),
    ("missing card", _card_missing, "invalid_state", "$.state.players[1]"),
    ("missing tile", _tile_missing, "invalid_state", "$.state.delivery"),
    ("negative resource", lambda s: s["players"][0]["storage"].update(wood=-1), "invalid_state",
     "$.state.players[0].storage.wood"),
    ("negative stars", lambda s: s["players"][1].update(stars=-2), "invalid_state", "$.state.players[1].stars"),
    ("foreign card", lambda s: s["players"][0]["hand"].__setitem__(0, "purple-99"), "invalid_state",
     "$.state.players[0].hand[0]"),
    ("another game", lambda s: s.update(game="java"), "wrong_game", "$.state.game"),
    ("another rules version", lambda s: s.update(rules_version="0.1"), "rules_version_mismatch",
     "$.state.rules_version"),
]


@pytest.mark.parametrize("name, how, code, path", DEFECTS, ids=[d[0] for d in DEFECTS])
@pytest.mark.parametrize("endpoint", ["apply", "legal-actions"])
def test_refused_states_say_what_and_where(client, opening, endpoint, name, how, code, path):
    state, action = opening
    payload = {"state": damaged(state, how)}
    payload.update({"action": action} if endpoint == "apply" else {"player": 0})
    body = assert_problem(post(client, endpoint, payload), 422, code)
    assert error_paths(body) == [path]


def test_duplicated_card_names_both_places(client, opening):
    state, action = opening
    body = post(client, "apply", {"state": damaged(state, _same_card_twice), "action": action}).json
    assert "two places" in body["detail"] and "hand[0]" in body["detail"]


@pytest.mark.parametrize("endpoint, payload_of, path", [
    ("legal-actions", lambda state, action: {"state": state, "player": 2}, "$.player"),
    ("view", lambda state, action: {"state": state, "player": -1}, "$.player"),
    ("apply", lambda state, action: {"state": state, "action": {**action, "player": 5}}, "$.action.player"),
    ("validate", lambda state, action: {"state": state, "action": {**action, "player": 2}}, "$.action.player"),
])
def test_player_out_of_range(client, opening, endpoint, payload_of, path):
    body = assert_problem(post(client, endpoint, payload_of(*opening)), 422, "unknown_player")
    assert error_paths(body) == [path]


def test_envelope_errors_on_solenia(client, opening):
    state, action = opening
    assert_problem(client.post(f"{GAME}/apply", data=b"{" * (5 * MIB), content_type="application/json"),
                   413, "body_too_large")
    assert_problem(client.post(f"{GAME}/apply", data=orjson.dumps({"state": state})[:-5],
                               content_type="application/json"), 400, "malformed_json")
    assert_problem(client.post("/v1/games/soleniaa/apply", json={"state": state, "action": action}),
                   404, "unknown_game")


def test_apply_never_mutates_and_answers_byte_identically(client, opening):
    state, action = opening
    raw = orjson.dumps({"state": state, "action": action})
    first = client.post(f"{GAME}/apply", data=raw, content_type="application/json")
    second = client.post(f"{GAME}/apply", data=raw, content_type="application/json")
    assert first.status_code == 200 and first.data == second.data
    assert first.json["state"] != state
    # The state the client still holds is the one it sent: views of it are unchanged.
    before = post(client, "view", {"state": state, "player": 0}).data
    post(client, "apply", {"state": state, "action": action})
    assert post(client, "view", {"state": state, "player": 0}).data == before
    # And the library agrees that apply left its input alone.
    solenia = get_ruleset("solenia")
    typed = solenia.load_state(state)
    snapshot = orjson.dumps(to_builtins(typed))
    solenia.apply(typed, action)
    assert orjson.dumps(to_builtins(typed)) == snapshot
