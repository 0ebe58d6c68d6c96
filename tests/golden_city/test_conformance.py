"""GC-13.1 / GC-13.2: The Golden City passes core's generic conformance suite (set-up, foreign states,
the seed kept secret, seeded playouts, replay, noninterference with the secrets written from spec 4
(tests/golden_city/secrets.py), views fitting the view schema, mangled states and actions refused cleanly,
every refusal catalogued)."""

from __future__ import annotations

from rulesets.testing import conformance

from .scenario import R
from .secrets import SECRETS


def test_gc_13_1_the_generic_conformance_suite():
    """GC-13.1 / GC-13.2: every check of ``CONFORMANCE_CHECKS``, two seeded playouts per player count, the
    noninterference check with the game's ``SECRETS`` (spec 4)."""
    conformance(R, secrets=SECRETS)
