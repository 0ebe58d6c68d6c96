"""Whisper Court: the worked example of a game written with ``rulesets.core`` alone (README, "Adding a game")."""

from .game import CARDS, GAME_ID, RULESET, WhisperCourt

__all__ = ["CARDS", "GAME_ID", "RULESET", "WhisperCourt"]
