"""The Mines of Zavandor's events (spec 4.5), as typed Structs with who may see them.

Events touching hidden data come in two forms (section 4.1): the drawer alone learns the
kinds he drew (``cards_drawn``), everyone the carts and counts (``cards_received``); a
seat's trade draft and staged bid are its own (``draft_changed``, ``draft_dropped``,
``bid_changed``), while a seal is public (``bid_sealed``). Everything else is public.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from rulesets.core import Count, Event, PrivateEvent, PublicStruct, Seat

from .components import Cart, CardId, Gem, HallId, Kind, Target
from .state import CardSet, Cards, Level, Markers, OfferId, Phase, Round, Step

#: where a bank trade takes its card: a cart's discard pile, or a search (MOZ-4.6 / 4.7)
TakeSource = Cart | Literal["search"]
#: why VP were gained in the auction: the bonus (MOZ-5.7), a small win (MOZ-5.6), or a card declined
VpReason = Literal["bonus", "row", "instead_of_card"]


# ---------------------------------------------------------------- rounds and turns (MOZ-2)
class RoundStarted(Event, tag="round_started"):
    round: Round
    start_player: Seat


class PhaseStarted(Event, tag="phase_started"):
    phase: Phase


class TurnPassed(Event, tag="turn_passed", omit_defaults=True):
    """The seat now on turn in a sequential step; after an income with markers, how many it may place."""

    step: Step
    player: Seat
    markers: Markers | None = None


class RoundEnded(Event, tag="round_ended"):
    round: Round


class GameEnded(Event, tag="game_ended"):
    round: Round


# ---------------------------------------------------------------- drawing cards (MOZ-3.5, MOZ-8)
class CardsDrawn(PrivateEvent, tag="cards_drawn"):
    """The kinds drawn, for the drawer only."""

    player: Seat
    cards: CardSet


class CardsReceived(Event, tag="cards_received"):
    """The same draw as everyone sees it: the backs, per cart."""

    player: Seat
    by_cart: dict[Cart, Cards]
    count: Count


class CartSubstituted(Event, tag="cart_substituted"):
    player: Seat
    requested: Cart
    used: Cart


class DrawLost(Event, tag="draw_lost"):
    player: Seat
    cart: Cart


class PileReshuffled(Event, tag="pile_reshuffled"):
    cart: Cart
    cards: Count


# ---------------------------------------------------------------- income (MOZ-3)
class MarkerPlaced(Event, tag="marker_placed"):
    player: Seat
    target: Target
    level: Level
    left: Markers


class MarkersForfeited(Event, tag="markers_forfeited"):
    player: Seat
    markers: Markers


class OneTimeUsed(Event, tag="one_time_used"):
    player: Seat
    card: CardId
    level: Level
    yield_: dict[Cart, Count] = msgspec.field(name="yield")


# ---------------------------------------------------------------- trading (MOZ-4)
class DraftSummary(PublicStruct, kw_only=True):
    """A draft as its drafter sees it: the partner, the kinds given, the gems asked."""

    partner: Seat
    give: dict[Kind, Cards]
    ask: dict[Gem, Cards]


class DraftChanged(PrivateEvent, tag="draft_changed"):
    """The drafter's own draft after a change (null once cancelled or proposed)."""

    player: Seat
    draft: DraftSummary | None


class DraftDropped(PrivateEvent, tag="draft_dropped"):
    player: Seat


class OfferMade(Event, tag="offer_made"):
    offer: OfferId
    player: Seat
    partner: Seat
    give: CardSet
    ask: dict[Gem, Cards]


class OfferAccepted(Event, tag="offer_accepted"):
    offer: OfferId
    player: Seat
    proposer: Seat
    give: CardSet
    pay: CardSet


class OfferRejected(Event, tag="offer_rejected"):
    offer: OfferId
    player: Seat
    proposer: Seat


class OfferWithdrawn(Event, tag="offer_withdrawn"):
    offer: OfferId
    player: Seat


class OfferLapsed(Event, tag="offer_lapsed"):
    offer: OfferId


class BankTraded(Event, tag="bank_trade"):
    player: Seat
    give: CardSet
    gem: Gem
    from_: TakeSource = msgspec.field(name="from")


class SearchRevealed(Event, tag="search_revealed"):
    """MOZ-4.8: every card a search turned up, the wanted gem last."""

    player: Seat
    cart: Cart
    gems: list[Gem]


class TradingFinished(Event, tag="trading_finished"):
    player: Seat


# ---------------------------------------------------------------- the auction and the king (MOZ-5, MOZ-7)
class BidChanged(PrivateEvent, tag="bid_changed"):
    """The bidder's own staged bid after a change (section 4.2)."""

    player: Seat
    bid: CardSet


class BidSealed(Event, tag="bid_sealed"):
    player: Seat


class BidsRevealed(Event, tag="bids_revealed"):
    """Every seat's bid, by seat, once the last seal is made."""

    bids: list[CardSet]


class RowWon(Event, tag="row_won"):
    row: Gem
    player: Seat
    cards: Cards


class RowUnclaimed(Event, tag="row_unclaimed"):
    row: Gem


class VpGained(Event, tag="vp_gained"):
    player: Seat
    vp: Count
    reason: VpReason
    row: Gem


class CardTaken(Event, tag="card_taken"):
    player: Seat
    card: CardId
    row: Gem


class CardDiscarded(Event, tag="card_discarded"):
    player: Seat
    card: CardId


class KingMoved(Event, tag="king_moved"):
    player: Seat
    from_: HallId = msgspec.field(name="from")
    to: HallId


class CardLeftGame(Event, tag="card_left_game"):
    card: CardId
    row: Gem


class DisplayShifted(Event, tag="display_shifted"):
    """MOZ-5.12: the columns moved one space right."""


# ---------------------------------------------------------------- upgrades (MOZ-6)
class Upgraded(Event, tag="upgraded"):
    player: Seat
    target: Target
    level: Level
    paid: CardSet
    vp_paid: Count


ZavandorEvent = (RoundStarted | PhaseStarted | TurnPassed | RoundEnded | GameEnded
                 | CardsDrawn | CardsReceived | CartSubstituted | DrawLost | PileReshuffled
                 | MarkerPlaced | MarkersForfeited | OneTimeUsed
                 | DraftChanged | DraftDropped | OfferMade | OfferAccepted | OfferRejected | OfferWithdrawn
                 | OfferLapsed | BankTraded | SearchRevealed | TradingFinished
                 | BidChanged | BidSealed | BidsRevealed | RowWon | RowUnclaimed | VpGained | CardTaken
                 | CardDiscarded | KingMoved | CardLeftGame | DisplayShifted
                 | Upgraded)
#: what a handler answers
Events = list[ZavandorEvent]
