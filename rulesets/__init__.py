"""Pure-Python referees for published board games: no Flask, no Redis, no I/O.

    from rulesets import get_ruleset
    solenia = get_ruleset("solenia")
    state = solenia.setup(players=3, seed=42)
"""

from .core import IllegalAction, InvalidAction, InvalidSetup, InvalidState, RulesetError
from .core.host import UnknownGame, all_rulesets, get_ruleset, ruleset_ids

__all__ = ["IllegalAction", "InvalidAction", "InvalidSetup", "InvalidState", "RulesetError", "UnknownGame",
           "all_rulesets", "get_ruleset", "ruleset_ids"]
