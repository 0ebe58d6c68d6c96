"""Seeded random playouts on the winter side (SOL-8), 1 to 4 players."""

from __future__ import annotations

import pytest

from .playouts import battery

GAMES = 200


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_sol_8_2_winter_random_games_finish_within_the_contract(players):
    """SOL-8.2 / SOL-7.4: 200 seeded winter games per player count (layouts and strip orders varied)."""
    assert battery(players, range(GAMES), board_side="winter") >= GAMES * 16 * players
