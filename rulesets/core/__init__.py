"""What every game shares: the contract, refusals, chance, and the registry."""

from .codec import Count, Seat, canonical_json, clone, to_builtins
from .consistency import Inventory, require, require_range
from .contract import Event, GameState, OptionSpec, Ruleset, Status
from .errors import IllegalAction, InvalidAction, InvalidSetup, InvalidState, RulesetError
from .registry import UnknownGame, all_rulesets, get_ruleset, ruleset_ids
from .rng import RandomSource, Rng, normalize_seed

__all__ = [
    "Count", "Seat", "canonical_json", "clone", "to_builtins",
    "Inventory", "require", "require_range",
    "Event", "GameState", "OptionSpec", "Ruleset", "Status",
    "IllegalAction", "InvalidAction", "InvalidSetup", "InvalidState", "RulesetError",
    "UnknownGame", "all_rulesets", "get_ruleset", "ruleset_ids",
    "RandomSource", "Rng", "normalize_seed",
]
