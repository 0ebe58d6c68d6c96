"""The generic suite every game passes (rulesets.testing.conformance): set-up, options, seats, views, codec,
refusals and seeded whole games, on Solenia's 1 to 4 players."""

from __future__ import annotations

from rulesets.testing import conformance

from .scenario import R
from .secrets import SECRETS


def test_solenia_passes_the_generic_conformance_suite():
    """Every generic check of the kit, with one seeded whole game per player count (the batteries here play
    hundreds more, variant by variant); its noninterference check takes the secrets written from SOL-H.1 to
    SOL-H.6 (tests/solenia/secrets.py)."""
    conformance(R, playouts=1, secrets=SECRETS)
