"""What happens in Kingdom of Solomon, as typed events (a tagged union on ``type``).

Everything is public (spec 4) but the fortune cards a seat draws: everyone learns how
many (``fortune_drawn``), only the drawer which (``fortune_card_drawn``, KOS-6.1).
"""

from __future__ import annotations

from typing import Union

from rulesets.core import Count, Event, Ordinal, PrivateEvent, PublicStruct, Seat

from .components import Resource
from .state import PhaseName


class TradeMade(PublicStruct, kw_only=True):
    """One cube given to the supply for one of another type (KOS-5.10)."""

    give: Resource
    take: Resource


# ---------------------------------------------------------------- the round (KOS-2, KOS-9, KOS-10)
class RoundStarted(Event, tag="round_started"):
    round: Ordinal


class PhaseStarted(Event, tag="phase_started"):
    phase: PhaseName


class TurnOrderChanged(Event, tag="turn_order_changed"):
    """The altar (KOS-5.12) puts its claimant at position 1."""

    turn_order: list[Seat]


class FinalRound(Event, tag="final_round"):
    """KOS-10.2: the end condition is met; this round is the last."""

    round: Ordinal


class FinalScoringConfirmed(Event, tag="final_scoring_confirmed"):
    player: Seat


class GameEnded(Event, tag="game_ended"):
    """Each seat's final total (KOS-10.4), by seat."""

    scores: list[int]


class DisplayRefilled(Event, tag="display_refilled"):
    cards: list[str]


# ---------------------------------------------------------------- placement and resolution (KOS-4, KOS-5)
class PawnPlaced(Event, tag="pawn_placed"):
    player: Seat
    space: str
    count: Ordinal
    #: the High Priest's privileged pawn, in an opponent's area (KOS-8.21).
    privileged: bool


class PawnsForfeited(Event, tag="pawns_forfeited"):
    """KOS-4.10: no legal space is left for these pawns this round."""

    player: Seat
    count: Count


class PawnResolved(Event, tag="pawn_resolved"):
    player: Seat
    space: str


class ResourcesGained(Event, tag="resources_gained"):
    player: Seat
    resources: dict[Resource, Count]


class ResourcesLost(Event, tag="resources_lost"):
    """KOS-5.7: what the supply could not give, lost for good."""

    player: Seat
    resources: dict[Resource, Count]


class VpGained(Event, tag="vp_gained"):
    player: Seat
    vp: Count


class ResourceStolen(Event, tag="resource_stolen"):
    player: Seat
    target: Seat
    resources: list[Resource]


class ResourceTraded(Event, tag="resource_traded"):
    player: Seat
    trades: list[TradeMade]


class TaxPaid(Event, tag="tax_paid"):
    """The Tax Collector's take: each taxed seat (as text, a JSON object key) and the type it gave."""

    player: Seat
    take: dict[str, Resource]


# ---------------------------------------------------------------- fortune cards (KOS-6)
class FortuneDrawn(Event, tag="fortune_drawn"):
    """Everyone learns how many cards a seat drew..."""

    player: Seat
    count: Ordinal


class FortuneCardDrawn(PrivateEvent, tag="fortune_card_drawn"):
    """...and only that seat which (KOS-6.1)."""

    player: Seat
    cards: list[str]


class FortuneDrawLost(Event, tag="fortune_draw_lost"):
    """Both the deck and the discard pile are empty: the draw is lost."""

    player: Seat


class FortuneDeckReshuffled(Event, tag="fortune_deck_reshuffled"):
    """KOS-6.7: the discard pile becomes the deck; its size is public."""

    cards: Count


class FortunePlayed(Event, tag="fortune_played"):
    player: Seat
    card: str


class FortunePaid(Event, tag="fortune_paid"):
    """Resource cards spent as cubes of a cost (KOS-6.4), face up on the discard pile."""

    player: Seat
    cards: list[str]


class FortuneDiscarded(Event, tag="fortune_discarded"):
    """KOS-9.1: discarded face up, so public."""

    player: Seat
    cards: list[str]


# ---------------------------------------------------------------- the market (KOS-7)
class MarketSold(Event, tag="market_sold"):
    player: Seat
    resource: Resource
    vp: Count


class MarketBought(Event, tag="market_bought"):
    """``vp``: what the cube cost on the VP track (KOS-7.6)."""

    player: Seat
    resource: Resource
    vp: Count


class MarketPassed(Event, tag="market_passed"):
    player: Seat


# ---------------------------------------------------------------- building (KOS-8)
class BuildingBuilt(Event, tag="building_built"):
    player: Seat
    card: str
    #: the site of the marker placed, or null for a card that places none (KOS-8.8, 8.9).
    site: str | None
    vp: Count


class TempleBlockBuilt(Event, tag="temple_block_built"):
    player: Seat
    level: str
    reward: str


class TempleTokenGained(Event, tag="temple_token_gained"):
    player: Seat
    count: Count
    #: the seat's tokens after the gain.
    tokens: Count


class HighPriestChanged(Event, tag="high_priest_changed"):
    player: Seat
    #: the former High Priest, or null when nobody held the title.
    previous: Seat | None


class RoadBuilt(Event, tag="road_built"):
    player: Seat
    #: the border's two areas, sorted.
    areas: list[str]


class BuildingTurnEnded(Event, tag="building_turn_ended"):
    player: Seat


KosEvent = Union[
    RoundStarted, PhaseStarted, TurnOrderChanged, FinalRound, FinalScoringConfirmed, GameEnded, DisplayRefilled,
    PawnPlaced, PawnsForfeited, PawnResolved, ResourcesGained, ResourcesLost, VpGained, ResourceStolen,
    ResourceTraded, TaxPaid,
    FortuneDrawn, FortuneCardDrawn, FortuneDrawLost, FortuneDeckReshuffled, FortunePlayed, FortunePaid,
    FortuneDiscarded,
    MarketSold, MarketBought, MarketPassed,
    BuildingBuilt, TempleBlockBuilt, TempleTokenGained, HighPriestChanged, RoadBuilt, BuildingTurnEnded,
]
Events = list[KosEvent]
