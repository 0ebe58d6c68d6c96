"""Apps with sealing and record keys, built the way production builds them."""

from __future__ import annotations

import pytest

from service import create_app
from service.records import new_signing_key
from service.sealing import new_key

SEALING_KEY = new_key()
RECORD_KEY = new_signing_key()


def make_app(**config):
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING", **config})


@pytest.fixture(scope="module")
def app():
    return make_app(STATE_SEALING_KEYS=SEALING_KEY, GAME_RECORD_SIGNING_KEY=RECORD_KEY)


@pytest.fixture
def client(app):
    return app.test_client()
