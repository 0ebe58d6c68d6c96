"""What happens in a game of Solenia, as the events ``apply`` answers (spec section 3.5).

Everything is public (SOL-H.4) except the cards a seat draws, which only that seat sees
(SOL-H.1, ``card_drawn``); that it drew, and how many, is public (``cards_drawn``).

Some events carry a member only when it applies (the rule of a star from
L1_DOUBLE_ADVANCE, the level-1 or level-3 half of a draft pick, why a Rival card was
discarded): those types omit a member left at its default, so each event reads on the
wire exactly as the rules word it.
"""

from __future__ import annotations

from typing import Literal, Union


from rulesets.core import Coordinate, Count, Event, PrivateEvent, PublicStruct, Seat

from .components import RESOURCES, FaceName, Resource, Row
from .state import Position

Cause = Literal["card", "discard", "rival"]
Part = Literal["level1", "level3_day", "level3_night"]
#: what a space is: an island's resource or a city's kind.
Terrain = Union[Resource, Row]


class Resources(PublicStruct, kw_only=True, omit_defaults=True):
    """A number of each resource; a resource of none is left out."""

    wood: Count = 0
    wheat: Count = 0
    stone: Count = 0
    water: Count = 0


def as_resources(amounts: tuple[int, ...]) -> Resources:
    """A resource vector (``resources.Vector``) as the events name it."""
    return Resources(**dict(zip(RESOURCES, amounts)))


class DeliveryReward(Resources, kw_only=True):
    """What a delivery slot gives: resources and stars (left out when none)."""

    stars: Count = 0


class ScoreBreakdown(PublicStruct, kw_only=True, omit_defaults=True):
    """One seat's final score (SOL-7.3 summer, SOL-7.4 winter; the solo rating, SOL-10.4)."""

    player: Seat
    stars: int
    tiles: int
    resources: int
    #: summer only (SOL-7.3 item 3).
    pairs: int | None = None
    #: winter only: slot powers (SOL-8.3) and level-3 improvements (SOL-9.5).
    powers: int | None = None
    improvements: int | None = None
    total: int
    #: the solo game only.
    rating: str | None = None


# ---------------------------------------------------------------- the draft (SOL-9.1)
class ImprovementChosen(Event, tag="improvement_chosen", omit_defaults=True):
    """A level-1 pick names its ``tile``; a level-3 pick its ``pair`` and the two halves."""

    player: Seat
    level: Literal[1, 3]
    tile: str | None = None
    pair: Count | None = None
    day: str | None = None
    night: str | None = None


class DraftEnded(Event, tag="draft_ended"):
    unchosen_level1: list[str]
    #: each left-over pair as "<day half>/<night half>".
    unchosen_level3: list[str]


# ---------------------------------------------------------------- a turn (SOL-2 to SOL-5)
class TurnStarted(Event, tag="turn_started"):
    player: Seat
    round: Count


class CardPlayed(Event, tag="card_played"):
    player: Seat
    card: str
    value: Count
    space: Position
    terrain: Terrain


class LengthenPaid(Event, tag="lengthen_paid"):
    player: Seat
    resources: Resources
    cost: Count


class ResourcesGained(Event, tag="resources_gained"):
    player: Seat
    resources: Resources


class StarsGained(Event, tag="stars_gained", omit_defaults=True):
    """``rule`` names the effect when the stars are not the card's own (L1_DOUBLE_ADVANCE, SOL-9.4)."""

    player: Seat
    stars: Count
    rule: Literal["SOL-9.4"] | None = None


class ResourcesDiscarded(Event, tag="resources_discarded"):
    player: Seat
    resources: Resources
    rule: Literal["SOL-4.3"]


class CardDiscarded(Event, tag="card_discarded"):
    player: Seat
    card: str
    rule: Literal["SOL-3.4"]


class DeliveryCompleted(Event, tag="delivery_completed"):
    player: Seat
    tile: str
    #: a winter slot id, a summer ``<row>_<level>``, or null for a tile kept beside a full row (SOL-5.7).
    slot: str | None
    paid: Resources
    #: the permanent resources that paid, by their slot ids (SOL-8.4).
    permanent: list[str]
    reward: DeliveryReward


class PermanentGained(Event, tag="permanent_gained"):
    player: Seat
    id: str
    resource: Resource


class ImprovementActivated(Event, tag="improvement_activated"):
    player: Seat
    part: Part


class DisplayRefilled(Event, tag="display_refilled"):
    kind: Row
    tile: str


class DisplayShort(Event, tag="display_short"):
    kind: Row
    size: Count


# ---------------------------------------------------------------- the airship (SOL-6)
class AirshipAdvanced(Event, tag="airship_advanced"):
    spaces: Count
    cause: Cause
    airship: Position


class StripResolved(Event, tag="strip_resolved"):
    strip: str
    face: FaceName


class CardActivated(Event, tag="card_activated"):
    player: Seat
    card: str
    row: Coordinate
    resources: Resources
    stars: Count


class StripMoved(Event, tag="strip_moved"):
    strip: str
    face: FaceName
    col: Coordinate


# ---------------------------------------------------------------- end of turn (SOL-2.3, 6.6)
class CardDrawn(PrivateEvent, tag="card_drawn"):
    """The cards themselves: only the drawing seat sees them (SOL-H.1)."""

    player: Seat
    cards: list[str]


class CardsDrawn(Event, tag="cards_drawn"):
    """That a seat drew, and how many: public (SOL-H.2, the deck's size is public)."""

    player: Seat
    count: Count
    deck_left: Count


class OverflowPending(Event, tag="overflow_pending"):
    player: Seat
    amount: Count


class GameEnded(Event, tag="game_ended"):
    scores: list[ScoreBreakdown]
    winners: list[Seat]


# ---------------------------------------------------------------- the solo Rival (SOL-10, ASSUMED)
class RivalCardRevealed(Event, tag="rival_card_revealed"):
    card: str
    value: Count
    roll: int


class RivalCardPlaced(Event, tag="rival_card_placed"):
    card: str
    space: Position
    terrain: Terrain


class RivalCardDiscarded(Event, tag="rival_card_discarded", omit_defaults=True):
    """From the resolved strip it names its ``row`` (SOL-10.3 step 5); with no space left, its ``reason``."""

    card: str
    row: Coordinate | None = None
    reason: Literal["board_full"] | None = None


class TileDiscarded(Event, tag="tile_discarded"):
    tile: str
    kind: Row
    by: Literal["rival"]


SoleniaEvent = Union[
    ImprovementChosen, DraftEnded, TurnStarted, CardPlayed, LengthenPaid, ResourcesGained, StarsGained,
    ResourcesDiscarded, CardDiscarded, DeliveryCompleted, PermanentGained, ImprovementActivated, DisplayRefilled,
    DisplayShort, AirshipAdvanced, StripResolved, CardActivated, StripMoved, CardDrawn, CardsDrawn, OverflowPending,
    GameEnded, RivalCardRevealed, RivalCardPlaced, RivalCardDiscarded, TileDiscarded,
]
Events = list[SoleniaEvent]
