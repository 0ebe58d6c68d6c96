"""Bulk seeded playouts, 2 players: 50 games (2 chunks of 25) of the 150 the issue asks for."""

from __future__ import annotations

import pytest

from .playouts import bulk


@pytest.mark.parametrize("start", [0, 25])
def test_java_11_4_bulk_playouts_2p_reach_the_end_with_festivals(start):
    """JAVA-11.4, JAVA-10.7: 25 seeded 2-player games per chunk end with scores and winners; the
    legal list is asked one action type at a time; states reload; festivals are held."""
    bulk(2, range(start, start + 25))
