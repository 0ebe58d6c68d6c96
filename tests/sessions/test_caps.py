"""The in-process store holds at most SESSION_MAX_COUNT sessions (503 with Retry-After past
it, logged), and every game refuses a seed longer than 128 characters, wherever one comes in."""

from __future__ import annotations

import pytest
from structlog.testing import capture_logs

from rulesets.core.host import MAX_SEED_LENGTH, all_rulesets
from service import create_app
from service.config import load_config
from service.sessions.memory_store import MemoryStore
from service.sessions.store import StoreFull

GAMES = [ruleset.id for ruleset in all_rulesets()]


@pytest.fixture
def client(card_nim):
    app = create_app({"LOG_LEVEL": "WARNING", "SESSION_MAX_COUNT": 3})
    return app.test_client()


def _create(client, game="card_nim", **extra):
    return client.post("/v1/sessions", json={"game": game, "players": 2, **extra})


def test_a_full_store_answers_503_with_retry_after_and_logs_it(client):
    created = [_create(client).json for _ in range(3)]
    with capture_logs() as logs:
        refused = [_create(client) for _ in range(2)]
    for response in refused:
        assert response.status_code == 503 and response.json["code"] == "sessions_full"
        assert int(response.headers["Retry-After"]) > 0
    full = [entry for entry in logs if entry["event"] == "session_store_full"]
    assert len(full) == 1 and full[0]["cap"] == 3 and full[0]["log_level"] == "warning"  # once per episode

    first = created[0]
    assert client.delete(f"/v1/sessions/{first['session_id']}",
                         headers={"Authorization": f"Bearer {first['owner_token']}"}).status_code == 204
    assert _create(client).status_code == 201
    assert _create(client).status_code == 503


def test_expired_sessions_make_room():
    now = [0.0]
    store = MemoryStore(10, max_sessions=2, clock=lambda: now[0])
    assert store.create("a", b"m", b"s") and store.create("b", b"m", b"s")
    with pytest.raises(StoreFull):
        store.create("c", b"m", b"s")
    now[0] = 11.0  # both idle past their expiry, before the periodic sweep is due
    assert store.create("c", b"m", b"s")
    assert store.create("d", b"m", b"s")  # full again
    now[0] = 11.5  # "d" expires early; the last look for room was half a second ago
    store._records["d"].expires_at = 11.4
    with pytest.raises(StoreFull):
        store.create("e", b"m", b"s")
    now[0] = 12.1  # a second later the full store looks again
    assert store.create("e", b"m", b"s")


def test_the_cap_is_a_setting():
    assert load_config({})["SESSION_MAX_COUNT"] == 10000
    assert load_config({"SESSION_MAX_COUNT": "7"})["SESSION_MAX_COUNT"] == 7


LONG_SEED = "s" * (MAX_SEED_LENGTH + 1)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_refuses_a_long_seed_at_setup_replay_and_session_creation(client, game):
    for response in (client.post(f"/v1/games/{game}/setup", json={"players": 2, "seed": LONG_SEED}),
                     client.post(f"/v1/games/{game}/replay", json={"players": 2, "seed": LONG_SEED, "actions": []}),
                     _create(client, game, seed=LONG_SEED)):
        assert response.status_code == 422, response.json
        assert response.json["code"] == "invalid_seed" and response.json["errors"][0]["path"] == "$.seed"
    longest = "s" * MAX_SEED_LENGTH
    assert client.post(f"/v1/games/{game}/setup", json={"players": 2, "seed": longest}).status_code == 200


@pytest.mark.parametrize("game", GAMES)
def test_every_game_refuses_a_posted_state_with_a_long_seed(client, game):
    state = client.post(f"/v1/games/{game}/setup", json={"players": 2, "seed": 1}).json["state"]
    state["rng"]["seed"] = "9" * 900 * 1024
    for endpoint, body in [("view", {"state": state, "player": 0}),
                           ("legal-actions", {"state": state, "player": 0})]:
        response = client.post(f"/v1/games/{game}/{endpoint}", json=body)
        assert response.status_code == 422 and response.json["code"] == "invalid_state"
        assert response.json["errors"][0]["path"] == "$.state.rng.seed"
