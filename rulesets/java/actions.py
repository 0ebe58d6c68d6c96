"""Java's actions (spec 3.3), a tagged union on ``type``.

Every action is public once applied (spec 4.1: festival bids are played face up).
Fields whose value the spec lets a client get wrong in a way it names (``tile``,
``source``, ``value``) are plain strings/ints, so the rules refuse them with the spec's
own code instead of a schema error. The form ``legal_actions`` lists is canonical:
hexes sorted, ``via``/``path`` left out unless they change the cost, festival cards
sorted with the lowest ids of each symbol set first.
"""

from __future__ import annotations

from typing import Union

import msgspec

from rulesets.core import PublicStruct

Hex = tuple[int, int]


class _Action(PublicStruct, tag_field="type", gc=False):
    player: int


class UseActionToken(_Action, tag="use_action_token"):
    """JAVA-3.3."""


class PlaceTile(_Action, tag="place_tile"):
    """Action A, JAVA-4."""

    tile: str
    hexes: tuple[Hex, ...]
    village: Hex | None = None


class EnterDeveloper(_Action, tag="enter_developer"):
    """Actions B/C, JAVA-5.1/5.2."""

    to: Hex
    via: str | None = None


class ExitDeveloper(_Action, tag="exit_developer"):
    """Actions B/C, JAVA-5.3."""

    from_: Hex = msgspec.field(name="from")
    via: str | None = None


class MoveDeveloper(_Action, tag="move_developer"):
    """Actions D/E, JAVA-6."""

    from_: Hex = msgspec.field(name="from")
    to: Hex
    path: list[Hex] | None = None


class BuildPalace(_Action, tag="build_palace"):
    """Action F, JAVA-7.1 to 7.3."""

    hex: Hex
    value: int


class ExtendPalace(_Action, tag="extend_palace"):
    """Action G, JAVA-7.4 to 7.6."""

    palace: Hex
    value: int


class PlaceIrrigation(_Action, tag="place_irrigation"):
    """Action H, JAVA-8.1."""

    hex: Hex


class TakeFestivalCard(_Action, tag="take_festival_card"):
    """Action I, JAVA-9."""

    source: str


class EndTurn(_Action, tag="end_turn"):
    """JAVA-3.6."""


class DeclareFestival(_Action, tag="declare_festival"):
    """Action J, JAVA-10.1 to 10.8."""

    palace: Hex
    cards: list[str]


class FestivalBid(_Action, tag="festival_bid"):
    """JAVA-10.7, 10.9."""

    cards: list[str]
    propose_tie: bool = False


class FestivalPass(_Action, tag="festival_pass"):
    """JAVA-10.7, 10.9."""


class FestivalProposeTie(_Action, tag="festival_propose_tie"):
    """JAVA-10.9."""


class FestivalTieResponse(_Action, tag="festival_tie_response"):
    """JAVA-10.10."""

    accept: bool
    cards: list[str] = []


Action = Union[UseActionToken, PlaceTile, EnterDeveloper, ExitDeveloper, MoveDeveloper, BuildPalace, ExtendPalace,
               PlaceIrrigation, TakeFestivalCard, EndTurn, DeclareFestival, FestivalBid, FestivalPass,
               FestivalProposeTie, FestivalTieResponse]
