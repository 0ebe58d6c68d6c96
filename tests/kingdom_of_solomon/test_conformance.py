"""The kit's generic suite on Kingdom of Solomon: metadata, set-up, foreign and mangled states and actions,
the seed secret, seeded playouts, replay, hidden information and the view schema, every count."""

from __future__ import annotations

from rulesets.kingdom_of_solomon import RULESET
from rulesets.testing import conformance


def test_conformance():
    """Every check of CONFORMANCE_CHECKS, two seeded games per player count."""
    conformance(RULESET, playouts=2)
