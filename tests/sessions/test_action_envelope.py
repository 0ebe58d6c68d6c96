"""An action's body is checked without webargs when it is the common shape
(``service.sessions.schemas.plain_action_request``); what it lets through must be exactly
what ``ActionRequest`` loads, and everything else is still the schema's to refuse."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from service.sessions.schemas import MAX_VERSION, ActionRequest, plain_action_request

DRAW = {"type": "draw", "player": 0}
BODIES = [
    {"action": DRAW},
    {"action": DRAW, "expected_version": 0},
    {"action": DRAW, "expected_version": None},
    {"action": DRAW, "expected_version": MAX_VERSION},
    {"action": DRAW, "expected_version": MAX_VERSION + 1},
    {"action": DRAW, "expected_version": -1},
    {"action": DRAW, "expected_version": True},
    {"action": DRAW, "expected_version": 1.0},
    {"action": DRAW, "expected_version": "1"},
    {"action": DRAW, "extra": 1},
    {"action": None},
    {"action": [DRAW]},
    {"action": "draw"},
    {"expected_version": 0},
    {},
    [DRAW],
    "draw",
    None,
]


@pytest.mark.parametrize("body", BODIES, ids=repr)
def test_what_passes_unchecked_is_what_the_schema_loads(body):
    try:
        loaded = ActionRequest().load(body)
    except ValidationError:
        loaded = None
    plain = plain_action_request(body)
    if plain is not None:
        assert loaded is not None, "the plain check let through a body the schema refuses"
        assert plain == loaded


def test_the_common_bodies_take_the_plain_path():
    assert plain_action_request({"action": DRAW, "expected_version": 3}) == {"action": DRAW, "expected_version": 3}
    assert plain_action_request({"action": DRAW}) == {"action": DRAW, "expected_version": None}


@pytest.mark.parametrize("body, path", [
    ({"action": DRAW, "expected_version": True}, "$.expected_version"),
    ({"action": DRAW, "expected_version": MAX_VERSION + 1}, "$.expected_version"),
    ({"action": [DRAW]}, "$.action"),
    ({"expected_version": 0}, "$.action"),
    ({"action": DRAW, "colour": "red"}, "$.colour"),
])
def test_bodies_off_the_plain_path_are_refused_as_the_schema_words_it(client, card_nim, body, path):
    created = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "seed": "envelope"}).json
    response = client.post(f"/v1/sessions/{created['session_id']}/actions", json=body,
                           headers={"Authorization": f"Bearer {created['seat_tokens'][0]}"})
    assert response.status_code == 422 and response.json["code"] == "invalid_request"
    assert [error["path"] for error in response.json["errors"]] == [path]
