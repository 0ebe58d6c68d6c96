"""The game author's kit: everything a game's rules are written with.

A game imports from here and from nowhere else in core but the kit's other faces:
:mod:`rulesets.core.drawing` (pictures) and :mod:`rulesets.core.search` (its bot's hooks). What only the host (the service,
its sessions, sealing, records) uses lives in :mod:`rulesets.core.host`; the test kit a
game's tests use is :mod:`rulesets.testing`.
"""

from .codec import MAX_COUNT, Coordinate, Count, Ordinal, Seat, to_builtins
from .components import ComponentDataError, ComponentFile, ComponentSchema, Served, assumed_paths, index_by, load_components
from .consistency import Inventory, require, require_range
from .contract import Events, GameState, OptionSpec, Ruleset, Seating, Status
from .deck import Deck, drawn, drawn_at_random, shuffled
from .errors import IllegalAction, InvalidAction, InvalidSetup, InvalidState, RulesetError
from .events import Event, PrivateEvent
from .loop import Handler, Phase, PhaseTable
from .parts import PublicStruct, PublicValue
from .pieces import copies, kind_of, kinds_times_copies
from .refusals import CORE as CORE_REFUSALS, MUST_BE_BOOLEAN, Catalogue, Phrase, Phrases, Refusal, Worded
from .rng import RandomSource, Rng
from .rule_index import Rule, load_rule_index
from .scoring import ScoreItem, ScoreSheet
from .seating import after, clockwise, left_of, next_seat
from .secrecy import PUBLIC, SECRET, Hidden, PerSeat, Private, Public, Sealed, Visibility, concealed, public

__all__ = [
    "MAX_COUNT", "Coordinate", "Count", "Ordinal", "Seat", "to_builtins",
    "ComponentDataError", "ComponentFile", "ComponentSchema", "Served", "assumed_paths", "index_by",
    "load_components",
    "Inventory", "require", "require_range",
    "Events", "GameState", "OptionSpec", "Ruleset", "Seating", "Status",
    "Deck", "drawn", "drawn_at_random", "shuffled",
    "IllegalAction", "InvalidAction", "InvalidSetup", "InvalidState", "RulesetError",
    "Event", "PrivateEvent",
    "Handler", "Phase", "PhaseTable",
    "PublicStruct", "PublicValue",
    "copies", "kind_of", "kinds_times_copies",
    "CORE_REFUSALS", "MUST_BE_BOOLEAN", "Catalogue", "Phrase", "Phrases", "Refusal", "Worded",
    "RandomSource", "Rng",
    "Rule", "load_rule_index",
    "ScoreItem", "ScoreSheet",
    "after", "clockwise", "left_of", "next_seat",
    "PUBLIC", "SECRET", "Hidden", "PerSeat", "Private", "Public", "Sealed", "Visibility", "concealed", "public",
]
