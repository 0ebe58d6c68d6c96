"""Whisper Court: the worked example of "a new game writes its rules and nothing else".

Sixteen cards of eight ranks, 2 to 4 players, rounds of hidden hands (rules.json has every rule):
each round one card is set aside unseen and each player holds one card; on your turn you draw and
play one of your two, and its effect may knock a player out of the round. The last player in, or
the highest card when the deck runs out, wins a token; enough tokens win the game.

Written with ``rulesets.core`` only: ``parts.py`` (cards, state, actions, events, refusals, rule
index), ``ruleset.py`` (the rules), ``rules.json``. Its tests: ``tests/doubles/test_whisper_court.py``.
"""

from .parts import CARDS, GAME_ID
from .ruleset import RULESET, WhisperCourt

__all__ = ["CARDS", "GAME_ID", "RULESET", "WhisperCourt"]
