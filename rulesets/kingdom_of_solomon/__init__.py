"""Kingdom of Solomon (Minion Games, 2012; design Philip duBarry), 2-4 players.

Refereed from "Kingdom of Solomon — Rules Specification for the Move-Validation
Service"; rule IDs ``KOS-x.y`` cite it. Printed values live in
``kingdom_of_solomon.components.json`` (most are ASSUMED placeholders).
"""

from .ruleset import KingdomOfSolomon

RULESET = KingdomOfSolomon()

__all__ = ["RULESET", "KingdomOfSolomon"]
