"""Which of Card Nim's cards an answer names: the test of what a caller has learnt."""

from __future__ import annotations

from .card_nim import CARDS

_CARDS = frozenset(CARDS)


def cards_named(value) -> set[str]:
    """Every card id anywhere in a JSON-like answer, under any key (a string equal to one)."""
    if isinstance(value, str):
        return {value} if value in _CARDS else set()
    if isinstance(value, dict):
        inner = value.values()
    elif isinstance(value, list):
        inner = value
    else:
        return set()
    return set().union(*map(cards_named, inner)) if inner else set()
