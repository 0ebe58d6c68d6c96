"""Step 1 of the design's checks, and every other error: RFC 9457 problems, always.

Bodies too large (413, also without a Content-Length), wrong content types (415),
malformed JSON (400), unknown routes, games and methods (404/405), envelopes that
do not fit their schema (422 with paths) and bugs (500 without internals).
"""

from __future__ import annotations

import io
import json

import orjson
import pytest
from structlog.testing import capture_logs

from service import create_app
from service.problems import Problem
from tests.service.problem_checks import assert_problem

MIB = 1024 * 1024
ENDPOINTS = ["setup", "legal-actions", "validate", "apply", "view", "replay"]


# ------------------------------------------------------------------ size (413)
@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_five_mib_body_is_refused_before_parsing(client, endpoint):
    # Not even valid JSON: the size is refused first, so the parser never sees it.
    response = client.post(f"/v1/games/card_nim/{endpoint}", data=b"{" * (5 * MIB), content_type="application/json")
    body = assert_problem(response, 413, "body_too_large")
    assert body["limit"] == MIB


def test_chunked_body_without_length_is_cut_off_at_the_limit(client):
    huge = io.BytesIO(b'{"state": "' + b"x" * (5 * MIB) + b'"}')
    response = client.post("/v1/games/card_nim/apply", input_stream=huge, content_type="application/json",
                           headers={"Transfer-Encoding": "chunked"},
                           environ_overrides={"wsgi.input_terminated": True})
    assert_problem(response, 413, "body_too_large")
    assert huge.tell() <= MIB + 64 * 1024, "read far past the limit instead of stopping"


def test_limit_is_configurable_and_exact(card_nim):
    app = create_app({"MAX_BODY_BYTES": 100, "LOG_LEVEL": "WARNING"})
    client = app.test_client()
    at_limit = b'{"players": 2, "seed": "' + b"s" * (100 - 26) + b'"}'
    assert len(at_limit) == 100
    assert client.post("/v1/games/card_nim/setup", data=at_limit, content_type="application/json").status_code == 200
    over = at_limit[:-2] + b's"}'
    assert_problem(client.post("/v1/games/card_nim/setup", data=over, content_type="application/json"),
                   413, "body_too_large")


# ------------------------------------------------------------------ content type (415), syntax (400)
@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml"])
def test_wrong_content_type_is_415(client, content_type):
    response = client.post("/v1/games/card_nim/setup", data=b'{"players": 2}', content_type=content_type)
    body = assert_problem(response, 415, "unsupported_media_type")
    assert content_type in body["detail"]


def test_missing_content_type_is_415(client):
    response = client.post("/v1/games/card_nim/setup", data=b'{"players": 2}')
    assert_problem(response, 415, "unsupported_media_type")


def test_json_suffix_and_charset_are_accepted(client):
    for content_type in ["application/vnd.referee+json", "application/json; charset=utf-8"]:
        response = client.post("/v1/games/card_nim/setup", data=b'{"players": 2, "seed": 1}', content_type=content_type)
        assert response.status_code == 200, content_type


@pytest.mark.parametrize("data", [b"{", b'{"players": 2,}', b"{'players': 2}", b'{"players": NaN}',
                                  b"\xff\xfe{}", b"[" * 2000 + b"]" * 2000])
def test_malformed_json_is_400(client, data):
    body = assert_problem(client.post("/v1/games/card_nim/setup", data=data, content_type="application/json"),
                          400, "malformed_json")
    assert body["detail"].startswith("The body is not valid JSON")


def test_empty_body_is_400(client):
    assert_problem(client.post("/v1/games/card_nim/apply", data=b"", content_type="application/json"), 400, "empty_body")


# ------------------------------------------------------------------ routes, games, methods (404/405)
def test_unknown_route_is_404_problem(client):
    assert_problem(client.get("/v2/nothing"), 404, "not_found")


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_unknown_game_is_404_before_the_body_is_read(client, endpoint):
    # The body is garbage: the unknown game is what gets reported.
    response = client.post(f"/v1/games/chess/{endpoint}", data=b"{", content_type="application/json")
    body = assert_problem(response, 404, "unknown_game")
    assert body["game"] == "chess"
    assert "card_nim" in body["detail"]


def test_unknown_game_metadata_is_404(client):
    assert_problem(client.get("/v1/games/chess"), 404, "unknown_game")


def test_wrong_method_is_405_with_allow(client):
    response = client.get("/v1/games/card_nim/apply")
    body = assert_problem(response, 405, "method_not_allowed")
    assert "POST" in response.headers["Allow"]
    assert "POST" in body["detail"]


# ------------------------------------------------------------------ envelope schema (422)
@pytest.mark.parametrize("payload, path, fragment", [
    ({}, "$.players", "Missing data"),
    ({"players": "3"}, "$.players", "integer"),
    ({"players": 3.5}, "$.players", "integer"),
    ({"players": True}, "$.players", "integer"),
    ({"players": 3, "seed": 1.5}, "$.seed", "integer or a string"),
    ({"players": 3, "seed": True}, "$.seed", "integer or a string"),
    ({"players": 3, "options": []}, "$.options", "mapping"),
    ({"players": 3, "plyers": 3}, "$.plyers", "Unknown field"),
])
def test_setup_envelope_errors_name_their_path(client, payload, path, fragment):
    body = assert_problem(client.post("/v1/games/card_nim/setup", json=payload), 422, "invalid_request")
    assert any(e["path"] == path and fragment in e["message"] for e in body["errors"]), body["errors"]


def test_every_envelope_error_is_listed(client):
    body = assert_problem(client.post("/v1/games/card_nim/apply", json={"state": 5, "extra": 1}), 422, "invalid_request")
    paths = sorted(e["path"] for e in body["errors"])
    assert paths == ["$.action", "$.extra", "$.state"]
    assert body["detail"].startswith("$.") and "more" in body["detail"]


def test_body_that_is_not_an_object_is_422_at_the_root(client):
    body = assert_problem(client.post("/v1/games/card_nim/apply", json=[1, 2]), 422, "invalid_request")
    assert body["errors"][0]["path"] == "$"


def test_replay_action_list_errors_are_indexed(client):
    body = assert_problem(client.post("/v1/games/card_nim/replay", json={"players": 2, "seed": 1, "actions": [{}, 3]}),
                          422, "invalid_request")
    assert [e["path"] for e in body["errors"]] == ["$.actions[1]"]


# ------------------------------------------------------------------ bugs (500)
def test_unexpected_exception_is_500_without_internals_and_logged_with_request_id(card_nim):
    app = create_app({"LOG_LEVEL": "INFO"})

    @app.get("/boom")
    def boom():
        raise RuntimeError("secret connection string postgres://u:p@db")

    with capture_logs() as logs:
        response = app.test_client().get("/boom", headers={"X-Request-ID": "req-500-test"})
    body = assert_problem(response, 500, "internal_error")
    text = response.data.decode()
    assert "secret" not in text and "RuntimeError" not in text and "Traceback" not in text
    assert body["request_id"] == "req-500-test" == response.headers["X-Request-ID"]
    failures = [entry for entry in logs if entry["event"] == "unhandled_exception"]
    assert failures and failures[0]["request_id"] == "req-500-test"
    assert failures[0]["exc_info"].__class__ is RuntimeError


def test_problem_raised_anywhere_keeps_its_members_and_headers(card_nim):
    app = create_app({"LOG_LEVEL": "WARNING"})

    @app.get("/busy")
    def busy():
        raise Problem(503, "busy", "Try again soon.", rule="OPS-1", headers={"Retry-After": "3"}, attempts=[1, 2])

    response = app.test_client().get("/busy")
    body = assert_problem(response, 503, "busy")
    assert response.headers["Retry-After"] == "3"
    assert body["rule"] == "OPS-1" and body["attempts"] == [1, 2] and body["title"] == "Service Unavailable"


# ------------------------------------------------------------------ request ids, logs, CORS
def test_sane_request_id_is_echoed(client):
    response = client.get("/healthz", headers={"X-Request-ID": "abc-123.x:y"})
    assert response.headers["X-Request-ID"] == "abc-123.x:y"


@pytest.mark.parametrize("given", ["", "has space", "<script>", "x" * 200, "ünïcode"])
def test_insane_request_id_is_replaced(client, given):
    response = client.get("/healthz", headers={"X-Request-ID": given})
    echoed = response.headers["X-Request-ID"]
    assert echoed != given and len(echoed) == 32 and echoed.isalnum()


def test_one_log_line_per_request_with_its_outcome(card_nim):
    app = create_app({"LOG_LEVEL": "INFO"})
    with capture_logs() as logs:
        app.test_client().post("/v1/games/card_nim/setup", json={"players": 9}, headers={"X-Request-ID": "line-1"})
    lines = [entry for entry in logs if entry["event"] == "request"]
    assert len(lines) == 1
    line = lines[0]
    assert (line["request_id"], line["method"], line["path"], line["status"], line["game"], line["problem"]) == \
        ("line-1", "POST", "/v1/games/card_nim/setup", 422, "card_nim", "invalid_player_count")
    assert line["duration_ms"] >= 0


def test_log_lines_are_json_on_stdout(card_nim, capfd):
    app = create_app({"LOG_LEVEL": "INFO"})
    app.test_client().get("/healthz", headers={"X-Request-ID": "json-line"})
    lines = [orjson.loads(line) for line in capfd.readouterr().out.splitlines() if line.startswith("{")]
    assert any(line.get("request_id") == "json-line" and line["status"] == 200 for line in lines)


def test_log_level_filters_request_lines(card_nim):
    app = create_app({"LOG_LEVEL": "WARNING"})
    with capture_logs() as logs:
        app.test_client().get("/healthz")
    assert not [entry for entry in logs if entry["event"] == "request"]


def test_cors_off_by_default(client):
    response = client.get("/v1/games", headers={"Origin": "https://app.example"})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_for_configured_origins_only(card_nim):
    client = create_app({"CORS_ORIGINS": "https://app.example, https://other.example",
                         "LOG_LEVEL": "WARNING"}).test_client()
    allowed = client.get("/v1/games", headers={"Origin": "https://app.example"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://app.example"
    assert "X-Request-ID" in allowed.headers["Access-Control-Expose-Headers"]
    preflight = client.options("/v1/games/card_nim/apply", headers={
        "Origin": "https://other.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Content-Type"})
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://other.example"
    refused = client.get("/v1/games", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in refused.headers


def test_cors_wildcard(card_nim):
    client = create_app({"CORS_ORIGINS": "*", "LOG_LEVEL": "WARNING"}).test_client()
    assert client.get("/healthz", headers={"Origin": "https://x.example"}).headers[
        "Access-Control-Allow-Origin"] == "*"


def test_problem_members_of_any_type_still_render(card_nim):
    app = create_app({"LOG_LEVEL": "WARNING"})

    class Opaque:
        def __str__(self):
            return "opaque thing"

    @app.get("/odd")
    def odd():
        raise Problem(409, "odd", "Odd members.", huge=10**30, tags={"b"}, thing=Opaque(), keyed={3: "x"})

    response = app.test_client().get("/odd")
    assert_problem(response, 409, "odd")
    body = json.loads(response.data)  # the stdlib keeps integers past 64 bits exact
    assert body["huge"] == 10**30 and body["tags"] == ["b"] and body["thing"] == "opaque thing"
    assert body["keyed"] == {"3": "x"}
