"""No log line holds a token, a token digest, a seed or a state, even when a request fails
around a session (where those are every frame's local variables)."""

from __future__ import annotations

import orjson
import pytest

from service import create_app
from service.logs import describe_exception
from service.sessions import tokens

SEED = "log-secrets-seed-7f3a9c1e"


def _failing(*_args, **_kwargs):
    raise RuntimeError("the state was " + SEED)  # a message quoting a secret must not reach the log either


@pytest.fixture
def app(card_nim):
    return create_app({"LOG_LEVEL": "INFO"})


def _log_lines(capfd) -> list[dict]:
    return [orjson.loads(line) for line in capfd.readouterr().out.splitlines() if line.startswith("{")]


def _secrets_in(text: str, secrets: list[str]) -> list[str]:
    return [secret for secret in secrets if secret in text]


@pytest.mark.parametrize("where", ["read", "act", "log", "legal-actions"])
def test_a_failure_around_a_session_logs_type_and_place_but_no_token_digest_seed_or_state(
        app, card_nim, capfd, monkeypatch, where):
    client = app.test_client()
    created = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "seed": SEED}).json
    sid, token = created["session_id"], created["seat_tokens"][0]
    stored_state = app.extensions["sessions"].store.snapshot(sid).state.decode()
    capfd.readouterr()  # only what the failing request writes

    # Each endpoint fails after the token is checked and the full state decoded.
    failing_method = {"read": "status", "act": "apply", "log": "view_events", "legal-actions": "legal_actions"}[where]
    monkeypatch.setattr(card_nim, failing_method, _failing)
    headers = {"Authorization": f"Bearer {token}", "X-Request-ID": f"leak-{where}"}
    if where == "read":
        response = client.get(f"/v1/sessions/{sid}", headers=headers)
    elif where == "act":
        response = client.post(f"/v1/sessions/{sid}/actions", json={"action": {"type": "draw", "player": 0}},
                               headers=headers)
    elif where == "log":
        monkeypatch.undo()
        assert client.post(f"/v1/sessions/{sid}/actions", json={"action": {"type": "draw", "player": 0}},
                           headers=headers).status_code == 200
        monkeypatch.setattr(card_nim, failing_method, _failing)
        capfd.readouterr()
        response = client.get(f"/v1/sessions/{sid}/log", headers=headers)
    else:
        response = client.get(f"/v1/sessions/{sid}/legal-actions", headers=headers)
    assert response.status_code == 500

    lines = _log_lines(capfd)
    text = "\n".join(orjson.dumps(line).decode() for line in lines)
    every_token = created["seat_tokens"] + [created["owner_token"]]
    secrets = [*every_token, *(tokens.digest(t) for t in every_token), SEED]
    assert _secrets_in(text, secrets) == []
    assert '"rng"' not in text and stored_state[:40] not in text and "deck" not in text
    failure = [line for line in lines if line.get("event") == "unhandled_exception"]
    assert len(failure) == 1 and failure[0]["request_id"] == f"leak-{where}"
    exception = failure[0]["exception"]
    assert exception["type"] == "RuntimeError"
    assert exception["frames"][-1]["function"] == "_failing"
    assert any(frame["file"].endswith("service/sessions/logic.py") for frame in exception["frames"])



def test_a_failure_in_a_stateless_endpoint_logs_no_seed_or_state(app, card_nim, capfd, monkeypatch):
    client = app.test_client()
    state = client.post("/v1/games/card_nim/setup", json={"players": 2, "seed": SEED}).json["state"]
    capfd.readouterr()
    monkeypatch.setattr(card_nim, "view", _failing)
    response = client.post("/v1/games/card_nim/view", json={"state": state, "player": 0})
    assert response.status_code == 500
    text = capfd.readouterr().out
    assert "unhandled_exception" in text and "RuntimeError" in text
    assert SEED not in text and '"rng"' not in text and "deck" not in text


def test_describe_exception_names_type_frames_and_cause_only():
    try:
        try:
            {}["token-abc"]
        except KeyError as inner:
            raise ValueError("seed 123") from inner
    except ValueError as error:
        described = describe_exception(error)
    assert described["type"] == "ValueError" and described["cause_type"] == "KeyError"
    assert described["frames"][-1]["function"] == "test_describe_exception_names_type_frames_and_cause_only"
    assert "token-abc" not in repr(described) and "123" not in repr(described)
