"""What the host reaches in core and a game's author never calls.

The host is whatever runs games for players: the HTTP service, its sessions, sealing,
signed records, verification and the OpenAPI build. A game's author writes against
:mod:`rulesets.core` (the contract, the loop, secrecy markers, refusals, components);
the host takes everything it needs from this one module instead:

* commitments and salts: a state's seed commitment, the salt that blinds it, and what
  a finished game reveals;
* redaction: what one seat may see of a value, and which strings it must not see;
* the registry: every installed ruleset, by id or all of them;
* canonical JSON and conversion to builtins (records, digests, logs);
* the JSON Schemas of a game's types and views (the OpenAPI document);
* whether an applied action revealed nothing (the undo policy);
* table chance: an action object's ``outcomes`` apart from the action, and whether a game is a table's;
* the refusals it catches and answers, and the seed and salt bounds it enforces.

The author's own names a host handles (``Ruleset``, ``GameState``, ``Status``) are here
too, so a host needs no other import from core.
"""

from __future__ import annotations

from .codec import canonical_json, clone, json_schema_components, to_builtins
from .commitment import commitment_matches, new_salt, revealed_chance, salted, seed_commitment, state_commitment
from .contract import GameState, Ruleset, Status
from .errors import IllegalAction, InvalidAction, InvalidSetup, InvalidState, RulesetError
from .messages import translate_components, translate_errors, translate_metadata
from .nearest import nearest_actions, offer_nearest
from .outcomes import MAX_OUTCOMES, split_action, withheld_from_a_seat
from .refusals import UNKNOWN_PLAYER as UNKNOWN_PLAYER_REFUSAL
from .registry import ENTRY_POINT_GROUP, UnknownGame, all_rulesets, get_ruleset, register, ruleset_ids, unregister
from .rng import MAX_SALT_LENGTH, MAX_SEED_LENGTH, TABLE_SEED, normalize_seed
from .secrecy import redact, unseen_strings
from .translation import CHINESE, ENGLISH, Translator, available, install, refusal_detail, register_domain, translator
from .undo import revealed_nothing
from .view_schema import state_view_json_schema, view_json_schema

def at_table(state: GameState) -> bool:
    """Whether a real table reports the game's chance (:mod:`.outcomes`): no seed, no commitment."""
    return state.rng.chance == "table"


#: the code of core's refusal for a seat the game does not have (the service answers it as a 404-like
#: problem); the catalogue entry is the one source, ``UNKNOWN_PLAYER_REFUSAL``.
UNKNOWN_PLAYER: str = UNKNOWN_PLAYER_REFUSAL.code

__all__ = [
    "canonical_json", "clone", "json_schema_components", "to_builtins",
    "commitment_matches", "new_salt", "revealed_chance", "salted", "seed_commitment", "state_commitment",
    "GameState", "Ruleset", "Status",
    "IllegalAction", "InvalidAction", "InvalidSetup", "InvalidState", "RulesetError", "UNKNOWN_PLAYER",
    "UNKNOWN_PLAYER_REFUSAL",
    "ENTRY_POINT_GROUP", "UnknownGame", "all_rulesets", "get_ruleset", "register", "ruleset_ids", "unregister",
    "MAX_SALT_LENGTH", "MAX_SEED_LENGTH", "TABLE_SEED", "normalize_seed",
    "split_action", "at_table", "MAX_OUTCOMES", "withheld_from_a_seat",
    "redact", "unseen_strings", "revealed_nothing",
    "state_view_json_schema", "view_json_schema",
    "translate_components", "translate_errors", "translate_metadata",
    "nearest_actions", "offer_nearest",
    "CHINESE", "ENGLISH", "Translator", "available", "install", "refusal_detail", "register_domain", "translator",
]
