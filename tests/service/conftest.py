"""Fixtures for the HTTP tests: the toy game registered for the module's duration,
and apps built the way production builds them (only the config differs)."""

from __future__ import annotations

import pytest

from rulesets.core.registry import get_ruleset, register, unregister
from service import create_app

TOY_MODULE = "tests.service.toy_game"


@pytest.fixture(scope="module")
def toy():
    """Registered only while a module's tests run, never at collection time: other
    modules (the OpenAPI document, the every-ruleset tests) must not see it."""
    register("toy", TOY_MODULE)
    try:
        yield get_ruleset("toy")
    finally:
        unregister("toy")


@pytest.fixture(scope="module")
def app(toy):
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING"})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def toy_setup(client):
    """A fresh 3-seat toy game: (state, status) as the service answered them."""
    response = client.post("/v1/games/toy/setup", json={"players": 3, "seed": "toy-fixture-seed"})
    assert response.status_code == 200, response.json
    return response.json["state"], response.json["status"]
