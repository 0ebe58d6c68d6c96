"""The legal actions closest to a refused one: what a player might have meant.

Closeness is the number of top-level fields in which a legal action differs from the refused
one (both are of one type, so they have the same fields); only actions of the refused one's type
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


def nearest_actions(ruleset: Ruleset[Any, Any], state: GameState, action: Any, limit: int = NEAREST) -> list[Any]:
    """Up to ``limit`` legal actions of the acting seat of ``action``'s type, closest first (as JSON values).

    The candidates are compared as the game's typed actions, field by field, and only the chosen
    few are turned into JSON: a type with thousands of legal actions costs one enumeration and a
    comparison each.
    """
    if isinstance(action, dict):
        try:
            action = ruleset.load_action(action)
        except RulesetError:
            return []
    fields = getattr(type(action), "__struct_fields__", None)
    kind, seat = getattr(type(action), "__struct_config__", None), getattr(action, "player", None)
    tag = getattr(kind, "tag", None)
    if fields is None or not isinstance(tag, str) or isinstance(seat, bool) or not isinstance(seat, int) \
            or not 0 <= seat < len(state.players):
        return []
    values = [getattr(action, name) for name in fields]

    def apart(legal: Any) -> int:
        return sum(1 for name, value in zip(fields, values) if getattr(legal, name) != value)

    candidates = ruleset.legal_actions(state, seat, types=(tag,))
    ranked = heapq.nsmallest(limit, range(len(candidates)), key=lambda i: (apart(candidates[i]), i))
    return [to_builtins(candidates[i]) for i in ranked]


def offer_nearest(refusal: RulesetError, ruleset: Ruleset[Any, Any], state: GameState, action: Any) -> None:
    """Give a rules refusal (``IllegalAction``) of ``action`` in ``state`` (the state before it, untouched)
    its ``nearest`` legal actions, where the seat has any of that type."""
    if isinstance(refusal, IllegalAction):
        nearest = nearest_actions(ruleset, state, action)
        if nearest:
            refusal.nearest = nearest


__all__ = ["NEAREST", "nearest_actions", "offer_nearest"]
