"""Kingdom of Solomon's printed components, read once from ``kingdom_of_solomon.components.json``.

Most of the board and card data is ASSUMED (spec 5.10): the map, four action-space
effects, market values, temple costs and VP, every building and fortune card. Rule
code reads only the typed tables below, so when someone checks a physical copy only
the JSON changes. The schema is strict: a file that does not fit stops the import.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from rulesets.core import assumed_paths, load_components

DATA_FILE = Path(__file__).with_name("kingdom_of_solomon.components.json")


class _C(msgspec.Struct, kw_only=True, forbid_unknown_fields=False, frozen=True):
    """Component records; fields neither the rules nor the served document read (sources, notes) are ignored."""


class _Record(_C):
    """A record the file flags: ``assumed`` true when its values are a best guess (spec 5.10)."""

    assumed: bool


class ResourceDef(_Record):
    id: str
    name: str
    colour: str
    count: int


class PlayerCountSetup(_Record):
    pawns_per_player: int
    bonus_spaces: list[str]
    remove_per_resource: int
    supply: dict[str, int]


class Constant(_Record):
    value: Any
    unlimited_with_substitutes: bool = False


class Constants(_C):
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


class Area(_Record):
    id: str
    name: str
    resources: list[str]
    building_site: bool
    neighbours: list[str]


class Effect(_C):
    effect: str
    params: dict[str, Any] = {}


class ActionSpace(_Record):
    id: str
    name: str
    effect: str
    params: dict[str, Any]


class BonusSpace(_Record):
    id: str
    name: str
    effect: str
    params: dict[str, Any]
    min_players: int


class MarketTrack(_Record):
    resource: str
    sell_vp: int
    buy_vp: int


class Market(_C):
    capacity_per_resource: int
    capacity_assumed: bool
    starts_empty: bool
    tracks: list[MarketTrack]


class TempleLevel(_Record):
    id: str
    order: int
    blocks: int
    cost: dict[str, int]
    any: int
    vp: int
    blocks_assumed: bool
    cost_assumed: bool
    vp_assumed: bool


class Temple(_C):
    levels: list[TempleLevel]
    total_blocks: int
    reward_choice: list[str]


class EffectDef(_C):
    params: dict[str, str]
    text: str


class BuildingCard(_Record):
    id: str
    name: str
    cost: dict[str, int]
    vp: int
    special_mark: bool
    action: Effect


class FortuneCard(_Record):
    id: str
    name: str
    effect: str
    params: dict[str, Any]
    end_vp: int


class Components(_C):
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


DATA: Components = load_components(DATA_FILE, Components)
_RAW: Any = json.loads(DATA_FILE.read_text(encoding="utf-8"))

# ---------------------------------------------------------------- resources (KOS-1.3, 5.1)
RESOURCES: tuple[str, ...] = tuple(r.id for r in DATA.resources)
RESOURCE_COUNT: dict[str, int] = {r.id: r.count for r in DATA.resources}
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
AREAS: dict[str, Area] = {a.id: a for a in DATA.areas}
AREA_IDS: tuple[str, ...] = tuple(AREAS)
SITES: frozenset[str] = frozenset(a.id for a in DATA.areas if a.building_site)
NEUTRAL: frozenset[str] = frozenset(a.id for a in DATA.areas if not a.building_site)
NEIGHBOURS: dict[str, frozenset[str]] = {a.id: frozenset(a.neighbours) for a in DATA.areas}
#: every border as a sorted pair, in map order.
BORDERS: tuple[tuple[str, str], ...] = tuple(sorted({tuple(sorted((a, b))) for a in AREAS for b in NEIGHBOURS[a]}))

# ---------------------------------------------------------------- spaces (KOS-4, KOS-5)
ACTION_SPACES: dict[str, ActionSpace] = {s.id: s for s in DATA.action_spaces}
BONUS_SPACES: dict[str, BonusSpace] = {s.id: s for s in DATA.bonus_spaces}

# ---------------------------------------------------------------- temple (KOS-8.13)
TEMPLE_LEVELS: tuple[TempleLevel, ...] = tuple(sorted(DATA.temple.levels, key=lambda level: level.order))
TEMPLE_LEVEL: dict[str, TempleLevel] = {level.id: level for level in TEMPLE_LEVELS}
TEMPLE_BLOCKS: int = DATA.temple.total_blocks
TEMPLE_REWARDS: tuple[str, ...] = tuple(DATA.temple.reward_choice)

# ---------------------------------------------------------------- cards (KOS-1.7, KOS-6)
BUILDING_CARDS: dict[str, BuildingCard] = {c.id: c for c in DATA.building_cards}
FORTUNE_CARDS: dict[str, FortuneCard] = {c.id: c for c in DATA.fortune_cards}
ANY = "any"  # the "any type" resource card (spec 5.8) and the temple's "?" cost
RESOURCE_CARD = "resource_card"
NO_EFFECT = "none"


def assumed_blocks() -> list[str]:
    """JSON paths of every ASSUMED block (for the metadata)."""
    return list(assumed_paths(_RAW))


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
    if set(SELL_VP) != set(RESOURCES) or set(BUY_VP) != set(RESOURCES):
        problems.append("market tracks")
    for card in DATA.building_cards:
        problems += [f"{card.id}: cost {r}" for r in card.cost if r not in RESOURCES]
        if card.action.effect not in DATA.effects:
            problems.append(f"{card.id}: effect {card.action.effect}")
    for card in DATA.fortune_cards:
        if card.effect not in DATA.effects:
            problems.append(f"{card.id}: effect {card.effect}")
        if card.effect == RESOURCE_CARD and card.params.get("resource") not in (*RESOURCES, ANY):
            problems.append(f"{card.id}: resource")
    if problems:
        raise RuntimeError(f"{DATA_FILE.name} contradicts itself: {problems}")


_check()
