"""Solenia (Pearl Games, 2018; design Sébastien Dujardin), 1-4 players.

Refereed from the rules specification "Solenia — Rules Specification for the
Move-Validation Service"; rule IDs ``SOL-x.y`` cite it. Printed values live in
``solenia.components.json`` (many are ASSUMED placeholders).
"""

from .ruleset import Solenia

RULESET = Solenia()

__all__ = ["RULESET", "Solenia"]
