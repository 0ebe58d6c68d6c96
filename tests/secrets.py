"""Where each game's ``Secrets`` live (``rulesets.testing.noninterference``): beside its tests, written
from its rulebook. A game's secrets are ``tests/<game>/secrets.py``'s ``SECRETS``; the doubles keep
theirs beside them."""

from __future__ import annotations

import importlib
from typing import Any

from rulesets.testing.noninterference import Secrets

_DOUBLES = {"card_nim": "tests.doubles.card_nim_secrets", "whisper_court": "tests.doubles.whisper_court.secrets"}


def secrets_of(game: str) -> Secrets[Any]:
    """The Secrets the tests of ``game`` (a game id) wrote for it."""
    module = importlib.import_module(_DOUBLES.get(game, f"tests.{game}.secrets"))
    found: Secrets[Any] = module.SECRETS
    return found
