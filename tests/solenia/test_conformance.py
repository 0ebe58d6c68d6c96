"""The generic suite every game passes (rulesets.testing.conformance): set-up, options, seats, views, codec,
refusals and seeded whole games, on Solenia's 1 to 4 players."""

from __future__ import annotations

from rulesets.testing import conformance

from .scenario import R


def test_solenia_passes_the_generic_conformance_suite():
    """Every generic check of the kit, with one seeded whole game per player count (the batteries here play
    hundreds more, variant by variant)."""
    conformance(R, playouts=1)
