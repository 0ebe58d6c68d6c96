"""Java's components as served to clients (``GET /v1/games/java/components``).

Everything here is read from the decoded data file (:mod:`.components`) and the board
geometry built from it (:mod:`.board`); nothing is a second copy. The ids are the ones a
state holds: a space is its ``spaces`` key ``"q,r"``, a land tile its ``type``, a palace
tile its value as the supply keys it (``"6"``), a festival card its id (``F14``), and
``data_version`` is the map a state names in ``board``. The board map, the symbol names,
the handshake table and the dense second place are ASSUMED in the file and say so.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

import msgspec

from rulesets.core import Served

from .board import CENTRAL, ENTRY_REGIONS, HEXES, NEIGHBORS, NEIGHBOR_OFFSETS, key
from .components import DATA, PALACE_POINTS, SABRE, TILE_TYPES, assumed_blocks
from .state import TileType

Region = Literal["mountains", "lowlands"]




class BoardSpace(Served, kw_only=True, frozen=True):
    """One hex of the map: central Java (land or a printed irrigation space) or the outer ring."""

    id: str
    q: int
    r: int
    central: bool
    #: central Java: ``land`` or ``pond`` (a printed irrigation space); the outer ring: its country.
    kind: Literal["land", "pond", "mountains", "lowlands"]
    #: JAVA-2.4: a central space next to the outer ring (developers enter and leave there).
    edge: bool
    #: JAVA-5.2 / D5: the regions a developer may come in or leave by (empty: none).
    entry_regions: list[Region]
    #: AP to enter or leave there by the cheapest region (None: no developer enters there).
    entry_cost: int | None
    neighbors: list[str]


class BoardMap(Served, kw_only=True, frozen=True):
    id: str
    #: the map is not the printed board (spec 5.7, D1).
    assumed: bool
    coordinates: str
    hex_orientation: str
    pixel_center: str
    origin: str
    neighbor_offsets: list[tuple[int, int]]
    spaces: list[BoardSpace]


class LandTileKind(Served, kw_only=True, frozen=True):
    """A kind of land tile (the state names it in ``placed_tiles[].type`` and a player's ``tiles``)."""

    id: TileType
    name: str
    kind: Literal["land_tile"] = "land_tile"
    hexes: int
    #: printed hexes by terrain (a triple: 2 rice, 1 village).
    terrain: dict[str, int]
    owner: Literal["shared", "player"]
    count: int
    per_player: int
    assumed: bool


class PalaceTileValue(Served, kw_only=True, frozen=True):
    """The palace tiles of one value, with the fame points the summary card prints for it."""

    id: str
    name: str
    kind: Literal["palace_tile"] = "palace_tile"
    value: int
    count: int
    #: JAVA-7.2 / 7.5: scored for building or enlarging to this value.
    points: int
    #: JAVA-10.13: a festival's sole winner.
    sabre_points: int
    #: JAVA-10.13: each tied player, the packaged table and its alternative (option festival_handshake).
    handshake_points: int
    handshake_points_alternative: int
    sabre_assumed: bool
    handshake_assumed: bool
    assumed: bool


class FestivalCard(Served, kw_only=True, frozen=True):
    id: str
    #: its symbols, as printed (the data names no card).
    name: str
    kind: Literal["festival_card"] = "festival_card"
    symbols: list[str]
    #: the symbol names are ASSUMED (three distinct symbols are sourced).
    assumed: bool


class Piece(Served, kw_only=True, frozen=True):
    """Irrigation tiles (shared), each player's developers and extra action tokens."""

    id: Literal["irrigation_tile", "developer", "action_token"]
    name: str
    kind: Literal["irrigation_tile", "developer", "action_token"]
    count: int
    per_player: int
    assumed: bool


class ActionCost(Served, kw_only=True, frozen=True):
    """An action's printed AP cost and limits (JAVA-3.4), named as the data file names them."""

    action: str
    costs: dict[str, int]
    assumed: bool


class Scoring(Served, kw_only=True, frozen=True):
    irrigation_points_per_space: int
    irrigation_assumed: bool
    #: JAVA-12.3 / D: after a tie for first, the next best is second (dense ranking) is ASSUMED.
    second_place_after_tied_first_assumed: bool


class JavaComponents(Served, kw_only=True, frozen=True):
    """The whole document: what a client needs to draw and explain any Java state."""

    game: Literal["java"] = "java"
    #: the map a state names in ``board``.
    data_version: str
    players_min: int
    players_max: int
    ap_per_turn: int
    action_token_bonus: int
    action_costs: list[ActionCost]
    board: BoardMap
    land_tiles: list[LandTileKind]
    palace_tiles: list[PalaceTileValue]
    festival_symbols: list[str]
    festival_cards: list[FestivalCard]
    pieces: list[Piece]
    scoring: Scoring
    #: JSON paths of everything the data file marks ASSUMED (whole blocks and single values).
    assumed: list[str]


def _space(i: int) -> BoardSpace:
    q, r = HEXES[i]
    kind: Literal["land", "pond", "mountains", "lowlands"]
    if CENTRAL[i]:
        printed = DATA.board.central_hexes[i]
        kind, edge, cost = printed.kind, printed.edge, printed.entry_cost
    else:
        outer = DATA.board.outer_hexes[i - len(DATA.board.central_hexes)]
        kind, edge, cost = outer.region, False, outer.overhang_entry_cost
    return BoardSpace(id=key(HEXES[i]), q=q, r=r, central=CENTRAL[i], kind=kind, edge=edge,
                      entry_regions=list(ENTRY_REGIONS[i]), entry_cost=cost,
                      neighbors=[key(HEXES[j]) for j in NEIGHBORS[i]])


def _board() -> BoardMap:
    board = DATA.board
    return BoardMap(id=board.board_id, assumed=board.assumed, coordinates=board.coordinates.system,
                    hex_orientation=board.coordinates.hex_orientation, pixel_center=board.coordinates.pixel_center,
                    origin=board.coordinates.origin, neighbor_offsets=list(NEIGHBOR_OFFSETS),
                    spaces=[_space(i) for i in range(len(HEXES))])


def _land_tiles() -> list[LandTileKind]:
    out = []
    for kind in TILE_TYPES:
        tile = getattr(DATA.land_tiles, kind)
        out.append(LandTileKind(id=kind, name=f"{kind.replace('_', ' ').capitalize()} tile", hexes=tile.hexes,
                                terrain=dict(tile.terrain), owner=tile.owner, count=tile.count_total,
                                per_player=tile.per_player, assumed=tile.assumed))
    return out


def _palace_tiles() -> list[PalaceTileValue]:
    festival = DATA.scoring.festival
    tiles = DATA.palace_tiles
    return [PalaceTileValue(id=str(value), name=f"Palace {value}", value=value,
                            count=tiles.count_by_value[str(value)], points=PALACE_POINTS[str(value)],
                            sabre_points=SABRE[str(value)],
                            handshake_points=festival.handshake_each_tied_player[str(value)],
                            handshake_points_alternative=festival.handshake_alternative[str(value)],
                            sabre_assumed=festival.sabre_assumed, handshake_assumed=festival.handshake_assumed,
                            assumed=tiles.assumed)
            for value in tiles.values]


def _festival_cards() -> list[FestivalCard]:
    deck = DATA.festival_cards
    return [FestivalCard(id=card.id, name=" + ".join(symbol.capitalize() for symbol in card.symbols),
                         symbols=list(card.symbols), assumed=deck.symbol_names_assumed)
            for card in deck.cards]


def _pieces() -> list[Piece]:
    irrigation = DATA.irrigation_tiles
    return [Piece(id="irrigation_tile", name="Irrigation tile", kind="irrigation_tile", count=irrigation.count,
                  per_player=0, assumed=irrigation.assumed),
            Piece(id="developer", name="Developer", kind="developer",
                  count=DATA.developers.per_player * DATA.players.max, per_player=DATA.developers.per_player,
                  assumed=DATA.developers.assumed),
            Piece(id="action_token", name="Extra action token", kind="action_token",
                  count=DATA.action_tokens.per_player * DATA.players.max, per_player=DATA.action_tokens.per_player,
                  assumed=DATA.action_tokens.assumed)]


def _action_costs() -> list[ActionCost]:
    out = []
    for action in msgspec.structs.fields(DATA.action_costs):
        cost = getattr(DATA.action_costs, action.name)
        numbers = {f.name: getattr(cost, f.name) for f in msgspec.structs.fields(cost) if f.name != "assumed"}
        out.append(ActionCost(action=action.name, costs=numbers, assumed=cost.assumed))
    return out


@lru_cache(maxsize=1)
def document() -> JavaComponents:
    """The served document, built once (the data is fixed for the life of the process)."""
    scoring = DATA.scoring
    return JavaComponents(
        data_version=DATA.board.board_id, players_min=DATA.players.min, players_max=DATA.players.max,
        ap_per_turn=DATA.action_points.per_turn, action_token_bonus=DATA.action_points.action_token_bonus,
        action_costs=_action_costs(), board=_board(), land_tiles=_land_tiles(), palace_tiles=_palace_tiles(),
        festival_symbols=list(DATA.festival_cards.symbols), festival_cards=_festival_cards(), pieces=_pieces(),
        scoring=Scoring(irrigation_points_per_space=scoring.irrigation_enclosure.points_per_irrigation_space,
                        irrigation_assumed=scoring.irrigation_enclosure.assumed,
                        second_place_after_tied_first_assumed=(
                            scoring.grand_final_reckoning.second_place_after_tied_first_assumed)),
        assumed=assumed_blocks())
