"""A whole game of Solenia with webhooks on: one `turn` per version a seat is to act in, one
`game_over`, each carrying exactly what a spectator sees (its view and status), and no seed
before the end. Also: an undo is a version, announced like any other."""

from __future__ import annotations

import random

import orjson
from standardwebhooks import Webhook

from rulesets.core.host import get_ruleset

from .conftest import run_worker

MAX_STEPS = 500


def bearer(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


def test_a_whole_game_announces_every_turn_and_the_end_with_a_spectators_share_only(redis_app, receiver,
                                                                                      queue_redis):
    client, ruleset = redis_app.test_client(), get_ruleset("solenia")
    seed, chooser = "webhook-solenia-5d2e", random.Random(7)
    created = client.post("/v1/sessions", json={"game": "solenia", "players": 2, "seed": seed, "webhooks": [
        {"url": receiver.url, "events": ["turn", "game_over"]}]})
    assert created.status_code == 201, created.json
    sid, tokens, secret = created.json["session_id"], created.json["seat_tokens"], created.json["webhook_secret"]
    base = f"/v1/sessions/{sid}"
    store = redis_app.extensions["sessions"].store
    salt = orjson.loads(store.snapshot(sid).state)["rng"]["salt"]
    seen_by_spectator = {}  # version -> the spectator's read at that version
    for _ in range(MAX_STEPS):
        spectator = client.get(base).json
        seen_by_spectator[spectator["version"]] = spectator
        status = spectator["status"]
        if status["game_over"]:
            break
        menus = {seat: client.get(f"{base}/legal-actions", headers=bearer(tokens[seat])).json["actions"]
                 for seat in status["active_players"]}
        seat = chooser.choice([s for s, menu in menus.items() if menu])
        acted = client.post(f"{base}/actions", json={"action": chooser.choice(menus[seat])},
                            headers=bearer(tokens[seat]))
        assert acted.status_code == 200, acted.json
    else:
        raise AssertionError("the game did not end")
    final = max(seen_by_spectator)
    expected_turns = [v for v, read in seen_by_spectator.items()
                      if v > 0 and not read["status"]["game_over"] and read["status"]["active_players"]]

    run_worker(queue_redis[0], until=lambda: len(receiver.requests) >= len(expected_turns) + 1, seconds=60)
    deliveries = [Webhook(secret).verify(got.body, got.headers) for got in receiver.wait_for(len(expected_turns) + 1)]
    assert len(deliveries) == len(expected_turns) + 1
    turns = sorted((d for d in deliveries if d["type"] == "turn"), key=lambda d: d["data"]["version"])
    [over] = [d for d in deliveries if d["type"] == "game_over"]
    assert [d["data"]["version"] for d in turns] == expected_turns  # one each, none missing, none repeated
    for delivered in turns:
        read = seen_by_spectator[delivered["data"]["version"]]
        assert delivered["data"]["view"] == read["view"]  # exactly the spectator's share of the state
        assert delivered["data"]["status"] == read["status"]
        assert delivered["data"]["active_players"] == read["status"]["active_players"]
    turn_text = orjson.dumps(turns).decode()
    assert seed not in turn_text and salt not in turn_text
    assert over["data"]["version"] == final
    assert over["data"]["status"] == seen_by_spectator[final]["status"]
    assert over["data"]["status"]["scores"] is not None
    assert over["data"]["view"] == seen_by_spectator[final]["view"]
    assert over["data"]["seed"] == seed and over["data"]["salt"] == salt  # public once the game is over


def test_a_seats_private_view_differs_from_what_the_webhook_carries(redis_app, receiver, queue_redis):
    """The check above can tell: a seat's view holds its hand, the delivery holds only counts."""
    client = redis_app.test_client()
    created = client.post("/v1/sessions", json={"game": "solenia", "players": 2, "seed": 3, "webhooks": [
        {"url": receiver.url, "events": ["turn"]}]}).json
    sid, token = created["session_id"], created["seat_tokens"][0]
    action = client.get(f"/v1/sessions/{sid}/legal-actions", headers=bearer(token)).json["actions"][0]
    client.post(f"/v1/sessions/{sid}/actions", json={"action": action}, headers=bearer(token))
    run_worker(queue_redis[0], until=lambda: len(receiver.requests) >= 1)
    [got] = receiver.wait_for(1)
    delivered = Webhook(created["webhook_secret"]).verify(got.body, got.headers)["data"]["view"]
    seat_views = [client.get(f"/v1/sessions/{sid}", headers=bearer(t)).json["view"] for t in created["seat_tokens"]]
    assert all(delivered != view for view in seat_views)
    assert delivered == client.get(f"/v1/sessions/{sid}").json["view"]


def test_an_undo_is_announced_as_a_new_version(redis_app, receiver, queue_redis):
    client = redis_app.test_client()
    created = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "webhooks": [
        {"url": receiver.url, "events": ["turn"]}]}).json
    sid, token = created["session_id"], created["seat_tokens"][0]
    took = client.post(f"/v1/sessions/{sid}/actions", json={"action": {"type": "take", "player": 0, "stones": 1}},
                       headers=bearer(token))
    assert took.status_code == 200, took.json
    undone = client.post(f"/v1/sessions/{sid}/undo", json={}, headers=bearer(token))
    assert undone.status_code == 200, undone.json
    run_worker(queue_redis[0], until=lambda: len(receiver.requests) >= 2)
    deliveries = sorted((Webhook(created["webhook_secret"]).verify(g.body, g.headers) for g in receiver.wait_for(2)),
                        key=lambda d: d["data"]["version"])
    assert [(d["data"]["version"], d["data"]["active_players"]) for d in deliveries] == [(1, [1]), (2, [0])]
