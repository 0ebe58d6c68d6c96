"""What an answer says about a game's chance: the seed's commitment, and once the game
is over, the seed and salt that open it (:mod:`rulesets.core.commitment`)."""

from __future__ import annotations

from typing import Any

from rulesets.core.host import GameState, revealed_chance, state_commitment


def chance_fields(state: GameState, game_over: bool) -> dict[str, Any]:
    """``seed_commitment``; with ``seed`` and ``salt`` only when the game is over."""
    out: dict[str, Any] = {"seed_commitment": state_commitment(state)}
    if game_over:
        out.update(revealed_chance(state))
    return out
