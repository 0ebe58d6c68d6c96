"""Bot seats and turn timers on Redis, through HTTP, with the README's worker process running the
``bots`` queue (issue #23: "a session with two bot seats and one human seat plays to the end through
HTTP with Redis and the job worker running; a session whose human seat times out finishes by itself")."""

from __future__ import annotations

import random

import pytest

from rulesets.core.host import get_ruleset
from service.bots.choose import searchable

from .checks import replays_to_the_stored_state
from .conftest import bearer, running_worker, wait_until

#: solenia: the search plays it (its determinize hook); card_nim, the double without a hook: the seeded
#: uniform fallback, in a worker that registers the double first (``double_worker.py``). Either way the bot
#: plays through the same path.
GAMES = ["solenia", "card_nim"]
WORKERS = {"solenia": "service.webhooks.worker", "card_nim": "tests.bots.double_worker"}


def _play_the_human_seat(client, sid: str, seat: int, token: str, chooser: random.Random, steps: int = 2000) -> dict:
    """The human: reads (long-polling while the bots think) and plays a random legal action when on turn."""
    base, version = f"/v1/sessions/{sid}", -1
    for _ in range(steps):
        read = client.get(f"{base}?wait_version={version}&wait_seconds=5" if version >= 0 else base,
                          headers=bearer(token)).json
        version = read["version"]
        if read["status"]["game_over"]:
            return read
        if seat not in read["status"]["active_players"]:
            continue
        menu = client.get(f"{base}/legal-actions", headers=bearer(token)).json
        if menu["version"] != version or not menu["actions"]:
            version = -1
            continue
        acted = client.post(f"{base}/actions", json={"action": chooser.choice(menu["actions"]),
                                                     "expected_version": version}, headers=bearer(token))
        assert acted.status_code in (200, 409), acted.json
        version = -1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES)
def test_two_bot_seats_and_a_human_play_a_whole_game_through_http_and_the_worker(game, redis_app, worker_env,
                                                                                   request):
    if game == "card_nim":
        request.getfixturevalue("card_nim")  # registered while this module runs, never at collection
    client = redis_app.test_client()
    created = client.post("/v1/sessions", json={"game": game, "players": 3, "seed": f"bots-{game}", "bots": [0, 2]})
    assert created.status_code == 201, created.json
    body = created.json
    assert body["bots"] == [0, 2]
    assert body["seat_tokens"][0] is None and body["seat_tokens"][2] is None and body["seat_tokens"][1]
    with running_worker(worker_env, WORKERS[game]) as worker:
        final = _play_the_human_seat(client, body["session_id"], 1, body["seat_tokens"][1], random.Random(23))
        output = worker.stop()
    assert final["status"]["game_over"]
    entries = replays_to_the_stored_state(redis_app, body["session_id"])  # every bot action was legal
    assert {entry["seat"] for entry in entries} == {0, 1, 2}
    for entry in entries:
        assert entry["by"] == ("seat" if entry["seat"] == 1 else "bot"), entry
    shown = client.get(f"/v1/sessions/{body['session_id']}/log", headers=bearer(body["seat_tokens"][1])).json
    assert [e["by"] for e in shown["entries"]] == [e["by"] for e in entries]  # the log shows who played
    assert "Traceback" not in output
    assert final["seed"] not in output  # the worker logs no seed (it is public only now, in the answer)


def test_the_search_plays_solenia_and_the_fallback_plays_card_nim(card_nim):
    """Which of the two bots the test above ran: solenia has its determinize hook, the double has none."""
    assert not searchable(card_nim)
    assert searchable(get_ruleset("solenia"))


def test_a_session_whose_human_seat_times_out_finishes_by_itself_across_a_worker_restart(redis_app, worker_env):
    """Seat 0 never acts: each time its second runs out the bot plays for it ("by": "timeout"); the
    worker is restarted mid-game and the timers, kept in Redis, still fire."""
    client = redis_app.test_client()
    created = client.post("/v1/sessions", json={"game": "solenia", "players": 2, "seed": "timeout-7", "bots": [1],
                                                "turn_seconds": {"per_seat": {"0": 1}}}).json
    sid, token = created["session_id"], created["seat_tokens"][0]
    assert created["turn_seconds"] == [1, None]
    first = client.get(f"/v1/sessions/{sid}", headers=bearer(token)).json
    [deadline] = first["deadlines"]
    assert deadline["seat"] == 0 and deadline["deadline"].endswith("Z")
    with running_worker(worker_env) as worker:
        wait_until(lambda: client.get(f"/v1/sessions/{sid}").json["version"] >= 4, 30)
        worker.stop()
    stopped_at = client.get(f"/v1/sessions/{sid}").json["version"]
    with running_worker(worker_env):
        final = wait_until(lambda: (read := client.get(f"/v1/sessions/{sid}").json)["status"]["game_over"] and read,
                           120, step=0.2)
    assert final["version"] > stopped_at
    assert final["deadlines"] == []
    entries = replays_to_the_stored_state(redis_app, sid)
    for entry in entries:
        assert entry["by"] == ("timeout" if entry["seat"] == 0 else "bot"), entry
    for before, entry in zip(entries, entries[1:]):
        if entry["seat"] == 0:  # no earlier than its deadline: a second after the version before it
            assert entry["at"] >= before["at"] + 1000
