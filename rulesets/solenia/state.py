"""The Solenia game state (spec section 3.2), as msgspec Structs.

Field names follow the spec's state model; per the design, seats are 0-based ints
and the header (``game``, ``rules_version``, ``move``, ``first_player``, ``rng``) comes
from ``rulesets.core.GameState``. Counts are ``Count`` so msgspec itself refuses a
negative resource or star total, with its JSON path.

Hidden information (SOL-H.1 to H.5) is declared here, beside the types: a player's
hand is private to its seat, every deck (personal, delivery, Rival) is hidden from
everyone (SOL-H.2: nobody knows a deck's order), the random source is secret, and
the rest is public (SOL-H.4). Core builds every view from these markers.

Every part stands on core's ``PublicStruct`` (public unless a field says otherwise, SOL-H.4).
A state is a tree (no reference cycles), so its parts are ``gc=False``: the garbage collector
need not track them, and decoding and copying get cheaper.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

import msgspec

from rulesets.core import Coordinate, Count, GameState, Hidden, PerSeat, Private, PublicStruct, PublicValue, Seat, public

from .components import RESOURCES

Phase = Literal["draft", "play", "overflow", "game_over"]
BoardSide = Literal["summer", "winter"]
StartLayout = Literal["dawn", "dusk"]
#: the owner of a board card: a seat, or the solo Rival (SOL-10).
Owner = Union[Seat, Literal["rival"]]
RIVAL: Literal["rival"] = "rival"


class Storage(PublicStruct, kw_only=True, gc=False):
    """Resources on a player's board (SOL-4). Permanent resources are not storage."""

    wood: Count = 0
    wheat: Count = 0
    stone: Count = 0
    water: Count = 0


if tuple(Storage.__struct_fields__) != RESOURCES:  # the code's vocabulary must be the data's
    raise RuntimeError(f"solenia.components.json names resources {RESOURCES}, the code knows {Storage.__struct_fields__}")


class Options(PublicStruct, kw_only=True, gc=False):
    board_side: BoardSide = "summer"
    improvements: bool = False
    start_layout: StartLayout = "dawn"
    #: the strips in cols 0, 1, 3, 4 (the dawn/dusk strip is always col 2).
    strip_permutation: list[str]


# A position, a strip's face, a card on the board, a pending decision and an offered pair are
# values (frozen): a change makes a new one, so the copy ``apply`` makes of a state shares them
# instead of copying each.
# Their base is core's PublicValue (gc=False: values hold no references back).
class _Value(PublicValue, kw_only=True, frozen=True, gc=False):
    """A state part that is a value: frozen, so copies of the state share it."""


class Position(_Value, kw_only=True, frozen=True):
    col: Coordinate
    row: Coordinate


class Column(_Value, kw_only=True, frozen=True):
    strip: str
    face: str


class BoardCard(_Value, kw_only=True, frozen=True):
    card: str
    owner: Owner
    col: Coordinate
    row: Coordinate


class Board(PublicStruct, kw_only=True, gc=False):
    #: index = column, 0 the rear strip (resolved next), 4 the front.
    columns: list[Column]
    airship: Position
    #: cards on the board, in the order they were played.
    cards: list[BoardCard] = []


class Delivery(PublicStruct, kw_only=True, gc=False):
    """Delivery tiles outside the players' boards. Index 0 of a deck is its top."""

    day_deck: Annotated[list[str], Hidden()]
    night_deck: Annotated[list[str], Hidden()]
    day_display: list[str]
    night_display: list[str]
    #: tiles the solo Rival threw out of a display (SOL-10.3 step 4).
    discarded: list[str] = []


class Permanent(PublicStruct, kw_only=True, gc=False):
    """A permanent resource from a winter C or E slot (SOL-8.4); ``id`` is that slot."""

    id: str
    resource: str
    used_this_turn: bool = False


class Improvements(PublicStruct, kw_only=True, gc=False):
    """The improvement tiles a player drafted (SOL-9) and which of them are active."""

    level1: str | None = None
    level3_day: str | None = None
    level3_night: str | None = None
    #: the active parts among "level1", "level3_day", "level3_night" (derived, SOL-9.3).
    active: list[str] = []


class PlayerBoard(PublicStruct, kw_only=True, gc=False):
    seat: Seat
    color: str
    hand: Annotated[list[str], Private()]
    deck: Annotated[list[str], Hidden()]
    discard: list[str] = []
    storage: Storage
    #: derived (SOL-4.2): a posted state whose capacity is wrong is refused.
    capacity: Count
    stars: Count = 0
    #: summer: index i is level i+1; winter: slots A..F.
    day_slots: list[str | None]
    night_slots: list[str | None]
    #: tiles completed when their row was full (SOL-5.7, D-5).
    extra_tiles: list[str] = []
    permanent: list[Permanent] = []
    improvements: Improvements = msgspec.field(default_factory=Improvements)


class Pending(_Value, kw_only=True, frozen=True):
    """A decision the game waits for before the next turn (SOL-6.6)."""

    kind: Literal["discard_overflow"] = "discard_overflow"
    player: Seat
    amount: Count


class Level3Pair(_Value, kw_only=True, frozen=True):
    """An offered level-3 tile: a day half and a night half of different kinds (SOL-9.1)."""

    day: str
    night: str


class Draft(PublicStruct, kw_only=True, gc=False):
    level1_offer: list[str]
    #: index = the ``pair`` number a player names; a taken pair becomes null.
    level3_offer: list[Level3Pair | None]
    #: the seats still to pick, in order; the first is drafting now.
    order: list[Seat]


class Solo(PublicStruct, kw_only=True, gc=False):
    """The solo Rival (SOL-10, ASSUMED)."""

    rival_color: str
    rival_deck: Annotated[list[str], Hidden()]
    rival_discard: list[str] = []
    #: whether the Rival has taken its turn in the current round.
    rival_moved: bool = False


@public
class SoleniaState(GameState, kw_only=True, forbid_unknown_fields=True, gc=False):
    options: Options
    phase: Phase
    round: Count
    active_seat: Count
    pending: list[Pending] = []
    board: Board
    delivery: Delivery
    players: Annotated[list[PlayerBoard], PerSeat()]
    draft: Draft | None = None
    solo: Solo | None = None

