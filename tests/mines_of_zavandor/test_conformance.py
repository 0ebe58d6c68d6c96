"""The generic suite every game must pass (``rulesets.testing.conformance``): metadata, setup, refused player
counts and foreign states, the secret seed, seeded playouts, replay, noninterference with the secrets written
from the spec (``secrets.py``), the view schema and mangled states and actions — on this ruleset as a third
party would run it."""

from __future__ import annotations


from rulesets.testing import conformance

from .scenario import R
from .secrets import SECRETS


def test_spec_conformance_suite_passes():
    """Spec 3.2 / section 4: one seeded playout per player count (2 to 4) through every generic check, the
    noninterference check given the secrets of spec section 4."""
    conformance(R, playouts=1, secrets=SECRETS)
