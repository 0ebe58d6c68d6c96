"""Redis going away mid-game: session calls answer 503 fast, stateless calls carry on,
and once Redis is back every session resumes where it was, nothing lost.

These tests own their redis-server (they kill and freeze it), so they skip when the
environment points them at an external REDIS_URL.
"""

from __future__ import annotations

import time

import orjson
import pytest

from .redis_server import RedisServer, external_url

pytestmark = pytest.mark.skipif(external_url() is not None, reason="needs a redis-server of its own to stop")


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def persistent_redis():
    server = RedisServer(persistent=True).start()
    yield server
    server.stop()


@pytest.fixture
def outage_app(persistent_redis, key_prefix, card_nim):
    from service import create_app

    app = create_app({"REDIS_URL": persistent_redis.url, "SESSION_KEY_PREFIX": key_prefix})
    yield app
    app.extensions["sessions"].store.close()


def play_draws(client, app, sid, tokens, count):
    for _ in range(count):
        seat = orjson.loads(app.extensions["sessions"].store.snapshot(sid).state)["turn"]
        response = client.post(f"/v1/sessions/{sid}/actions", json={"action": {"type": "draw", "player": seat}},
                               headers=bearer(tokens[seat]))
        assert response.status_code == 200, response.json


def assert_sessions_unavailable(client, sid, tokens, within):
    started = time.monotonic()
    calls = [
        client.post("/v1/sessions", json={"game": "card_nim", "players": 2}),
        client.get(f"/v1/sessions/{sid}", headers=bearer(tokens[0])),
        client.get(f"/v1/sessions/{sid}/legal-actions", headers=bearer(tokens[0])),
        client.get(f"/v1/sessions/{sid}/log"),
        client.post(f"/v1/sessions/{sid}/actions", json={"action": {"type": "draw", "player": 0}},
                    headers=bearer(tokens[0])),
    ]
    assert time.monotonic() - started < within
    for response in calls:
        assert response.status_code == 503, response.json
        assert response.headers["Retry-After"] == "1"
        assert response.mimetype == "application/problem+json" and response.json["code"] == "sessions_unavailable"


def assert_stateless_still_answer(client):
    setup = client.post("/v1/games/card_nim/setup", json={"players": 2, "seed": 3})
    assert setup.status_code == 200
    state = setup.json["state"]
    seat = state["turn"]
    applied = client.post("/v1/games/card_nim/apply",
                          json={"state": state, "action": {"type": "draw", "player": seat}})
    assert applied.status_code == 200, applied.json
    assert client.get("/v1/games").status_code == 200 and client.get("/healthz").status_code == 200


def snapshot_of(client, sid, tokens):
    return ([client.get(f"/v1/sessions/{sid}", headers=bearer(t)).json for t in tokens],
            [client.get(f"/v1/sessions/{sid}/log", headers=bearer(t)).json for t in tokens])


def test_redis_killed_and_restarted_sessions_resume_with_nothing_lost(persistent_redis, outage_app):
    client = outage_app.test_client()
    body = client.post("/v1/sessions", json={"game": "card_nim", "players": 3, "seed": "outage"}).json
    sid, tokens = body["session_id"], body["seat_tokens"]
    play_draws(client, outage_app, sid, tokens, 4)
    before = snapshot_of(client, sid, tokens)
    assert before[0][0]["version"] == 4

    persistent_redis.kill()
    assert_sessions_unavailable(client, sid, tokens, within=3)
    assert_stateless_still_answer(client)
    ready = client.get("/readyz")
    assert ready.status_code == 503

    persistent_redis.restart()
    assert client.get("/readyz").status_code == 200
    assert snapshot_of(client, sid, tokens) == before  # every view and every log entry, as acknowledged
    play_draws(client, outage_app, sid, tokens, 2)
    log = client.get(f"/v1/sessions/{sid}/log").json
    assert log["version"] == 6 and [e["version"] for e in log["entries"]] == [1, 2, 3, 4, 5, 6]


def test_redis_frozen_fails_fast_then_thaws_with_nothing_lost(persistent_redis, outage_app):
    client = outage_app.test_client()
    body = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "seed": "freeze"}).json
    sid, tokens = body["session_id"], body["seat_tokens"]
    play_draws(client, outage_app, sid, tokens, 2)
    before = snapshot_of(client, sid, tokens)

    persistent_redis.pause()
    try:
        # five session calls, each bounded by the client's socket timeout
        assert_sessions_unavailable(client, sid, tokens, within=5 * 1.0 + 2.5)
        assert_stateless_still_answer(client)
    finally:
        persistent_redis.resume()
    assert snapshot_of(client, sid, tokens) == before
    play_draws(client, outage_app, sid, tokens, 1)
    assert client.get(f"/v1/sessions/{sid}").json["version"] == 3


@pytest.mark.parametrize("cluster", [False, True], ids=["server", "cluster"])
def test_a_store_down_before_the_first_request_answers_503_not_500(card_nim, cluster):
    """The node REDIS_URL names is down when the worker first needs it (a cluster client asks it for
    the slot map as it is made): every session request is a 503 with Retry-After, never a 500."""
    from service import create_app
    from tests.sessions.redis_server import free_port

    app = create_app({"REDIS_URL": f"redis://127.0.0.1:{free_port()}/0", "REDIS_CLUSTER": cluster,
                      "LOG_LEVEL": "WARNING"})
    client = app.test_client()
    created = client.post("/v1/sessions", json={"game": "card_nim", "players": 2})
    read = client.get("/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA")
    for answer in (created, read):
        assert answer.status_code == 503, answer.get_data(as_text=True)[:300]
        assert answer.json["code"] == "sessions_unavailable" and answer.headers["Retry-After"]
