"""The Java game state (spec 3.0), as msgspec Structs.

Field names follow the spec's state model; per the design, seats are 0-based ints and
the header (``game``, ``rules_version``, ``move``, ``first_player``, ``rng``) comes from
``rulesets.core.GameState``. Hexes are ``[q, r]`` and ``spaces`` is keyed ``"q,r"``.

Hidden information (spec Part 4) is declared here, once: a festival hand is private to
its seat (the others see ``hand_count``), the face-down deck is hidden from everyone
(``deck_count`` stays visible), the random source is secret; the rest is public.
"""

from __future__ import annotations

from typing import Annotated, Literal

from rulesets.core import Coordinate, Count, GameState, Hidden, PerSeat, Private, PublicStruct, Seat, public

Hex = tuple[Coordinate, Coordinate]
TileType = Literal["triple", "double", "single_rice", "single_village"]
Phase = Literal["actions", "festival", "game_over"]
Stage = Literal["joining", "raising", "tie_vote"]
BidStatus = Literal["invited", "in", "declined", "passed"]


class Tiles(PublicStruct, kw_only=True, gc=False):
    """A player's own land tiles (JAVA-1.4)."""

    double: Count
    single_rice: Count
    single_village: Count


class Player(PublicStruct, kw_only=True, gc=False):
    score: Count = 0
    developer_supply: Count
    action_tokens: Count
    tiles: Tiles
    #: festival cards: the seat sees them, the others see ``hand_count`` (spec 4.1).
    hand: Annotated[list[str], Private()]
    #: the player's grand final reckoning is done (JAVA-12.1).
    gfr_done: bool = False


class Supply(PublicStruct, kw_only=True, gc=False):
    """The general supply (JAVA-1.3); ``palaces`` is keyed by value."""

    triple: Count
    irrigation: Count
    palaces: dict[str, Count]


class Cards(PublicStruct, kw_only=True, gc=False):
    #: index 0 is the top card; its order is nobody's to see (spec 4.1).
    deck: Annotated[list[str], Hidden()]
    face_up: str | None = None
    discard: list[str] = []


class PlacedTile(PublicStruct, kw_only=True, gc=False):
    id: Count
    type: TileType
    #: sorted; the tile's village hex is ``village`` (None for a single rice tile).
    hexes: list[Hex]
    village: Hex | None = None
    level: Count
    placed_by: Seat


class Space(PublicStruct, kw_only=True, gc=False):
    """A covered space: its tiles bottom to top (level = length) and its developer's seat."""

    stack: list[Count]
    developer: Seat | None = None


class Palace(PublicStruct, kw_only=True, gc=False):
    hex: Hex
    #: the tiles laid there, bottom to top; the value is the last (JAVA-7.5).
    values: list[Count]
    #: front side up: a festival may be held (JAVA-10.2, 10.14).
    front_up: bool = True


class Turn(PublicStruct, kw_only=True, gc=False):
    number: Count
    active: Seat
    ap_total: Count
    ap_spent: Count = 0
    token_used: bool = False
    land_tile_placed: bool = False
    cards_taken: Count = 0
    #: palaces built or enlarged this turn (JAVA-7.6).
    palaces_changed: list[Hex] = []


class Bid(PublicStruct, kw_only=True, gc=False):
    """A festival participant: the organizer and every eligible player (JAVA-10.6)."""

    seat: Seat
    #: ``invited``: eligible, not yet answered in the joining round.
    status: BidStatus
    cards: list[str] = []
    total: Count = 0


class TieVote(PublicStruct, kw_only=True, gc=False):
    proposer: Seat
    total: Count
    #: tied players still to answer, in clockwise order from the proposer.
    pending: list[Seat]
    accepted: list[Seat] = []


class Festival(PublicStruct, kw_only=True, gc=False):
    palace: Hex
    organizer: Seat
    #: the face-up card's symbols at declaration (JAVA-10.3).
    symbols: list[str]
    #: the palace value at declaration.
    value: Count
    stage: Stage
    to_act: Seat
    #: joining stage: eligible players still to answer, in order.
    queue: list[Seat] = []
    #: one per participant, in clockwise order from the organizer.
    bids: list[Bid]
    tie_vote: TieVote | None = None


class FinalRound(PublicStruct, kw_only=True, gc=False):
    trigger_player: Seat
    #: players still owed a final turn; the first one plays it now (JAVA-11.3).
    remaining: list[Seat]


class Options(PublicStruct, kw_only=True, gc=False):
    #: JAVA-10.13 / D2: handshake points per palace value (ASSUMED table).
    festival_handshake: dict[str, Count]


@public
class JavaState(GameState, kw_only=True, forbid_unknown_fields=True, gc=False):
    board: str
    options: Options
    players: Annotated[list[Player], PerSeat()]
    supply: Supply
    cards: Cards
    placed_tiles: list[PlacedTile] = []
    spaces: dict[str, Space] = {}
    irrigation_tiles: list[Hex] = []
    scored_irrigation_areas: list[list[Hex]] = []
    palaces: list[Palace] = []
    turn: Turn
    phase: Phase = "actions"
    festival: Festival | None = None
    final_round: FinalRound | None = None

    @property
    def round(self) -> int:
        """The spec keeps no round counter: a round is every seat's turn once, counted from turn 1."""
        return (self.turn.number - 1) // len(self.players) + 1

