"""What every game shares: the contract, the loop, hidden information, refusals,
chance, component data and the registry."""

from .bounds import first_out_of_bounds
from .commitment import commitment_matches, new_salt, revealed_chance, salted, seed_commitment, state_commitment
from .codec import MAX_COUNT, Coordinate, Count, Ordinal, Seat, canonical_json, clone, to_builtins
from .components import ComponentDataError, Served, assumed_paths, load_components
from .consistency import Inventory, require, require_range
from .contract import GameState, OptionSpec, Ruleset, Seating, Status
from .events import Event, PrivateEvent, event_type
from .refusals import CORE as CORE_REFUSALS, Catalogue, Refusal
from .rule_index import Rule, load_rule_index
from .errors import IllegalAction, InvalidAction, InvalidSetup, InvalidState, RulesetError
from .loop import (GAME_OVER, INVALID_COLOR, INVALID_FIRST_PLAYER, INVALID_OPTIONS, INVALID_PLAYER_COUNT,
                   NOT_YOUR_TURN, UNKNOWN_PLAYER, WRONG_PHASE, Phase, PhaseTable, clockwise)
from .registry import ENTRY_POINT_GROUP, UnknownGame, all_rulesets, get_ruleset, register, ruleset_ids, unregister
from .rng import RandomSource, Rng, normalize_seed
from .secrecy import (PUBLIC, SECRET, Hidden, PerSeat, Private, Public, Sealed, Visibility, concealed,
                      concealed_as, public, redact, unseen_strings)

__all__ = [
    "first_out_of_bounds",
    "commitment_matches", "new_salt", "revealed_chance", "salted", "seed_commitment", "state_commitment",
    "MAX_COUNT", "Coordinate", "Count", "Ordinal", "Seat", "canonical_json", "clone", "to_builtins",
    "ComponentDataError", "Served", "assumed_paths", "load_components",
    "Inventory", "require", "require_range",
    "Event", "PrivateEvent", "event_type", "CORE_REFUSALS", "Catalogue", "Refusal", "Rule", "load_rule_index",
    "GameState", "OptionSpec", "Ruleset", "Seating", "Status",
    "IllegalAction", "InvalidAction", "InvalidSetup", "InvalidState", "RulesetError",
    "GAME_OVER", "INVALID_COLOR", "INVALID_FIRST_PLAYER", "INVALID_OPTIONS", "INVALID_PLAYER_COUNT",
    "NOT_YOUR_TURN", "UNKNOWN_PLAYER", "WRONG_PHASE", "Phase", "PhaseTable", "clockwise",
    "ENTRY_POINT_GROUP", "UnknownGame", "all_rulesets", "get_ruleset", "register", "ruleset_ids", "unregister",
    "RandomSource", "Rng", "normalize_seed",
    "PUBLIC", "SECRET", "Hidden", "PerSeat", "Private", "Public", "Sealed", "Visibility", "concealed",
    "concealed_as", "public", "redact", "unseen_strings",
]
