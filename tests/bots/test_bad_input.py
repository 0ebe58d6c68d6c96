"""Bot seats and timers refuse what they cannot do with a clear 4xx, never a 500."""

from __future__ import annotations

import pytest

from service.sessions.logic import Sessions
from service.sessions.errors import BotsUnavailable
from service.sessions.memory_store import MemoryStore

from .conftest import bearer


@pytest.fixture
def client():
    from service import create_app

    return create_app({"BOT_BUDGET_MS": 20}).test_client()


def _create(client, **extra):
    return client.post("/v1/sessions", json={"game": "solenia", "players": 2, "seed": 1, **extra})


@pytest.mark.parametrize("bots, path", [([2], "$.bots[0]"), ([-1], "$.bots[0]"), ([1, 1], "$.bots[1]")])
def test_bots_naming_a_seat_the_game_lacks_or_twice_is_422(client, bots, path):
    refused = _create(client, bots=bots)
    assert refused.status_code == 422, refused.json
    assert refused.json["code"] == "invalid_seat"
    assert refused.json["errors"][0]["path"] == path


@pytest.mark.parametrize("turn_seconds", [{"default": 0}, {"default": 7 * 86400 + 1}, {"default": 1.5},
                                          {"default": "60"}, {"per_seat": {"0": -5}}, {"per_seat": {"x": 5}},
                                          {"default": 60, "extra": 1}, 60])
def test_turn_seconds_out_of_range_or_malformed_is_422(client, turn_seconds):
    refused = _create(client, turn_seconds=turn_seconds)
    assert refused.status_code == 422, refused.json
    assert "turn_seconds" in str(refused.json["errors"])


def test_turn_seconds_for_a_seat_the_game_lacks_is_422(client):
    refused = _create(client, turn_seconds={"per_seat": {"2": 30}})
    assert refused.status_code == 422 and refused.json["code"] == "invalid_seat"
    assert refused.json["errors"][0]["path"] == "$.turn_seconds.per_seat.2"


def test_handing_a_seat_to_a_bot_needs_the_owner_a_real_seat_and_a_human_one(client):
    created = _create(client, bots=[1]).json
    sid, owner, seat0 = created["session_id"], created["owner_token"], created["seat_tokens"][0]
    path = f"/v1/sessions/{sid}/seats/%d/bot"
    assert client.post(path % 0).status_code == 401
    refused = client.post(path % 0, headers=bearer(seat0))
    assert refused.status_code == 403 and refused.json["code"] == "not_the_owner"
    refused = client.post(path % 2, headers=bearer(owner))
    assert refused.status_code == 404 and refused.json["code"] == "seat_not_found"
    refused = client.post(path % 1, headers=bearer(owner))
    assert refused.status_code == 409 and refused.json["code"] == "seat_already_bot"
    assert client.post(f"/v1/sessions/{'A' * 22}/seats/0/bot", headers=bearer(owner)).status_code == 404
    assert client.post(path % 0, headers=bearer(owner)).status_code == 200
    again = client.post(path % 0, headers=bearer(owner))
    assert again.status_code == 409 and again.json["code"] == "seat_already_bot"


def test_a_handed_seats_token_cannot_undo_either(client):
    created = _create(client).json
    sid, owner, token = created["session_id"], created["owner_token"], created["seat_tokens"][0]
    client.post(f"/v1/sessions/{sid}/seats/0/bot", headers=bearer(owner))
    refused = client.post(f"/v1/sessions/{sid}/undo", json={}, headers=bearer(token))
    assert refused.status_code == 403 and refused.json["code"] == "seat_played_by_bot"


def test_a_server_without_a_job_queue_refuses_bots_and_timers():
    """A Redis Cluster store without WEBHOOK_REDIS_URL has no RQ to run them on (the route says 501)."""
    sessions = Sessions(MemoryStore(60), wait_max_seconds=1, turns=None)
    with pytest.raises(BotsUnavailable):
        sessions.create("solenia", 2, 1, bots=[0])
    with pytest.raises(BotsUnavailable):
        sessions.create("solenia", 2, 1, turn_seconds={"default": 30})
    assert sessions.create("solenia", 2, 1).body["bots"] == []
