"""Test doubles shared by every suite: games that exist only to exercise the referee.

``GAMES`` lists the whole games among them (Ruleset objects, never registered at import): the
generic suite runs on them as on ours, and the whole-run refusal coverage holds their
catalogues to it as it holds ours.
"""

from __future__ import annotations


def games() -> list:
    """Card Nim and Whisper Court, the doubles that are whole games."""
    from . import card_nim, whisper_court

    return [card_nim.RULESET, whisper_court.RULESET]
