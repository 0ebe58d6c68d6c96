"""What an answer says about a game's chance: the seed's commitment, and once the game
is over, the seed and salt that open it (:mod:`rulesets.core.commitment`).

A table game (``"chance": "table"``) has no seed: the table shuffled and reported every draw, so
there is nothing to commit to. Its answers say ``"chance": "table"`` with a null commitment,
and reveal nothing at the end."""

from __future__ import annotations

from typing import Any

from rulesets.core.host import GameState, at_table, revealed_chance, state_commitment


def chance_fields(state: GameState, game_over: bool) -> dict[str, Any]:
    """``seed_commitment``; with ``seed`` and ``salt`` only when the game is over."""
    if at_table(state):
        return {"seed_commitment": None, "chance": "table"}
    out: dict[str, Any] = {"seed_commitment": state_commitment(state)}
    if game_over:
        out.update(revealed_chance(state))
    return out
