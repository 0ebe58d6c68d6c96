"""The document's examples work: what Swagger UI's "Try it out" sends with an example is
accepted, and the example answer is what the server answers (issue 18: the old setup example
was ``{"players": 0}``, a 422)."""

from __future__ import annotations

import copy
import json

import pytest

from rulesets.core.host import ruleset_ids
from service import create_app
from service.openapi_examples import with_stand_ins

from .document_schemas import check_answer, check_schema, document

REF = "#/components/examples/"
STATELESS = ["setup", "legal-actions", "validate", "apply", "view", "replay", "verify"]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING"}).test_client()


def _example(media: dict, game: str) -> dict:
    example = media["examples"][game]
    if "$ref" in example:
        example = document()["components"]["examples"][example["$ref"][len(REF):]]
    return example["value"]


def _without_the_salt(setup_answer: dict) -> dict:
    """A setup without a salt gets a fresh one: the salt and the commitment it blinds differ."""
    out = copy.deepcopy(setup_answer)
    out["state"]["rng"].pop("salt")
    out.pop("seed_commitment")
    return out


@pytest.mark.parametrize("game", ruleset_ids())
@pytest.mark.parametrize("name", STATELESS)
def test_each_example_request_gets_the_example_answer(client, game, name):
    path = f"/v1/games/{game}/{name}"
    operation = document()["paths"][path]["post"]
    request = _example(operation["requestBody"]["content"]["application/json"], game)
    expected = _example(operation["responses"]["200"]["content"]["application/json"], game)
    check_schema(operation["requestBody"]["content"]["application/json"]["schema"]["$ref"].split("/")[-1], request)
    check_answer(path, "post", 200, expected)
    answer = client.post(path, json=request)
    assert answer.status_code == 200, answer.json
    if name == "setup":
        assert _without_the_salt(answer.json) == _without_the_salt(expected)
    else:
        assert answer.json == expected


def test_the_legal_actions_example_asks_for_one_action(client):
    for game in ruleset_ids():
        operation = document()["paths"][f"/v1/games/{game}/legal-actions"]["post"]
        assert len(_example(operation["responses"]["200"]["content"]["application/json"], game)["actions"]) >= 1
        assert "types" in _example(operation["requestBody"]["content"]["application/json"], game)


def test_each_session_example_creates_a_session(client):
    media = document()["paths"]["/v1/sessions"]["post"]["requestBody"]["content"]["application/json"]
    assert set(media["examples"]) == set(ruleset_ids())
    for game in ruleset_ids():
        created = client.post("/v1/sessions", json=_example(media, game))
        assert created.status_code == 201, created.json
        assert created.json["game"] == game


def test_each_session_action_example_is_accepted_by_the_session_its_create_example_makes(client):
    paths = document()["paths"]
    create = paths["/v1/sessions"]["post"]["requestBody"]["content"]["application/json"]
    act = paths["/v1/sessions/{session_id}/actions"]["post"]["requestBody"]["content"]["application/json"]
    assert set(act["examples"]) == set(ruleset_ids())
    for game in ruleset_ids():
        created = client.post("/v1/sessions", json=_example(create, game)).json
        body = _example(act, game)
        seat = body["action"]["player"]
        acted = client.post(f"/v1/sessions/{created['session_id']}/actions", json=body,
                            headers={"Authorization": f"Bearer {created['seat_tokens'][seat]}"})
        assert acted.status_code == 200, (game, acted.json)
        assert acted.json["version"] == 1


@pytest.mark.parametrize("game", ruleset_ids())
def test_the_metadata_example_is_the_metadata_served(client, game):
    operation = document()["paths"][f"/v1/games/{game}"]["get"]
    expected = _example(operation["responses"]["200"]["content"]["application/json"], game)
    check_answer(f"/v1/games/{game}", "get", 200, expected)
    assert client.get(f"/v1/games/{game}").json == expected


def test_the_verify_example_is_a_whole_game_that_verifies(client):
    for game in ruleset_ids():
        operation = document()["paths"][f"/v1/games/{game}/verify"]["post"]
        answer = _example(operation["responses"]["200"]["content"]["application/json"], game)
        assert answer["verified"] is True and answer["game_over"] is True and answer["reasons"] == []


@pytest.mark.parametrize("game", ruleset_ids())
def test_the_session_answer_examples_are_what_a_session_made_from_the_examples_answers(client, game):
    """Played through HTTP: create with the create example, read, narrowed legal actions, the act example,
    the log; each answer, random ids and tokens swapped for the stand-ins, is its operation's example."""
    paths = document()["paths"]
    media = paths["/v1/sessions"]["post"]["requestBody"]["content"]["application/json"]
    body = _example(paths["/v1/sessions/{session_id}/actions"]["post"]["requestBody"]["content"]["application/json"],
                    game)
    created = client.post("/v1/sessions", json=_example(media, game))
    sid, token = created.json["session_id"], created.json["seat_tokens"][body["action"]["player"]]
    auth = {"Authorization": f"Bearer {token}"}
    narrowing = {key: value for key, value in body["action"].items() if key not in ("type", "player")
                 and isinstance(value, (str, int, bool))}
    query = {"type": body["action"]["type"], **({"where": json.dumps(narrowing)} if narrowing else {})}
    answers = {
        ("/v1/sessions", "post", "201"): created,
        ("/v1/sessions/{session_id}", "get", "200"): client.get(f"/v1/sessions/{sid}", headers=auth),
        ("/v1/sessions/{session_id}/legal-actions", "get", "200"):
            client.get(f"/v1/sessions/{sid}/legal-actions", headers=auth, query_string=query),
        ("/v1/sessions/{session_id}/actions", "post", "200"):
            client.post(f"/v1/sessions/{sid}/actions", json=body, headers=auth),
        ("/v1/sessions/{session_id}/log", "get", "200"): client.get(f"/v1/sessions/{sid}/log", headers=auth),
    }
    for (path, method, status), answer in answers.items():
        assert str(answer.status_code) == status, (path, answer.json)
        expected = _example(paths[path][method]["responses"][status]["content"]["application/json"], game)
        assert with_stand_ins(answer.json) == expected, path


@pytest.mark.parametrize("game", ruleset_ids())
def test_the_components_example_is_the_document_served(client, game):
    operation = document()["paths"][f"/v1/games/{game}/components"]["get"]
    expected = _example(operation["responses"]["200"]["content"]["application/json"], game)
    assert client.get(f"/v1/games/{game}/components").json == expected
