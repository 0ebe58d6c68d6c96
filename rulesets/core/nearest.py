"""The legal actions closest to a refused one: what a player might have meant.

Closeness is the number of top-level fields in which a legal action differs from the refused
one (a field one has and the other lacks differs too); only actions of the refused one's type
are candidates, so a game enumerates that type alone (``legal_actions``' ``types``), and ties
keep the game's own order of its legal actions: the same state and action give the same answer.
"""

from __future__ import annotations

import heapq
from typing import Any

from .codec import to_builtins
from .contract import GameState, Ruleset
from .errors import IllegalAction, RulesetError

#: How many a refusal offers.
NEAREST = 3


_MISSING = object()


def distance(refused: dict[str, Any], legal: dict[str, Any]) -> int:
    return sum(1 for key in refused.keys() | legal.keys() if refused.get(key, _MISSING) != legal.get(key, _MISSING))


def nearest_actions(ruleset: Ruleset[Any, Any], state: GameState, action: Any, limit: int = NEAREST) -> list[Any]:
    """Up to ``limit`` legal actions of the acting seat of ``action``'s type, closest first (as JSON values)."""
    refused = action if isinstance(action, dict) else to_builtins(action)
    if not isinstance(refused, dict):
        return []
    kind, seat = refused.get("type"), refused.get("player")
    if not isinstance(kind, str) or isinstance(seat, bool) or not isinstance(seat, int) \
            or not 0 <= seat < len(state.players):
        return []
    candidates = (ruleset.dump(legal) for legal in ruleset.legal_actions(state, seat, types=(kind,)))
    ranked = heapq.nsmallest(limit, ((distance(refused, legal), order, legal)
                                     for order, legal in enumerate(candidates)), key=lambda item: item[:2])
    return [legal for _, _, legal in ranked]


def offer_nearest(refusal: RulesetError, ruleset: Ruleset[Any, Any], state: GameState, action: Any) -> None:
    """Give a rules refusal (``IllegalAction``) of ``action`` in ``state`` (the state before it, untouched)
    its ``nearest`` legal actions, where the seat has any of that type."""
    if isinstance(refusal, IllegalAction):
        nearest = nearest_actions(ruleset, state, action)
        if nearest:
            refusal.nearest = nearest


__all__ = ["NEAREST", "distance", "nearest_actions", "offer_nearest"]
