"""The Golden City's components as served to clients (``GET /v1/games/golden_city/components``).

Everything here is read from the decoded components file (``components.DATA``); nothing is
written out a second time. Each card and space carries its id, a name, its kind and what is
printed on it, with the ``assumed`` flag the file gives it. The file names no card or space,
so names are derived from the printed values (a landscape and a number, a bonus card's
condition); the board file has no coordinates either, only each space's quadrant, its
ring counted from the coast, and its roads, so that is what a space says of its place.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal


from rulesets.core import Served

from .components import (DATA, LANDSCAPE_COUNTS, LANDSCAPES, NEIGHBOURS, BonusCondition, Cost, GoodsGoal, LocationGoal,
                         MajorityBonus, Reward, SpaceKind)




class Landscape(Served, kw_only=True, frozen=True):
    id: str
    name: str


class LandscapeCard(Served, kw_only=True, frozen=True):
    """The landscape cards of one type (spec 5.1: the copies of a type are interchangeable, so a state names a
    card by its type, which is this entry's id)."""

    id: str
    name: str
    kind: Literal["landscape_card"] = "landscape_card"
    landscape: str
    #: how many cards of this type the game has.
    copies: int


class Good(Served, kw_only=True, frozen=True):
    id: str
    name: str
    assumed: bool


class GoodsCard(Served, kw_only=True, frozen=True):
    id: str
    name: str
    kind: Literal["goods_card"] = "goods_card"
    goods: list[str]
    assumed: bool


class BonusCard(Served, kw_only=True, frozen=True):
    id: str
    name: str
    kind: Literal["bonus_card"] = "bonus_card"
    counts: BonusCondition
    vp_each: int
    assumed: bool


class ScoringCard(Served, kw_only=True, frozen=True):
    id: str
    name: str
    kind: Literal["scoring_card"] = "scoring_card"
    back: int
    location: LocationGoal
    goods: GoodsGoal
    majority_bonus: MajorityBonus
    assumed: bool


class Space(Served, kw_only=True, frozen=True):
    """A board space: its cost and reward as printed, its roads (``neighbours``) and where it lies."""

    id: str
    name: str
    kind: SpaceKind
    quadrant: str
    landscape: str
    #: villages: how many roads from the coast (1 to 3); none for harbours and the city.
    ring: int | None
    rivers: list[str]
    cost: Cost
    reward: Reward
    neighbours: list[str]
    assumed: bool


class Region(Served, kw_only=True, frozen=True):
    """A set of spaces a scoring or bonus card counts posts on."""

    id: str
    spaces: list[str]


class Board(Served, kw_only=True, frozen=True):
    spaces: list[Space]
    #: every road, once, as the two spaces it joins.
    roads: list[tuple[str, str]]
    regions: list[Region]
    assumed: bool
    assumed_parts: list[str]


class PostColours(Served, kw_only=True, frozen=True):
    colours: list[str]
    #: the colour that is the black posts in a 2-player game (GC-11.1).
    black: str
    assumed: bool


class GoldenCityComponents(Served, kw_only=True, frozen=True):
    """Every component a Golden City state or view can name."""

    data_version: str
    landscapes: list[Landscape]
    landscape_cards: list[LandscapeCard]
    goods: list[Good]
    goods_cards: list[GoodsCard]
    #: the goods cards' make-up (two goods each) is a stand-in.
    goods_cards_assumed: bool
    bonus_cards: list[BonusCard]
    bonus_conditions_assumed: bool
    scoring_cards: list[ScoringCard]
    scoring_values_and_regions_assumed: bool
    post_colours: PostColours
    board: Board


_SPACE_KINDS = {"harbour": "harbour", "village": "village", "outer_district": "outer district",
                "inner_district": "inner district"}
_CONDITIONS = {"posts_in_region": "post in {region}", "goods_cards_held": "goods card held",
               "coins_held": "coin held", "key_cards_held": "key card held"}


def _title(word: str) -> str:
    return word[:1].upper() + word[1:]


def _space_name(space_id: str, kind: str, landscape: str) -> str:
    """``N_V3`` of the mountains quadrant: "Mountains village 3"; an inner district has no number."""
    number = space_id.rsplit("_", 1)[-1].lstrip("HVOI")
    return " ".join(part for part in (_title(landscape), _SPACE_KINDS[kind], number) if part)


def _bonus_name(condition: BonusCondition, vp_each: int) -> str:
    return f"{vp_each} VP per {_CONDITIONS[condition.kind].format(region=condition.region)}"


def _scoring_name(back: int, location: LocationGoal, goods: GoodsGoal) -> str:
    return (f"Back {back}: {location.vp_per_post} VP per post in {location.region}, "
            f"{goods.vp_per_card} VP per goods card showing {goods.good}")


@lru_cache(maxsize=1)
def document() -> GoldenCityComponents:
    """The served document, built once from the decoded file (it is immutable, so every answer shares it)."""
    board = DATA.board
    return GoldenCityComponents(
        data_version=DATA.data_version,
        landscapes=[Landscape(id=kind, name=_title(kind)) for kind in LANDSCAPES],
        landscape_cards=[LandscapeCard(id=kind, name=f"{_title(kind)} card", landscape=kind, copies=count)
                         for kind, count in LANDSCAPE_COUNTS.items()],
        goods=[Good(id=good, name=good, assumed=DATA.goods_types.names_assumed) for good in DATA.goods_types.ids],
        goods_cards=[GoodsCard(id=card.id, name=f"Goods card: {' and '.join(card.goods)}", goods=list(card.goods),
                               assumed=card.assumed) for card in DATA.goods_cards.cards],
        goods_cards_assumed=DATA.goods_cards.composition_assumed,
        bonus_cards=[BonusCard(id=card.id, name=_bonus_name(card.counts, card.vp_each), counts=card.counts,
                               vp_each=card.vp_each, assumed=card.assumed) for card in DATA.bonus_cards.cards],
        bonus_conditions_assumed=DATA.bonus_cards.conditions_assumed,
        scoring_cards=[ScoringCard(id=card.id, name=_scoring_name(card.back, card.location, card.goods),
                                   back=card.back, location=card.location, goods=card.goods,
                                   majority_bonus=card.majority_bonus, assumed=card.assumed)
                       for card in DATA.scoring_cards.cards],
        scoring_values_and_regions_assumed=DATA.scoring_cards.values_and_regions_assumed,
        post_colours=PostColours(colours=list(DATA.post_colours.colours), black=DATA.post_colours.black,
                                 assumed=DATA.post_colours.assumed),
        board=Board(
            spaces=[Space(id=space.id, name=_space_name(space.id, space.kind, space.quadrant_landscape),
                          kind=space.kind, quadrant=space.quadrant, landscape=space.quadrant_landscape,
                          ring=space.ring, rivers=list(space.rivers), cost=space.cost, reward=space.reward,
                          neighbours=sorted(NEIGHBOURS[space.id]), assumed=space.assumed)
                    for space in board.spaces],
            roads=[(a, b) for a, b in board.edges],
            regions=[Region(id=name, spaces=list(ids)) for name, ids in board.regions.items()],
            assumed=board.assumed, assumed_parts=list(board.assumed_parts)),
    )
