"""Fifty clients, one session, one version: through gunicorn with four worker processes
sharing one Redis (or one Redis Cluster), exactly one action lands per version and every
other gets 409."""

from __future__ import annotations

import random
import threading
from collections import Counter

import orjson
import pytest
import requests

from bench._common import GunicornServer
from rulesets.core.host import canonical_json, get_ruleset

from .real_games import seats_for

RACE_GAME = "solenia"
CLIENTS = 50
ROUNDS = 4
SEED = "race-seed-5d1"


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def service(backend, key_prefix, tmp_path):
    with GunicornServer(workers=4, env={"REDIS_URL": backend["REDIS_URL"], "SESSION_KEY_PREFIX": key_prefix,
                                        "REDIS_CLUSTER": "1" if backend["REDIS_CLUSTER"] else "0"},
                        log_path=str(tmp_path / "gunicorn.log")) as server:
        yield server


def race(url, picks, version):
    """Every client posts at the same instant (a barrier), each with its own connection."""
    barrier = threading.Barrier(len(picks))
    results: list = [None] * len(picks)

    def client(index):
        token, action = picks[index]
        with requests.Session() as http:
            barrier.wait()
            response = http.post(url, json={"action": action, "expected_version": version}, headers=bearer(token),
                                 timeout=60)
        results[index] = (response.status_code, response.json())

    threads = [threading.Thread(target=client, args=(i,)) for i in range(len(picks))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.parametrize("backend", ["redis", "cluster"], indirect=True)
def test_racing_clients_land_exactly_one_action_per_version_and_the_log_replays(service, redis_client, key_prefix):
    ruleset = get_ruleset(RACE_GAME)
    players = seats_for(ruleset)
    chooser = random.Random(SEED)
    http = requests.Session()
    created = http.post(f"{service.url}/v1/sessions", json={"game": RACE_GAME, "players": players, "seed": SEED})
    assert created.status_code == 201, created.text
    sid, tokens = created.json()["session_id"], created.json()["seat_tokens"]
    base = f"{service.url}/v1/sessions/{sid}"
    winners = []
    for round_ in range(ROUNDS):
        current = http.get(base).json()
        version, active = current["version"], current["status"]["active_players"]
        assert version == round_ and active
        candidates = [(tokens[seat], action) for seat in active
                      for action in http.get(f"{base}/legal-actions", headers=bearer(tokens[seat])).json()["actions"]]
        assert candidates
        picks = [chooser.choice(candidates) for _ in range(CLIENTS)]
        results = race(f"{base}/actions", picks, version)
        codes = Counter(code for code, _ in results)
        assert codes == {200: 1, 409: CLIENTS - 1}, codes
        assert all(body["current_version"] == version + 1 for code, body in results if code == 409)
        index = next(i for i, (code, _) in enumerate(results) if code == 200)
        assert results[index][1]["version"] == version + 1
        winners.append(picks[index][1])

    keys = f"{key_prefix}:{{{sid}}}"
    stored_log = [orjson.loads(entry) for entry in redis_client.lrange(f"{keys}:log", 0, -1)]
    assert [entry["version"] for entry in stored_log] == list(range(1, ROUNDS + 1))
    assert [entry["action"] for entry in stored_log] == winners
    version, state = redis_client.hmget(f"{keys}:state", "version", "state")
    assert int(version) == ROUNDS
    salt = orjson.loads(state)["rng"]["salt"]
    replayed = ruleset.replay(players, SEED, None, [entry["action"] for entry in stored_log], salt=salt)
    assert canonical_json(replayed) == canonical_json(orjson.loads(state))
