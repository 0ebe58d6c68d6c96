"""The Golden City bot plays from its seat's view only (spec 4, GC-1.2, GC-1.3, GC-1.6, GC-1.7, GC-6.4) and plays legal moves.

The twins come from ``tests/golden_city/secrets.py`` (written from spec section 4): other hands, the landscape, goods and bonus decks,
the scoring faces within their backs, the seed.
"""

from __future__ import annotations

import pytest

from rulesets.golden_city.ruleset import GoldenCity
from rulesets.testing.search import check_blind, check_legal, check_sampling

from .secrets import SECRETS

RULESET = GoldenCity()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_samples_show_the_seat_its_own_view_GC_spec_4(players: int) -> None:
    assert check_sampling(RULESET, players, 12) >= 12 * players


@pytest.mark.parametrize("players", [2, 3])
def test_twins_get_the_same_suggestion_GC_spec_4(players: int) -> None:
    assert check_blind(RULESET, SECRETS, players, 10, playouts=6) > 0


@pytest.mark.parametrize("players", [2, 4])
def test_every_suggestion_is_legal(players: int) -> None:
    assert check_legal(RULESET, players, 8, playouts=6) > 0
