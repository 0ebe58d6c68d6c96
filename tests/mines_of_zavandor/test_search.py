"""The Mines of Zavandor bot plays from its seat's view only (spec 4.1, 4.2, 4.4) and plays legal moves.

The twins come from ``tests/mines_of_zavandor/secrets.py`` (written from spec 4.1 and MOZ-3.5, MOZ-5.2,
MOZ-4.3, MOZ-4.11): the gems of the other hands and of every draw pile, the staged bids, the drafts and
their counts, the seed.
"""

from __future__ import annotations

import pytest

from rulesets.mines_of_zavandor.ruleset import MinesOfZavandor
from rulesets.testing.search import check_blind, check_legal, check_sampling

from .secrets import SECRETS

RULESET = MinesOfZavandor()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_samples_show_the_seat_its_own_view_spec_4_1_to_4_4(players: int) -> None:
    """Many positions (sampling is cheap): random games seldom leave set-aside cards (MOZ-2.10) or an open
    offer (MOZ-4.3), the places a pool most easily gets wrong; 200 reach each at every count."""
    assert check_sampling(RULESET, players, 200) >= 200 * players


@pytest.mark.parametrize("players", [2, 4])
def test_twins_get_the_same_suggestion_spec_4_1_MOZ_5_2(players: int) -> None:
    assert check_blind(RULESET, SECRETS, players, 10, playouts=6) > 0


@pytest.mark.parametrize("players", [2, 4])
def test_every_suggestion_is_legal(players: int) -> None:
    assert check_legal(RULESET, players, 8, playouts=6) > 0
