"""The component data Solenia serves to clients (``GET /v1/games/solenia/components``).

Everything here is read from the decoded ``solenia.components.json`` (``components``):
the board's 25 spaces with their neighbours, the strips whose faces give each space its
terrain, every airship card, delivery tile, player-board slot and improvement tile with
what is printed on it, and the file's ``assumed`` flags. Effects, activations and slot
powers are the component file's own Structs, so their schema is the one the rules read.

The file prints no names: each name is derived from printed values ("Orange 11", "Day tile:
2 stone + 1 water for 3 stars"), never invented.
"""

from __future__ import annotations

from functools import cache
from typing import Literal, Union


from rulesets.core import Served, public

from . import resources as res
from .board import ALL_SPACES
from .components import (ASSUMED, by_row, CARDS, COLUMNS, COMPONENTS, ROWS, Activation, City, Cost, FaceName, Island,
                         LayoutColumn, Level1Effect, Level3Effect, Reward, Row, WinterPower)
from .state import StartLayout


@public


class SpaceRef(Served, frozen=True, kw_only=True):
    col: int
    row: int


class BoardSpace(Served, frozen=True, kw_only=True):
    """A space (SOL-1.3.1); its terrain is the row's entry on the face of the strip in its column."""

    col: int
    row: int
    #: orthogonally adjacent spaces (SOL-3.2 adjacency).
    neighbours: list[SpaceRef]


class BoardGeometry(Served, frozen=True, kw_only=True):
    columns: int
    rows: int
    #: where the airship rests between turns (SOL-1.4 step 2).
    airship_rest: SpaceRef
    spaces: list[BoardSpace]
    assumed: bool


class Strip(Served, frozen=True, kw_only=True):
    id: str
    name: str
    kind: Literal["board_strip"] = "board_strip"
    #: face -> the terrain of rows 0 to 4 (SOL-1.3.2).
    faces: dict[FaceName, list[Union[Island, City]]]
    assumed: bool


class AirshipCard(Served, frozen=True, kw_only=True):
    id: str
    name: str
    kind: Literal["airship_card"] = "airship_card"
    color: str
    #: the card's number within its colour (the ``nn`` of ``<color>-<nn>``).
    number: int
    value: int
    activation: Activation
    assumed: bool


class DeliveryTile(Served, frozen=True, kw_only=True):
    id: str
    name: str
    kind: Literal["delivery_tile"] = "delivery_tile"
    #: its deck, display, the cities that take it and the board row it goes to.
    row: Row
    cost: Cost
    vp: int
    assumed: bool


class SummerSlot(Served, frozen=True, kw_only=True):
    """A summer-side slot; its id is the one ``delivery_completed`` names."""

    id: str
    name: str
    kind: Literal["summer_slot"] = "summer_slot"
    row: Row
    level: int
    reward: Reward
    assumed: bool


class WinterSlot(Served, frozen=True, kw_only=True):
    """A winter-side slot; its id is the one a state's permanent resources and deliveries name."""

    id: str
    name: str
    kind: Literal["winter_slot"] = "winter_slot"
    row: Row
    level: int
    power: WinterPower
    #: the letter-to-level mapping is inferred for E and F (SOL-8.3).
    assumed: bool


class Level1Improvement(Served, frozen=True, kw_only=True):
    id: str
    name: str
    kind: Literal["level1_improvement"] = "level1_improvement"
    letter: str | None
    effects: list[Level1Effect]
    #: the slots it lies on (SOL-9.2, decision D-6).
    covers: list[str]
    assumed: bool


class Level3Improvement(Served, frozen=True, kw_only=True):
    """A level-3 kind: a state names it in ``level3_day``/``level3_night`` and in the draft's pairs."""

    id: str
    name: str
    kind: Literal["level3_improvement"] = "level3_improvement"
    letter: str | None
    day: Level3Effect
    night: Level3Effect
    #: the slot each half lies on.
    covers: dict[Row, str]
    assumed: bool


class SoleniaComponents(Served, frozen=True, kw_only=True):
    #: the game's title as the component file gives it.
    game: str
    #: Solenia states name no component-data version (null); ``schema_version`` is the file's.
    data_version: str | None
    schema_version: int
    board: BoardGeometry
    strips: list[Strip]
    #: a resolved strip's face once flipped (SOL-6.5).
    face_flip: dict[FaceName, FaceName]
    #: start layout -> the strip and face of cols 0 to 4 (SOL-1.4 step 1).
    layouts: dict[StartLayout, list[LayoutColumn]]
    colors: list[str]
    colors_assumed: bool
    cards: list[AirshipCard]
    tiles: list[DeliveryTile]
    summer_slots: list[SummerSlot]
    winter_slots: list[WinterSlot]
    level1_improvements: list[Level1Improvement]
    level3_improvements: list[Level3Improvement]
    #: JSON paths of every block of the component file flagged ``"assumed": true``.
    assumed: list[str]


def _readable(code: str) -> str:
    """``L1_DOUBLE_ADVANCE`` -> "Double advance": the id's words, without its level prefix."""
    words = code.split("_")[1:]
    return " ".join(words).capitalize()


def _board() -> BoardGeometry:
    data = COMPONENTS.board
    spaces = set(ALL_SPACES)
    return BoardGeometry(
        columns=COLUMNS, rows=ROWS, airship_rest=SpaceRef(col=data.airship_rest.col, row=data.airship_rest.row),
        spaces=[BoardSpace(col=col, row=row,
                           neighbours=[SpaceRef(col=c, row=r)
                                       for c, r in ((col, row - 1), (col + 1, row), (col, row + 1), (col - 1, row))
                                       if (c, r) in spaces])
                for col, row in sorted(spaces)],
        assumed=data.geometry.assumed)


def _strips() -> list[Strip]:
    return [Strip(id=strip.id, name=f"Strip {strip.id} ({'/'.join(strip.faces)})",
                  faces={face: sorted(body.spaces, key=lambda s: s.row) for face, body in strip.faces.items()},
                  assumed=strip.assumed)
            for strip in COMPONENTS.board.strips]


def _cards() -> list[AirshipCard]:
    assumed = COMPONENTS.airship_cards.assumed
    return [AirshipCard(id=card.id, name=f"{card.color.capitalize()} {card.n}", color=card.color, number=card.n,
                        value=card.value, activation=card.activation, assumed=assumed)
            for card in CARDS.values()]


def _tiles() -> list[DeliveryTile]:
    data = COMPONENTS.delivery_tiles
    return [DeliveryTile(id=tile.id, name=f"{row.capitalize()} tile: {res.describe(res.vector(tile.cost))} for "
                                          f"{tile.vp} stars",
                         row=row, cost=tile.cost, vp=tile.vp, assumed=tile.assumed)
            for row, tiles in by_row(data.day, data.night) for tile in tiles]


def _summer_slots() -> list[SummerSlot]:
    rewards = COMPONENTS.player_board.summer.slot_rewards
    return [SummerSlot(id=f"{row}_{slot.level}", name=f"{row.capitalize()} slot, level {slot.level}", row=row,
                       level=slot.level, reward=slot.reward, assumed=slot.assumed)
            for row, slots in by_row(rewards.day, rewards.night) for slot in slots]


def _winter_slots() -> list[WinterSlot]:
    slots = COMPONENTS.player_board.winter.slots
    return [WinterSlot(id=slot.id, name=f"{row.capitalize()} slot {slot.id.split('_')[-1]}, level {slot.level}",
                       row=row, level=slot.level, power=slot.power, assumed=slots.level_mapping.assumed)
            for row, row_slots in by_row(slots.day, slots.night) for slot in row_slots]


def _improvements() -> tuple[list[Level1Improvement], list[Level3Improvement]]:
    data = COMPONENTS.improvement_tiles
    assumed = data.split.assumed or data.placement.assumed
    level1 = [Level1Improvement(id=tile.id, name=_readable(tile.id), letter=tile.letter, effects=list(tile.effects),
                                covers=list(data.placement.level1_covers), assumed=assumed)
              for tile in data.level1]
    covers: dict[Row, str] = {"day": data.placement.level3_day_half_covers,
                              "night": data.placement.level3_night_half_covers}
    level3 = [Level3Improvement(id=kind.kind, name=_readable(kind.kind), letter=kind.letter, day=kind.day,
                                night=kind.night, covers=covers, assumed=assumed)
              for kind in data.level3_kinds]
    return level1, level3


@cache
def document() -> SoleniaComponents:
    """The served document, built once: the component data never changes while the process runs."""
    board = COMPONENTS.board
    level1, level3 = _improvements()
    return SoleniaComponents(
        game=COMPONENTS.game, data_version=None, schema_version=COMPONENTS.schema_version, board=_board(),
        strips=_strips(),
        face_flip=dict(board.face_flip),
        layouts={"dawn": list(board.setup_layouts.dawn), "dusk": list(board.setup_layouts.dusk)},
        colors=list(COMPONENTS.player_colors.colors), colors_assumed=COMPONENTS.player_colors.assumed,
        cards=_cards(), tiles=_tiles(), summer_slots=_summer_slots(), winter_slots=_winter_slots(),
        level1_improvements=level1, level3_improvements=level3, assumed=list(ASSUMED))
