"""The stateless endpoints, driven through a small real game (Card Nim, ``tests/doubles/card_nim.py``).

Whole games over HTTP, every refusal class with its code and path into the request
body, redaction, replay, and determinism down to the byte.
"""

from __future__ import annotations

import random

import orjson
import pytest

from rulesets.core.host import to_builtins
from tests.service.problem_checks import assert_problem, damaged, error_paths


def post(client, endpoint, payload, game="card_nim"):
    return client.post(f"/v1/games/{game}/{endpoint}", json=payload)


def post_raw(client, endpoint, data, game="card_nim"):
    return client.post(f"/v1/games/{game}/{endpoint}", data=data, content_type="application/json")


# ------------------------------------------------------------------ metadata
def test_games_list_has_metadata(client):
    response = client.get("/v1/games")
    assert response.status_code == 200 and response.mimetype == "application/json"
    listed = next(game for game in response.json["games"] if game["id"] == "card_nim")
    assert listed == {"id": "card_nim", "title": "Card Nim (test double)", "min_players": 2, "max_players": 4,
                      "rules_version": "1"}


def test_game_detail_has_options_and_rule_index(client):
    detail = client.get("/v1/games/card_nim").json
    assert detail["options"][0]["name"] == "max_take" and detail["options"][0]["choices"] == [2, 3, 4]
    assert {"id": "CN-4", "title": "Drawing a card"} in detail["rules"]


# ------------------------------------------------------------------ setup
def test_setup_answers_state_and_status(client, card_nim_setup):
    state, status = card_nim_setup
    assert state["game"] == "card_nim" and len(state["players"]) == 3
    assert status == {"phase": "play", "round": 1, "active_players": [0], "game_over": False,
                      "scores": None, "winners": None}


def test_setup_is_byte_identical_for_a_seed_and_salt_and_varies_without_one(client):
    first = post(client, "setup", {"players": 2, "seed": "same", "salt": "pepper"}).data
    assert post(client, "setup", {"players": 2, "seed": "same", "salt": "pepper"}).data == first
    assert post(client, "setup", {"players": 2, "seed": "other", "salt": "pepper"}).data != first
    assert post(client, "setup", {"players": 2}).data != post(client, "setup", {"players": 2}).data


def test_one_seed_deals_one_game_whatever_the_fresh_salt(client):
    """The salt only blinds the seed's commitment: it changes no draw."""
    one, two = (post(client, "setup", {"players": 2, "seed": "same"}).json for _ in range(2))
    assert one["seed_commitment"] != two["seed_commitment"]
    assert one["state"]["rng"]["salt"] != two["state"]["rng"]["salt"]
    for answer in (one, two):
        del answer["state"]["rng"]["salt"], answer["seed_commitment"]
    assert one == two


def test_setup_options_are_used_and_checked(client):
    state = post(client, "setup", {"players": 2, "seed": 1, "options": {"max_take": 4}}).json["state"]
    assert state["max_take"] == 4
    body = assert_problem(post(client, "setup", {"players": 2, "options": {"max_take": 9}}), 422, "invalid_options")
    assert body["rule"] == "CN-3" and error_paths(body) == ["$.options.max_take"]
    body = assert_problem(post(client, "setup", {"players": 2, "options": {"colour": "red"}}), 422, "invalid_options")
    assert error_paths(body) == ["$.options.colour"]


@pytest.mark.parametrize("players", [0, 1, 5, -3, 10**12])
def test_setup_player_count_out_of_range(client, players):
    body = assert_problem(post(client, "setup", {"players": players}), 422, "invalid_player_count")
    assert body["rule"] == "CN-1" and error_paths(body) == ["$.players"]
    assert (body["min"], body["max"]) == (2, 4)


# ------------------------------------------------------------------ a whole game
def test_whole_game_over_http(client, card_nim):
    chooser = random.Random(3)
    response = post(client, "setup", {"players": 3, "seed": "whole"})
    state, status = response.json["state"], response.json["status"]
    played = []
    while not status["game_over"]:
        seat = status["active_players"][0]
        menu = post(client, "legal-actions", {"state": state, "player": seat}).json["actions"]
        assert menu, "an active seat must have a legal action"
        for other in range(3):
            if other != seat:
                assert post(client, "legal-actions", {"state": state, "player": other}).json["actions"] == []
        action = chooser.choice(menu)
        assert post(client, "validate", {"state": state, "action": action}).json == {"legal": True}
        applied = post(client, "apply", {"state": state, "action": action})
        assert applied.status_code == 200, applied.json
        # The service answers exactly what the library answers.
        expected_state, expected_events = card_nim.apply(card_nim.load_state(state), action)
        assert applied.json["state"] == to_builtins(expected_state)
        assert applied.json["events"] == to_builtins(expected_events)
        state, status = applied.json["state"], applied.json["status"]
        played.append(action)
        assert len(played) < 100
    assert status["phase"] == "over" and status["winners"] == [status["scores"].index(1)]
    replayed = post(client, "replay", {"players": 3, "seed": "whole", "salt": state["rng"]["salt"], "actions": played})
    assert replayed.status_code == 200 and replayed.json["state"] == state and replayed.json["status"] == status
    body = assert_problem(post(client, "apply", {"state": state, "action": {"type": "take", "player": 0,
                                                                             "stones": 1}}), 422, "game_over")
    assert body["rule"] == "CN-5"


# ------------------------------------------------------------------ rules refusals
def test_illegal_action_is_422_citing_rule_with_context(client, card_nim_setup):
    state, _ = card_nim_setup
    response = post(client, "apply", {"state": state, "action": {"type": "take", "player": 1, "stones": 1}})
    body = assert_problem(response, 422, "not_your_turn")
    assert body["rule"] == "CN-2" and body["title"] == "Illegal action"
    assert body["detail"] == "Seat 1 may not act now: the game awaits seat 0."
    assert body["active"] == [0]


def test_validate_reports_the_same_refusal_as_apply(client, card_nim_setup):
    state, _ = card_nim_setup
    action = {"type": "take", "player": 0, "stones": 4}
    refused = post(client, "apply", {"state": state, "action": action}).json
    answer = post(client, "validate", {"state": state, "action": action})
    assert answer.status_code == 200
    violation = answer.json["violation"]
    assert answer.json["legal"] is False
    # nearest (issue 25): the seat's legal takes, each one field from the refused one
    assert violation == {"code": "bad_take", "rule": "CN-3", "detail": "Take 1 to 3 stones.", "stones": 4,
                         "nearest": [{"type": "take", "player": 0, "stones": n} for n in (1, 2, 3)]}
    assert {key: refused[key] for key in violation} == violation


# ------------------------------------------------------------------ malformed actions
@pytest.mark.parametrize("action, path, code", [
    ({"type": "take", "player": 0, "stones": "2"}, "$.action.stones", "invalid_action"),
    ({"type": "take", "player": 0}, "$.action", "invalid_action"),
    ({"type": "fly", "player": 0}, "$.action.type", "invalid_action"),
    ({"player": 0, "stones": 1}, "$.action", "invalid_action"),
    ({"type": "take", "player": 0, "stones": 1, "extra": 1}, "$.action.extra", "invalid_action"),
    ({"type": "take", "player": 3, "stones": 1}, "$.action.player", "unknown_player"),
    ({"type": "take", "player": -1, "stones": 1}, "$.action.player", "unknown_player"),
])
@pytest.mark.parametrize("endpoint", ["apply", "validate"])
def test_malformed_action_is_422_with_path(client, card_nim_setup, endpoint, action, path, code):
    state, _ = card_nim_setup
    body = assert_problem(post(client, endpoint, {"state": state, "action": action}), 422, code)
    assert error_paths(body) == [path]


@pytest.mark.parametrize("endpoint", ["legal-actions", "view"])
@pytest.mark.parametrize("player", [3, -1, 99])
def test_seat_out_of_range_is_422_with_path(client, card_nim_setup, endpoint, player):
    state, _ = card_nim_setup
    body = assert_problem(post(client, endpoint, {"state": state, "player": player}), 422, "unknown_player")
    assert error_paths(body) == ["$.player"]


# ------------------------------------------------------------------ invalid states
def _duplicate_card(s):
    s["players"][1]["hand"][0] = s["players"][0]["hand"][0]


def _lose_card(s):
    s["deck"].pop()


def _foreign_card(s):
    s["deck"][0] = "joker"


STATE_DEFECTS = [
    ("duplicated card", _duplicate_card, "invalid_state", "$.state.players[1].hand[0]"),
    ("missing card", _lose_card, "invalid_state", "$.state"),
    ("foreign card", _foreign_card, "invalid_state", "$.state.deck[0]"),
    ("negative count", lambda s: s["players"][2].update(taken=-1), "invalid_state", "$.state.players[2].taken"),
    ("negative heap", lambda s: s.update(heap=-4), "invalid_state", "$.state.heap"),
    ("wrong type", lambda s: s.update(heap="many"), "invalid_state", "$.state.heap"),
    ("unknown field", lambda s: s.update(cheat=True), "invalid_state", "$.state.cheat"),
    ("missing field", lambda s: s.pop("deck"), "invalid_state", "$.state"),
    ("turn out of range", lambda s: s.update(turn=3), "invalid_state", "$.state.turn"),
    ("another game", lambda s: s.update(game="solenia"), "wrong_game", "$.state.game"),
    ("another rules version", lambda s: s.update(rules_version="0.9"), "rules_version_mismatch",
     "$.state.rules_version"),
    ("no game at all", lambda s: s.pop("game"), "invalid_state", "$.state"),
]


@pytest.mark.parametrize("name, how, code, path", STATE_DEFECTS, ids=[d[0] for d in STATE_DEFECTS])
@pytest.mark.parametrize("endpoint", ["legal-actions", "validate", "apply", "view"])
def test_invalid_state_is_422_with_code_and_path(client, card_nim_setup, endpoint, name, how, code, path):
    state, _ = card_nim_setup
    payload = {"state": damaged(state, how)}
    payload.update({"player": 0} if endpoint in ("legal-actions", "view") else
                   {"action": {"type": "take", "player": 0, "stones": 1}})
    body = assert_problem(post(client, endpoint, payload), 422, code)
    assert error_paths(body) == [path], body
    assert body["errors"][0]["message"] == body["detail"]


def test_foreign_state_names_what_was_expected(client, card_nim_setup):
    state, _ = card_nim_setup
    body = post(client, "apply", {"state": damaged(state, lambda s: s.update(rules_version="0.9")),
                                  "action": {"type": "take", "player": 0, "stones": 1}}).json
    assert body["expected"] == "1" and "0.9" in body["detail"]


# ------------------------------------------------------------------ view
def test_view_hides_seed_deck_and_other_hands(client, card_nim_setup):
    state, _ = card_nim_setup
    view = post(client, "view", {"state": state, "player": 1}).json["view"]
    text = orjson.dumps(view).decode()
    assert "rng" not in view and state["rng"]["seed"] not in text
    assert "deck" not in view and view["deck_count"] == len(state["deck"])
    assert view["players"][1]["hand"] == state["players"][1]["hand"]
    for seat in (0, 2):
        assert "hand" not in view["players"][seat] and view["players"][seat]["hand_count"] == 2
        for card in state["players"][seat]["hand"]:
            assert card not in text


def test_spectator_view_sees_no_hand(client, card_nim_setup):
    state, _ = card_nim_setup
    for payload in ({"state": state}, {"state": state, "player": None}):
        view = post(client, "view", payload).json["view"]
        assert all("hand" not in player and player["hand_count"] == 2 for player in view["players"])


# ------------------------------------------------------------------ replay
def test_replay_names_the_first_illegal_action(client):
    actions = [{"type": "take", "player": 0, "stones": 1}, {"type": "take", "player": 1, "stones": 2},
               {"type": "take", "player": 1, "stones": 1}, {"type": "take", "player": 0, "stones": 1}]
    body = assert_problem(post(client, "replay", {"players": 2, "seed": 5, "actions": actions}), 422, "not_your_turn")
    assert body["action_index"] == 2 and body["rule"] == "CN-2"


def test_replay_malformed_action_path_points_into_the_list(client):
    actions = [{"type": "take", "player": 0, "stones": 1}, {"type": "take", "player": 1, "stones": "x"}]
    body = assert_problem(post(client, "replay", {"players": 2, "seed": 5, "actions": actions}), 422, "invalid_action")
    assert body["action_index"] == 1 and error_paths(body) == ["$.actions[1].stones"]
    actions[1] = {"type": "take", "player": 7, "stones": 1}
    body = assert_problem(post(client, "replay", {"players": 2, "seed": 5, "actions": actions}), 422, "unknown_player")
    assert error_paths(body) == ["$.actions[1].player"]


def test_replay_setup_errors_point_at_the_envelope(client):
    body = assert_problem(post(client, "replay", {"players": 7, "seed": 5, "actions": []}), 422,
                          "invalid_player_count")
    assert error_paths(body) == ["$.players"] and "action_index" not in body
    body = assert_problem(post(client, "replay", {"players": 2, "actions": []}), 422, "invalid_request")
    assert error_paths(body) == ["$.seed"]


# ------------------------------------------------------------------ determinism
def test_identical_requests_get_byte_identical_answers(client, card_nim_setup):
    state, _ = card_nim_setup
    raw = orjson.dumps({"state": state, "action": {"type": "draw", "player": 0}})
    answers = {post_raw(client, "apply", raw).data for _ in range(3)}
    assert len(answers) == 1
    answer = orjson.loads(answers.pop())
    assert answer["state"] != state, "the action did something"
    assert answer["events"][1] == {"type": "card_drawn", "player": 0, "card": state["deck"][0], "visible_to": [0]}
    for endpoint in ("legal-actions", "view"):
        body = orjson.dumps({"state": state, "player": 0})
        assert len({post_raw(client, endpoint, body).data for _ in range(2)}) == 1


# ------------------------------------------------------------------ seating and narrowed legal actions
def test_setup_takes_the_first_player_and_refuses_a_seat_the_game_lacks(client):
    body = post(client, "setup", {"players": 3, "seed": 4, "first_player": 2}).json
    assert body["state"]["first_player"] == 2 and body["status"]["active_players"] == [2]
    problem = assert_problem(post(client, "setup", {"players": 3, "seed": 4, "first_player": 3}), 422,
                             "invalid_first_player")
    assert problem["rule"] == "CN-2"
    assert_problem(post(client, "setup", {"players": 3, "seed": 4, "first_player": "1"}), 422, "invalid_request")


def test_setup_refuses_colours_for_a_game_without_them(client):
    assert_problem(post(client, "setup", {"players": 2, "seed": 4, "colors": ["red", "blue"]}), 422, "invalid_color")


def test_replay_seats_the_game_as_setup_did(client):
    state = post(client, "setup", {"players": 2, "seed": 8, "first_player": 1}).json["state"]
    action = {"type": "take", "player": 1, "stones": 1}
    applied = post(client, "apply", {"state": state, "action": action}).json["state"]
    replayed = post(client, "replay", {"players": 2, "seed": 8, "first_player": 1, "salt": state["rng"]["salt"],
                                       "actions": [action]}).json
    assert replayed["state"] == applied


def test_legal_actions_narrowed_by_type_and_by_field(client, card_nim_setup):
    state, _ = card_nim_setup
    every = post(client, "legal-actions", {"state": state, "player": 0}).json["actions"]
    takes = post(client, "legal-actions", {"state": state, "player": 0, "types": ["take"]}).json["actions"]
    assert takes == [a for a in every if a["type"] == "take"] and takes
    two = post(client, "legal-actions", {"state": state, "player": 0, "where": {"stones": 2}}).json["actions"]
    assert two == [{"type": "take", "player": 0, "stones": 2}]
    assert_problem(post(client, "legal-actions", {"state": state, "player": 0, "types": "take"}), 422,
                   "invalid_request")
