"""Fixtures every suite shares."""

from __future__ import annotations

import pytest

from rulesets.core.registry import get_ruleset, register, unregister
from tests.doubles import card_nim as card_nim_module

pytest_plugins = ["tests.refusal_coverage"]


@pytest.fixture(scope="module")
def card_nim():
    """Card Nim, registered only while a module's tests run, never at collection time:
    other modules (the OpenAPI document, the every-ruleset tests) must not see it."""
    register(card_nim_module.GAME_ID, card_nim_module.__name__)
    try:
        yield get_ruleset(card_nim_module.GAME_ID)
    finally:
        unregister(card_nim_module.GAME_ID)
