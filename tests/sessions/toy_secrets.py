"""What a toy_cards answer reveals: every card number it names."""

from __future__ import annotations


def cards_named(value) -> set[int]:
    """Every value under a "card" or "hand" key, anywhere in an answer."""
    if isinstance(value, dict):
        found: set[int] = set()
        for key, inner in value.items():
            if key == "card" and isinstance(inner, int):
                found.add(inner)
            elif key == "hand" and isinstance(inner, list):
                found.update(inner)
            else:
                found |= cards_named(inner)
        return found
    if isinstance(value, list):
        return set().union(*map(cards_named, value)) if value else set()
    return set()
