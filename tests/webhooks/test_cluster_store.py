"""RQ cannot run on a Redis Cluster: a cluster store takes webhooks only with WEBHOOK_REDIS_URL
naming a plain Redis for the queue, and refuses them at creation otherwise (501, no session made)."""

from __future__ import annotations

from rq import Queue

from service import create_app
from service.webhooks.queue import QUEUE_NAME

from .conftest import LOOPBACK


def _create(client, url):
    return client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "webhooks": [
        {"url": url, "events": ["turn"]}]})


def test_a_cluster_store_without_a_queue_refuses_webhooks_and_still_makes_plain_sessions(
        card_nim, redis_cluster, key_prefix):
    app = create_app({"REDIS_URL": redis_cluster.url, "REDIS_CLUSTER": True, "SESSION_KEY_PREFIX": key_prefix,
                      "WEBHOOK_ALLOWED_HOSTS": [LOOPBACK]})
    client = app.test_client()
    refused = _create(client, "http://127.0.0.1:9/hook")
    assert refused.status_code == 501, refused.json
    assert refused.json["code"] == "webhooks_unavailable" and "WEBHOOK_REDIS_URL" in refused.json["detail"]
    plain = client.post("/v1/sessions", json={"game": "card_nim", "players": 2})
    assert plain.status_code == 201 and "webhook_secret" not in plain.json
    app.extensions["sessions"].store.close()


def test_a_cluster_store_queues_on_webhook_redis_url(card_nim, redis_cluster, key_prefix, queue_redis, receiver):
    url, raw = queue_redis
    app = create_app({"REDIS_URL": redis_cluster.url, "REDIS_CLUSTER": True, "SESSION_KEY_PREFIX": key_prefix,
                      "WEBHOOK_ALLOWED_HOSTS": [LOOPBACK], "WEBHOOK_REDIS_URL": url})
    client = app.test_client()
    created = _create(client, receiver.url)
    assert created.status_code == 201, created.json
    acted = client.post(f"/v1/sessions/{created.json['session_id']}/actions",
                        json={"action": {"type": "draw", "player": 0}},
                        headers={"Authorization": f"Bearer {created.json['seat_tokens'][0]}"})
    assert acted.status_code == 200
    assert Queue(QUEUE_NAME, connection=raw).count == 1
    app.extensions["sessions"].store.close()
