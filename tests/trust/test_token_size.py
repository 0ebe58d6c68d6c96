"""The sealed token stays within 1.5x the size of the state's JSON, for every registered game's
mid-game state (the size half of ``bench.sealed``; its speed half is a benchmark, not a test)."""

from __future__ import annotations

import pytest

from bench.sealed import SIZE_CEILING, bodies
from service.sealing import new_key
from tests.sessions.real_games import real_rulesets

GAMES = real_rulesets()


@pytest.mark.parametrize("ruleset", GAMES, ids=[r.id for r in GAMES])
def test_a_sealed_mid_game_state_is_no_bigger_than_its_json_allows(ruleset):
    _, _, _, state_bytes, token_bytes = bodies(ruleset.id, new_key())
    assert token_bytes <= SIZE_CEILING * state_bytes
