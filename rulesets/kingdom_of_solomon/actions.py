"""The actions of spec section 3, as msgspec Structs (a tagged union on ``type``).

Each distinct move has one canonical form, the one ``legal_actions`` lists: optional
fields left out when unused (``pawns``, an empty ``choice``, an empty
``fortune_payment``), road ends and payment lists sorted. ``apply`` also accepts the
spec's other spellings of the same move (an explicit ``pawns``, ``choice: {}``).
"""

from __future__ import annotations

from typing import Union

import msgspec

from rulesets.core import PublicStruct


class _Part(PublicStruct, kw_only=True, omit_defaults=True):
    """Parts of an action's parameters."""


class Trade(_Part, kw_only=True):
    give: str
    take: str


class Choice(_Part, kw_only=True):
    """What a player chooses when a pawn's effect asks (spec 3.3); only the effect's own fields count."""

    resources: list[str] | None = None
    target: int | None = None
    trades: list[Trade] | None = None
    road: list[str] | None = None
    take: dict[str, str] | None = None


class FortuneChoice(_Part, kw_only=True):
    resource: str | None = None


class FortunePayment(_Part, kw_only=True):
    """A resource fortune card standing in for one cube of a cost (KOS-6.4 b)."""

    card: str
    as_: str | None = msgspec.field(default=None, name="as")


class _Action(PublicStruct, kw_only=True, tag_field="type", omit_defaults=True):
    player: int


class PlacePawn(_Action, tag="place_pawn", kw_only=True):
    space: str
    pawns: int | None = None


class ResolvePawn(_Action, tag="resolve_pawn", kw_only=True):
    space: str
    choice: Choice | None = None


class MarketSell(_Action, tag="market_sell", kw_only=True):
    resource: str


class MarketBuy(_Action, tag="market_buy", kw_only=True):
    resource: str


class MarketPass(_Action, tag="market_pass", kw_only=True):
    pass


class BuildBuilding(_Action, tag="build_building", kw_only=True):
    card: str
    site: str | None = None
    fortune_payment: list[FortunePayment] = []


class BuildTempleBlock(_Action, tag="build_temple_block", kw_only=True):
    level: str
    reward: str
    any_payment: dict[str, int] = {}
    fortune_payment: list[FortunePayment] = []


class BuildRoad(_Action, tag="build_road", kw_only=True):
    areas: list[str]
    fortune_payment: list[FortunePayment] = []


class EndBuildingTurn(_Action, tag="end_building_turn", kw_only=True):
    pass


class PlayFortune(_Action, tag="play_fortune", kw_only=True):
    card: str
    choice: FortuneChoice | None = None


class DiscardFortune(_Action, tag="discard_fortune", kw_only=True):
    cards: list[str]


class ConfirmFinalScoring(_Action, tag="confirm_final_scoring", kw_only=True):
    pass


Action = Union[PlacePawn, ResolvePawn, MarketSell, MarketBuy, MarketPass, BuildBuilding, BuildTempleBlock,
               BuildRoad, EndBuildingTurn, PlayFortune, DiscardFortune, ConfirmFinalScoring]
