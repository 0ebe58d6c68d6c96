"""Deliveries through RQ on a real redis-server, to a real HTTP receiver, signatures checked
with the Standard Webhooks library's own verifier."""

from __future__ import annotations

import orjson
import pytest
import redis
from rq import Queue
from rq.job import Job, JobStatus
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from service.webhooks.queue import QUEUE_NAME

from .conftest import run_worker


def create(client, url, events=("turn", "game_over"), **extra):
    answer = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "seed": "hook-seed-3b1f",
                                               "webhooks": [{"url": url, "events": list(events)}], **extra})
    assert answer.status_code == 201, answer.json
    return answer.json


def draw(client, created, seat=0):
    answer = client.post(f"/v1/sessions/{created['session_id']}/actions",
                         json={"action": {"type": "draw", "player": seat}},
                         headers={"Authorization": f"Bearer {created['seat_tokens'][seat]}"})
    assert answer.status_code == 200, answer.json
    return answer.json


def test_a_turn_is_delivered_signed_as_standard_webhooks_says(redis_app, receiver, queue_redis):
    client = redis_app.test_client()
    created = create(client, receiver.url)
    secret = created["webhook_secret"]
    assert secret.startswith("whsec_")
    acted = draw(client, created)
    run_worker(queue_redis[0], until=lambda: len(receiver.requests) >= 1)
    [got] = receiver.wait_for(1)
    assert got.path == "/hooks/referee"
    payload = Webhook(secret).verify(got.body, got.headers)  # raises unless the signature is ours
    assert payload["type"] == "turn"
    assert payload["data"]["session_id"] == created["session_id"]
    assert payload["data"]["version"] == acted["version"] == 1
    assert payload["data"]["active_players"] == acted["status"]["active_players"]
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(got.body.replace(b'"version":1', b'"version":2'), got.headers)
    other = create(client, receiver.url)["webhook_secret"]
    assert other != secret
    with pytest.raises(WebhookVerificationError):
        Webhook(other).verify(got.body, got.headers)  # each session signs with its own secret


def test_a_receiver_that_fails_twice_gets_the_third_try_with_the_same_webhook_id(redis_app, receiver,
                                                                                     queue_redis):
    client = redis_app.test_client()
    receiver.plan = [503, 500]
    created = create(client, receiver.url, events=["turn"])
    draw(client, created)
    run_worker(queue_redis[0], until=lambda: len(receiver.requests) >= 3)
    tries = receiver.wait_for(3)
    assert len(tries) == 3
    assert len({t.headers["webhook-id"] for t in tries}) == 1
    assert len({t.body for t in tries}) == 1
    for attempt in tries:  # every attempt is signed, the last one verifies like the first
        Webhook(created["webhook_secret"]).verify(attempt.body, attempt.headers)
    run_worker(queue_redis[0])
    assert len(receiver.requests) == 3  # delivered: no fourth attempt


def test_a_delivery_queued_while_no_worker_runs_is_delivered_by_a_worker_started_later(redis_app, receiver,
                                                                                        queue_redis):
    client = redis_app.test_client()
    created = create(client, receiver.url, events=["turn"])
    draw(client, created)
    redis_app.extensions["sessions"].store.close()  # the service goes away: only Redis holds the delivery
    url, raw = queue_redis
    waiting = Queue(QUEUE_NAME, connection=raw)
    assert waiting.count == 1 and receiver.requests == []
    run_worker(url, until=lambda: len(receiver.requests) >= 1)
    [got] = receiver.wait_for(1)
    assert Webhook(created["webhook_secret"]).verify(got.body, got.headers)["data"]["version"] == 1


def test_a_redirect_is_not_followed_and_counts_as_a_failure(redis_app, receiver, queue_redis, monkeypatch):
    monkeypatch.setenv("WEBHOOK_RETRY_SECONDS", "")
    client = redis_app.test_client()
    receiver.plan = [302]
    created = create(client, receiver.url, events=["turn"])
    draw(client, created)
    run_worker(queue_redis[0])
    assert [r.path for r in receiver.wait_for(1, seconds=1)] == ["/hooks/referee"]  # /elsewhere never asked


def test_an_address_listed_at_creation_but_not_at_delivery_is_refused_by_the_worker(redis_app, receiver,
                                                                                    queue_redis, monkeypatch):
    client = redis_app.test_client()
    created = create(client, receiver.url, events=["turn"])
    draw(client, created)
    monkeypatch.setenv("WEBHOOK_ALLOWED_HOSTS", "")  # the worker's own policy decides, at each attempt
    url, raw = queue_redis
    [job_id] = Queue(QUEUE_NAME, connection=raw).job_ids
    run_worker(url, until=lambda: Job.fetch(job_id, connection=raw).get_status() == JobStatus.FAILED)
    assert receiver.requests == []
    assert Job.fetch(job_id, connection=raw).get_status() == JobStatus.FAILED


def test_the_job_in_redis_names_no_secret_in_what_rq_logs(redis_app, receiver, queue_redis):
    client = redis_app.test_client()
    created = create(client, receiver.url, events=["turn"])
    draw(client, created)
    url, raw = queue_redis
    [job_id] = Queue(QUEUE_NAME, connection=raw).job_ids
    job = Job.fetch(job_id, connection=raw)
    assert created["webhook_secret"] not in job.description
    assert created["session_id"] in job.description


def test_reads_never_show_the_secret_again(redis_app, receiver):
    client = redis_app.test_client()
    created = create(client, receiver.url)
    sid, token = created["session_id"], created["seat_tokens"][0]
    draw(client, created)
    secret = created["webhook_secret"]
    for path in ("", "/log", "/legal-actions"):
        for headers in ({}, {"Authorization": f"Bearer {token}"}, {"Authorization": f"Bearer {created['owner_token']}"}):
            answer = client.get(f"/v1/sessions/{sid}{path}", headers=headers)
            assert secret not in answer.get_data(as_text=True)
            assert secret.removeprefix("whsec_") not in answer.get_data(as_text=True)
