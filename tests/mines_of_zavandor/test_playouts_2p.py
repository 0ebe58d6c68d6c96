"""Seeded random playouts with 2 players (MOZ-9.1, AMB-26): 70 whole games, half uniformly random and half
eager, every listed action accepted and nudged ones refused; each ends in 11 to 13 rounds."""

from __future__ import annotations

from .playouts import assert_coverage, bulk

GAMES = 70


def test_moz_9_1_2_player_games_end_after_the_coronation_round_in_11_to_13_rounds():
    """MOZ-9.1 / MOZ-7.4 / MOZ-2.4: 2-player games end in 11 to 13 rounds (every route length seen); trading
    and bidding are played by several seats at once."""
    assert_coverage(bulk(2, GAMES, first_seed=2000), GAMES)
