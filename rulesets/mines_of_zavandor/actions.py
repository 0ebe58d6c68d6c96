"""The action catalogue (spec section 3): one flat JSON object per action, tagged on ``type``.

Unknown fields, missing fields, wrong types, unknown kinds, gems, carts, card ids or halls
and CardSets with zero or negative counts are schema errors (``invalid_action``, spec 3.1).
"""

from __future__ import annotations

from typing import Literal, Union

import msgspec

from rulesets.core import PublicStruct, Seat, concealed

from .components import Cart, CardId, Gem, HallId, Kind, Target
from .state import Cards, CardSet, Level, OfferId


#: Section 4.1 / 4.2: drafts and staged bids are their sender's; even the kind of such an action (a card
#: added or removed) would tell, so other seats see these actions in a session's log under one name.
DRAFTING = "trade_draft_changed"
STAGING = "bid_staged"


class _Action(PublicStruct, kw_only=True, omit_defaults=True, tag_field="type"):
    """An applied action is public (a session log shows it) unless its type is concealed."""

    player: Seat


# ---------------------------------------------------------------- income (3.3)
class CollectIncome(_Action, tag="collect_income"):
    draw: dict[Cart, Cards]


class PlaceMarker(_Action, tag="place_marker"):
    target: Target


class ForfeitMarkers(_Action, tag="forfeit_markers"):
    pass


class UseOneTime(_Action, tag="use_one_time"):
    card: CardId


class EndOneTimeStep(_Action, tag="end_one_time_step"):
    pass


# ---------------------------------------------------------------- trading (3.4)
@concealed(DRAFTING)
class TradeDraftOpen(_Action, tag="trade_draft_open"):
    partner: Seat


@concealed(DRAFTING)
class TradeDraftGive(_Action, tag="trade_draft_give"):
    card: Kind


@concealed(DRAFTING)
class TradeDraftAsk(_Action, tag="trade_draft_ask"):
    gem: Gem


@concealed(DRAFTING)
class TradeDraftUndo(_Action, tag="trade_draft_undo"):
    pass


@concealed(DRAFTING)
class TradeDraftCancel(_Action, tag="trade_draft_cancel"):
    pass


class TradePropose(_Action, tag="trade_propose"):
    pass


class TradeAccept(_Action, tag="trade_accept"):
    offer: OfferId
    pay: CardSet


class TradeReject(_Action, tag="trade_reject"):
    offer: OfferId


class TradeWithdraw(_Action, tag="trade_withdraw"):
    pass


class BankTake(PublicStruct, kw_only=True):
    gem: Gem
    from_: Cart | Literal["search"] = msgspec.field(name="from")


class BankTrade(_Action, tag="bank_trade"):
    give: CardSet
    take: BankTake


class FinishTrading(_Action, tag="finish_trading"):
    pass


# ---------------------------------------------------------------- auction (3.5)
@concealed(STAGING)
class BidAdd(_Action, tag="bid_add"):
    card: Kind


@concealed(STAGING)
class BidRemove(_Action, tag="bid_remove"):
    card: Kind


class BidCommit(_Action, tag="bid_commit"):
    pass


class ChooseReward(_Action, tag="choose_reward"):
    row: Gem
    take: Literal["card", "vp"]
    discard: CardId | None = None


class MoveKing(_Action, tag="move_king"):
    to: HallId


# ---------------------------------------------------------------- upgrade (3.6)
class Upgrade(_Action, tag="upgrade"):
    target: Target
    level: Level
    pay: CardSet


class EndUpgrades(_Action, tag="end_upgrades"):
    pass


Action = Union[CollectIncome, PlaceMarker, ForfeitMarkers, UseOneTime, EndOneTimeStep,
               TradeDraftOpen, TradeDraftGive, TradeDraftAsk, TradeDraftUndo, TradeDraftCancel, TradePropose,
               TradeAccept, TradeReject, TradeWithdraw, BankTrade, FinishTrading,
               BidAdd, BidRemove, BidCommit, ChooseReward, MoveKing, Upgrade, EndUpgrades]
