"""Headers on every answer: nosniff everywhere; no-store where a full state or a token
leaves; Vary: Authorization and Cache-Control on every session answer, errors included;
a Content-Security-Policy on /docs."""

from __future__ import annotations

import pytest

from service import create_app
from service.docs import DOCS_CSP


@pytest.fixture(scope="module")
def client(card_nim):
    return create_app({"LOG_LEVEL": "WARNING", "CORS_ORIGINS": "https://app.example, https://other.example"}).test_client()


@pytest.fixture(scope="module")
def game(client):
    state = client.post("/v1/games/card_nim/setup", json={"players": 2, "seed": 1}).json["state"]
    return state


@pytest.fixture(scope="module")
def session(client):
    return client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "seed": 1}).json


def _every_kind_of_answer(client, state, session):
    sid, seat = session["session_id"], {"Authorization": f"Bearer {session['seat_tokens'][0]}"}
    return {
        "healthz": client.get("/healthz"),
        "games": client.get("/v1/games"),
        "openapi": client.get("/openapi.yaml"),
        "docs": client.get("/docs/"),
        "not found": client.get("/nowhere"),
        "setup": client.post("/v1/games/card_nim/setup", json={"players": 2}),
        "setup refused": client.post("/v1/games/card_nim/setup", json={"players": 9}),
        "apply": client.post("/v1/games/card_nim/apply", json={"state": state, "action": {"type": "draw", "player": 0}}),
        "replay": client.post("/v1/games/card_nim/replay", json={"players": 2, "seed": 1, "actions": []}),
        "view": client.post("/v1/games/card_nim/view", json={"state": state, "player": 0}),
        "legal": client.post("/v1/games/card_nim/legal-actions", json={"state": state, "player": 0}),
        "bad json": client.post("/v1/games/card_nim/apply", data=b"{", content_type="application/json"),
        "session read": client.get(f"/v1/sessions/{sid}", headers=seat),
        "session 304": client.get(f"/v1/sessions/{sid}", headers={**seat, "If-None-Match": '"0"'}),
        "session 401": client.get(f"/v1/sessions/{sid}", headers={"Authorization": "Bearer nope"}),
        "session 404": client.get("/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA", headers=seat),
        "session unrouted 404": client.get(f"/v1/sessions/{sid}/nothing/here"),
        "session log": client.get(f"/v1/sessions/{sid}/log"),
        "session legal": client.get(f"/v1/sessions/{sid}/legal-actions", headers=seat),
        "session create": client.post("/v1/sessions", json={"game": "card_nim", "players": 2}),
        "session create refused": client.post("/v1/sessions", json={"game": "card_nim", "players": 9}),
    }


def test_every_answer_is_nosniff(client, game, session):
    for name, response in _every_kind_of_answer(client, game, session).items():
        assert response.headers.get("X-Content-Type-Options") == "nosniff", name


@pytest.mark.parametrize("name", ["setup", "apply", "replay", "session create"])
def test_answers_with_a_full_state_or_a_token_are_no_store(client, game, session, name):
    response = _every_kind_of_answer(client, game, session)[name]
    assert response.status_code in (200, 201), response.json
    assert response.headers["Cache-Control"] == "no-store"


def test_every_session_answer_varies_by_token_and_says_how_to_cache(client, game, session):
    answers = _every_kind_of_answer(client, game, session)
    for name, response in answers.items():
        if not name.startswith("session"):
            continue
        vary = [value.strip() for value in response.headers.get("Vary", "").split(",")]
        assert "Authorization" in vary, (name, response.status_code)
        assert response.headers.get("Cache-Control"), (name, response.status_code)
    assert answers["session 401"].status_code == 401 and answers["session 404"].status_code == 404
    assert answers["session 304"].status_code == 304
    assert answers["session read"].headers["Cache-Control"] == "private, no-cache"


def test_every_answer_says_its_language_and_varies_by_accept_language(client, game, session):
    """Issue 25: ``Content-Language`` and ``Vary: Accept-Language`` on every answer, errors included (a 304
    carries no content, so no ``Content-Language``: Werkzeug drops it as RFC 9110 15.4.5 allows)."""
    for name, response in _every_kind_of_answer(client, game, session).items():
        vary = [value.strip() for value in response.headers.get("Vary", "").split(",")]
        assert "Accept-Language" in vary, (name, response.status_code)
        if response.status_code != 304:
            assert response.headers.get("Content-Language") == "en", (name, response.status_code)


def test_cors_vary_and_authorization_vary_live_together(client, session):
    response = client.get(f"/v1/sessions/{session['session_id']}", headers={"Origin": "https://app.example"})
    vary = {value.strip() for value in response.headers["Vary"].split(",")}
    assert {"Origin", "Authorization"} <= vary


def test_docs_carry_a_content_security_policy(client):
    for path in ("/docs/", "/docs/swagger-initializer.js", "/docs/swagger-ui.css", "/docs/missing.js"):
        response = client.get(path)
        assert response.headers["Content-Security-Policy"] == DOCS_CSP, path
    assert "script-src 'self';" in DOCS_CSP and "'unsafe-inline'" not in DOCS_CSP and "'unsafe-eval'" not in DOCS_CSP
