"""Seeded random playouts of the basic game (summer side), 1 to 4 players: SOL-1 to SOL-7, SOL-10."""

from __future__ import annotations

import pytest

from .playouts import battery

GAMES = 200


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sol_7_1_summer_random_games_finish_within_the_contract(players):
    """SOL-7.1 / SOL-H.7: 200 seeded summer games per player count keep the contract and end in 16 rounds."""
    assert battery(players, range(GAMES)) >= GAMES * 16 * players


def test_sol_10_2_solo_summer_random_games_finish_within_the_contract():
    """SOL-10.2 / SOL-10.4: 200 seeded solo games (human turn, then the Rival) finish after 16 rounds."""
    assert battery(1, range(GAMES)) >= GAMES * 16
