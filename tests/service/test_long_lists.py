"""Long request lists are refused by their length before any item is checked, and a problem
lists at most the first 20 field errors (counting them all): a 1 MiB body of bad items costs
milliseconds and answers a few hundred bytes."""

from __future__ import annotations

import time

import orjson
import pytest

from service import create_app
from service.errors import MAX_LISTED_ERRORS


@pytest.fixture(scope="module")
def client(card_nim):
    return create_app({"LOG_LEVEL": "WARNING", "MAX_REPLAY_ACTIONS": 50}).test_client()


def _post(client, path, body: bytes):
    started = time.perf_counter()
    response = client.post(path, data=body, content_type="application/json")
    return response, time.perf_counter() - started


def _zeros(count: int) -> bytes:
    return b"[" + b",".join([b"0"] * count) + b"]"


def test_a_replay_of_half_a_million_actions_is_refused_at_once(client):
    response, seconds = _post(client, "/v1/games/card_nim/replay",
                              b'{"players":2,"seed":1,"actions":' + _zeros(500_000) + b"}")
    assert response.status_code == 422 and response.json["code"] == "invalid_request"
    assert response.json["errors"] == [{"path": "$.actions",
                                        "message": "At most 50 items are accepted here; this list has 500000."}]
    assert len(response.data) < 1000 and seconds < 1.0


def test_the_replay_cap_is_the_setting(card_nim):
    client = create_app({"LOG_LEVEL": "WARNING", "MAX_REPLAY_ACTIONS": 3}).test_client()
    take = {"type": "take", "player": 0, "stones": 1}
    answers = [client.post("/v1/games/card_nim/replay", json={"players": 2, "seed": 1, "actions": [take] * n})
               for n in (3, 4)]
    assert answers[0].json.get("code") != "invalid_request"  # read and judged by the rules
    assert answers[1].status_code == 422 and answers[1].json["errors"][0]["path"] == "$.actions"


def test_the_replay_cap_reads_the_environment(monkeypatch):
    from service.config import load_config

    assert load_config({})["MAX_REPLAY_ACTIONS"] == 5000
    assert load_config({"MAX_REPLAY_ACTIONS": "12"})["MAX_REPLAY_ACTIONS"] == 12


def test_errors_under_the_cap_list_the_first_twenty_and_count_them_all(client):
    response, _ = _post(client, "/v1/games/card_nim/replay", b'{"players":2,"seed":1,"actions":' + _zeros(50) + b"}")
    body = response.json
    assert response.status_code == 422 and body["error_count"] == 50
    assert len(body["errors"]) == MAX_LISTED_ERRORS == 20
    assert [e["path"] for e in body["errors"]] == [f"$.actions[{i}]" for i in range(20)]
    assert body["detail"].endswith("(and 49 more)")


def test_a_few_errors_are_all_listed_without_a_count(client):
    response, _ = _post(client, "/v1/games/card_nim/replay", b'{"players":2,"seed":1,"actions":[0,0]}')
    assert len(response.json["errors"]) == 2 and "error_count" not in response.json


@pytest.mark.parametrize("path, body", [
    ("/v1/games/card_nim/setup", b'{"players":2,"colors":%s}'),
    ("/v1/sessions", b'{"game":"card_nim","players":2,"colors":%s}'),
    ("/v1/games/card_nim/legal-actions", b'{"state":{"game":"card_nim"},"player":0,"types":%s}'),
])
def test_other_request_lists_are_bounded_too(client, path, body):
    response, seconds = _post(client, path, body % _zeros(400_000))
    assert response.status_code == 422 and len(response.data) < 1000 and seconds < 1.0
    assert "At most" in response.json["errors"][0]["message"]


def test_the_typed_path_bounds_types_as_the_literal_path_does(client):
    state = client.post("/v1/games/card_nim/setup", json={"players": 2, "seed": 1}).json["state"]
    too_many = client.post("/v1/games/card_nim/legal-actions",
                           json={"state": state, "player": 0, "types": ["take"] * 65})
    assert too_many.status_code == 422 and too_many.json["errors"][0]["path"] == "$.types"
    enough = client.post("/v1/games/card_nim/legal-actions", json={"state": state, "player": 0, "types": ["take"] * 64})
    assert enough.status_code == 200 and enough.json["actions"]


def test_the_session_type_query_is_bounded(client):
    created = client.post("/v1/sessions", json={"game": "card_nim", "players": 2}).json
    query = "&".join(["type=take"] * 65)
    response = client.get(f"/v1/sessions/{created['session_id']}/legal-actions?{query}",
                          headers={"Authorization": f"Bearer {created['seat_tokens'][0]}"})
    assert response.status_code == 422 and response.json["errors"][0]["path"] == "$.query.type"
    assert orjson.loads(response.data)["code"] == "invalid_request"
