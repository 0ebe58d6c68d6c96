"""GET /v1/sessions/{id}/stream (server-sent events) and its tickets, in process and on a real Redis."""

from __future__ import annotations

import copy
import time

import jsonpatch
import orjson
import pytest

from .sse import Stream, bearer, open_stream

SEED = "stream-seed-5a1"


@pytest.fixture
def stream_config():
    """Settings a test changes (parametrize it)."""
    return {}


@pytest.fixture(params=["memory", "redis"])
def stream_app(request, key_prefix, card_nim, stream_config):
    from service import create_app

    config = {"SESSION_KEY_PREFIX": key_prefix, "SESSION_WAIT_MAX_SECONDS": 2, "SESSION_STREAM_HEARTBEAT_SECONDS": 1}
    if request.param == "redis":
        config.update(REDIS_URL=request.getfixturevalue("redis_url"), REDIS_CLUSTER=False)
    config.update(stream_config)
    application = create_app(config)
    yield application
    application.extensions["sessions"].store.close()


@pytest.fixture
def web(stream_app):
    return stream_app.test_client()


def create(web, players=3):
    response = web.post("/v1/sessions", json={"game": "card_nim", "players": players, "seed": SEED})
    assert response.status_code == 201, response.json
    return response.json


def full_view(app, sid, seat):
    sessions = app.extensions["sessions"]
    token = None
    del token
    session = sessions._open(sid)
    return orjson.loads(orjson.dumps(session.ruleset.view(session.state(), seat)))


def play_one(web, created, prefer=None):
    """The first legal action (of type ``prefer`` if there is one) of whoever is to act; the answer."""
    for seat, token in enumerate(created["seat_tokens"]):
        actions = web.get(f"/v1/sessions/{created['session_id']}/legal-actions", headers=bearer(token)).json["actions"]
        if actions:
            actions = [a for a in actions if a["type"] == prefer] or actions
            response = web.post(f"/v1/sessions/{created['session_id']}/actions", headers=bearer(token),
                                json={"action": actions[0]})
            assert response.status_code == 200, response.json
            return response.json
    raise AssertionError("nobody may act")


def test_a_stream_per_seat_over_a_whole_game(web, stream_app):
    created = create(web)
    sid = created["session_id"]
    streams = [open_stream(web, sid, token) for token in created["seat_tokens"]]
    views = [None] * 3
    for seat, stream in enumerate(streams):
        version, data = stream.next()
        assert version == 0 and data["type"] == "start" and "view" in data
        assert data["view"] == full_view(stream_app, sid, seat)
        views[seat] = data["view"]
    versions = 0
    while True:
        result = play_one(web, created, prefer="draw" if versions % 2 else None)
        versions += 1
        assert result["version"] == versions
        for seat, stream in enumerate(streams):
            version, data = stream.next()
            assert version == versions and data["version"] == versions  # every version, once, in order
            assert "view" not in data
            patched = jsonpatch.apply_patch(copy.deepcopy(views[seat]), data["view_patch"])
            assert patched == full_view(stream_app, sid, seat)
            views[seat] = patched
            for event in data["events"]:  # nobody sees another seat's private event
                assert event.get("visible_to") in (None, [seat]) or seat in event["visible_to"]
            if data["seat"] == seat:
                assert data["events"] == result["events"]
        if result["status"]["game_over"]:
            break
    for stream in streams:
        assert stream.rest() == []  # the stream ends after the game-over message
    assert versions > 3


def test_private_events_reach_only_their_seat(web):
    created = create(web, players=2)
    sid = created["session_id"]
    streams = [open_stream(web, sid, token) for token in created["seat_tokens"]]
    for stream in streams:
        stream.next()
    raw_private = 0
    for _ in range(6):
        result = play_one(web, created, prefer="draw")
        log = [orjson.loads(raw) for raw in web.application.extensions["sessions"].store.read_log(sid).entries]
        entry = log[result["version"] - 1]
        for seat, stream in enumerate(streams):
            _, data = stream.next()
            shown = orjson.dumps(data["events"])
            for event in entry["events"]:
                if event.get("visible_to") is not None and seat not in event["visible_to"]:
                    raw_private += 1
                    assert orjson.dumps(event) not in shown
        if result["status"]["game_over"]:
            break
    assert raw_private, "the game showed no private event: the test proves nothing"


def test_resume_with_last_event_id_gives_the_next_versions_only(web, stream_app):
    created = create(web)
    sid = created["session_id"]
    for _ in range(4):
        play_one(web, created)
    stream = open_stream(web, sid, created["seat_tokens"][1], **{"Last-Event-ID": "2"})
    version, data = stream.next()
    assert version == 3 and "view" in data  # whole view after a resume
    version, data = stream.next()
    assert version == 4 and "view_patch" in data
    assert jsonpatch.apply_patch(stream_app.extensions["sessions"] and full_view(stream_app, sid, 1), []) \
        == full_view(stream_app, sid, 1)
    play_one(web, created)
    version, _ = stream.next()
    assert version == 5
    stream.close()


def test_an_undo_is_a_message_with_its_view_patch(web, stream_app):
    created = create(web, players=2)
    sid = created["session_id"]
    stream = open_stream(web, sid, created["seat_tokens"][0])
    _, data = stream.next()
    view = data["view"]
    result = play_one(web, created)
    _, data = stream.next()
    view = jsonpatch.apply_patch(view, data["view_patch"])
    token = created["seat_tokens"][result["seat"]]
    undo = web.post(f"/v1/sessions/{sid}/undo", headers=bearer(token), json={})
    if undo.status_code != 200:  # the draw showed something: ask, and the other seat consents
        asked = web.post(f"/v1/sessions/{sid}/undo-requests", headers=bearer(token), json={})
        other = created["seat_tokens"][1 - result["seat"]]
        assert web.post(asked.json["path"], headers=bearer(other), json={"accept": True}).status_code == 200
    version, data = stream.next()
    assert version == 2 and data["type"] == "undo" and data["action"] is None and data["undoes"] == 1
    assert jsonpatch.apply_patch(view, data["view_patch"]) == full_view(stream_app, sid, 0)
    stream.close()


def test_heartbeats_while_nothing_happens(web):
    created = create(web, players=2)
    stream = open_stream(web, created["session_id"], created["seat_tokens"][0])
    stream.next()
    started = time.monotonic()
    assert next(stream.chunks).decode().startswith(": ping")
    assert 0.5 < time.monotonic() - started < 3
    stream.close()


def test_a_ticket_works_once_and_never_twice(web):
    created = create(web, players=2)
    sid = created["session_id"]
    assert web.post(f"/v1/sessions/{sid}/stream-tickets").status_code == 401
    answer = web.post(f"/v1/sessions/{sid}/stream-tickets", headers=bearer(created["seat_tokens"][1]))
    assert answer.status_code == 201 and answer.json["seat"] == 1 and answer.json["expires_in"] == 60
    ticket = answer.json["ticket"]
    assert ticket != created["seat_tokens"][1]
    stream = Stream(web.get(f"/v1/sessions/{sid}/stream?ticket={ticket}", buffered=False))
    _, data = stream.next()
    assert data["view"] == full_view(web.application, sid, 1)
    stream.close()
    again = web.get(f"/v1/sessions/{sid}/stream?ticket={ticket}", buffered=False)
    assert again.status_code == 401 and again.json["code"] == "invalid_token"
    other = create(web, players=2)
    elsewhere = web.post(f"/v1/sessions/{other['session_id']}/stream-tickets",
                         headers=bearer(other["seat_tokens"][0])).json["ticket"]
    assert web.get(f"/v1/sessions/{sid}/stream?ticket={elsewhere}").status_code == 403


@pytest.mark.parametrize("stream_config", [{"SESSION_STREAM_TICKET_SECONDS": 1}])
def test_an_expired_ticket_is_refused(web):
    created = create(web, players=2)
    sid = created["session_id"]
    ticket = web.post(f"/v1/sessions/{sid}/stream-tickets", headers=bearer(created["seat_tokens"][0])).json["ticket"]
    time.sleep(1.3)
    assert web.get(f"/v1/sessions/{sid}/stream?ticket={ticket}").status_code == 401


@pytest.mark.parametrize("stream_config", [{"SESSION_STREAMS_PER_CLIENT": 2}])
def test_per_client_cap_gives_429_and_a_closed_stream_frees_its_slot(web):
    created = create(web, players=2)
    sid = created["session_id"]
    first = open_stream(web, sid, created["seat_tokens"][0])
    second = open_stream(web, sid, created["seat_tokens"][1])
    refused = web.get(f"/v1/sessions/{sid}/stream", buffered=False)
    assert refused.status_code == 429 and refused.json["code"] == "too_many_streams"
    assert refused.json["scope"] == "client" and refused.mimetype == "application/problem+json"
    first.close()
    third = open_stream(web, sid)
    third.close()
    second.close()


@pytest.mark.parametrize("stream_config", [{"SESSION_STREAMS_PER_WORKER": 1}])
def test_per_worker_cap_gives_429(web):
    created = create(web, players=2)
    sid = created["session_id"]
    first = open_stream(web, sid, created["seat_tokens"][0])
    refused = web.get(f"/v1/sessions/{sid}/stream", environ_base={"REMOTE_ADDR": "10.0.0.9"}, buffered=False)
    assert refused.status_code == 429 and refused.json["scope"] == "worker"
    first.close()


def test_refusals_before_the_stream(web):
    created = create(web, players=2)
    sid = created["session_id"]
    assert web.get(f"/v1/sessions/{sid}/stream", headers=bearer("nope")).status_code == 401
    assert web.get("/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA/stream").status_code == 404
    assert web.get(f"/v1/sessions/{sid}/stream", headers={"Last-Event-ID": "7"}).status_code == 400


def test_a_deleted_session_ends_the_stream(web):
    created = create(web, players=2)
    sid = created["session_id"]
    stream = open_stream(web, sid, created["seat_tokens"][0])
    stream.next()
    assert web.delete(f"/v1/sessions/{sid}", headers=bearer(created["owner_token"])).status_code == 204
    assert stream.next() == (None, None)


def test_a_ticket_works_once_across_workers(redis_url, key_prefix, card_nim):
    """Two apps on one Redis stand for two gunicorn workers: a ticket taken by one is gone for the other."""
    from service import create_app

    apps = [create_app({"REDIS_URL": redis_url, "SESSION_KEY_PREFIX": key_prefix}) for _ in range(2)]
    try:
        first, second = (app.test_client() for app in apps)
        created = create(first, players=2)
        sid = created["session_id"]
        ticket = second.post(f"/v1/sessions/{sid}/stream-tickets",
                             headers=bearer(created["seat_tokens"][0])).json["ticket"]
        stream = Stream(first.get(f"/v1/sessions/{sid}/stream?ticket={ticket}", buffered=False))
        assert stream.next()[0] == 0
        stream.close()
        assert second.get(f"/v1/sessions/{sid}/stream?ticket={ticket}").status_code == 401
    finally:
        for app in apps:
            app.extensions["sessions"].store.close()


# ---------------------------------------------------------------- shared work (issue #21's scale)
def wait_subscribed(stream_app, sid):
    """On Redis, until the worker's subscription to the session's channel is confirmed: its
    confirmation tells every listener to look again, which would be one more read."""
    store = stream_app.extensions["sessions"].store
    fanout = getattr(store, "fanout", None)
    if fanout is None:
        return
    deadline = time.monotonic() + 5
    while not fanout.subscribed(store.keys(sid).channel):
        assert time.monotonic() < deadline, "the subscription was never confirmed"
        time.sleep(0.02)


@pytest.mark.parametrize("stream_config", [{"SESSION_STREAMS_PER_CLIENT": 20}])
def test_streams_of_a_session_share_one_log_read_and_one_message_per_seat_and_version(web, stream_app, monkeypatch):
    """Five streams of seat 0, one of seat 1 and a spectator's: a commit costs one log read for
    all of them and one message per seat; every stream of seat 0 sends the same text, and
    seat 1 and the spectator get messages of their own, built from their own views."""
    created = create(web, players=2)
    sid = created["session_id"]
    store = stream_app.extensions["sessions"].store
    reads = []
    read_log = store.read_log
    monkeypatch.setattr(store, "read_log", lambda session_id, start=0: reads.append(session_id)
                        or read_log(session_id, start))
    seat0 = [open_stream(web, sid, created["seat_tokens"][0]) for _ in range(5)]
    seat1 = open_stream(web, sid, created["seat_tokens"][1])
    spectator = open_stream(web, sid)
    everyone = [*seat0, seat1, spectator]
    views = [stream.next()[1]["view"] for stream in everyone]
    wait_subscribed(stream_app, sid)
    play_one(web, created)  # the first commit may meet look-again notes from the subscription
    for index, stream in enumerate(everyone):
        views[index] = jsonpatch.apply_patch(views[index], stream.next()[1]["view_patch"])
    feed = stream_app.extensions["session_streams"].feeds.get(sid)
    built = feed.messages_built
    for _ in range(3):
        del reads[:]
        before = feed.messages_built
        result = play_one(web, created, prefer="draw")
        seen = [stream.next() for stream in everyone]
        assert {version for version, _ in seen} == {result["version"]}
        assert reads == [sid], "every stream of the session read the log itself"
        assert feed.messages_built - before == 3, "a message per stream instead of per seat"
        assert all(data == seen[0][1] for _, data in seen[:5])
        for index, (_, data) in enumerate(seen):
            views[index] = jsonpatch.apply_patch(views[index], data["view_patch"])
        for index, seat in [(0, 0), (5, 1), (6, None)]:
            assert views[index] == full_view(stream_app, sid, seat)
        if result["status"]["game_over"]:
            break
    assert feed.messages_built > built
    late = open_stream(web, sid, created["seat_tokens"][0])  # a new stream of seat 0: whole, not the shared patch
    version, data = late.next()
    assert version == result["version"] and "view" in data and data["view"] == views[0]
    for stream in [*everyone, late]:
        stream.close()
    assert stream_app.extensions["session_streams"].feeds.get(sid) is None  # the last stream took it away


@pytest.mark.parametrize("stream_config", [{"SESSION_STREAMS_PER_CLIENT": 20}])
def test_a_seats_message_carries_its_own_private_events_not_the_other_seats(web, stream_app):
    """The shared message is per seat: with draws (private to the drawer), the two seats'
    messages of one version differ, and each holds only what its seat may see."""
    created = create(web, players=2)
    sid = created["session_id"]
    streams = [[open_stream(web, sid, token) for _ in range(2)] for token in created["seat_tokens"]]
    for pair in streams:
        for stream in pair:
            stream.next()
    differed = 0
    for _ in range(6):
        result = play_one(web, created, prefer="draw")
        entry = orjson.loads(stream_app.extensions["sessions"].store.read_log(sid).entries[result["version"] - 1])
        texts = [[stream.next()[1] for stream in pair] for pair in streams]
        for seat, (first, second) in enumerate(texts):
            assert first == second
            shown = orjson.dumps(first["events"])
            for event in entry["events"]:
                if event.get("visible_to") is not None and seat not in event["visible_to"]:
                    assert orjson.dumps(event) not in shown
        differed += texts[0][0] != texts[1][0]
        if result["status"]["game_over"]:
            break
    assert differed, "the seats were never shown different things: the test proves nothing"
    for pair in streams:
        for stream in pair:
            stream.close()
