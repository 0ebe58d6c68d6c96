"""A body nested deeper than a decoder follows is a 4xx on every endpoint, never a 500
(msgspec's fast decoder gives up near 1,000 levels, orjson at 1,024)."""

from __future__ import annotations

import orjson
import pytest

from rulesets.core.host import all_rulesets
from service import create_app

DEPTHS = [500, 1000, 1023, 1024, 5000]
GAMES = [ruleset.id for ruleset in all_rulesets()]


@pytest.fixture(scope="module")
def client():
    return create_app({"LOG_LEVEL": "CRITICAL"}).test_client()


@pytest.fixture(scope="module")
def states(client):
    return {game: client.post(f"/v1/games/{game}/setup", json={"players": 2, "seed": "deep"}).json["state"]
            for game in GAMES}


def _nested(depth: int) -> str:
    return '{"a":' * depth + "0" + "}" * depth


def _bodies(state: dict, depth: int) -> dict[str, list[str]]:
    deep, state_text = _nested(depth), orjson.dumps(state).decode()
    return {
        "apply": ['{"state":%s,"action":%s}' % (state_text, deep), '{"state":%s,"action":{"a":1}}' % deep],
        "validate": ['{"state":%s,"action":%s}' % (state_text, deep)],
        "legal-actions": ['{"state":%s,"player":0,"where":%s}' % (state_text, deep),
                          '{"state":%s,"player":0}' % deep],
        "view": ['{"state":%s,"player":0}' % deep],
        "setup": ['{"players":2,"options":%s}' % deep, '{"players":2,"seed":%s}' % deep],
        "replay": ['{"players":2,"seed":1,"actions":[%s]}' % deep],
    }


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("game", GAMES)
def test_deeply_nested_bodies_are_refused_with_a_4xx(client, states, game, depth):
    for endpoint, bodies in _bodies(states[game], depth).items():
        for body in bodies:
            response = client.post(f"/v1/games/{game}/{endpoint}", data=body, content_type="application/json")
            # a `where` naming a field no action has narrows the list to nothing: a fine answer
            allowed = (200, 400, 422) if '"where"' in body else (400, 422)
            assert response.status_code in allowed, (endpoint, body[:60], response.json)


@pytest.mark.parametrize("depth", DEPTHS)
def test_deeply_nested_session_bodies_are_refused_with_a_4xx(client, depth):
    created = client.post("/v1/sessions", json={"game": GAMES[0], "players": 2}).json
    deep = _nested(depth)
    for body in ['{"game":"%s","players":2,"options":%s}' % (GAMES[0], deep)]:
        assert client.post("/v1/sessions", data=body, content_type="application/json").status_code in (400, 422)
    response = client.post(f"/v1/sessions/{created['session_id']}/actions", data='{"action":%s}' % deep,
                           content_type="application/json",
                           headers={"Authorization": f"Bearer {created['seat_tokens'][0]}"})
    assert response.status_code in (400, 422), response.json
    response = client.get(f"/v1/sessions/{created['session_id']}/legal-actions", query_string={"where": deep},
                          headers={"Authorization": f"Bearer {created['seat_tokens'][0]}"})
    assert response.status_code in (200, 400), response.json
