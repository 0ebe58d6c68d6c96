"""The games the registry holds, for the service, trust and SDK suites.

No filter: every registered game (ours, or a third party's entry point) gets these suites.
Test doubles never reach the registry at collection time (``tests/conftest.py``'s ``card_nim``
fixture registers Card Nim only while a module that asks for it runs, and the generic suite,
``tests/core/test_every_ruleset.py``, takes Ruleset objects and needs no registry), so they
are not among them.
"""

from __future__ import annotations

from rulesets.core.host import Ruleset, all_rulesets


def real_rulesets() -> list[Ruleset]:
    return all_rulesets()


def seats_for(ruleset: Ruleset) -> int:
    """Two seats where the game allows: enough for one seat's secrets to be kept from another."""
    low, high = ruleset.player_range(ruleset.resolve_options({}))
    return min(max(low, 2), high)
