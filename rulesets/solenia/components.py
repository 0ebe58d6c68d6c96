"""Solenia's printed components, decoded once from ``solenia.components.json``.

Every printed number the rules use (card values and activations, strip terrains and
layouts, tile costs and stars, slot rewards and powers, improvement effects,
capacities, the solo die table) comes from that file, so a physical-copy audit can
correct ASSUMED data without touching code.

The Structs below describe the whole file, key for key: it is decoded with
``rulesets.core.ComponentFile`` at import, so a misspelt key, a missing one or a
wrong type stops the import with its JSON path. Effects, activations and powers are
tagged unions on their ``type``, and rule code tells them apart with ``isinstance``
and reads their parameters as attributes, never by string. The tables after the
schema only index that data the way the rules look it up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar, Union, get_args

from rulesets.core import ComponentFile, ComponentSchema, copies, index_by

Resource = Literal["wood", "wheat", "stone", "water"]
Row = Literal["day", "night"]  # a tile's kind, a player-board row, a city
FaceName = Literal["day", "night", "dawn", "dusk"]


class _Effect(ComponentSchema, kw_only=True, frozen=True, tag_field="type"):
    """Base of every printed effect: the file's ``type`` names the Struct."""


# ---------------------------------------------------------------- card activations (SOL-6.3)
class SpaceMultiplier(_Effect, kw_only=True, frozen=True, tag="space_multiplier"):
    """``multiplier`` x the island's resource, or ``multiplier`` stars on a city."""

    multiplier: int


class GainResource(_Effect, kw_only=True, frozen=True, tag="gain_resource"):
    resource: Resource
    amount: int


class VpIfIsland(_Effect, kw_only=True, frozen=True, tag="vp_if_island"):
    """``vp`` stars on an island of ``resource``; nothing elsewhere."""

    resource: Resource
    vp: int


Activation = Union[SpaceMultiplier, GainResource, VpIfIsland]


# ---------------------------------------------------------------- winter slot powers (SOL-8.3, 8.4)
class StoragePlus(_Effect, kw_only=True, frozen=True, tag="storage_plus"):
    """Capacity + ``amount`` (an A slot, or an L1_STORE_* tile)."""

    amount: int


class GainOneOf(_Effect, kw_only=True, frozen=True, tag="gain_one_of"):
    """A B slot: one resource of the player's choice among ``options``."""

    options: tuple[Resource, ...]


class PermanentResource(_Effect, kw_only=True, frozen=True, tag="permanent_resource"):
    resource: Resource


class EndgameIconCount(_Effect, kw_only=True, frozen=True, tag="endgame_icon_count"):
    """A D slot: stars per ``resource`` icon on completed tiles, capped."""

    resource: Resource
    vp_per_icon: int
    cap: int


class EndgameVp(_Effect, kw_only=True, frozen=True, tag="endgame_vp"):
    vp: int


WinterPower = Union[StoragePlus, GainOneOf, PermanentResource, EndgameIconCount, EndgameVp]


# ---------------------------------------------------------------- improvement effects (SOL-9.4, 9.5)
class DeliverySubstitution(_Effect, kw_only=True, frozen=True, tag="delivery_substitution"):
    """The two resources pay for each other on a delivery."""

    pair: tuple[Resource, Resource]


class DoubleAdvance(_Effect, kw_only=True, frozen=True, tag="zero_card_may_advance_two"):
    vp_when_used: int


class ZeroCardValue(_Effect, kw_only=True, frozen=True, tag="zero_card_immediate_value"):
    value: int


class CrossDelivery(_Effect, kw_only=True, frozen=True, tag="any_city_any_display"):
    pass


class LengthenDiscount(_Effect, kw_only=True, frozen=True, tag="lengthen_discount"):
    amount: int


class ActivationRepeat(_Effect, kw_only=True, frozen=True, tag="activation_repeat"):
    card_value: int
    times: int


class ActivationReplace(_Effect, kw_only=True, frozen=True, tag="activation_replace"):
    card_value: int
    vp: int


class EndgamePerPair(_Effect, kw_only=True, frozen=True, tag="endgame_per_pair"):
    vp: int


class EndgamePerTile(_Effect, kw_only=True, frozen=True, tag="endgame_per_tile"):
    row: Row
    vp: int


class EndgamePerStored(_Effect, kw_only=True, frozen=True, tag="endgame_per_stored"):
    resource: Resource
    vp: int


class OnDelivery(_Effect, kw_only=True, frozen=True, tag="on_delivery"):
    row: Row
    vp: int


class EndgamePerTileWithIcon(_Effect, kw_only=True, frozen=True, tag="endgame_per_tile_with_icon"):
    resource: Resource
    vp: int


class EndgamePerOwnCardOnBoard(_Effect, kw_only=True, frozen=True, tag="endgame_per_own_card_on_board"):
    vp: int


Level1Effect = Union[StoragePlus, DeliverySubstitution, DoubleAdvance, ZeroCardValue, CrossDelivery,
                     LengthenDiscount, ActivationRepeat, ActivationReplace]
Level3Effect = Union[EndgamePerPair, EndgamePerTile, EndgamePerStored, OnDelivery, EndgamePerTileWithIcon,
                     EndgamePerOwnCardOnBoard]
ImprovementEffect = Union[Level1Effect, Level3Effect]


# ---------------------------------------------------------------- the file
class Cost(ComponentSchema, kw_only=True, frozen=True):
    """An amount of each resource; an absent one is 0."""

    wood: int = 0
    wheat: int = 0
    stone: int = 0
    water: int = 0


class Reward(Cost, kw_only=True, frozen=True):
    """A summer slot's reward: resources and stars."""

    vp: int = 0


class Flag(ComponentSchema, kw_only=True, frozen=True):
    """Provenance of a value that has no block of its own."""

    assumed: bool
    source: str | None = None
    note: str | None = None


class Source(ComponentSchema, kw_only=True, frozen=True):
    url: str | None
    what: str


class Conventions(ComponentSchema, kw_only=True, frozen=True):
    assumed_flag: str
    coordinates: str
    resources: tuple[Resource, ...]


class PlayerRange(ComponentSchema, kw_only=True, frozen=True):
    min: int
    max: int


class PerPlayerContents(ComponentSchema, kw_only=True, frozen=True):
    airship_cards: int
    player_board: int


class Contents(ComponentSchema, kw_only=True, frozen=True):
    assumed: bool
    source: str
    giant_airship_figure: int
    board_strips: int
    delivery_tiles: int
    gold_star_tokens: str
    resources_per_type: int
    players_max: int
    per_player: PerPlayerContents
    improvement_tiles: int
    solo_die: int
    supply_is_unlimited: bool
    supply_unlimited_source: str


class PlayerColors(ComponentSchema, kw_only=True, frozen=True):
    assumed: bool
    source: str
    colors: tuple[str, ...]
    note: str


class Island(ComponentSchema, kw_only=True, frozen=True, tag="island", tag_field="type"):
    row: int
    resource: Resource


class City(ComponentSchema, kw_only=True, frozen=True, tag="city", tag_field="type"):
    row: int
    city: Row


class Face(ComponentSchema, kw_only=True, frozen=True):
    kind: FaceName
    spaces: tuple[Union[Island, City], ...]


class StripData(ComponentSchema, kw_only=True, frozen=True):
    id: str
    faces: dict[FaceName, Face]
    assumed: bool
    source: str


class LayoutColumn(ComponentSchema, kw_only=True, frozen=True):
    strip: str
    face: FaceName


class SetupLayouts(ComponentSchema, kw_only=True, frozen=True):
    source: str
    face_order_source_note: str
    dawn: tuple[LayoutColumn, ...]
    dusk: tuple[LayoutColumn, ...]


class Coordinates(ComponentSchema, kw_only=True, frozen=True):
    col: int
    row: int


class BoardData(ComponentSchema, kw_only=True, frozen=True):
    columns: int
    rows: int
    airship_rest: Coordinates
    geometry: Flag
    per_space_reward_values: str
    face_flip: dict[FaceName, FaceName]
    setup_layouts: SetupLayouts
    strips: tuple[StripData, ...]
    strip_layout_note: str


class CardTemplate(ComponentSchema, kw_only=True, frozen=True):
    n: int
    value: int
    activation: Activation


class AirshipCards(ComponentSchema, kw_only=True, frozen=True):
    per_player: int
    values: tuple[int, ...]
    value_counts: dict[int, int]
    assumed: bool
    source: str
    sourced_facts: str
    id_format: str
    activation_types: dict[str, str]
    cards: tuple[CardTemplate, ...]


class TileData(ComponentSchema, kw_only=True, frozen=True):
    id: str
    cost: Cost
    vp: int
    assumed: bool
    source: str
    note: str | None = None


class DeliveryTiles(ComponentSchema, kw_only=True, frozen=True):
    day_count: int
    night_count: int
    count_source: str
    assumed: bool
    source: str
    generation_rule_for_assumed_vp: str
    day: tuple[TileData, ...]
    night: tuple[TileData, ...]


class SlotReward(ComponentSchema, kw_only=True, frozen=True):
    level: int
    reward: Reward
    assumed: bool
    source: str
    note: str | None = None


class SlotRewards(ComponentSchema, kw_only=True, frozen=True):
    assumed: bool
    day: tuple[SlotReward, ...]
    night: tuple[SlotReward, ...]


class PairBonus(ComponentSchema, kw_only=True, frozen=True):
    values: tuple[int, ...]
    assumed: bool
    source: str
    note: str


class SummerSide(ComponentSchema, kw_only=True, frozen=True):
    storage_capacity: int
    storage_source: str
    slots_per_row: int
    slot_levels: tuple[int, ...]
    rows: tuple[Row, ...]
    placement: str
    slot_rewards: SlotRewards
    pair_bonus_by_column: PairBonus


class WinterSlotData(ComponentSchema, kw_only=True, frozen=True):
    id: str
    level: int
    power: WinterPower


class WinterSlots(ComponentSchema, kw_only=True, frozen=True):
    level_mapping: Flag
    day: tuple[WinterSlotData, ...]
    night: tuple[WinterSlotData, ...]


class WinterSide(ComponentSchema, kw_only=True, frozen=True):
    storage_capacity: int
    storage_max_via_powers: int
    source: str
    slots_per_row: int
    rows: tuple[Row, ...]
    placement: str
    prerequisite_rule: str
    pair_bonus: bool
    slots: WinterSlots
    permanent_resource_rules: str


class PlayerBoards(ComponentSchema, kw_only=True, frozen=True):
    summer: SummerSide
    winter: WinterSide


class ImprovementSplit(ComponentSchema, kw_only=True, frozen=True):
    level1_tiles: int
    level3_half_tiles: int
    assumed: bool
    note: str


class Level1Tile(ComponentSchema, kw_only=True, frozen=True):
    id: str
    letter: str | None = None
    effects: tuple[Level1Effect, ...]


class Level3Kind(ComponentSchema, kw_only=True, frozen=True):
    kind: str
    letter: str | None = None
    day: Level3Effect
    night: Level3Effect


class ImprovementPlacement(ComponentSchema, kw_only=True, frozen=True):
    assumed: bool
    level1_covers: tuple[str, ...]
    level3_day_half_covers: str
    level3_night_half_covers: str
    note: str


class ImprovementActivation(ComponentSchema, kw_only=True, frozen=True):
    level1: str
    level3: str


class ImprovementTiles(ComponentSchema, kw_only=True, frozen=True):
    total: int
    total_source: str
    split: ImprovementSplit
    effects_source: str
    requires_winter_side: bool
    level1: tuple[Level1Tile, ...]
    level3_kinds: tuple[Level3Kind, ...]
    placement: ImprovementPlacement
    activation: ImprovementActivation


class DisplaySize(ComponentSchema, kw_only=True, frozen=True):
    by_player_count: dict[int, int]
    solo: Flag
    source: str


class StartingResources(ComponentSchema, kw_only=True, frozen=True):
    source: str
    #: 1-based turn position -> resources.
    by_seat: dict[int, Cost]
    assumed: bool
    note: str


class ImprovementDraft(ComponentSchema, kw_only=True, frozen=True):
    source: str
    offer_level1: str
    offer_level3: str
    order: str


class SetupData(ComponentSchema, kw_only=True, frozen=True):
    source: str
    hand_size: int
    display_size: DisplaySize
    starting_resources: StartingResources
    cards_per_player: int
    rounds: int
    reshuffle_decks: bool
    first_player: str
    improvement_draft: ImprovementDraft


class ScoringData(ComponentSchema, kw_only=True, frozen=True):
    source: str
    resources_per_star: int
    summer: tuple[str, ...]
    winter: tuple[str, ...]
    tie: str


class Die(ComponentSchema, kw_only=True, frozen=True):
    faces: tuple[int, ...]
    assumed: bool


class AirshipElseRow(ComponentSchema, kw_only=True, frozen=True):
    """A roll that sends the Rival card to the airship's space, or this row when it is taken."""

    airship_space_else_row: int


class RatingThreshold(ComponentSchema, kw_only=True, frozen=True):
    min: int
    label: str


class SoloData(ComponentSchema, kw_only=True, frozen=True):
    assumed: bool
    source: str
    note: str
    die: Die
    rival_deck: str
    rival_row_by_die: dict[int, Union[int, AirshipElseRow]]
    rival_column_scan_order: tuple[int, ...]
    rival_city_effect: str
    rating_thresholds: tuple[RatingThreshold, ...]


class ComponentsFile(ComponentSchema, kw_only=True, frozen=True):
    game: str
    publisher: str
    year: int
    designer: str
    players: PlayerRange
    schema_version: Literal[1]
    conventions: Conventions
    sources: dict[str, Source]
    contents: Contents
    player_colors: PlayerColors
    board: BoardData
    airship_cards: AirshipCards
    delivery_tiles: DeliveryTiles
    player_board: PlayerBoards
    improvement_tiles: ImprovementTiles
    setup: SetupData
    scoring: ScoringData
    solo: SoloData


FILE = ComponentFile(__file__, "solenia.components.json", ComponentsFile)
COMPONENTS: ComponentsFile = FILE.data

#: JSON paths of every block the file flags ``"assumed": true`` (for the ruleset's notes).
ASSUMED: tuple[str, ...] = tuple(FILE.assumed_blocks())

RESOURCES: tuple[str, ...] = COMPONENTS.conventions.resources
if RESOURCES != get_args(Resource):  # the rules spell the resources out (Cost, Storage, resources.py)
    raise RuntimeError(f"solenia.components.json names resources {RESOURCES}, the code knows {get_args(Resource)}")
COLORS: tuple[str, ...] = COMPONENTS.player_colors.colors
ROWS_OF_TILES: tuple[Row, ...] = ("day", "night")

_T = TypeVar("_T")


def by_row(day: _T, night: _T) -> tuple[tuple[Row, _T], tuple[Row, _T]]:
    """The file's day and night blocks of one thing, each with its row."""
    return ("day", day), ("night", night)


# ---------------------------------------------------------------- lookup tables
@dataclass(frozen=True, slots=True)
class IslandSpace:
    """An island of one resource (``kind`` tells it from a city; it has no ``city``)."""

    resource: Resource
    kind: Literal["island"] = "island"
    city: None = None

    @property
    def name(self) -> Resource:
        """What the space is, as events name its terrain."""
        return self.resource


@dataclass(frozen=True, slots=True)
class CitySpace:
    """A day or a night city (it has no ``resource``)."""

    city: Row
    kind: Literal["city"] = "city"
    resource: None = None

    @property
    def name(self) -> Row:
        return self.city


#: What a space shows: an island of one resource, or a day or night city.
Terrain = Union[IslandSpace, CitySpace]


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    color: str
    n: int
    value: int
    activation: Activation


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    kind: Row  # the display, the deck, the city and the board row it belongs to
    cost: Cost  # every resource, zero where the tile asks for none
    vp: int
    size: int  # resources asked in all


@dataclass(frozen=True, slots=True)
class WinterSlot:
    id: str
    row: Row
    index: int
    level: int
    power: WinterPower


# ---------------------------------------------------------------- board (SOL-1.3)
_board = COMPONENTS.board
COLUMNS: int = _board.columns
ROWS: int = _board.rows
AIRSHIP_REST: tuple[int, int] = (_board.airship_rest.col, _board.airship_rest.row)
FACE_FLIP: dict[str, FaceName] = dict(_board.face_flip.items())
#: a face as the state holds it (text) -> as events name it (consistency admits only these).
FACES: dict[str, FaceName] = {face: face for face in get_args(FaceName)}


def _terrain(space: Island | City) -> Terrain:
    if isinstance(space, Island):
        return IslandSpace(space.resource)
    return CitySpace(space.city)


#: strip id -> face -> the terrain of each row.
STRIPS: dict[str, dict[str, tuple[Terrain, ...]]] = {
    strip.id: {face: tuple(_terrain(s) for s in sorted(body.spaces, key=lambda s: s.row))
               for face, body in strip.faces.items()}
    for strip in index_by(_board.strips, lambda strip: strip.id, "strip").values()
}
#: layout name -> [(strip, face)] from col 0 (rear) to the front.
LAYOUTS: dict[str, list[tuple[str, str]]] = {
    name: [(entry.strip, entry.face) for entry in columns]
    for name, columns in (("dawn", _board.setup_layouts.dawn), ("dusk", _board.setup_layouts.dusk))
}
#: strips with a day and a night face: the ones a creator may permute (SOL-1.4 step 1).
PERMUTABLE_STRIPS: tuple[str, ...] = tuple(
    strip for strip, faces in STRIPS.items() if set(faces) == {"day", "night"})

# ---------------------------------------------------------------- airship cards
_cards = COMPONENTS.airship_cards
CARDS_PER_PLAYER: int = _cards.per_player
_CARD_TEMPLATES = index_by(_cards.cards, lambda card: card.n, "airship card")
if sorted(_CARD_TEMPLATES) != list(range(1, len(_CARD_TEMPLATES) + 1)):  # ids are the copies 1..16 of a colour
    raise RuntimeError(f"solenia.components.json numbers its airship cards {sorted(_CARD_TEMPLATES)}, not 1..N")


def card_id(color: str, n: int) -> str:
    """Card ``n`` of a colour: the ``n``-th copy of that colour's deck ("orange-07")."""
    return copies(color, 1, first=n)[0]


def deck_of(color: str) -> list[str]:
    """The 16 card ids of one colour, in printed order (all colours are identical, D-16)."""
    return copies(color, len(_CARD_TEMPLATES))


CARDS: dict[str, Card] = {
    card_id(color, n): Card(card_id(color, n), color, n, t.value, t.activation)
    for color in COLORS for n, t in _CARD_TEMPLATES.items()
}
COLOR_DECKS: dict[str, frozenset[str]] = {color: frozenset(deck_of(color)) for color in COLORS}

# ---------------------------------------------------------------- delivery tiles (SOL-5)
_tiles = COMPONENTS.delivery_tiles
TILES: dict[str, Tile] = index_by(
    (Tile(t.id, kind, t.cost, t.vp, t.cost.wood + t.cost.wheat + t.cost.stone + t.cost.water)
     for kind, row in by_row(_tiles.day, _tiles.night) for t in row),
    lambda tile: tile.id, "delivery tile")
TILES_BY_KIND: dict[str, tuple[str, ...]] = {"day": tuple(t.id for t in _tiles.day),
                                             "night": tuple(t.id for t in _tiles.night)}

# ---------------------------------------------------------------- player boards (SOL-4.2, 5.5, 8)
_summer = COMPONENTS.player_board.summer
SUMMER_CAPACITY: int = _summer.storage_capacity
SLOTS_PER_ROW: int = _summer.slots_per_row
#: row -> slot index -> reward.
SUMMER_REWARDS: dict[str, tuple[Reward, ...]] = {
    row: tuple(entry.reward for entry in sorted(entries, key=lambda e: e.level))
    for row, entries in by_row(_summer.slot_rewards.day, _summer.slot_rewards.night)
}
PAIR_BONUS: tuple[int, ...] = _summer.pair_bonus_by_column.values

_winter = COMPONENTS.player_board.winter
WINTER_CAPACITY: int = _winter.storage_capacity
WINTER_SLOTS: dict[str, tuple[WinterSlot, ...]] = {
    row: tuple(WinterSlot(s.id, row, i, s.level, s.power) for i, s in enumerate(slots))
    for row, slots in by_row(_winter.slots.day, _winter.slots.night)
}
WINTER_SLOT_BY_ID: dict[str, WinterSlot] = index_by((s for row in WINTER_SLOTS.values() for s in row),
                                                    lambda slot: slot.id, "winter slot")
#: slot ids whose power is a permanent resource, with that resource (SOL-8.4).
PERMANENT_SOURCES: dict[str, str] = {
    s.id: s.power.resource for s in WINTER_SLOT_BY_ID.values() if isinstance(s.power, PermanentResource)}
WINTER_LEVELS: tuple[int, ...] = tuple(sorted({s.level for s in WINTER_SLOT_BY_ID.values()}))

# ---------------------------------------------------------------- improvements (SOL-9)
_impr = COMPONENTS.improvement_tiles
LEVEL1: dict[str, tuple[Level1Effect, ...]] = {
    tile_id: tile.effects for tile_id, tile in index_by(_impr.level1, lambda t: t.id, "level-1 tile").items()}
#: level-3 kind -> {"day": effect, "night": effect}
LEVEL3: dict[str, dict[str, Level3Effect]] = {
    kind: {"day": k.day, "night": k.night}
    for kind, k in index_by(_impr.level3_kinds, lambda k: k.kind, "level-3 kind").items()}
LEVEL1_COVERS: tuple[str, ...] = _impr.placement.level1_covers
LEVEL3_COVERS: dict[str, str] = {"day": _impr.placement.level3_day_half_covers,
                                 "night": _impr.placement.level3_night_half_covers}

# ---------------------------------------------------------------- setup (SOL-1.4)
_setup = COMPONENTS.setup
HAND_SIZE: int = _setup.hand_size
ROUNDS: int = _setup.rounds
DISPLAY_SIZE: dict[int, int] = dict(_setup.display_size.by_player_count)
#: 0-based turn position -> starting resources (the JSON numbers them 1..N from the first player).
STARTING_RESOURCES: dict[int, Cost] = {k - 1: v for k, v in _setup.starting_resources.by_seat.items()}

# ---------------------------------------------------------------- scoring (SOL-7)
RESOURCES_PER_STAR: int = COMPONENTS.scoring.resources_per_star

# ---------------------------------------------------------------- solo (SOL-10, ASSUMED)
_solo = COMPONENTS.solo
DIE_FACES: tuple[int, ...] = _solo.die.faces
RIVAL_ROW_BY_DIE: dict[int, int | AirshipElseRow] = dict(_solo.rival_row_by_die)
RIVAL_COLUMN_SCAN: tuple[int, ...] = _solo.rival_column_scan_order
RATING_THRESHOLDS: tuple[tuple[int, str], ...] = tuple(
    sorted((t.min, t.label) for t in _solo.rating_thresholds))
