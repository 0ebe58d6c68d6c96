"""Integers a client puts in a session query, body or header are bounded to what every store
takes (versions up to 2**53 - 1): past it is a 4xx, under Redis as in memory, never a 500."""

from __future__ import annotations

import pytest

from service import create_app
from service.sessions.schemas import MAX_VERSION

TOO_BIG = [MAX_VERSION + 1, 2**63 - 1, 2**63, 2**64, 10**30]


@pytest.fixture(params=["memory", "redis"])
def client(request, card_nim, key_prefix):
    config = {"LOG_LEVEL": "WARNING", "SESSION_WAIT_MAX_SECONDS": 1}
    if request.param == "redis":
        config.update(REDIS_URL=request.getfixturevalue("redis_url"), SESSION_KEY_PREFIX=key_prefix)
    app = create_app(config)
    yield app.test_client()
    app.extensions["sessions"].store.close()


@pytest.fixture
def session(client):
    created = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "seed": "bounds"}).json
    return created["session_id"], {"Authorization": f"Bearer {created['seat_tokens'][0]}"}


def _invalid(response, path):
    assert response.status_code == 422, response.json
    assert response.json["code"] == "invalid_request"
    assert [error["path"] for error in response.json["errors"]] == [path]


@pytest.mark.parametrize("since", TOO_BIG)
def test_log_since_past_the_bound_is_422(client, session, since):
    sid, _ = session
    _invalid(client.get(f"/v1/sessions/{sid}/log?since={since}"), "$.query.since")


def test_log_since_at_the_bound_is_an_empty_page(client, session):
    sid, auth = session
    response = client.get(f"/v1/sessions/{sid}/log?since={MAX_VERSION}", headers=auth)
    assert response.status_code == 200 and response.json["entries"] == []


@pytest.mark.parametrize("wait_version", TOO_BIG)
def test_wait_version_past_the_bound_is_422(client, session, wait_version):
    sid, _ = session
    _invalid(client.get(f"/v1/sessions/{sid}?wait_version={wait_version}&wait_seconds=0"), "$.query.wait_version")


def test_wait_version_at_the_bound_answers(client, session):
    sid, _ = session
    assert client.get(f"/v1/sessions/{sid}?wait_version={MAX_VERSION}&wait_seconds=0").status_code == 200


def test_expected_version_past_the_bound_is_422(client, session):
    sid, auth = session
    response = client.post(f"/v1/sessions/{sid}/actions", headers=auth,
                           json={"action": {"type": "draw", "player": 0}, "expected_version": MAX_VERSION + 1})
    _invalid(response, "$.expected_version")


def test_expected_version_at_the_bound_is_a_conflict(client, session):
    sid, auth = session
    response = client.post(f"/v1/sessions/{sid}/actions", headers=auth,
                           json={"action": {"type": "draw", "player": 0}, "expected_version": MAX_VERSION})
    assert response.status_code == 409 and response.json["current_version"] == 0


def test_if_match_past_the_bound_is_400(client, session):
    sid, auth = session
    response = client.post(f"/v1/sessions/{sid}/actions", headers={**auth, "If-Match": f'"{MAX_VERSION + 1}"'},
                           json={"action": {"type": "draw", "player": 0}})
    assert response.status_code == 400 and response.json["code"] == "invalid_if_match"
