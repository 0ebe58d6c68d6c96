"""Solenia as its table looks, drawn from one seat's view (``frame``) only.

Top to bottom: the heading and a row per seat (stars, whose turn); the board of five strips
(each column's strip and face, day or night, its islands and cities, the airship cards
played on it, the airship); beside it the delivery (the day and night displays of tiles,
the decks as backs), the improvement draft and the solo Rival; then a board per player:
storage, day and night slots, improvements, permanent resources, the hand (face up for its
owner, backs with the count for the others), the deck as backs and the discard pile.
Board spaces carry ``data-col``/``data-row`` (the fields of an action's ``space``), cards
``data-card``, tiles ``data-tile``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulesets.core.drawing import (Element, Face, Frame, Markup, SeatLine, Served, Svg, backs, canvas, circle, classes,
                                   drawn_once, element, group, hand, heading, rect, seat_rows, text, tooltip, use,
                                   written, written_open)

WIDTH = 1100
CELL_W, CELL_H = 90, 62
TILE_W, TILE_H = 250, 30
#: the fixed words the labels write (each also a key of the view or of a served entry it names)
WORDS = frozenset({"board", "airship", "delivery", "day", "night", "display", "deck", "discard", "storage",
                   "capacity", "stars", "slots", "permanent", "improvements", "hand", "count", "city", "solo",
                   "rival", "draft", "tiles", "extra"})

CSS = """\
.space{fill:$empty;stroke:$rule;stroke-width:1}
.face-day .space{fill:#f6e7b0}.face-night .space{fill:#9aa6c9}.face-dawn .space,.face-dusk .space{fill:#e3c0b0}
.city-space{stroke-width:2}
.airship{fill:$mark;stroke:$ink;stroke-width:1}
.played{stroke:$ink;stroke-width:1}
.slot{fill:$card;stroke:$rule;stroke-width:1}
.tile{fill:$card;stroke:$rule;stroke-width:1}
.player-board{fill:$panel;stroke:$rule;stroke-width:1}
.player-board.viewer-mark{stroke:$mark;stroke-width:2}
.space.last,.played.last,.slot.last,.tile.last{stroke:$mark;stroke-width:3}
"""


def _entries(frame: Frame) -> dict[str, Mapping[str, Any]]:
    """Every served entry with an id, by id (strips, cards, tiles, slots, improvements)."""
    return _entries_of(frame.served)


@drawn_once
def _entries_of(served: Served) -> dict[str, Mapping[str, Any]]:
    found: dict[str, Mapping[str, Any]] = {}
    for value in served.components.values():
        if isinstance(value, list):
            found.update({item["id"]: item for item in value if isinstance(item, Mapping) and "id" in item})
    return found


def _name(entries: Mapping[str, Mapping[str, Any]], ident: str | None) -> str:
    return str(entries.get(ident or "", {}).get("name", ident))


def _seat_of(frame: Frame) -> dict[int, int]:
    return {player["seat"]: index for index, player in enumerate(frame.view["players"])}


def _last_space(frame: Frame) -> tuple[int, int] | None:
    space = (frame.last_action or {}).get("space")
    return (space["col"], space["row"]) if isinstance(space, Mapping) else None


# ------------------------------------------------------------------ the board
def board(svg: Svg, frame: Frame, entries: Mapping[str, Mapping[str, Any]], x: float, y: float) -> Element:
    """Five columns, each a strip on one face; the cards played on its spaces; the airship."""
    view = frame.view["board"]
    block = group("board", transform=f"translate({x},{y})")
    block.add(text(0, -6, "board", "label"))
    svg.define("sol-space", rect(0, 0, CELL_W, CELL_H, "space-shape", rx=6))
    played = {(card["col"], card["row"]): card for card in view["cards"]}
    last = _last_space(frame)
    seats = _seat_of(frame)
    for col, column in enumerate(view["columns"]):
        strip, face = column["strip"], column["face"]
        rows = _rows_of(frame.served, strip, face)
        start, end = _strip_print(frame.served, col, strip, face)
        drawn = [start]
        for row in range(rows or frame.components["board"]["rows"]):
            card = played.get((col, row))
            if card is None:
                drawn.append(_cell(frame.served, col, row, strip, face, last == (col, row), None, None, None))
            else:
                drawn.append(_cell(frame.served, col, row, strip, face, last == (col, row), card["card"],
                                   seats.get(card["owner"], card["owner"]), frame.mark(card["card"])))
        drawn.append(end)
        block.add(Markup("".join(drawn)))
    ship = view["airship"]
    block.add(element("ellipse", "airship", cx=ship["col"] * (CELL_W + 4) + CELL_W / 2,
                      cy=16 + ship["row"] * (CELL_H + 4) + CELL_H - 7, rx=16, ry=5))
    return block


def _spaces_of(served: Served, strip: str, face: str) -> dict[int, Mapping[str, Any]]:
    faces = _entries_of(served).get(strip, {}).get("faces", {})
    return {space["row"]: space for space in faces.get(face, [])}


@drawn_once
def _rows_of(served: Served, strip: str, face: str) -> int:
    return len(_spaces_of(served, strip, face))


@drawn_once
def _strip_print(served: Served, col: int, strip: str, face: str) -> tuple[Markup, Markup]:
    """A column's strip: its start tag, its name and face; its spaces go between it and its end tag."""
    strip_block = group(f"strip face-{face}", data_strip=strip)
    strip_block.add(text(col * (CELL_W + 4), 10, f"{strip} · {face}", "small"))
    strip_block.add(tooltip(_name(_entries_of(served), strip)))
    return written_open(strip_block)


@drawn_once
def _cell(served: Served, col: int, row: int, strip: str, face: str, last: bool, card: str | None, seat: int | None,
          card_mark: str | None) -> Markup:
    """One space of a strip, and the airship card played on it."""
    entries = _entries_of(served)
    left, top = col * (CELL_W + 4), 16 + row * (CELL_H + 4)
    space = _spaces_of(served, strip, face).get(row, {})
    cell = group("board-space", data_col=col, data_row=row)
    is_city = space.get("type") == "city"
    cell.add(use("sol-space", left, top, classes("space", "city-space" if is_city else None, "last" if last else None)))
    cell.add(text(left + 5, top + 14, f"city {space.get('city')}" if is_city else space.get("resource", ""), "detail"))
    if card is not None:
        cell.add(rect(left + 8, top + 22, CELL_W - 16, 30, classes("played", f"seat-{seat}", card_mark), rx=4,
                      data_card=card))
        cell.add(text(left + 12, top + 42, _name(entries, card), "card-name"))
    cell.add(tooltip(_name(entries, strip)))
    return written(cell)


# ------------------------------------------------------------------ the delivery, the draft, the rival
def _tile(frame: Frame, entries: Mapping[str, Mapping[str, Any]], tile: str, x: float, y: float) -> Element:
    item = group("delivery-tile", data_tile=tile)
    item.add(rect(x, y, TILE_W, TILE_H - 4, classes("tile", frame.mark(tile)), rx=4))
    item.add(text(x + 6, y + 17, _name(entries, tile), "small"))
    item.add(tooltip(_name(entries, tile)))
    return item


def delivery(frame: Frame, entries: Mapping[str, Mapping[str, Any]], x: float, y: float) -> Element:
    """The day and night displays face up, each deck as backs with its count."""
    view = frame.view["delivery"]
    block = group("delivery", transform=f"translate({x},{y})")
    block.add(text(0, -6, "delivery", "label"))
    for column, side in enumerate(("day", "night")):
        left = column * (TILE_W + 10)
        block.add(text(left, 10, f"{side} display", "label"))
        for index, tile in enumerate(view[f"{side}_display"]):
            block.add(_tile(frame, entries, tile, left, 18 + index * TILE_H))
        block.add(backs(left, 24 + len(view[f"{side}_display"]) * TILE_H, view[f"{side}_deck_count"], f"{side} deck"))
    if view["discarded"]:
        block.add(text(0, 200, f"discarded: {len(view['discarded'])}", "detail"))
    return block


def draft(frame: Frame, entries: Mapping[str, Mapping[str, Any]], x: float, y: float) -> Element:
    """The improvement draft (SOL-9): the level-1 tiles and level-3 pairs still offered, who picks."""
    offer = frame.view["draft"]
    block = group("draft", transform=f"translate({x},{y})")
    if offer is None:
        return block
    block.add(text(0, 12, "draft · " + ", ".join(frame.seat_label(_seat_of(frame).get(s, s)) for s in offer["order"]),
                   "label"))
    for index, tile in enumerate(offer["level1_offer"]):
        block.add(_tile(frame, entries, tile, (index % 2) * (TILE_W + 10), 20 + (index // 2) * TILE_H))
    top = 20 + ((len(offer["level1_offer"]) + 1) // 2) * TILE_H
    for index, pair in enumerate(offer["level3_offer"]):
        if pair is not None:
            item = group("level3-pair", data_pair=index)
            item.add(text(0, top + 12 + index * 16, f"{index}: {_name(entries, pair['day'])} / "
                          f"{_name(entries, pair['night'])}", classes("detail", frame.mark(pair["day"]))))
            block.add(item)
    return block


def rival(frame: Frame, entries: Mapping[str, Mapping[str, Any]], x: float, y: float) -> Element:
    """The solo Rival (SOL-10): its colour, its deck as backs, its discard pile."""
    solo = frame.view["solo"]
    block = group("rival", transform=f"translate({x},{y})")
    if solo is None:
        return block
    block.add(text(0, 12, f"solo rival · {solo['rival_color']}", "label"))
    block.add(backs(0, 20, solo["rival_deck_count"], "rival deck"))
    if solo["rival_discard"]:
        block.add(text(120, 36, f"discard: {_name(entries, solo['rival_discard'][-1])} · {len(solo['rival_discard'])}",
                       "detail"))
    return block


# ------------------------------------------------------------------ the players' boards
def _slots(frame: Frame, entries: Mapping[str, Mapping[str, Any]], side: str, slots: list[str | None], x: float,
           y: float) -> Element:
    marks = tuple(frame.mark(tile) if tile else None for tile in slots)
    return _slots_at(frame.served, side, tuple(slots), x, y, marks)


@drawn_once
def _slots_at(served: Served, side: str, slots: tuple[str | None, ...], x: float, y: float,
              marks: tuple[str | None, ...]) -> Markup:
    entries = _entries_of(served)
    block = group(f"slots slots-{side}", transform=f"translate({x},{y})")
    block.add(text(0, 14, side, "label"))
    for index, tile in enumerate(slots):
        left = 50 + index * 108
        block.add(rect(left, 0, 104, 22, classes("slot", marks[index]), rx=3))
        if tile:
            block.add(text(left + 4, 15, tile, "small", data_tile=tile))
            block.add(tooltip(_name(entries, tile)))
    return written(block)


def player_board(frame: Frame, index: int, entries: Mapping[str, Mapping[str, Any]], x: float, y: float) -> Element:
    player = frame.view["players"][index]
    mine = index == frame.seat
    board = group(classes("player", "viewer" if mine else None), transform=f"translate({x},{y})", data_seat=index)
    board.add(rect(0, 0, WIDTH - 32, 150, classes("player-board", "viewer-mark" if mine else None)))
    board.add(circle(14, 14, 7, f"seat-token seat-{index}"))
    stored = " · ".join(f"{name} {count}" for name, count in player["storage"].items())
    board.add(text(28, 19, f"{frame.seat_label(index)} · stars {player['stars']} · storage {stored} · capacity "
                   f"{player['capacity']}", "seat-name"))
    board.add(_slots(frame, entries, "day", player["day_slots"], 8, 28))
    board.add(_slots(frame, entries, "night", player["night_slots"], 8, 54))
    chosen = player["improvements"]
    named = [_name(entries, chosen[key]) for key in ("level1", "level3_day", "level3_night") if chosen.get(key)]
    extras = [*named, *(f"permanent {item['resource']}" for item in player["permanent"]),
              *(f"extra tiles {len(player['extra_tiles'])}" for _ in player["extra_tiles"][:1])]
    if extras:
        board.add(text(710, 44, " · ".join(extras), "detail"))
    if "hand" in player:
        faces = [Face(card, _name(entries, card)) for card in player["hand"]]
        board.add(hand(frame, 8, 80, faces, per_row=7))
    else:
        board.add(text(8, 92, "hand", "label"))
        board.add(backs(8, 98, player["hand_count"], "hand"))
    board.add(backs(720, 98, player["deck_count"], "deck"))
    if player["discard"]:
        board.add(text(820, 114, f"discard: {_name(entries, player['discard'][-1])} · {len(player['discard'])}",
                       "detail"))
    return board


def draw(frame: Frame) -> Svg:
    entries = _entries(frame)
    seats = frame.seats
    board_top = 100 + 34 * seats
    rows = frame.components["board"]["rows"]
    boards_top = board_top + 30 + rows * (CELL_H + 4) + (70 if frame.view["draft"] else 0)
    height = boards_top + seats * 158
    svg = canvas(frame, WIDTH, height, css=CSS, desc=f"{frame.title}, {seats} seats; round {frame.view['round']}, "
                 f"{frame.view['phase']}: board, airship, delivery, storage, slots.")
    svg.add(heading(frame, 16, 8))
    lines = [SeatLine(index, player["stars"]) for index, player in enumerate(frame.view["players"])]
    svg.add(seat_rows(frame, 16, 80, WIDTH - 32, lines))
    svg.add(board(svg, frame, entries, 16, board_top))
    svg.add(delivery(frame, entries, 500, board_top))
    svg.add(rival(frame, entries, 500, board_top + 230))
    svg.add(draft(frame, entries, 500, board_top + 230))
    for index in range(seats):
        svg.add(player_board(frame, index, entries, 16, boards_top + index * 158))
    return svg
