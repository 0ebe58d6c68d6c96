"""The /v1/sessions endpoints through the Flask test client, on a real Redis."""

from __future__ import annotations

import threading
import time

import orjson
import pytest

from .redis_server import free_port
from tests.doubles.revealed import cards_named

SEED = "http-seed-91c2e"


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def create(client, players=3, **extra):
    response = client.post("/v1/sessions", json={"game": "card_nim", "players": players, "seed": SEED, **extra})
    assert response.status_code == 201, response.json
    return response.json


def full_state(app, sid):
    return orjson.loads(app.extensions["sessions"].store.snapshot(sid).state)


def turn(app, sid):
    return full_state(app, sid)["turn"]


def draw(seat):
    return {"type": "draw", "player": seat}


def is_problem(response, status, code):
    assert response.status_code == status, response.json
    assert response.mimetype == "application/problem+json"
    assert response.json["code"] == code and response.json["status"] == status
    return response.json


# ---------------------------------------------------------------- create
def test_create_answers_201_with_location_tokens_and_no_caching(client):
    response = client.post("/v1/sessions", json={"game": "card_nim", "players": 2})
    assert response.status_code == 201
    body = response.json
    assert response.headers["Location"] == f"/v1/sessions/{body['session_id']}"
    assert response.headers["ETag"] == '"0"' and response.headers["Cache-Control"] == "no-store"
    assert body["version"] == 0 and len(body["seat_tokens"]) == 2 and body["owner_token"]
    assert body["status"]["active_players"] == [0] and "seed" not in body
    assert client.get(response.headers["Location"]).status_code == 200


@pytest.mark.parametrize("body, status, code, path", [
    ({"game": "no_such_game", "players": 2}, 422, "unknown_game", "$.game"),
    ({"game": "card_nim", "players": 9}, 422, "invalid_player_count", "$.players"),
    ({"game": "card_nim", "players": "2"}, 422, "invalid_request", "$.players"),
    ({"game": "card_nim"}, 422, "invalid_request", "$.players"),
    ({"game": "card_nim", "players": 2, "seed": 1.5}, 422, "invalid_request", "$.seed"),
    ({"game": "card_nim", "players": 2, "options": {"x": 1}}, 422, "invalid_options", "$.options.x"),
    ({"game": "card_nim", "players": 2, "colour": "red"}, 422, "invalid_request", "$.colour"),
])
def test_create_refuses_bad_requests_with_the_path(client, body, status, code, path):
    problem = is_problem(client.post("/v1/sessions", json=body), status, code)
    assert path in [e["path"] for e in problem["errors"]]


def test_create_refuses_a_body_that_is_not_json(client):
    is_problem(client.post("/v1/sessions", data="players=2", content_type="text/plain"), 415,
               "unsupported_media_type")
    is_problem(client.post("/v1/sessions", data="{", content_type="application/json"), 400, "malformed_json")


# ---------------------------------------------------------------- who sees what
def test_each_caller_sees_its_own_view(client, app):
    body = create(client)
    sid, state = body["session_id"], full_state(app, body["session_id"])
    for seat, token in enumerate(body["seat_tokens"]):
        answer = client.get(f"/v1/sessions/{sid}", headers=bearer(token))
        assert answer.status_code == 200 and answer.json["seat"] == seat
        assert answer.headers["ETag"] == '"0"'
        assert {v.strip() for v in answer.headers["Vary"].split(",")} == {"Authorization", "Accept-Language"}
        hands = [p.get("hand", p["hand_count"]) for p in answer.json["view"]["players"]]
        assert hands == [state["players"][s]["hand"] if s == seat else 2 for s in range(3)]
    for headers, role in (({}, "spectator"), (bearer(body["owner_token"]), "owner")):
        answer = client.get(f"/v1/sessions/{sid}", headers=headers).json
        assert answer["seat"] is None and answer["role"] == role
        assert all("hand" not in p and p["hand_count"] == 2 for p in answer["view"]["players"])


@pytest.mark.parametrize("header", ["Bearer not-a-token-of-this-session", "Bearer ", "Basic dXNlcjpwYXNz",
                                    "Bearer a b", "bearer " + "x" * 600])
def test_a_bad_or_malformed_token_is_401_on_every_endpoint(client, header):
    sid = create(client)["session_id"]
    for method, path, kwargs in (("get", "", {}), ("get", "/legal-actions", {}), ("get", "/log", {}),
                                 ("post", "/actions", {"json": {"action": draw(0)}}), ("delete", "", {})):
        response = getattr(client, method)(f"/v1/sessions/{sid}{path}", headers={"Authorization": header}, **kwargs)
        is_problem(response, 401, "invalid_token")
        assert response.headers["WWW-Authenticate"].startswith('Bearer realm="sessions"')


def test_another_sessions_token_is_401(client):
    one, two = create(client), create(client)
    is_problem(client.get(f"/v1/sessions/{one['session_id']}", headers=bearer(two["seat_tokens"][0])),
               401, "invalid_token")


@pytest.mark.parametrize("sid", ["AAAAAAAAAAAAAAAAAAAAAA", "nope", "a%7Bb%7D"])
def test_unknown_sessions_are_404_problems(client, sid):
    for path in ("", "/legal-actions", "/log"):
        is_problem(client.get(f"/v1/sessions/{sid}{path}"), 404, "session_not_found")


def test_no_endpoint_shows_anyone_the_seed_or_another_seats_cards(client, app):
    body = create(client)
    sid = body["session_id"]
    for _ in range(5):
        seat = turn(app, sid)
        assert client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat)},
                           headers=bearer(body["seat_tokens"][seat])).status_code == 200
    state = full_state(app, sid)
    callers = [(seat, bearer(token)) for seat, token in enumerate(body["seat_tokens"])]
    callers += [(None, {}), (None, bearer(body["owner_token"]))]
    for seat, headers in callers:
        answers = [client.get(f"/v1/sessions/{sid}{path}", headers=headers) for path in ("", "/legal-actions", "/log")]
        assert all(a.status_code == 200 and SEED not in a.get_data(as_text=True) for a in answers)
        # only draws so far: every card a seat holds is known to it alone
        own = set(state["players"][seat]["hand"]) if seat is not None else set()
        assert cards_named([a.json for a in answers]) == own


# ---------------------------------------------------------------- acting
def test_acting_for_another_seat_is_403_and_changes_nothing(client, app):
    body = create(client)
    sid = body["session_id"]
    seat = turn(app, sid)
    other = (seat + 1) % 3
    problem = is_problem(client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat)},
                                     headers=bearer(body["seat_tokens"][other])), 403, "not_your_seat")
    assert str(other) in problem["detail"]
    is_problem(client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat)},
                           headers=bearer(body["owner_token"])), 403, "not_a_seat")
    is_problem(client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat)}), 401, "invalid_token")
    assert client.get(f"/v1/sessions/{sid}").json["version"] == 0


def test_an_illegal_action_is_422_citing_the_rule(client, app):
    body = create(client)
    sid = body["session_id"]
    seat = turn(app, sid)
    other = (seat + 1) % 3
    problem = is_problem(client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(other)},
                                     headers=bearer(body["seat_tokens"][other])), 422, "not_your_turn")
    assert problem["rule"] == "CN-2" and problem["detail"]
    problem = is_problem(client.post(f"/v1/sessions/{sid}/actions",
                                     json={"action": {"type": "take", "player": seat, "stones": 77}},
                                     headers=bearer(body["seat_tokens"][seat])), 422, "bad_take")
    assert problem["rule"] == "CN-3" and problem["stones"] == 77
    problem = is_problem(client.post(f"/v1/sessions/{sid}/actions", json={"action": {"type": "fly", "player": seat}},
                                     headers=bearer(body["seat_tokens"][seat])), 422, "invalid_action")
    assert problem["errors"][0]["path"].startswith("$.action")
    is_problem(client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat), "extra": 1},
                           headers=bearer(body["seat_tokens"][seat])), 422, "invalid_request")
    is_problem(client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat), "expected_version": -1},
                           headers=bearer(body["seat_tokens"][seat])), 422, "invalid_request")


def test_an_action_answers_with_the_new_version_events_and_view(client, app):
    body = create(client)
    sid = body["session_id"]
    seat = turn(app, sid)
    response = client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat), "expected_version": 0},
                           headers=bearer(body["seat_tokens"][seat]))
    assert response.status_code == 200 and response.headers["ETag"] == '"1"'
    answer = response.json
    assert answer["version"] == 1 and answer["seat"] == seat
    card = next(e["card"] for e in answer["events"] if e["type"] == "card_drawn")
    assert card in answer["view"]["players"][seat]["hand"]
    assert answer["view"] == client.get(f"/v1/sessions/{sid}", headers=bearer(body["seat_tokens"][seat])).json["view"]


# ---------------------------------------------------------------- versions, ETag, If-Match
def test_stale_expected_version_is_409_with_the_current_version(client, app):
    body = create(client)
    sid = body["session_id"]
    first = turn(app, sid)
    client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(first)}, headers=bearer(body["seat_tokens"][first]))
    second = turn(app, sid)
    response = client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(second), "expected_version": 0},
                           headers=bearer(body["seat_tokens"][second]))
    problem = is_problem(response, 409, "version_conflict")
    assert problem["current_version"] == 1 and problem["expected_version"] == 0
    assert response.headers["ETag"] == '"1"'
    assert client.get(f"/v1/sessions/{sid}").json["version"] == 1


def test_if_match_works_like_expected_version(client, app):
    body = create(client)
    sid = body["session_id"]
    seat = turn(app, sid)
    token = bearer(body["seat_tokens"][seat])
    etag = client.get(f"/v1/sessions/{sid}", headers=token).headers["ETag"]
    is_problem(client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat)},
                           headers={**token, "If-Match": '"7"'}), 409, "version_conflict")
    is_problem(client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat)},
                           headers={**token, "If-Match": "W/\"0\""}), 400, "invalid_if_match")
    is_problem(client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat), "expected_version": 1},
                           headers={**token, "If-Match": etag}), 400, "conflicting_preconditions")
    landed = client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat)}, headers={**token, "If-Match": etag})
    assert landed.status_code == 200 and landed.headers["ETag"] == '"1"'
    is_problem(client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat)},
                           headers={**token, "If-Match": etag}), 409, "version_conflict")
    nxt = turn(app, sid)
    anyway = client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(nxt)},
                         headers={**bearer(body["seat_tokens"][nxt]), "If-Match": "*"})
    assert anyway.status_code == 200 and anyway.json["version"] == 2


def test_if_none_match_on_the_current_version_is_304(client, app):
    body = create(client)
    sid = body["session_id"]
    token = bearer(body["seat_tokens"][0])
    assert client.get(f"/v1/sessions/{sid}", headers={**token, "If-None-Match": '"0"'}).status_code == 304
    assert client.get(f"/v1/sessions/{sid}", headers={**token, "If-None-Match": '"5", W/"0"'}).status_code == 304
    assert client.get(f"/v1/sessions/{sid}", headers={**token, "If-None-Match": '"3"'}).status_code == 200


# ---------------------------------------------------------------- legal actions, log
def test_legal_actions_are_the_callers_own(client, app):
    body = create(client)
    sid = body["session_id"]
    seat = turn(app, sid)
    mine = client.get(f"/v1/sessions/{sid}/legal-actions", headers=bearer(body["seat_tokens"][seat]))
    assert mine.status_code == 200 and mine.headers["ETag"] == '"0"'
    assert draw(seat) in mine.json["actions"] and all(a["player"] == seat for a in mine.json["actions"])
    assert client.get(f"/v1/sessions/{sid}/legal-actions").json["actions"] == []


def test_the_log_shows_private_draws_only_to_the_drawer_and_pages_by_version(client, app):
    body = create(client)
    sid = body["session_id"]
    order = []
    for _ in range(3):
        seat = turn(app, sid)
        order.append(seat)
        client.post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat)}, headers=bearer(body["seat_tokens"][seat]))
    for viewer, token in enumerate(body["seat_tokens"]):
        log = client.get(f"/v1/sessions/{sid}/log", headers=bearer(token))
        assert log.status_code == 200 and log.headers["ETag"] == '"3"'
        entries = log.json["entries"]
        assert [e["version"] for e in entries] == [1, 2, 3] and [e["seat"] for e in entries] == order
        for entry in entries:
            private = [e for e in entry["events"] if e["type"] == "card_drawn"]
            assert len(private) == (1 if entry["seat"] == viewer else 0)
    spectator = client.get(f"/v1/sessions/{sid}/log?since=2").json
    assert [e["version"] for e in spectator["entries"]] == [3] and spectator["since"] == 2
    assert all(e["type"] != "card_drawn" for e in spectator["entries"][0]["events"])
    is_problem(client.get(f"/v1/sessions/{sid}/log?since=-1"), 422, "invalid_request")
    assert client.get(f"/v1/sessions/{sid}/log?since=2&_=cachebuster").status_code == 200


# ---------------------------------------------------------------- delete
def test_delete_takes_the_owner_token_only(client):
    body = create(client)
    sid = body["session_id"]
    is_problem(client.delete(f"/v1/sessions/{sid}"), 401, "invalid_token")
    is_problem(client.delete(f"/v1/sessions/{sid}", headers=bearer(body["seat_tokens"][1])), 403, "not_the_owner")
    response = client.delete(f"/v1/sessions/{sid}", headers=bearer(body["owner_token"]))
    assert response.status_code == 204 and response.get_data() == b""
    is_problem(client.get(f"/v1/sessions/{sid}"), 404, "session_not_found")
    is_problem(client.delete(f"/v1/sessions/{sid}", headers=bearer(body["owner_token"])), 404, "session_not_found")


# ---------------------------------------------------------------- long-poll
def test_long_poll_answers_when_the_next_action_lands(client, app):
    body = create(client)
    sid = body["session_id"]
    seat = turn(app, sid)

    def act_later():
        time.sleep(0.3)
        app.test_client().post(f"/v1/sessions/{sid}/actions", json={"action": draw(seat)},
                               headers=bearer(body["seat_tokens"][seat]))

    worker = threading.Thread(target=act_later)
    worker.start()
    started = time.monotonic()
    answer = client.get(f"/v1/sessions/{sid}?wait_version=0&wait_seconds=10")
    elapsed = time.monotonic() - started
    worker.join()
    assert answer.status_code == 200 and answer.json["version"] == 1 and 0.2 < elapsed < 1.5
    started = time.monotonic()
    timed_out = client.get(f"/v1/sessions/{sid}?wait_version=1&wait_seconds=60")  # capped at 2 s by the app
    assert timed_out.json["version"] == 1 and 1.8 < time.monotonic() - started < 3.5
    is_problem(client.get(f"/v1/sessions/{sid}?wait_version=x"), 422, "invalid_request")
    is_problem(client.get(f"/v1/sessions/{sid}?wait_seconds=-1"), 422, "invalid_request")


def test_a_bad_token_is_refused_before_any_wait(client):
    sid = create(client)["session_id"]
    started = time.monotonic()
    is_problem(client.get(f"/v1/sessions/{sid}?wait_version=0&wait_seconds=5", headers=bearer("nope")),
               401, "invalid_token")
    assert time.monotonic() - started < 1


# ---------------------------------------------------------------- the store, seen from outside
def test_without_redis_url_sessions_live_in_the_process(card_nim):
    from service import create_app

    app = create_app({"REDIS_URL": None})
    client = app.test_client()
    body = create(client, players=2)
    assert client.get(f"/v1/sessions/{body['session_id']}").status_code == 200
    ready = client.get("/readyz").json
    assert {"name": "sessions", "ok": True, "detail": "in-process store (single process only)"} in ready["checks"]


def test_readiness_reports_redis(client):
    checks = client.get("/readyz").json["checks"]
    assert any(c["name"] == "sessions" and c["ok"] and c["detail"].startswith("redis at") for c in checks)


def test_an_unreachable_redis_is_503_with_retry_after_and_stateless_endpoints_still_answer(card_nim, key_prefix):
    from service import create_app

    app = create_app({"REDIS_URL": f"redis://127.0.0.1:{free_port()}/0", "SESSION_KEY_PREFIX": key_prefix})
    client = app.test_client()
    started = time.monotonic()
    for response in (client.post("/v1/sessions", json={"game": "card_nim", "players": 2}),
                     client.get("/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA"),
                     client.post("/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA/actions", json={"action": draw(0)},
                                 headers=bearer("x"))):
        is_problem(response, 503, "sessions_unavailable")
        assert response.headers["Retry-After"] == "1"
    assert time.monotonic() - started < 3
    assert client.post("/v1/games/card_nim/setup", json={"players": 2, "seed": 1}).status_code == 200
    assert client.get("/healthz").status_code == 200
    ready = client.get("/readyz")
    assert ready.status_code == 503 and not next(c for c in ready.json["checks"] if c["name"] == "sessions")["ok"]


def test_a_session_is_seated_from_its_first_player(client):
    created = create(client, first_player=1)
    assert created["first_player"] == 1 and created["colors"] == [] and created["status"]["active_players"] == [1]
    refused = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "first_player": 5})
    is_problem(refused, 422, "invalid_first_player")


def test_session_legal_actions_narrowed_by_type_and_field(client, app):
    created = create(client)
    seat = turn(app, created["session_id"])
    url = f"/v1/sessions/{created['session_id']}/legal-actions"
    headers = bearer(created["seat_tokens"][seat])
    every = client.get(url, headers=headers).json["actions"]
    draws = client.get(url + "?type=draw", headers=headers).json["actions"]
    assert draws == [a for a in every if a["type"] == "draw"] == [draw(seat)]
    both = client.get(url + "?type=draw&type=take", headers=headers).json["actions"]
    assert both == every
    one = client.get(url, query_string={"where": '{"stones": 1}'}, headers=headers).json["actions"]
    assert one == [{"type": "take", "player": seat, "stones": 1}]
    is_problem(client.get(url, query_string={"where": "[1]"}, headers=headers), 400, "invalid_query")
