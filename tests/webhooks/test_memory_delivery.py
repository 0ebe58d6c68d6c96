"""Without Redis the service delivers from a background thread: the same signatures, attempts
and backoff (not durable: the README says so)."""

from __future__ import annotations

from standardwebhooks import Webhook

from service import create_app

from .conftest import LOOPBACK


def test_the_in_memory_queue_retries_with_one_webhook_id(card_nim, receiver):
    app = create_app({"WEBHOOK_ALLOWED_HOSTS": [LOOPBACK], "WEBHOOK_RETRY_SECONDS": [0, 1]})
    assert app.config.get("REDIS_URL") is None
    client = app.test_client()
    receiver.plan = [500, 502]
    created = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "webhooks": [
        {"url": receiver.url, "events": ["turn"]}]}).json
    acted = client.post(f"/v1/sessions/{created['session_id']}/actions",
                        json={"action": {"type": "draw", "player": 0}},
                        headers={"Authorization": f"Bearer {created['seat_tokens'][0]}"})
    assert acted.status_code == 200
    tries = receiver.wait_for(3)
    assert len(tries) == 3 and len({t.headers["webhook-id"] for t in tries}) == 1
    assert Webhook(created["webhook_secret"]).verify(tries[-1].body, tries[-1].headers)["data"]["version"] == 1


def test_the_in_memory_queue_gives_up_after_its_retries(card_nim, receiver):
    app = create_app({"WEBHOOK_ALLOWED_HOSTS": [LOOPBACK], "WEBHOOK_RETRY_SECONDS": [0]})
    client = app.test_client()
    receiver.plan = [500, 500, 500]
    created = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "webhooks": [
        {"url": receiver.url, "events": ["turn"]}]}).json
    client.post(f"/v1/sessions/{created['session_id']}/actions", json={"action": {"type": "draw", "player": 0}},
                headers={"Authorization": f"Bearer {created['seat_tokens'][0]}"})
    assert len(receiver.wait_for(3, seconds=2)) == 2  # one attempt, one retry, then no more
