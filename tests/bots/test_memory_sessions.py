"""Bot seats and timers with the in-process store: the jobs run on timer threads of the service's own
process (greenlets under gunicorn's gevent worker, see test_gevent_worker.py), committing through the
same compare-and-set path as a seat's request."""

from __future__ import annotations

import random
import time

import pytest

from rulesets.core.host import get_ruleset
from service.bots.choose import searchable

from .checks import replays_to_the_stored_state
from .conftest import BUDGET_MS, bearer, wait_until


@pytest.fixture
def memory_app():
    from service import create_app

    return create_app({"BOT_BUDGET_MS": BUDGET_MS})


def _finished(client, sid: str, seconds: float) -> dict:
    return wait_until(lambda: (read := client.get(f"/v1/sessions/{sid}").json)["status"]["game_over"] and read,
                      seconds, step=0.05)


#: three searched games (each has a determinize hook; Zavandor's searched bots play a game far longer than the
#: two minutes here) and Card Nim, the double without one, which the seeded uniform fallback plays.
BOTS_ALONE = ["solenia", "golden_city", "kingdom_of_solomon", "card_nim"]


@pytest.mark.parametrize("game", BOTS_ALONE)
def test_a_game_of_bots_alone_plays_itself_to_the_end_and_every_action_is_legal(game, memory_app, request):
    if game == "card_nim":
        request.getfixturevalue("card_nim")  # registered while this module runs, never at collection
    assert searchable(get_ruleset(game)) == (game != "card_nim")
    client = memory_app.test_client()
    created = client.post("/v1/sessions", json={"game": game, "players": 2, "seed": 11, "bots": [0, 1]})
    assert created.status_code == 201, created.json
    assert created.json["seat_tokens"] == [None, None]
    final = _finished(client, created.json["session_id"], 120)
    assert final["status"]["scores"] is not None
    entries = replays_to_the_stored_state(memory_app, created.json["session_id"])
    assert entries and {entry["by"] for entry in entries} == {"bot"}


def test_the_owner_hands_a_seat_to_a_bot_mid_game_and_its_token_may_watch_but_not_act(memory_app):
    client = memory_app.test_client()
    created = client.post("/v1/sessions", json={"game": "solenia", "players": 2, "seed": 5}).json
    sid, tokens, owner = created["session_id"], created["seat_tokens"], created["owner_token"]
    base = f"/v1/sessions/{sid}"
    action = client.get(f"{base}/legal-actions", headers=bearer(tokens[0])).json["actions"][0]
    assert client.post(f"{base}/actions", json={"action": action}, headers=bearer(tokens[0])).status_code == 200
    handed = client.post(f"{base}/seats/0/bot", headers=bearer(owner))
    assert handed.status_code == 200, handed.json
    assert handed.json["bots"] == [0] and handed.json["role"] == "owner"
    # seat 1, a human, plays whenever it is on turn; seat 0's bot answers each time
    chooser = random.Random(3)
    for _ in range(200):
        read = client.get(f"{base}?wait_version={client.get(base).json['version']}&wait_seconds=0.2",
                          headers=bearer(tokens[1])).json
        if read["status"]["game_over"]:
            break
        assert read["bots"] == [0]
        if 1 in read["status"]["active_players"]:
            menu = client.get(f"{base}/legal-actions", headers=bearer(tokens[1])).json
            if menu["version"] == read["version"] and menu["actions"]:
                client.post(f"{base}/actions", json={"action": chooser.choice(menu["actions"]),
                                                     "expected_version": read["version"]}, headers=bearer(tokens[1]))
        else:
            refused = client.post(f"{base}/actions", json={"action": action}, headers=bearer(tokens[0]))
            assert refused.status_code in (403, 409), refused.json  # 409: the bot already moved on
            if refused.status_code == 403:
                assert refused.json["code"] == "seat_played_by_bot"
    final = _finished(client, sid, 30)
    watching = client.get(base, headers=bearer(tokens[0])).json  # its old token still reads seat 0's view
    assert watching["seat"] == 0 and watching["view"]["viewer"] == 0
    entries = replays_to_the_stored_state(memory_app, sid)
    assert entries[0]["by"] == "seat"
    assert {e["by"] for e in entries if e["seat"] == 0 and e["version"] > 1} == {"bot"}
    assert {e["by"] for e in entries if e["seat"] == 1} == {"seat"}
    assert final["bots"] == [0]


def test_a_human_seat_that_never_acts_is_played_on_timeout_and_the_game_ends(memory_app):
    client = memory_app.test_client()
    created = client.post("/v1/sessions", json={"game": "solenia", "players": 2, "seed": 9, "bots": [0],
                                                "turn_seconds": {"default": 1}}).json
    sid = created["session_id"]
    assert created["turn_seconds"] == [1, 1]  # seat 0's limit does not matter: its bot plays at once
    final = _finished(client, sid, 90)
    entries = replays_to_the_stored_state(memory_app, sid)
    for entry in entries:
        assert entry["by"] == ("bot" if entry["seat"] == 0 else "timeout")
    assert final["deadlines"] == []


def test_every_read_shows_the_active_seats_deadline_from_the_versions_commit(memory_app):
    client = memory_app.test_client()
    before = int(time.time() * 1000)
    created = client.post("/v1/sessions", json={"game": "solenia", "players": 2, "seed": 4,
                                                "turn_seconds": {"default": 600, "per_seat": {"1": 30}}}).json
    sid, tokens = created["session_id"], created["seat_tokens"]
    base = f"/v1/sessions/{sid}"
    [at_zero] = client.get(base).json["deadlines"]
    assert at_zero["seat"] == 0 and before + 600_000 <= at_zero["deadline_ms"] <= int(time.time() * 1000) + 600_000
    action = client.get(f"{base}/legal-actions", headers=bearer(tokens[0])).json["actions"][0]
    acted_at = int(time.time() * 1000)
    client.post(f"{base}/actions", json={"action": action}, headers=bearer(tokens[0]))
    [after] = client.get(base, headers=bearer(tokens[1])).json["deadlines"]
    assert after["seat"] == 1 and acted_at + 30_000 <= after["deadline_ms"] <= int(time.time() * 1000) + 30_000
    from datetime import datetime

    assert abs(datetime.fromisoformat(after["deadline"].replace("Z", "+00:00")).timestamp() * 1000
               - after["deadline_ms"]) < 1


def test_a_stale_timer_does_nothing_and_an_early_one_plays_nobody(memory_app):
    """The seat acted in time: the job scheduled for the version before finds the version moved on.
    A job at the current version before the deadline (a clock running ahead) plays nobody either."""
    sessions = memory_app.extensions["sessions"]
    client = memory_app.test_client()
    created = client.post("/v1/sessions", json={"game": "solenia", "players": 2, "seed": 4,
                                                "turn_seconds": {"default": 600}}).json
    sid, tokens = created["session_id"], created["seat_tokens"]
    assert sessions.play_turn(sid, 0) is None  # 600 s are not up
    action = client.get(f"/v1/sessions/{sid}/legal-actions", headers=bearer(tokens[0])).json["actions"][0]
    client.post(f"/v1/sessions/{sid}/actions", json={"action": action}, headers=bearer(tokens[0]))
    assert sessions.play_turn(sid, 0) is None  # stale: version 1 is current
    assert client.get(f"/v1/sessions/{sid}").json["version"] == 1
    assert [e["by"] for e in client.get(f"/v1/sessions/{sid}/log").json["entries"]] == ["seat"]
