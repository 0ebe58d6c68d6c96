"""Java's printed components, decoded once from ``java.components.json``.

Every printed number the rules use (AP per turn and the cost of each action, the tile
supplies, the palace tiles, the festival deck, the score tables, the board map) is a
typed field of the schema below; :class:`rulesets.core.ComponentFile` stops the import
with the JSON path at fault when the file does not fit it. The board map and the
handshake table are ASSUMED in the file (spec D1, D2) and stay data.
"""

from __future__ import annotations

from typing import Literal

from rulesets.core import ComponentDataError, ComponentFile, ComponentSchema, index_by

from .state import TileType


class _Schema(ComponentSchema, frozen=True, forbid_unknown_fields=False):
    """Base of the schema: frozen like every printed component, but the file's fields the rules do not
    read (``source``, ``legend``, ``sources``, notes) are ignored rather than refused."""


class _Flagged(_Schema, kw_only=True, frozen=True):
    """A block the file marks ``assumed`` (true: not confirmed by a source, served as such)."""

    assumed: bool = False


class Players(_Flagged, frozen=True):
    min: int
    max: int


class ActionPoints(_Flagged, frozen=True):
    per_turn: int
    action_token_bonus: int
    max_action_tokens_per_turn: int


class FlatCost(_Flagged, frozen=True):
    ap: int


class TileCost(_Flagged, frozen=True):
    ap: int
    plus_per_hex_on_bare_outer_ring: int


class RegionCost(_Flagged, frozen=True):
    via_lowlands: int
    via_mountains: int


class MoveCost(_Flagged, frozen=True):
    per_terrain_change: int
    same_terrain: int


class CardCost(_Flagged, frozen=True):
    ap: int
    max_per_turn: int


class FestivalCost(_Flagged, frozen=True):
    ap: int
    max_per_turn: int


class TokenCost(_Flagged, frozen=True):
    ap: int
    gain: int


class ActionCosts(_Schema, frozen=True):
    place_tile: TileCost
    enter_developer: RegionCost
    exit_developer: RegionCost
    move_developer: MoveCost
    build_palace: FlatCost
    extend_palace: FlatCost
    place_irrigation: FlatCost
    take_festival_card: CardCost
    declare_festival: FestivalCost
    use_action_token: TokenCost


class LandTile(_Flagged, frozen=True):
    count_total: int
    owner: Literal["shared", "player"]
    hexes: int
    terrain: dict[str, int]
    per_player: int = 0


class LandTiles(_Schema, frozen=True):
    triple: LandTile
    double: LandTile
    single_rice: LandTile
    single_village: LandTile


class PalaceTiles(_Flagged, frozen=True):
    values: list[int]
    count_by_value: dict[str, int]
    total: int


class IrrigationTiles(_Flagged, frozen=True):
    count: int
    printed_irrigation_spaces: int


class PerPlayer(_Flagged, frozen=True):
    per_player: int


class Card(_Schema, frozen=True):
    id: str
    symbols: list[str]


class FestivalCards(_Flagged, frozen=True):
    count: int
    initial_hand: int
    face_up_display: int
    symbols: list[str]
    cards: list[Card]
    symbol_names_assumed: bool = False


class Festival(_Schema, frozen=True):
    sabre_sole_winner: dict[str, int]
    handshake_each_tied_player: dict[str, int]
    handshake_alternative: dict[str, int]
    sabre_assumed: bool = False
    handshake_assumed: bool = False


class PalaceScore(_Flagged, frozen=True):
    table: dict[str, int]


class IrrigationScore(_Flagged, frozen=True):
    points_per_irrigation_space: int


class Reckoning(_Flagged, frozen=True):
    """JAVA-12.3: its amounts are prose in the file; the dense second place is flagged apart."""

    second_place_after_tied_first_assumed: bool = False


class Scoring(_Schema, frozen=True):
    palace_build_or_extend: PalaceScore
    irrigation_enclosure: IrrigationScore
    festival: Festival
    grand_final_reckoning: Reckoning


class CentralHex(_Schema, frozen=True):
    q: int
    r: int
    kind: Literal["land", "pond"]
    edge: bool
    border_regions: list[Literal["mountains", "lowlands"]]
    entry_cost: int | None


class OuterHex(_Schema, frozen=True):
    q: int
    r: int
    region: Literal["mountains", "lowlands"]
    overhang_entry_cost: int


class BoardCounts(_Schema, frozen=True):
    central_land: int
    central_printed_irrigation: int
    outer_ring: int


class Coordinates(_Schema, frozen=True):
    system: str
    hex_orientation: str
    neighbors: list[tuple[int, int]]
    pixel_center: str
    origin: str


class Board(_Flagged, frozen=True):
    board_id: str
    coordinates: Coordinates
    counts: BoardCounts
    central_hexes: list[CentralHex]
    outer_hexes: list[OuterHex]


class EndOfGame(_Flagged, frozen=True):
    mandatory_tile_in_final_turns: bool


class Components(_Schema, frozen=True):
    game: str
    players: Players
    action_points: ActionPoints
    action_costs: ActionCosts
    land_tiles: LandTiles
    palace_tiles: PalaceTiles
    irrigation_tiles: IrrigationTiles
    developers: PerPlayer
    action_tokens: PerPlayer
    festival_cards: FestivalCards
    scoring: Scoring
    end_of_game: EndOfGame
    board: Board


FILE: ComponentFile[Components] = ComponentFile(__file__, "java.components.json", Components)
DATA: Components = FILE.data


def assumed_blocks() -> list[str]:
    """JSON paths of what the data file flags as assumed (metadata ``notes.assumed``): whole blocks
    (``"assumed": true``, core's reading) and, Java's file only, single values (``"<name>_assumed": true``
    flags ``<name>``)."""
    found = FILE.assumed_blocks()

    def walk(value: object, path: str) -> None:
        if isinstance(value, dict):
            for name, inner in value.items():
                if name.endswith("_assumed") and inner is True:
                    found.append(f"{path}.{name[: -len('_assumed')]}")
                walk(inner, f"{path}.{name}")
    walk(FILE.raw, "$")
    return found


# ---------------------------------------------------------------- tables the rules read
AP_PER_TURN: int = DATA.action_points.per_turn
TOKEN_BONUS: int = DATA.action_points.action_token_bonus
TOKENS_PER_TURN: int = DATA.action_points.max_action_tokens_per_turn
COSTS: ActionCosts = DATA.action_costs
TILE_TYPES: tuple[TileType, ...] = ("triple", "double", "single_rice", "single_village")
#: a tile type by the name an action gives it (JAVA-4.1: an unknown name is refused).
TILE_TYPE_NAMED: dict[str, TileType] = {t: t for t in TILE_TYPES}
PERSONAL_TILES: tuple[TileType, ...] = tuple(t for t in TILE_TYPES if getattr(DATA.land_tiles, t).owner == "player")
TILE_SIZE: dict[str, int] = {t: getattr(DATA.land_tiles, t).hexes for t in TILE_TYPES}
TILE_VILLAGES: dict[str, int] = {t: getattr(DATA.land_tiles, t).terrain.get("village", 0) for t in TILE_TYPES}
TILE_TOTAL: dict[str, int] = {t: getattr(DATA.land_tiles, t).count_total for t in TILE_TYPES}
TILE_PER_PLAYER: dict[str, int] = {t: getattr(DATA.land_tiles, t).per_player for t in PERSONAL_TILES}
TRIPLES: int = DATA.land_tiles.triple.count_total

PALACE_VALUES: tuple[int, ...] = tuple(DATA.palace_tiles.values)
PALACE_COUNTS: dict[str, int] = dict(DATA.palace_tiles.count_by_value)
IRRIGATION_TILES: int = DATA.irrigation_tiles.count
DEVELOPERS: int = DATA.developers.per_player
ACTION_TOKENS: int = DATA.action_tokens.per_player

#: each card's symbols by id (an id printed twice stops the import).
CARDS: dict[str, frozenset[str]] = {
    card_id: frozenset(card.symbols)
    for card_id, card in index_by(DATA.festival_cards.cards, lambda card: card.id, "festival card").items()}
CARD_IDS: tuple[str, ...] = tuple(sorted(CARDS))
HAND_SIZE: int = DATA.festival_cards.initial_hand
CARDS_PER_TURN_LIMIT: int = DATA.action_costs.take_festival_card.max_per_turn
SYMBOLS: tuple[str, ...] = tuple(DATA.festival_cards.symbols)

PALACE_POINTS: dict[str, int] = DATA.scoring.palace_build_or_extend.table
IRRIGATION_POINTS: int = DATA.scoring.irrigation_enclosure.points_per_irrigation_space
SABRE: dict[str, int] = DATA.scoring.festival.sabre_sole_winner
HANDSHAKE_DEFAULT: dict[str, int] = DATA.scoring.festival.handshake_each_tied_player
HANDSHAKE_ALTERNATIVE: dict[str, int] = DATA.scoring.festival.handshake_alternative

BOARD_ID: str = DATA.board.board_id


def _check() -> None:
    """The file's own totals agree with its lists (a corrected printing must stay coherent)."""
    if len(CARDS) != DATA.festival_cards.count or len(CARDS) != len(DATA.festival_cards.cards):
        raise ComponentDataError("festival_cards: count does not match the card list")
    if any(not symbols <= set(SYMBOLS) or not symbols for symbols in CARDS.values()):
        raise ComponentDataError("festival_cards: a card shows an unknown symbol or none")
    if sum(PALACE_COUNTS.values()) != DATA.palace_tiles.total or set(PALACE_COUNTS) != {str(v) for v in PALACE_VALUES}:
        raise ComponentDataError("palace_tiles: counts do not match the values or the total")
    for table in (PALACE_POINTS, SABRE, HANDSHAKE_DEFAULT, HANDSHAKE_ALTERNATIVE):
        if set(table) != set(PALACE_COUNTS):
            raise ComponentDataError("scoring: a table does not name every palace value")
    for kind in PERSONAL_TILES:
        if TILE_PER_PLAYER[kind] * DATA.players.max != TILE_TOTAL[kind]:
            raise ComponentDataError(f"land_tiles.{kind}: per_player times the colours is not count_total")


_check()
