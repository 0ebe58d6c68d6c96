"""Probes, metrics, docs, the bench echo endpoint and configuration."""

from __future__ import annotations

import re

import pytest

from service import create_app
from service.config import MIB, ConfigError, load_config
from tests.service.problem_checks import assert_problem


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json == {"status": "ok"}


def test_readyz_runs_registered_checks(card_nim):
    app = create_app({"LOG_LEVEL": "WARNING"})
    app.extensions["readiness_checks"].append(lambda: ("database", True, "reachable"))
    response = app.test_client().get("/readyz")
    assert response.status_code == 200
    assert {"name": "database", "ok": True, "detail": "reachable"} in response.json["checks"]


def test_readyz_is_503_when_a_check_fails_or_raises(card_nim):
    app = create_app({"LOG_LEVEL": "WARNING"})

    def cache():
        raise ConnectionError("refused")

    app.extensions["readiness_checks"].extend([lambda: ("queue", False, "down"), cache,
                                               lambda: ("disk", True, "fine")])
    response = app.test_client().get("/readyz")
    body = assert_problem(response, 503, "not_ready")
    by_name = {check["name"]: check for check in body["checks"]}
    assert by_name["queue"] == {"name": "queue", "ok": False, "detail": "down"}
    assert by_name["cache"]["ok"] is False and "ConnectionError: refused" in by_name["cache"]["detail"]
    assert by_name["disk"]["ok"] is True
    assert "queue" in body["detail"] and "cache" in body["detail"] and "disk" not in body["detail"]


def test_metrics_count_requests_by_route_not_by_url(client):
    for game in ("card_nim", "chess", "go"):
        client.get(f"/v1/games/{game}")
    text = client.get("/metrics").data.decode()
    series = 'referee_http_request_duration_seconds_count{method="GET",status="%s",url_rule="/v1/games/<game:game>"}'
    assert f"{series % 200} 1.0" in text
    assert f"{series % 404} 2.0" in text
    assert "chess" not in text


def test_docs_are_served_offline(client):
    page = client.get("/docs/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.data.decode()
    # Everything the page loads comes from this server, and no script is inline.
    loaded = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert loaded and all(url.startswith("/docs/") for url in loaded), loaded
    assert not re.search(r"<script>", html)
    for url in loaded:
        asset = client.get(url)
        assert asset.status_code == 200 and len(asset.data) > 100, url
    initializer = client.get("/docs/swagger-initializer.js").data.decode()
    assert '"/openapi.yaml"' in initializer and "validatorUrl: null" in initializer
    assert client.get("/docs").status_code in (301, 308)


def test_openapi_yaml_is_served(client):
    response = client.get("/openapi.yaml")
    assert response.status_code == 200 and response.mimetype == "application/yaml"
    assert response.data.startswith(b"components:") and b"openapi: 3.1.0" in response.data


def test_echo_endpoint_only_when_enabled(client, card_nim):
    assert_problem(client.post("/bench/echo", json={"a": 1}), 404, "not_found")
    echo = create_app({"BENCH_ECHO": True, "LOG_LEVEL": "WARNING"}).test_client()
    response = echo.post("/bench/echo", json={"a": [1, 2, {"b": None}]})
    assert response.status_code == 200 and response.json == {"a": [1, 2, {"b": None}]}
    assert_problem(echo.post("/bench/echo", data=b"{", content_type="application/json"), 400, "malformed_json")
    assert b"/bench/echo" not in echo.get("/openapi.yaml").data


# ------------------------------------------------------------------ configuration
def test_config_defaults():
    config = load_config(environ={})
    assert config["MAX_BODY_BYTES"] == MIB
    assert config["CORS_ORIGINS"] == []
    assert config["REDIS_URL"] is None
    assert config["SESSION_IDLE_SECONDS"] == 86400
    assert config["BENCH_ECHO"] is False


def test_config_from_environment_and_overrides():
    environ = {"MAX_BODY_BYTES": "2048", "CORS_ORIGINS": "https://a.example, https://b.example",
               "BENCH_ECHO": "yes", "LOG_LEVEL": "debug", "REDIS_URL": "redis://r:6379/2",
               "SESSION_IDLE_SECONDS": "60"}
    config = load_config(environ=environ, overrides={"SESSION_IDLE_SECONDS": 5})
    assert config["MAX_BODY_BYTES"] == 2048
    assert config["CORS_ORIGINS"] == ["https://a.example", "https://b.example"]
    assert config["BENCH_ECHO"] is True and config["LOG_LEVEL"] == "DEBUG"
    assert config["REDIS_URL"] == "redis://r:6379/2"
    assert config["SESSION_IDLE_SECONDS"] == 5


@pytest.mark.parametrize("key, value", [("MAX_BODY_BYTES", "lots"), ("MAX_BODY_BYTES", "0"),
                                        ("BENCH_ECHO", "maybe"), ("SESSION_IDLE_SECONDS", "-1")])
def test_bad_environment_values_stop_the_service(key, value):
    with pytest.raises(ConfigError, match=key):
        load_config(environ={key: value})


def test_environment_reaches_the_app(card_nim, monkeypatch):
    monkeypatch.setenv("MAX_BODY_BYTES", "64")
    monkeypatch.setenv("BENCH_ECHO", "1")
    client = create_app({"LOG_LEVEL": "WARNING"}).test_client()
    assert_problem(client.post("/bench/echo", json={"x": "y" * 64}), 413, "body_too_large")


def test_unknown_log_level_is_refused(card_nim):
    with pytest.raises(ValueError, match="LOG_LEVEL"):
        create_app({"LOG_LEVEL": "CHATTY"})
