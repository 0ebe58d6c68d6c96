"""The Mines of Zavandor's game state (spec appendix A), as msgspec Structs, with its hidden information.

Hidden information (spec section 4) is declared here, once:

* a hand is private to its owner (kinds and counts); everyone sees its size per cart in
  ``hand_backs`` (the backs are visible, AMB-17);
* a staged bid is sealed: its owner sees it, everyone sees it once every bid is sealed
  (``bids_revealed``); until then others see only ``sealed``, and the public hand backs
  do not change while staging (section 4.2);
* a trade draft and the number of drafts opened are the drafter's own;
* each draw pile is hidden (its size is public); the random source is secret;
* everything else (discard piles, set-aside cards, offers, display with every stack,
  mines, levels, VP tokens, the king's hall) is public.

A draw pile holds gems (its cart is the pile's); a draft's give entry names the kind given,
as ``trade_draft_give`` does.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from rulesets.core import Count, GameState, Hidden, PerSeat, Private, PublicStruct, Sealed, Seat

from .components import TOTAL_GEM_CARDS, Cart, CardId, Gem, HallId, Kind, Target

#: a number of gem cards of one kind or cart (never zero in a CardSet, spec 0)
Cards = Annotated[int, msgspec.Meta(ge=1, le=TOTAL_GEM_CARDS)]
CardSet = dict[Kind, Cards]
Level = Annotated[int, msgspec.Meta(ge=0, le=99)]
Round = Annotated[int, msgspec.Meta(ge=1, le=999)]
#: offer ids increase from 1 within a game (spec 3.4); a game opens far fewer than this many
OfferId = Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]
Markers = Annotated[int, msgspec.Meta(ge=0, le=99)]

Phase = Literal["income", "trading", "auction", "upgrade", "game_over"]
Step = Literal["production", "markers", "one_time", "trading", "bidding", "reward", "king_move", "upgrade",
               "game_over"]


def bids_revealed(state: "ZavandorState") -> bool:
    """MOZ-5.2 / 5.3: nobody but the bidder learns a bid until every player has sealed."""
    return state.bids_revealed


class MineCard(PublicStruct, kw_only=True):
    """An improvement card in a mine with its current level (MOZ-2.8)."""

    card: CardId
    level: Level


class GiveEntry(PublicStruct, kw_only=True, tag_field="side", tag="give"):
    """A draft entry: one card of this kind given (``trade_draft_give``, MOZ-4.3)."""

    card: Kind


class AskEntry(PublicStruct, kw_only=True, tag_field="side", tag="ask"):
    """A draft entry: one card of this gem asked for (``trade_draft_ask``, MOZ-4.3)."""

    gem: Gem


#: one entry of a draft, in the order added (for ``trade_draft_undo``)
DraftEntry = GiveEntry | AskEntry


class Draft(PublicStruct, kw_only=True):
    """MOZ-4.3: a trade being built, addressed to one other player."""

    partner: Seat
    entries: list[DraftEntry] = []


class Player(PublicStruct, kw_only=True):
    vp: Count = 0
    hand: Annotated[CardSet, Private(count=False)]
    #: the backs of the hand, per cart (section 4.1): public, staged bids included
    hand_backs: dict[Cart, Cards] = {}
    set_aside: CardSet = {}
    family: Level
    pack_dragon: Level
    mine: list[MineCard] = []
    #: MOZ-6.3: items raised in this upgrade phase
    upgraded: list[Target] = []
    markers_pending: Markers = 0
    bid: Annotated[CardSet, Sealed(revealed=bids_revealed)] = {}
    sealed: bool = False
    trade_finished: bool = False
    draft: Annotated[Draft | None, Private(count=False)] = None
    drafts_opened: Annotated[Count, Private(count=False)] = 0


class Pile(PublicStruct, kw_only=True):
    """MOZ-8.1: one cart's face-down draw pile (gems, top first) and face-up discard pile."""

    cart: Cart
    draw: Annotated[list[Gem], Hidden()] = []
    discard: CardSet = {}


class Row(PublicStruct, kw_only=True):
    """MOZ-5.1: one row of the display; ``stack[0]`` lies face up on the left space."""

    gem: Gem
    in_play: bool
    right: CardId | None = None
    middle: CardId | None = None
    stack: list[CardId] = []


class Offer(PublicStruct, kw_only=True):
    """MOZ-4.3: an open offer, visible to all."""

    id: OfferId
    proposer: Seat
    partner: Seat
    give: CardSet
    ask: dict[Gem, Cards]


class RowResult(PublicStruct, kw_only=True):
    """MOZ-5.4 / 5.6: a row's winner and how many cards of its gem he bid, awaiting its reward."""

    row: Gem
    winner: Seat
    bid: Cards


class ZavandorState(GameState, kw_only=True):
    data_version: str
    players: Annotated[list[Player], PerSeat()]
    phase: Phase
    step: Step
    round: Round = 1
    start_player: Seat
    #: the seat on turn in a sequential step (MOZ-2.3); null in simultaneous steps
    active: Seat | None = None
    king: HallId
    king_mover: Seat | None = None
    max_trade_proposals_per_phase: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 10
    supply: list[Pile]
    display: list[Row]
    offers: list[Offer] = []
    next_offer: OfferId = 1
    bids_revealed: bool = False
    #: rows settled at the reveal whose rewards are still to be given, top row first (MOZ-5.8)
    rewards: list[RowResult] = []
    removed_from_game: list[CardId] = []

