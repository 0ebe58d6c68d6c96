"""Kingdom of Solomon's printed components, read once from ``kingdom_of_solomon.components.json``.

Most of the board and card data is ASSUMED (spec 5.10): the map, four action-space
effects, market values, temple costs and VP, every building and fortune card. Rule
code reads only the typed tables below, so when someone checks a physical copy only
the JSON changes. The schema is strict: a file that does not fit stops the import.
"""

from __future__ import annotations

from typing import Any, Literal

from rulesets.core import ComponentFile, ComponentSchema, index_by

#: the five cube types (KOS-1.3); the file's resources must be these, in this order (state.py checks).
Resource = Literal["gold", "copper", "stone", "timber", "food"]


class _C(ComponentSchema, kw_only=True, frozen=True, forbid_unknown_fields=False):
    """Component records; fields neither the rules nor the served document read (sources, notes) are ignored.

    Each record repeats ``kw_only`` (msgspec applies it to the fields a class itself declares) and ``frozen``
    (the type checker reads it from each class statement, not from the base)."""


class _Record(_C, kw_only=True, frozen=True):
    """A record the file flags: ``assumed`` true when its values are a best guess (spec 5.10)."""

    assumed: bool


class ResourceDef(_Record, kw_only=True, frozen=True):
    id: Resource
    name: str
    colour: str
    count: int


class PlayerCountSetup(_Record, kw_only=True, frozen=True):
    pawns_per_player: int
    bonus_spaces: list[str]
    remove_per_resource: int
    supply: dict[Resource, int]


class Constant(_Record, kw_only=True, frozen=True):
    value: Any
    unlimited_with_substitutes: bool = False


class Constants(_C, kw_only=True, frozen=True):
    starting_vp: Constant
    building_markers_per_player: Constant
    pawns_in_box_per_player: Constant
    building_display_size: Constant
    building_cards_per_round_per_player: Constant
    fortune_hand_limit_at_round_end: Constant
    roads_in_supply: Constant
    road_cost: Constant
    temple_tokens_physical: Constant
    high_priest_end_bonus_vp: Constant
    vp_per_resource_cube_at_end: Constant
    market_capacity_per_resource: Constant
    building_sites: Constant
    resource_areas: Constant


class Area(_Record, kw_only=True, frozen=True):
    id: str
    name: str
    resources: list[Resource]
    building_site: bool
    neighbours: list[str]


class Effect(_C, kw_only=True, frozen=True):
    effect: str
    params: dict[str, Any] = {}


class ActionSpace(_Record, kw_only=True, frozen=True):
    id: str
    name: str
    effect: str
    params: dict[str, Any]


class BonusSpace(_Record, kw_only=True, frozen=True):
    id: str
    name: str
    effect: str
    params: dict[str, Any]
    min_players: int


class MarketTrack(_Record, kw_only=True, frozen=True):
    resource: Resource
    sell_vp: int
    buy_vp: int


class Market(_C, kw_only=True, frozen=True):
    capacity_per_resource: int
    capacity_assumed: bool
    starts_empty: bool
    tracks: list[MarketTrack]


class TempleLevel(_Record, kw_only=True, frozen=True):
    id: str
    order: int
    blocks: int
    cost: dict[str, int]
    any: int
    vp: int
    blocks_assumed: bool
    cost_assumed: bool
    vp_assumed: bool


class Temple(_C, kw_only=True, frozen=True):
    levels: list[TempleLevel]
    total_blocks: int
    reward_choice: list[str]


class EffectDef(_C, kw_only=True, frozen=True):
    params: dict[str, str]
    text: str


class BuildingCard(_Record, kw_only=True, frozen=True):
    id: str
    name: str
    cost: dict[str, int]
    vp: int
    special_mark: bool
    action: Effect


class FortuneCard(_Record, kw_only=True, frozen=True):
    id: str
    name: str
    effect: str
    params: dict[str, Any]
    end_vp: int


class Components(_C, kw_only=True, frozen=True):
    game: str
    #: the components file's own version (a state names none).
    version: int
    resources: list[ResourceDef]
    setup_by_player_count: dict[str, PlayerCountSetup]
    constants: Constants
    areas: list[Area]
    action_spaces: list[ActionSpace]
    bonus_spaces: list[BonusSpace]
    market: Market
    temple: Temple
    effects: dict[str, EffectDef]
    building_cards: list[BuildingCard]
    fortune_cards: list[FortuneCard]


FILE = ComponentFile(__file__, "kingdom_of_solomon.components.json", Components)
DATA: Components = FILE.data

# ---------------------------------------------------------------- resources (KOS-1.3, 5.1)
RESOURCES: tuple[Resource, ...] = tuple(r.id for r in DATA.resources)
RESOURCE_COUNT: dict[Resource, int] = {r.id: r.count for r in DATA.resources}
_RESOURCE_NAMED: dict[str, Resource] = {r: r for r in RESOURCES}


def resource_named(name: str) -> Resource:
    """The cube type an action names: ``parameters.check`` (or the handler's own invalid_choice check) has
    refused any other id before a handler asks, so an unknown one here is a defect (KeyError)."""
    return _RESOURCE_NAMED[name]

SETUP: dict[int, PlayerCountSetup] = {int(n): s for n, s in DATA.setup_by_player_count.items()}
PLAYER_COUNTS: tuple[int, ...] = tuple(sorted(SETUP))

# ---------------------------------------------------------------- constants
C = DATA.constants
STARTING_VP: int = C.starting_vp.value
MARKERS_PER_PLAYER: int = C.building_markers_per_player.value
DISPLAY_SIZE: int = C.building_display_size.value
CARDS_PER_ROUND: int = C.building_cards_per_round_per_player.value
HAND_LIMIT: int = C.fortune_hand_limit_at_round_end.value
ROADS: int = C.roads_in_supply.value
ROAD_COST: dict[str, int] = dict(C.road_cost.value)
HIGH_PRIEST_VP: int = C.high_priest_end_bonus_vp.value
VP_PER_CUBE: int = C.vp_per_resource_cube_at_end.value
MARKET_CAPACITY: int = DATA.market.capacity_per_resource
SELL_VP: dict[str, int] = {t.resource: t.sell_vp for t in DATA.market.tracks}
BUY_VP: dict[str, int] = {t.resource: t.buy_vp for t in DATA.market.tracks}

# ---------------------------------------------------------------- the map (KOS-3)
AREAS: dict[str, Area] = index_by(DATA.areas, lambda a: a.id, "area")
AREA_IDS: tuple[str, ...] = tuple(AREAS)
SITES: frozenset[str] = frozenset(a.id for a in DATA.areas if a.building_site)
NEUTRAL: frozenset[str] = frozenset(a.id for a in DATA.areas if not a.building_site)
NEIGHBOURS: dict[str, frozenset[str]] = {a.id: frozenset(a.neighbours) for a in DATA.areas}
#: every border as a sorted pair, in map order.
BORDERS: tuple[tuple[str, str], ...] = tuple(sorted({(min(a, b), max(a, b)) for a in AREAS for b in NEIGHBOURS[a]}))

# ---------------------------------------------------------------- spaces (KOS-4, KOS-5)
ACTION_SPACES: dict[str, ActionSpace] = index_by(DATA.action_spaces, lambda s: s.id, "action space")
BONUS_SPACES: dict[str, BonusSpace] = index_by(DATA.bonus_spaces, lambda s: s.id, "bonus space")

# ---------------------------------------------------------------- temple (KOS-8.13)
TEMPLE_LEVELS: tuple[TempleLevel, ...] = tuple(sorted(DATA.temple.levels, key=lambda level: level.order))
TEMPLE_LEVEL: dict[str, TempleLevel] = index_by(TEMPLE_LEVELS, lambda level: level.id, "temple level")
TEMPLE_BLOCKS: int = DATA.temple.total_blocks
TEMPLE_REWARDS: tuple[str, ...] = tuple(DATA.temple.reward_choice)

# ---------------------------------------------------------------- cards (KOS-1.7, KOS-6)
BUILDING_CARDS: dict[str, BuildingCard] = index_by(DATA.building_cards, lambda c: c.id, "building card")
FORTUNE_CARDS: dict[str, FortuneCard] = index_by(DATA.fortune_cards, lambda c: c.id, "fortune card")
ANY = "any"  # the "any type" resource card (spec 5.8) and the temple's "?" cost
RESOURCE_CARD = "resource_card"
NO_EFFECT = "none"


def _check() -> None:
    """The data must agree with itself, or the import stops (spec: a disagreement is a defect)."""
    problems = []
    for n, s in SETUP.items():
        for r in RESOURCES:
            if s.supply.get(r) != RESOURCE_COUNT[r] - s.remove_per_resource:
                problems.append(f"setup {n}: supply of {r}")
        problems += [f"setup {n}: bonus {b}" for b in s.bonus_spaces if b not in BONUS_SPACES]
    for area in DATA.areas:
        problems += [f"area {area.id}: icon {r}" for r in area.resources if r not in RESOURCES]
        problems += [f"area {area.id}: neighbour {b}" for b in area.neighbours
                     if b not in AREAS or area.id not in NEIGHBOURS[b]]
    if len(AREAS) != C.resource_areas.value or len(SITES) != C.building_sites.value:
        problems.append("area or site count")
    if sum(level.blocks for level in TEMPLE_LEVELS) != TEMPLE_BLOCKS:
        problems.append("temple block count")
    problems += [f"temple {level.id}: cost {r}" for level in TEMPLE_LEVELS for r in level.cost if r not in RESOURCES]
    if set(SELL_VP) != set(RESOURCES) or set(BUY_VP) != set(RESOURCES):
        problems.append("market tracks")
    for card in DATA.building_cards:
        problems += [f"{card.id}: cost {r}" for r in card.cost if r not in RESOURCES]
        if card.action.effect not in DATA.effects:
            problems.append(f"{card.id}: effect {card.action.effect}")
    for fortune in DATA.fortune_cards:
        if fortune.effect not in DATA.effects:
            problems.append(f"{fortune.id}: effect {fortune.effect}")
        if fortune.effect == RESOURCE_CARD and fortune.params.get("resource") not in (*RESOURCES, ANY):
            problems.append(f"{fortune.id}: resource")
    if problems:
        raise RuntimeError(f"{FILE.path.name} contradicts itself: {problems}")


_check()
