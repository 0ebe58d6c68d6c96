"""Seeded random playouts with improvement tiles (SOL-9, winter side), 1 to 4 players."""

from __future__ import annotations

import pytest

from .playouts import battery

GAMES = 200


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_sol_9_1_improvement_random_games_finish_within_the_contract(players):
    """SOL-9.1 / SOL-9.5: 200 seeded games per player count with the draft and improvements."""
    steps = battery(players, range(GAMES), board_side="winter", improvements=True)
    assert steps >= GAMES * (16 + 2) * players  # 16 turns and 2 draft picks per player at least
