"""The kit's generic suite on Kingdom of Solomon: metadata, set-up, foreign and mangled states and actions,
the seed secret, seeded playouts, replay, noninterference (with the secrets written from spec 4 and KOS-6.1,
``secrets.py``) and the view schema, every count."""

from __future__ import annotations

from rulesets.kingdom_of_solomon import RULESET
from rulesets.testing import conformance

from .secrets import SECRETS


def test_conformance():
    """Every check of CONFORMANCE_CHECKS, two seeded games per player count; noninterference with the game's
    own Secrets (spec 4)."""
    conformance(RULESET, playouts=2, secrets=SECRETS)
