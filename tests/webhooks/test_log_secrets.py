"""The webhook secret never reaches a log line: not the service's, not the delivery's, not RQ's."""

from __future__ import annotations

from rq import Queue

from service.webhooks.queue import QUEUE_NAME

from .conftest import run_worker


def test_no_log_line_holds_the_webhook_secret(redis_app, receiver, queue_redis, capfd, caplog, monkeypatch):
    caplog.set_level("DEBUG")
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")
    client = redis_app.test_client()
    receiver.plan = [500]  # a failed attempt logs too
    created = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "webhooks": [
        {"url": receiver.url, "events": ["turn", "game_over"]}]}).json
    secret = created["webhook_secret"]
    client.post(f"/v1/sessions/{created['session_id']}/actions", json={"action": {"type": "draw", "player": 0}},
                headers={"Authorization": f"Bearer {created['seat_tokens'][0]}"})
    run_worker(queue_redis[0], until=lambda: len(receiver.requests) >= 2, logging_level="DEBUG")
    assert len(receiver.wait_for(2)) == 2
    logged = capfd.readouterr()
    text = logged.out + logged.err + caplog.text  # structlog writes to stdout; RQ logs through logging
    assert "webhook_failed" in text and "webhook_delivered" in text  # the lines were written, and captured
    assert f"webhook turn v1 of session {created['session_id']}" in caplog.text  # RQ's own log line of the job
    assert secret not in text and secret.removeprefix("whsec_") not in text
    assert Queue(QUEUE_NAME, connection=queue_redis[1]).count == 0
