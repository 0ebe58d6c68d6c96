"""The Solenia bot plays from its seat's view only (SOL-H.1 to SOL-H.6) and plays legal moves.

The twins come from ``tests/solenia/secrets.py`` (written from SOL-H.1 to H.6): other hands and
every deck order, the delivery decks, the Rival deck, the seed.
"""

from __future__ import annotations

import pytest

from rulesets.solenia.ruleset import Solenia
from rulesets.testing.search import check_blind, check_legal, check_sampling

from .secrets import SECRETS

RULESET = Solenia()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_samples_show_the_seat_its_own_view_SOL_H_1_to_H_6(players: int) -> None:
    assert check_sampling(RULESET, players, 12) >= 12 * players


@pytest.mark.parametrize("players", [2, 3])
def test_twins_get_the_same_suggestion_SOL_H_1_to_H_6(players: int) -> None:
    assert check_blind(RULESET, SECRETS, players, 10, playouts=6) > 0


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_suggestion_is_legal(players: int) -> None:
    assert check_legal(RULESET, players, 8, playouts=6) > 0
