"""Kingdom of Solomon's components as served to clients (``GET /v1/games/kingdom_of_solomon/components``).

Built once from the decoded components file (:mod:`.components`), never from a second copy:
the map (16 areas with their resource icons, sites and neighbours, and every border a road
can take: the board has no coordinates in any source, so none are served), the action and
bonus spaces, both card decks, the market, the temple, the setup tables and the constants,
each with its ``assumed`` flag. Every id a state or a view holds is here: area ids, space
ids (``area:``, ``action:``, ``bonus:``, ``card:``), card ids, temple level ids, resources.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

import msgspec

from rulesets.core import Served

from .components import (BORDERS, DATA, Area, BuildingCard, Constant, FortuneCard, Resource, TempleLevel,
                         resource_named)
from .spaces import ACTION, AREA, BONUS, CARD


#: what an effect's parameters can be: a count, a resource type, or cubes by type.
Params = dict[str, int | str | dict[str, int]]


class KosResource(Served, kw_only=True, frozen=True):
    id: Resource
    name: str
    colour: str
    #: cubes in the box (KOS-1.3 removes some by player count).
    count: int
    assumed: bool


class KosArea(Served, kw_only=True, frozen=True):
    id: str
    name: str
    kind: Literal["area"] = "area"
    #: the id a pawn's ``space`` names (spec 3.0).
    space: str
    #: one icon per cube collected (KOS-3.1).
    resources: list[Resource]
    #: False: a neutral area (KOS-3.2).
    building_site: bool
    #: adjacent areas (KOS-3.4), sorted.
    neighbours: list[str]
    assumed: bool


class KosBorder(Served, kw_only=True, frozen=True):
    """Where one road can lie (KOS-3.4, 8.25): two adjacent areas, sorted as a state's road names them."""

    areas: list[str]


class KosEffect(Served, kw_only=True, frozen=True):
    """An effect of the spec's vocabulary (spec 5.9), which spaces and cards name with their parameters."""

    id: str
    params: dict[str, str]
    text: str


class KosSpace(Served, kw_only=True, frozen=True):
    id: str
    name: str
    kind: Literal["action_space", "bonus_space"]
    space: str
    effect: str
    params: Params
    #: a bonus space's smallest player count without the variant (KOS-1.4); null for an action space.
    min_players: int | None = None
    assumed: bool


class KosCardAction(Served, kw_only=True, frozen=True):
    effect: str
    params: Params
    #: the id of the card's action space.
    space: str


class KosBuildingCard(Served, kw_only=True, frozen=True):
    id: str
    name: str
    kind: Literal["building_card"] = "building_card"
    cost: dict[Resource, int]
    vp: int
    #: no building marker is placed for it (KOS-8.9).
    special_mark: bool
    action: KosCardAction
    assumed: bool


class KosFortuneCard(Served, kw_only=True, frozen=True):
    id: str
    name: str
    kind: Literal["fortune_card"] = "fortune_card"
    effect: str
    params: Params
    #: printed VP scored at the end while in hand (KOS-6.8).
    end_vp: int
    assumed: bool


class KosMarketTrack(Served, kw_only=True, frozen=True):
    resource: Resource
    name: str
    sell_vp: int
    buy_vp: int
    assumed: bool


class KosMarket(Served, kw_only=True, frozen=True):
    capacity_per_resource: int
    capacity_assumed: bool
    tracks: list[KosMarketTrack]


class KosTempleLevel(Served, kw_only=True, frozen=True):
    id: str
    name: str
    kind: Literal["temple_level"] = "temple_level"
    order: int
    blocks: int
    cost: dict[Resource, int]
    #: cubes of any type the builder adds to the cost (KOS-8.14).
    any: int
    vp: int
    blocks_assumed: bool
    cost_assumed: bool
    vp_assumed: bool
    assumed: bool


class KosTemple(Served, kw_only=True, frozen=True):
    levels: list[KosTempleLevel]
    total_blocks: int
    reward_choice: list[str]


class KosPlayerCountSetup(Served, kw_only=True, frozen=True):
    players: int
    pawns_per_player: int
    bonus_spaces: list[str]
    remove_per_resource: int
    supply: dict[Resource, int]
    assumed: bool


class KosConstant(Served, kw_only=True, frozen=True):
    id: str
    value: int | dict[Resource, int]
    #: more than the box holds may be used, with substitutes (temple tokens, KOS-8.17).
    unlimited_with_substitutes: bool = False
    assumed: bool


class KosComponents(Served, kw_only=True, frozen=True):
    game: str
    #: the data version a state names: none for this game (its states name only the rules version).
    data_version: str | None = None
    #: the components file's own version.
    components_version: int
    resources: list[KosResource]
    areas: list[KosArea]
    borders: list[KosBorder]
    action_spaces: list[KosSpace]
    bonus_spaces: list[KosSpace]
    effects: list[KosEffect]
    building_cards: list[KosBuildingCard]
    fortune_cards: list[KosFortuneCard]
    market: KosMarket
    temple: KosTemple
    setup_by_player_count: list[KosPlayerCountSetup]
    constants: list[KosConstant]


def _cubes(cost: dict[str, int]) -> dict[Resource, int]:
    """A printed cost by cube type (the components check has refused any other key at import)."""
    return {resource_named(resource): amount for resource, amount in cost.items()}


def _area(area: Area) -> KosArea:
    return KosArea(id=area.id, name=area.name, space=f"{AREA}:{area.id}", resources=list(area.resources),
                   building_site=area.building_site, neighbours=sorted(area.neighbours), assumed=area.assumed)


def _building_card(card: BuildingCard) -> KosBuildingCard:
    action = KosCardAction(effect=card.action.effect, params=dict(card.action.params), space=f"{CARD}:{card.id}")
    return KosBuildingCard(id=card.id, name=card.name, cost=_cubes(card.cost), vp=card.vp,
                           special_mark=card.special_mark, action=action, assumed=card.assumed)


def _fortune_card(card: FortuneCard) -> KosFortuneCard:
    return KosFortuneCard(id=card.id, name=card.name, effect=card.effect, params=dict(card.params),
                          end_vp=card.end_vp, assumed=card.assumed)


def _level(level: TempleLevel) -> KosTempleLevel:
    # The file names a level by its id only; the readable name is that id.
    return KosTempleLevel(id=level.id, name=level.id.replace("_", " ").capitalize(), order=level.order,
                          blocks=level.blocks, cost=_cubes(level.cost), any=level.any, vp=level.vp,
                          blocks_assumed=level.blocks_assumed, cost_assumed=level.cost_assumed,
                          vp_assumed=level.vp_assumed, assumed=level.assumed)


def _constant(name: str, constant: Constant) -> KosConstant:
    return KosConstant(id=name, value=constant.value, assumed=constant.assumed,
                       unlimited_with_substitutes=constant.unlimited_with_substitutes)


@lru_cache(maxsize=1)
def document() -> KosComponents:
    """The served document, checked against its own types once (a value the schema does not allow stops here)."""
    names = {resource.id: resource.name for resource in DATA.resources}
    built = KosComponents(
        game=DATA.game,
        components_version=DATA.version,
        resources=[KosResource(id=r.id, name=r.name, colour=r.colour, count=r.count, assumed=r.assumed)
                   for r in DATA.resources],
        areas=[_area(area) for area in DATA.areas],
        borders=[KosBorder(areas=list(border)) for border in BORDERS],
        action_spaces=[KosSpace(id=s.id, name=s.name, kind="action_space", space=f"{ACTION}:{s.id}", effect=s.effect,
                                params=dict(s.params), assumed=s.assumed) for s in DATA.action_spaces],
        bonus_spaces=[KosSpace(id=s.id, name=s.name, kind="bonus_space", space=f"{BONUS}:{s.id}", effect=s.effect,
                               params=dict(s.params), min_players=s.min_players, assumed=s.assumed)
                      for s in DATA.bonus_spaces],
        effects=[KosEffect(id=name, params=dict(effect.params), text=effect.text)
                 for name, effect in DATA.effects.items()],
        building_cards=[_building_card(card) for card in DATA.building_cards],
        fortune_cards=[_fortune_card(card) for card in DATA.fortune_cards],
        market=KosMarket(capacity_per_resource=DATA.market.capacity_per_resource,
                         capacity_assumed=DATA.market.capacity_assumed,
                         tracks=[KosMarketTrack(resource=t.resource, name=names[t.resource], sell_vp=t.sell_vp,
                                                buy_vp=t.buy_vp, assumed=t.assumed) for t in DATA.market.tracks]),
        temple=KosTemple(levels=[_level(level) for level in DATA.temple.levels], total_blocks=DATA.temple.total_blocks,
                         reward_choice=list(DATA.temple.reward_choice)),
        setup_by_player_count=[KosPlayerCountSetup(players=int(n), pawns_per_player=s.pawns_per_player,
                                                   bonus_spaces=list(s.bonus_spaces),
                                                   remove_per_resource=s.remove_per_resource,
                                                   supply=dict(s.supply), assumed=s.assumed)
                               for n, s in DATA.setup_by_player_count.items()],
        constants=[_constant(name, getattr(DATA.constants, name)) for name in DATA.constants.__struct_fields__],
    )
    # Constructing a Struct checks no field types: a round trip through the schema does.
    return msgspec.convert(msgspec.to_builtins(built), KosComponents)
