"""The published games the registry holds (test doubles registered by tests are not among them)."""

from __future__ import annotations

from rulesets.core.host import Ruleset, all_rulesets


def real_rulesets() -> list[Ruleset]:
    return [r for r in all_rulesets() if type(r).__module__.startswith("rulesets.")]


def seats_for(ruleset: Ruleset) -> int:
    """Two seats where the game allows: enough for one seat's secrets to be kept from another."""
    low, high = ruleset.player_range(ruleset.resolve_options({}))
    return min(max(low, 2), high)
