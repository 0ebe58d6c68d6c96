"""Solenia's printed components, read once from ``solenia.components.json``.

Every printed number the rules use (card values and activations, strip terrains and
layouts, tile costs and stars, slot rewards, capacities, the solo die table) comes
from that file, so a physical-copy audit can correct ASSUMED data without touching
code. This module only reshapes the JSON into lookup tables.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("solenia.components.json")
DATA: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))

RESOURCES: tuple[str, ...] = tuple(DATA["conventions"]["resources"])
COLORS: tuple[str, ...] = tuple(DATA["player_colors"]["colors"])
ROWS_OF_TILES: tuple[str, ...] = ("day", "night")


@dataclass(frozen=True, slots=True)
class Terrain:
    """What a space shows: an island of one resource, or a day or night city."""

    kind: str  # "island" or "city"
    resource: str | None = None
    city: str | None = None  # "day" or "night"


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    color: str
    n: int
    value: int
    activation: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    kind: str  # "day" or "night": the display, the deck, the city and the board row it belongs to
    cost: dict[str, int]  # every resource, zero where the tile asks for none
    vp: int
    size: int  # resources asked in all


@dataclass(frozen=True, slots=True)
class WinterSlot:
    id: str
    row: str
    index: int
    level: int
    power: dict[str, Any]


# ---------------------------------------------------------------- board (SOL-1.3)
_board = DATA["board"]
COLUMNS: int = _board["columns"]
ROWS: int = _board["rows"]
AIRSHIP_REST: tuple[int, int] = (_board["airship_rest"]["col"], _board["airship_rest"]["row"])
FACE_FLIP: dict[str, str] = dict(_board["face_flip"])


def _terrain(space: dict[str, Any]) -> Terrain:
    if space["type"] == "island":
        return Terrain("island", resource=space["resource"])
    return Terrain("city", city=space["city"])


#: strip id -> face -> the terrain of each row.
STRIPS: dict[str, dict[str, tuple[Terrain, ...]]] = {
    strip["id"]: {face: tuple(_terrain(s) for s in sorted(body["spaces"], key=lambda s: s["row"]))
                  for face, body in strip["faces"].items()}
    for strip in _board["strips"]
}
#: layout name -> [(strip, face)] from col 0 (rear) to the front.
LAYOUTS: dict[str, list[tuple[str, str]]] = {
    name: [(entry["strip"], entry["face"]) for entry in columns]
    for name, columns in _board["setup_layouts"].items()
    if isinstance(columns, list)
}
#: strips with a day and a night face: the ones a creator may permute (SOL-1.4 step 1).
PERMUTABLE_STRIPS: tuple[str, ...] = tuple(
    strip for strip, faces in STRIPS.items() if set(faces) == {"day", "night"})

# ---------------------------------------------------------------- airship cards
_cards = DATA["airship_cards"]
CARDS_PER_PLAYER: int = _cards["per_player"]
_CARD_TEMPLATES = {card["n"]: card for card in _cards["cards"]}


def card_id(color: str, n: int) -> str:
    return f"{color}-{n:02d}"


def deck_of(color: str) -> list[str]:
    """The 16 card ids of one colour, in printed order (all colours are identical, D-16)."""
    return [card_id(color, n) for n in sorted(_CARD_TEMPLATES)]


CARDS: dict[str, Card] = {
    card_id(color, n): Card(card_id(color, n), color, n, t["value"], t["activation"])
    for color in COLORS for n, t in _CARD_TEMPLATES.items()
}
COLOR_DECKS: dict[str, frozenset[str]] = {color: frozenset(deck_of(color)) for color in COLORS}

# ---------------------------------------------------------------- delivery tiles (SOL-5)
_tiles = DATA["delivery_tiles"]
TILES: dict[str, Tile] = {}
TILES_BY_KIND: dict[str, tuple[str, ...]] = {}
for _kind in ROWS_OF_TILES:
    for _t in _tiles[_kind]:
        _cost = {r: int(_t["cost"].get(r, 0)) for r in RESOURCES}
        TILES[_t["id"]] = Tile(_t["id"], _kind, _cost, _t["vp"], sum(_cost.values()))
    TILES_BY_KIND[_kind] = tuple(_t["id"] for _t in _tiles[_kind])

# ---------------------------------------------------------------- player boards (SOL-4.2, 5.5, 8)
_summer = DATA["player_board"]["summer"]
SUMMER_CAPACITY: int = _summer["storage_capacity"]
SLOTS_PER_ROW: int = _summer["slots_per_row"]
#: row -> slot index -> reward ({"wood": 1} or {"vp": 2}).
SUMMER_REWARDS: dict[str, tuple[dict[str, int], ...]] = {
    row: tuple(dict(entry["reward"]) for entry in sorted(_summer["slot_rewards"][row], key=lambda e: e["level"]))
    for row in ROWS_OF_TILES
}
PAIR_BONUS: tuple[int, ...] = tuple(_summer["pair_bonus_by_column"]["values"])

_winter = DATA["player_board"]["winter"]
WINTER_CAPACITY: int = _winter["storage_capacity"]
WINTER_SLOTS: dict[str, tuple[WinterSlot, ...]] = {
    row: tuple(WinterSlot(s["id"], row, i, s["level"], s["power"]) for i, s in enumerate(_winter["slots"][row]))
    for row in ROWS_OF_TILES
}
WINTER_SLOT_BY_ID: dict[str, WinterSlot] = {s.id: s for row in WINTER_SLOTS.values() for s in row}
#: slot ids whose power is a permanent resource, with that resource (SOL-8.4).
PERMANENT_SOURCES: dict[str, str] = {
    s.id: s.power["resource"] for s in WINTER_SLOT_BY_ID.values() if s.power["type"] == "permanent_resource"}
WINTER_LEVELS: tuple[int, ...] = tuple(sorted({s.level for s in WINTER_SLOT_BY_ID.values()}))

# ---------------------------------------------------------------- improvements (SOL-9)
_impr = DATA["improvement_tiles"]
LEVEL1: dict[str, tuple[dict[str, Any], ...]] = {t["id"]: tuple(t["effects"]) for t in _impr["level1"]}
#: level-3 kind -> {"day": effect, "night": effect}
LEVEL3: dict[str, dict[str, dict[str, Any]]] = {
    k["kind"]: {"day": k["day"], "night": k["night"]} for k in _impr["level3_kinds"]}
LEVEL1_COVERS: tuple[str, ...] = tuple(_impr["placement"]["level1_covers"])
LEVEL3_COVERS: dict[str, str] = {"day": _impr["placement"]["level3_day_half_covers"],
                                 "night": _impr["placement"]["level3_night_half_covers"]}

# ---------------------------------------------------------------- setup (SOL-1.4)
_setup = DATA["setup"]
HAND_SIZE: int = _setup["hand_size"]
ROUNDS: int = _setup["rounds"]
DISPLAY_SIZE: dict[int, int] = {int(k): v for k, v in _setup["display_size"]["by_player_count"].items()}
#: 0-based seat -> starting resources (the JSON numbers seats 1..N from the first player).
STARTING_RESOURCES: dict[int, dict[str, int]] = {
    int(k) - 1: dict(v) for k, v in _setup["starting_resources"]["by_seat"].items()}

# ---------------------------------------------------------------- scoring (SOL-7)
RESOURCES_PER_STAR: int = DATA["scoring"]["resources_per_star"]

# ---------------------------------------------------------------- solo (SOL-10, ASSUMED)
_solo = DATA["solo"]
DIE_FACES: tuple[int, ...] = tuple(_solo["die"]["faces"])
RIVAL_ROW_BY_DIE: dict[int, Any] = {int(k): v for k, v in _solo["rival_row_by_die"].items()}
RIVAL_COLUMN_SCAN: tuple[int, ...] = tuple(_solo["rival_column_scan_order"])
RATING_THRESHOLDS: tuple[tuple[int, str], ...] = tuple(
    sorted((t["min"], t["label"]) for t in _solo["rating_thresholds"]))
RIVAL_AIRSHIP_PREFIX = "airship_space_else_row_"


def assumed_blocks() -> dict[str, bool]:
    """Which data blocks are ASSUMED placeholders (for the ruleset's notes)."""
    return {
        "board.strips": any(s.get("assumed", False) for s in _board["strips"]),
        "airship_cards": bool(_cards["assumed"]),
        "delivery_tiles": bool(_tiles["assumed"]),
        "player_board.summer.slot_rewards": bool(_summer["slot_rewards"]["assumed"]),
        "player_board.summer.pair_bonus_by_column": bool(_summer["pair_bonus_by_column"]["assumed"]),
        "player_board.winter.slots.level_mapping": bool(_winter["slots"]["assumed_level_mapping"]),
        "improvement_tiles.split": bool(_impr["split"]["assumed"]),
        "improvement_tiles.placement": bool(_impr["placement"]["assumed"]),
        "player_colors": bool(DATA["player_colors"]["assumed"]),
        "setup.display_size.solo": bool(_setup["display_size"]["solo_value_assumed"]),
        "setup.starting_resources": bool(_setup["starting_resources"]["assumed"]),
        "solo": bool(_solo["assumed"]),
    }
