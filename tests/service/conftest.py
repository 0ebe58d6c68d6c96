"""Fixtures for the HTTP tests: apps built the way production builds them (only the
config differs), with Card Nim (``card_nim``, from tests/conftest.py) registered."""

from __future__ import annotations

import pytest

from service import create_app


@pytest.fixture(scope="module")
def app(card_nim):
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING"})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def card_nim_setup(client):
    """A fresh 3-seat Card Nim game: (state, status) as the service answered them."""
    response = client.post("/v1/games/card_nim/setup", json={"players": 3, "seed": "card-nim-fixture-seed"})
    assert response.status_code == 200, response.json
    return response.json["state"], response.json["status"]
