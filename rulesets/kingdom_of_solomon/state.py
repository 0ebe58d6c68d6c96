"""The Kingdom of Solomon game state (spec 2 and 4), as msgspec Structs.

Seats are 0-based (the design's convention; the spec numbers them 1..N). Hidden
information (spec 4) is declared here once: a fortune hand is private to its seat
(the others see its size), both decks are hidden from everyone (their sizes are
public), the random source is secret, and everything else is public: cubes, VP,
tokens, the market, the supply, the board with every placed pawn, the display, the
fortune discard pile and the per-round flags.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

import msgspec

from rulesets.core import Count, Ordinal, GameState, Hidden, PerSeat, Private, PublicStruct, Seat

from .components import RESOURCES, Resource

PhaseName = Literal["placement", "resolution", "market", "building", "round_end", "game_over"]


class Cubes(PublicStruct, kw_only=True, gc=False):
    """Cubes of each resource type (a player's, the supply's or the market's)."""

    gold: Count = 0
    copper: Count = 0
    stone: Count = 0
    timber: Count = 0
    food: Count = 0

    def get(self, resource: str) -> int:
        count: int = getattr(self, resource)  # a field named by the id (the five are checked below)
        return count

    def add(self, resource: str, amount: int) -> None:
        setattr(self, resource, getattr(self, resource) + amount)

    def total(self) -> int:
        return self.gold + self.copper + self.stone + self.timber + self.food


if tuple(Cubes.__struct_fields__) != RESOURCES or get_args(Resource) != RESOURCES:
    raise RuntimeError(f"the components name resources {RESOURCES}; the code knows {Cubes.__struct_fields__}")


class Options(PublicStruct, kw_only=True, gc=False):
    #: KOS-11: all three bonus spaces, at most players - 1 claimed per round (2-3 players).
    variant_all_bonus: bool = False


class Pawn(PublicStruct, kw_only=True, gc=False):
    """Pawns placed this round on one space (a bonus space holds all of one player's)."""

    owner: Seat
    #: ``area:<id>``, ``action:<id>``, ``bonus:<id>`` or ``card:<building card id>``.
    space: str
    count: Ordinal = 1
    #: placed through the High Priest privilege, in an opponent's area (KOS-8.21).
    privileged: bool = False


class Marker(PublicStruct, kw_only=True, gc=False):
    """A building marker on a site: the area becomes owned (KOS-3.3)."""

    area: str
    owner: Seat
    #: the building card whose construction placed it.
    card: str


class Road(PublicStruct, kw_only=True, gc=False):
    """A road on the border of two adjacent areas (sorted pair), belonging to its builder (KOS-3.4)."""

    areas: list[str]
    owner: Seat


class Player(PublicStruct, kw_only=True, gc=False):
    vp: Count
    cubes: Cubes = msgspec.field(default_factory=Cubes)
    #: KOS-6.1: which fortune cards, only the holder; how many, everyone.
    hand: Annotated[list[str], Private()] = []
    tokens: Count = 0
    #: building cards built, in the order built (their action spaces are the owner's).
    buildings: list[str] = []
    #: pawns not yet placed this round.
    unplaced: Count = 0
    # per-round flags (KOS-9.4)
    #: building cards built this round (KOS-8.5).
    built_this_round: Count = 0
    privilege_used: bool = False
    bought: list[Resource] = []
    sold: list[Resource] = []
    passed: bool = False
    confirmed: bool = False


class KosState(GameState, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The whole game: public but for the decks (hidden, counted) and each seat's fortune hand (private)."""

    options: Options
    phase: PhaseName
    round: Ordinal = 1
    #: KOS-10.2: the end condition was met this round.
    final_round: bool = False
    #: seats by turn-order position, position 1 first (KOS-2).
    turn_order: list[Seat]
    #: the seat whose turn it is (placement, resolution, market, building); None at round end.
    active: Seat | None = None
    supply: Cubes
    market: Cubes
    roads_in_supply: Count
    roads: list[Road] = []
    markers: list[Marker] = []
    #: blocks built per temple level id (KOS-8.13).
    temple: dict[str, Count]
    high_priest: Seat | None = None
    pawns: list[Pawn] = []
    building_deck: Annotated[list[str], Hidden()]
    #: the face-up display; an emptied space is null until the refill (KOS-8.11).
    display: list[str | None]
    fortune_deck: Annotated[list[str], Hidden()]
    fortune_discard: list[str] = []
    players: Annotated[list[Player], PerSeat()]

