"""The README's worker command, ``python -m service.webhooks.worker``, delivers what the service queued."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from standardwebhooks import Webhook

from .conftest import LOOPBACK


def test_the_worker_command_delivers_a_queued_turn(redis_app, receiver, queue_redis):
    client = redis_app.test_client()
    created = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "webhooks": [
        {"url": receiver.url, "events": ["turn"]}]}).json
    client.post(f"/v1/sessions/{created['session_id']}/actions", json={"action": {"type": "draw", "player": 0}},
                headers={"Authorization": f"Bearer {created['seat_tokens'][0]}"})
    environment = {**os.environ, "REDIS_URL": queue_redis[0], "WEBHOOK_ALLOWED_HOSTS": LOOPBACK}
    worker = subprocess.Popen([sys.executable, "-m", "service.webhooks.worker"], env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        [got] = receiver.wait_for(1, seconds=30)
    finally:
        worker.send_signal(signal.SIGTERM)
        output = worker.communicate(timeout=30)[0].decode()
    assert Webhook(created["webhook_secret"]).verify(got.body, got.headers)["data"]["version"] == 1
    assert created["webhook_secret"] not in output
