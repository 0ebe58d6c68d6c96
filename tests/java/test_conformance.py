"""The generic suite every game must pass (rulesets.testing.conformance), run once on Java."""

from __future__ import annotations

from rulesets.testing import conformance

from .scenario import R
from .secrets import SECRETS


def test_java_14_1_conformance():
    """JAVA-14.1 to 14.6: Java passes core's generic conformance suite (contract, noninterference with the
    secrets of spec Part 4 (tests/java/secrets.py), determinism, wire forms, refusals) on seeded whole games
    of two players (the bulk playouts cover three and four; test_noninterference.py every count)."""
    conformance(R, player_counts=[2], playouts=1, secrets=SECRETS)
