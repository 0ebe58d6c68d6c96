"""Every answer of a seeded whole game of every game fits its schema in ``openapi.yaml``.

Stateless (setup, legal-actions, apply, view; validate and replay once) and through a
session (creation, every seat's reads, legal actions, actions, the log), each answer is
validated against the schema the document gives its path, method and status: the state,
the actions, the view, the events and the phase included. Seats play a seeded random legal
action each step.
"""

from __future__ import annotations

import random

import jsonschema
import jsonschema_rs
import pytest

from service import create_app
from tests.sessions.real_games import real_rulesets, seats_for

from .document_schemas import document, check_answer, check_schema, strict_check_answer, strict_check_schema

GAMES = real_rulesets()
MAX_STEPS = 3000


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING"}).test_client()


def _post(client, path: str, body: dict, status: int = 200) -> dict:
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.json
    check_answer(path, "post", status, answer.json)
    return answer.json


def _get(client, path: str, token: str | None = None, status: int = 200, **query) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = client.get(path, headers=headers, query_string=query)
    assert answer.status_code == status, answer.json
    check_answer(path.replace(path.split("/")[3], "{session_id}") if path.startswith("/v1/sessions/") else path,
                 "get", status, answer.json)
    return answer.json


@pytest.mark.parametrize("ruleset", GAMES, ids=[r.id for r in GAMES])
def test_game_metadata_answers_as_documented(client, ruleset):
    path = f"/v1/games/{ruleset.id}"
    check_answer(path, "get", 200, client.get(path).json)
    strict_check_answer(path, "get", 200, client.get(path).json)


SERVING_COMPONENTS = [r for r in GAMES if r.Components is not None]


@pytest.mark.parametrize("ruleset", SERVING_COMPONENTS, ids=[r.id for r in SERVING_COMPONENTS])
def test_a_games_components_answer_as_documented(client, ruleset):
    path = f"/v1/games/{ruleset.id}/components"
    answer = client.get(path)
    assert answer.status_code == 200
    check_answer(path, "get", 200, answer.json)


def test_a_game_without_components_lists_no_components_operation():
    for ruleset in GAMES:
        listed = f"/v1/games/{ruleset.id}/components" in document()["paths"]
        assert listed == (ruleset.Components is not None), ruleset.id


@pytest.mark.parametrize("ruleset", GAMES, ids=[r.id for r in GAMES])
def test_a_whole_stateless_game_answers_as_documented(client, ruleset):
    base = f"/v1/games/{ruleset.id}"
    players, seed = seats_for(ruleset), f"document-{ruleset.id}"
    chooser = random.Random(seed)
    setup = _post(client, f"{base}/setup", {"players": players, "seed": seed})
    strict_check_answer(f"{base}/setup", "post", 200, setup)
    state, status, actions = setup["state"], setup["status"], []
    for _ in range(MAX_STEPS):
        if status["game_over"]:
            break
        menus = {seat: _post(client, f"{base}/legal-actions", {"state": state, "player": seat})["actions"]
                 for seat in status["active_players"]}
        seat = chooser.choice([s for s, menu in menus.items() if menu])
        action = chooser.choice(menus[seat])
        applied = _post(client, f"{base}/apply", {"state": state, "action": action})
        _post(client, f"{base}/view", {"state": applied["state"], "player": seat})
        state, status = applied["state"], applied["status"]
        actions.append(action)
    else:
        pytest.fail(f"{ruleset.id}: no end after {MAX_STEPS} actions")
    _post(client, f"{base}/view", {"state": state})  # a spectator's, once the seed is revealed
    wrong_seat = {**actions[0], "player": (actions[0]["player"] + 1) % players}
    first = _post(client, f"{base}/setup", {"players": players, "seed": seed})["state"]
    _post(client, f"{base}/validate", {"state": first, "action": actions[0]})
    _post(client, f"{base}/validate", {"state": first, "action": wrong_seat})
    _post(client, f"{base}/replay", {"players": players, "seed": seed, "actions": actions})
    _post(client, f"{base}/apply", {"state": first, "action": wrong_seat}, status=422)


@pytest.mark.parametrize("ruleset", GAMES, ids=[r.id for r in GAMES])
def test_a_whole_session_game_answers_as_documented(client, ruleset):
    players, seed = seats_for(ruleset), f"document-session-{ruleset.id}"
    chooser = random.Random(seed)
    created = _post(client, "/v1/sessions", {"game": ruleset.id, "players": players, "seed": seed}, status=201)
    sid, tokens = created["session_id"], created["seat_tokens"]
    base = f"/v1/sessions/{sid}"
    for step in range(MAX_STEPS):
        status = _get(client, base, tokens[step % players])["status"]
        if status["game_over"]:
            break
        menus = {seat: _get(client, f"{base}/legal-actions", tokens[seat])["actions"]
                 for seat in status["active_players"]}
        seat = chooser.choice([s for s, menu in menus.items() if menu])
        acted = client.post(f"{base}/actions", json={"action": chooser.choice(menus[seat]), "expected_version": step},
                            headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert acted.status_code == 200, acted.json
        check_answer("/v1/sessions/{session_id}/actions", "post", 200, acted.json)
    else:
        pytest.fail(f"{ruleset.id}: no end after {MAX_STEPS} actions")
    for token in tokens + [None]:
        _get(client, base, token)
        _get(client, f"{base}/log", token)
    _get(client, f"{base}/legal-actions", None)


def test_an_answer_that_breaks_its_schema_is_caught():
    # The check can fail: a wrong phase name, an unknown action type, a missing member.
    good = {"phase": "play", "round": 1, "active_players": [0], "game_over": False}
    check_schema("solenia.Status", good)
    strict_check_schema("solenia.Status", good)
    bad_ones = [("solenia.Status", {**good, "phase": "nonsense"}),
                ("solenia.Status", {key: value for key, value in good.items() if key != "round"}),
                ("solenia.Action", {"type": "nonsense", "player": 0})]
    for name, bad in bad_ones:
        with pytest.raises(jsonschema_rs.ValidationError):
            check_schema(name, bad)
        with pytest.raises(jsonschema.ValidationError):
            strict_check_schema(name, bad)
