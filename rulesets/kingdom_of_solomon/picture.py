"""Kingdom of Solomon's table as a seat sees it (issue #22): the map's areas with their resources,
roads and building markers, the temple and the High Priest, the action and bonus spaces with their
pawns, the market, the building display and the decks, and each seat's board and hand.

Drawn from the frame only (the seat's view, the status, the served components): the map's
coordinates are the picture's own (``layout``). Board elements carry ``data-`` attributes named
after the action fields they fill (``space``, ``site``, ``areas``, ``level``, ``resource``,
``card``), holding the ids those actions use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulesets.core import to_builtins
from rulesets.core.drawing import (Element, Face, Frame, Markup, SeatLine, Served, Svg, backs, canvas, circle, classes,
                                   drawn_once, group, hand, heading, line, path, rect, seat_rows, text, tooltip, use,
                                   written, written_open)

from .served_components import document
from .layout import centre

WIDTH, MAP_HEIGHT = 1200, 1040
AREA_RADIUS = 44
RIGHT = 480  # where the panels right of the map begin
PANEL_WIDTH = WIDTH - RIGHT - 16

#: The words the picture's own labels write.
LABEL_WORDS = frozenset({"kingdom", "solomon", "temple", "high", "priest", "none", "market", "supply", "sell", "buy",
                   "vp", "display", "building", "deck", "fortune", "discard", "top", "roads", "left", "action",
                   "spaces", "bonus", "tokens", "pawns", "unplaced", "cards", "buildings", "passed", "map",
                   "areas", "levels", "privileged", "pawn", "site", "empty", "road", "built", "cost", "your",
                   "with", "at", "board", "each", "and", "the", "of", "seat", "s", "map"})
SERVED = document()
#: What the board itself prints, the same in every position: the areas', spaces', resources' and temple
#: levels' names, and the VP printed on the market and on the cards (a building card's or fortune card's
#: name is not here: it must come from the view, which names the cards a seat may see).
BOARD_PRINT = frozenset({
    *(entry.name for entries in (SERVED.areas, SERVED.action_spaces, SERVED.bonus_spaces, SERVED.temple.levels,
                                 SERVED.resources) for entry in entries),
    *(str(vp) for track in SERVED.market.tracks for vp in (track.sell_vp, track.buy_vp)),
    *(str(card.vp) for card in SERVED.building_cards), *(str(card.end_vp) for card in SERVED.fortune_cards)})
#: The fixed words the picture writes: its labels and the board's print.
WORDS = LABEL_WORDS | BOARD_PRINT


def _table_ids() -> frozenset[str]:
    """The board's own places, the same at every position and public to all: area spaces and sites,
    borders (``data-areas``: the two area ids, sorted, space-separated), action and bonus spaces, and
    each building card's action space. The view names a place only once something stands on it."""
    served = to_builtins(document())
    ids = {area["space"] for area in served["areas"]} | {area["id"] for area in served["areas"]}
    ids |= {" ".join(sorted(border["areas"])) for border in served["borders"]}
    ids |= {space["space"] for space in served["action_spaces"] + served["bonus_spaces"]}
    ids |= {card["action"]["space"] for card in served["building_cards"]}
    return frozenset(ids)


TABLE_IDS = _table_ids()

CSS = """\
.area-shape{fill:$land;stroke:$rule;stroke-width:1.5}
.area.site .area-shape{fill:$hill}
.area-name{font-size:12px;font-weight:bold;fill:$ink;text-anchor:middle}
.border{stroke:$rule;stroke-width:1;stroke-dasharray:3 3}
.road{stroke-width:7;stroke-linecap:round}
.road.last{stroke:$mark;stroke-width:9}
.road-hit{stroke:transparent;stroke-width:14;stroke-linecap:round}
.sea{fill:$water}
.site-slot{fill:$empty;stroke:$rule;stroke-width:1}
.marker{stroke:$ink;stroke-width:1}
.cube{stroke:$ink;stroke-width:0.6}
.res-gold{fill:#e5b700}
.res-copper{fill:#c56a2a}
.res-stone{fill:#9a9a9a}
.res-timber{fill:#7a4a1c}
.res-food{fill:#4caf50}
.cube-slot{fill:none;stroke:$rule;stroke-width:1;stroke-dasharray:2 2}
.pawn{stroke:$ink;stroke-width:0.8}
.privilege{fill:none;stroke:$mark;stroke-width:2}
.block{stroke:$rule;stroke-width:1}
.block.filled{fill:$hill}
.block.open{fill:$empty}
.level-box{fill:none;stroke:none}
.space-box{fill:$panel;stroke:$rule;stroke-width:1}
.section{font-size:13px;font-weight:bold;fill:$ink}
.board{fill:$board;stroke:$rule;stroke-width:1}
.building-chip{fill:$card;stroke:$rule;stroke-width:1}
.slot-empty{fill:none;stroke:$rule;stroke-width:1;stroke-dasharray:4 3}
.priest{fill:$mark;stroke:$ink;stroke-width:1}
.face text{stroke:none}
.area-shape.last,.space-box.last,.building-chip.last,.level-box.last,.card.last,.marker.last{
stroke:$mark;stroke-width:3}
"""

RESOURCE_ORDER = ("gold", "copper", "stone", "timber", "food")


# ------------------------------------------------------------------ what the components say
def _by_id(entries: Sequence[Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    return {str(entry["id"]): entry for entry in entries}


class _Book:
    """The served components, looked up by id."""

    def __init__(self, components: Mapping[str, Any]) -> None:
        self.areas = components["areas"]
        self.borders = [tuple(border["areas"]) for border in components["borders"]]
        self.actions = components["action_spaces"]
        self.bonus = _by_id(components["bonus_spaces"])
        self.buildings = _by_id(components["building_cards"])
        self.fortunes = _by_id(components["fortune_cards"])
        self.resources = _by_id(components["resources"])
        self.levels = sorted(components["temple"]["levels"], key=lambda level: level["order"])
        self.market = {track["resource"]: track for track in components["market"]["tracks"]}
        self.capacity = components["market"]["capacity_per_resource"]
        self.setups = {entry["players"]: entry for entry in components["setup_by_player_count"]}

    def area_name(self, area: str) -> str:
        return next(str(entry["name"]) for entry in self.areas if entry["id"] == area)

    def area(self, ident: str) -> Mapping[str, Any]:
        return next(entry for entry in self.areas if str(entry["id"]) == ident)

    def bonus_in_play(self, seats: int, options: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        if options.get("variant_all_bonus"):
            return list(self.bonus.values())
        return [self.bonus[ident] for ident in self.setups[seats]["bonus_spaces"]]


@drawn_once
def _book(served: Served) -> _Book:
    return _Book(served.components)


# ------------------------------------------------------------------ shapes drawn many times
def _define_shapes(svg: Svg) -> None:
    svg.define("pawn", path("M-5,8 L5,8 L3,0 A4,4 0 1,0 -3,0 Z", "pawn-shape"))
    svg.define("cube", rect(-4.5, -4.5, 9, 9, "cube-shape", rx=1.5))
    svg.define("marker", path("M-8,6 L-8,-2 L0,-9 L8,-2 L8,6 Z", "marker-shape"))


def _cube(x: float, y: float, resource: str) -> Markup:
    return use("cube", x, y, f"cube res-{resource}")


_NO_PAWNS = written(group("pawns"))


def _pawns(x: float, y: float, pawns: Sequence[Mapping[str, Any]], per_row: int = 6) -> Element:
    """Pawns on one space, in a row from (x, y); a privileged pawn ringed."""
    if not pawns:
        return _NO_PAWNS
    return _pawns_at(x, y, tuple((pawn["owner"], int(pawn["count"]), bool(pawn.get("privileged"))) for pawn in pawns),
                     per_row)


@drawn_once
def _pawns_at(x: float, y: float, pawns: tuple[tuple[Any, int, bool], ...], per_row: int) -> Markup:
    block = group("pawns")
    index = 0
    for owner, count, privileged in pawns:
        for _ in range(count):
            px, py = x + (index % per_row) * 13, y + (index // per_row) * 16
            block.add(use("pawn", px, py, f"pawn seat-{owner}"))
            if privileged:
                block.add(circle(px, py + 2, 8, "privilege"))
            index += 1
    return written(block)


#: The pawns on each space, in the view's order (indexed once per picture: every space asks).
PawnsBySpace = Mapping[str, Sequence[Mapping[str, Any]]]


def _pawns_by_space(view: Mapping[str, Any]) -> PawnsBySpace:
    found: dict[str, list[Mapping[str, Any]]] = {}
    for pawn in view["pawns"]:
        found.setdefault(pawn["space"], []).append(pawn)
    return found


# ------------------------------------------------------------------ the map
@drawn_once
def _borders(served: Served) -> Markup:
    """The sea and the borders between areas: the same in every picture."""
    book = _book(served)
    lines = [rect(8, 8, RIGHT - 24, MAP_HEIGHT - 8, "sea", rx=10)]
    for a, b in book.borders:
        (x1, y1), (x2, y2) = centre(a), centre(b)
        lines.append(line(x1, y1, x2, y2, "border"))
    return Markup("".join(lines))


@drawn_once
def _border_road(served: Served, a: str, b: str, owner: int | None, marked: str | None) -> Markup:
    """The road (or the place for one) across the border of ``a`` and ``b``."""
    book = _book(served)
    (x1, y1), (x2, y2) = centre(a), centre(b)
    pair = tuple(sorted((a, b)))
    names = f"{book.area_name(a)} – {book.area_name(b)}"
    item = group(classes("border-road", "built" if owner is not None else None), data_areas=list(pair))
    if owner is not None:
        item.add(line(x1, y1, x2, y2, classes("road", f"seat-{owner}-line", marked)))
        item.add(tooltip(f"road: {names}"))
    else:
        item.add(line(x1, y1, x2, y2, "road-hit"))
        item.add(tooltip(names))
    return written(item)


@drawn_once
def _border_prints(served: Served) -> tuple[tuple[str, str, tuple[str, ...], Markup], ...]:
    """Each border: its areas, as served and sorted, and its place for a road, unbuilt (most, in most pictures)."""
    return tuple((a, b, tuple(sorted((a, b))), _border_road(served, a, b, None, None)) for a, b in _book(served).borders)


def _map(frame: Frame, book: _Book, pawns: PawnsBySpace) -> Element:
    view = frame.view
    board = group("map")
    board.add(_borders(frame.served))
    built = {tuple(sorted(road["areas"])): road["owner"] for road in view["roads"]}
    for a, b, pair, unbuilt in _border_prints(frame.served):
        owner = built.get(pair)
        if owner is None:
            board.add(unbuilt)
        else:
            board.add(_border_road(frame.served, a, b, owner, frame.mark(a) and frame.mark(b)))
    markers = {marker["area"]: marker for marker in view["markers"]}
    for area in book.areas:
        board.add(_area(frame, book, area, markers.get(area["id"]), pawns.get(str(area["space"]), ())))
    return board


@drawn_once
def _area_print(served: Served, ident: str, marked: str | None) -> tuple[Markup, Markup]:
    """An area's start tag, shape, name and resources; and its tooltip and end tag (what stands on it goes between)."""
    book = _book(served)
    area = book.area(ident)
    x, y = centre(ident)
    site = bool(area["building_site"])
    item = group(classes("area", "site" if site else None), data_space=str(area["space"]),
                 data_site=ident if site else None)
    item.add(circle(x, y, AREA_RADIUS, classes("area-shape", marked)))
    item.add(text(x, y - 22, area["name"], "area-name"))
    icons = list(area["resources"])
    for index, resource in enumerate(icons):
        item.add(_cube(x - 6 * (len(icons) - 1) + 12 * index - (12 if site else 0), y - 6, resource))
    start, end = written_open(item)
    resources = ", ".join(str(book.resources[r]["name"]) for r in icons)
    return start, Markup(tooltip(f"{area['name']}: {resources}") + end)


def _area(frame: Frame, book: _Book, area: Mapping[str, Any], marker: Mapping[str, Any] | None,
          on_it: Sequence[Mapping[str, Any]]) -> Element:
    ident, space = str(area["id"]), str(area["space"])
    marked = frame.mark(space, ident)
    if marker is None and not on_it:
        return _area_alone(frame.served, ident, marked, bool(area["building_site"]))
    x, y = centre(ident)
    start, end = _area_print(frame.served, ident, marked)
    drawn = [start]
    if area["building_site"]:
        if marker is None:
            drawn.append(_site_slot(x, y))
        else:
            drawn.append(_building_marker(frame.served, x, y, marker["card"], marker["owner"],
                                          frame.mark(marker["card"])))
    drawn.append(written(_pawns(x - 26, y + 10, on_it, per_row=5)))
    drawn.append(end)
    return Markup("".join(drawn))


def _site_slot(x: float, y: float) -> Markup:
    return rect(x + 8, y - 14, 18, 16, "site-slot", rx=2)


@drawn_once
def _area_alone(served: Served, ident: str, marked: str | None, site: bool) -> Markup:
    """An area with nothing on it: no pawn, and its building site (if it has one) empty."""
    start, end = _area_print(served, ident, marked)
    x, y = centre(ident)
    return Markup(start + (_site_slot(x, y) if site else "") + _NO_PAWNS + end)


@drawn_once
def _building_marker(served: Served, x: float, y: float, card: str, owner: Any, marked: str | None) -> Markup:
    building = group("building-marker", data_card=card)
    building.add(use("marker", x + 17, y - 6, classes("marker", f"seat-{owner}", marked)))
    building.add(tooltip(_book(served).buildings[card]["name"]))
    return written(building)


# ------------------------------------------------------------------ the temple and the spaces
def _temple(frame: Frame, book: _Book, x: float, y: float) -> Element:
    view = frame.view
    block = group("temple", transform=f"translate({x},{y})")
    block.add(text(0, 12, "Temple", "section"))
    for row, level in enumerate(reversed(book.levels)):
        ident = str(level["id"])
        block.add(_temple_level(frame.served, row, ident, int(view["temple"].get(ident, 0)), frame.mark(ident)))
    priest = view.get("high_priest")
    priest_x = 80 + 8 * 24 + 20
    block.add(text(priest_x, 36, "High Priest", "label"))
    if priest is None:
        block.add(text(priest_x, 56, "none", "small"))
    else:
        holder = group("high-priest", data_seat=priest)
        holder.add(circle(priest_x + 10, 54, 9, f"priest seat-{priest}"))
        holder.add(text(priest_x + 26, 58, frame.seat_label(priest), "small"))
        block.add(holder)
    return block


@drawn_once
def _temple_level(served: Served, row: int, ident: str, built: int, marked: str | None) -> Markup:
    level = next(entry for entry in _book(served).levels if str(entry["id"]) == ident)
    top = 20 + row * 26
    item = group("temple-level", data_level=ident)
    item.add(rect(-4, top - 3, 84 + 24 * int(level["blocks"]), 26, classes("level-box", marked), rx=3))
    item.add(text(0, top + 15, level["name"], "label"))
    for slot in range(int(level["blocks"])):
        item.add(rect(80 + slot * 24, top, 20, 20, classes("block", "filled" if slot < built else "open"), rx=2))
    item.add(tooltip(str(level["name"])))
    return written(item)


@drawn_once
def _space_print(space: str, kind: str, name: str, left: float, width: float,
                 marked: str | None) -> tuple[Markup, Markup]:
    """An action or bonus space's box and name, and its tooltip and end tag (its pawns go between)."""
    item = group(classes("action-space", kind.replace("_", "-")), data_space=space)
    item.add(rect(left, 20, width, 62, classes("space-box", marked), rx=6))
    item.add(text(left + 6, 36, name, "label"))
    start, end = written_open(item)
    return start, Markup(tooltip(name) + end)


def _spaces(frame: Frame, book: _Book, pawns: PawnsBySpace, x: float, y: float) -> Element:
    view = frame.view
    block = group("spaces", transform=f"translate({x},{y})")
    block.add(text(0, 12, "Action spaces · bonus spaces", "section"))
    entries = [*book.actions, *book.bonus_in_play(frame.seats, view["options"])]
    width = (PANEL_WIDTH - 6 * (len(entries) - 1)) / len(entries)
    for index, entry in enumerate(entries):
        space = str(entry["space"])
        left = index * (width + 6)
        start, end = _space_print(space, entry["kind"], str(entry["name"]), left, width, frame.mark(space))
        on_it = written(_pawns(left + 12, 50, pawns.get(space, ()), per_row=int(width // 13)))
        block.add(Markup(start + on_it + end))
    return block


# ------------------------------------------------------------------ the market and the cards
def _market(frame: Frame, book: _Book, x: float, y: float) -> Element:
    view = frame.view
    block = group("market", transform=f"translate({x},{y})")
    block.add(text(0, 12, "Market", "section"))
    block.add(text(300, 12, "supply", "small"))
    for row, resource in enumerate(RESOURCE_ORDER):
        block.add(_market_track(frame.served, row, resource, int(view["market"][resource]),
                                str(view["supply"][resource]), frame.mark(resource)))
    return block


def _market_track(served: Served, row: int, resource: str, held: int, supply: str, marked: str | None) -> Markup:
    """A resource's track: its print (written once per mark), the cubes held (once per count), the supply's count.

    The supply's count and the cubes held change from position to position; the rest does not."""
    top = 20 + row * 24
    head, tail = _track_print(served, row, resource, marked)
    return Markup(head + _track_cubes(served, row, resource, held) + text(300, top + 15, supply, "count") + tail)


@drawn_once
def _track_print(served: Served, row: int, resource: str, marked: str | None) -> tuple[Markup, Markup]:
    """The track's start tag, box, cube and name (then the cubes held, its sell and buy VP, the supply),
    and its tooltip and end tag."""
    book = _book(served)
    top = 20 + row * 24
    name = str(book.resources[resource]["name"])
    item = group("market-track", data_resource=resource)
    item.add(rect(0, top, 420, 21, classes("space-box", marked), rx=3))
    item.add(_cube(12, top + 10.5, resource))
    item.add(text(24, top + 15, name, "label"))
    start, end = written_open(item)
    track = book.market[resource]
    return start, Markup(tooltip(f"{name}: sell {track['sell_vp']} VP, buy {track['buy_vp']} VP") + end)


@drawn_once
def _track_cubes(served: Served, row: int, resource: str, held: int) -> Markup:
    """The market's slots of a resource, the first ``held`` filled; then the track's sell and buy VP."""
    book = _book(served)
    top = 20 + row * 24
    drawn = []
    for slot in range(int(book.capacity)):
        cx = 110 + slot * 16
        drawn.append(_cube(cx, top + 10.5, resource) if slot < held else rect(cx - 5, top + 5.5, 10, 10, "cube-slot"))
    track = book.market[resource]
    drawn.append(text(190, top + 15, f"sell {track['sell_vp']} VP · buy {track['buy_vp']} VP", "small"))
    return Markup("".join(drawn))


def _building_card(frame: Frame, book: _Book, x: float, y: float, ident: str, width: float = 128) -> Element:
    return _building_card_at(frame.served, x, y, ident, width, frame.mark(ident))


@drawn_once
def _building_card_at(served: Served, x: float, y: float, ident: str, width: float, marked: str | None) -> Markup:
    card = _book(served).buildings[ident]
    item = group("building-card", data_card=ident)
    item.add(rect(x, y, width, 52, classes("card", marked), rx=4))
    item.add(text(x + 5, y + 14, _short(str(card["name"]), 20), "card-name"))
    left = x + 9
    for resource in RESOURCE_ORDER:
        for _ in range(int(card["cost"].get(resource, 0))):
            item.add(_cube(left, y + 26, resource))
            left += 11
    item.add(text(x + 5, y + 46, f"{card['vp']} VP", "detail"))
    item.add(tooltip(f"{card['name']}: {card['vp']} VP"))
    return written(item)


def _short(name: str, most: int) -> str:
    """A name cut at a word so it fits a card (the tooltip keeps it whole)."""
    if len(name) <= most:
        return name
    kept = name[:most + 1].rsplit(" ", 1)[0]
    return kept or name[:most]


def _cards(frame: Frame, book: _Book, x: float, y: float) -> Element:
    view = frame.view
    block = group("cards", transform=f"translate({x},{y})")
    block.add(text(0, 12, "Building display", "section"))
    for index, ident in enumerate(view["display"]):
        left = index * 134
        if ident is None:
            block.add(rect(left, 20, 128, 52, "slot-empty", rx=4))
        else:
            block.add(_building_card(frame, book, left, 20, str(ident)))
    block.add(backs(540, 20, int(view["building_deck_count"]), "building deck"))
    top = 84
    block.add(backs(0, top, int(view["fortune_deck_count"]), "fortune deck"))
    discard = view["fortune_discard"]
    pile = group("discard", data_card=discard[-1] if discard else None)
    pile.add(rect(130, top, 150, 40, classes("card", frame.mark(*discard[-1:])), rx=4))
    pile.add(text(136, top + 16, str(book.fortunes[discard[-1]]["name"]) if discard else "empty", "card-name"))
    pile.add(text(136, top + 32, f"fortune discard · {len(discard)}", "detail"))
    pile.add(tooltip(f"fortune discard: {len(discard)}"))
    block.add(pile)
    block.add(text(300, top + 24, f"roads left: {view['roads_in_supply']}", "label"))
    return block


# ------------------------------------------------------------------ each seat's board
def _seat_board(frame: Frame, book: _Book, pawns: PawnsBySpace, seat: int, x: float, y: float) -> Element:
    view = frame.view
    player = view["players"][seat]
    block = group(classes("player-board", "viewer" if seat == frame.seat else None), data_seat=seat,
                  transform=f"translate({x},{y})")
    height = _board_height(frame, seat)
    block.add(rect(0, 0, PANEL_WIDTH, height, "board", rx=6))
    block.add(circle(14, 15, 7, f"seat-token seat-{seat}"))
    block.add(text(28, 20, frame.seat_label(seat), "seat-name"))
    left = 140
    for resource in RESOURCE_ORDER:
        block.add(_held_cubes(frame.served, left, resource, str(player["cubes"][resource])))
        left += 38
    for index, ident in enumerate(player["buildings"]):
        space = str(book.buildings[ident]["action"]["space"])
        start, end = _chip_print(frame.served, index, ident, frame.mark(ident, space))
        block.add(Markup(start + written(_pawns(8 + index * 96 + 82, 56, pawns.get(space, ()), per_row=1)) + end))
    if seat == frame.seat and player.get("hand"):
        faces = [Face(card, str(book.fortunes[card]["name"]), _fortune_detail(book, card)) for card in player["hand"]]
        block.add(hand(frame, 8, 72, faces, per_row=7, label="your fortune cards"))
    else:
        block.add(backs(PANEL_WIDTH - 110, 50, int(player["hand_count"]), "fortune cards"))
    return block


@drawn_once
def _held_cubes(served: Served, left: float, resource: str, count: str) -> Markup:
    held = group("held-cubes", data_resource=resource)
    held.add(_cube(left, 15, resource))
    held.add(text(left + 9, 20, count, "count"))
    held.add(tooltip(f"{_book(served).resources[resource]['name']}: {count}"))
    return written(held)


@drawn_once
def _chip_print(served: Served, index: int, ident: str, marked: str | None) -> tuple[Markup, Markup]:
    """A building a seat holds, as a chip: its box and name; then its tooltip and end tag (its pawns go between)."""
    card = _book(served).buildings[ident]
    space = str(card["action"]["space"])
    chip = group("building", data_space=space, data_card=ident)
    cx = 8 + index * 96
    chip.add(rect(cx, 28, 92, 40, classes("building-chip", marked), rx=3))
    first = _short(str(card["name"]), 15)
    chip.add(text(cx + 4, 41, first, "small"))
    rest = str(card["name"])[len(first):].strip()
    if rest:
        chip.add(text(cx + 4, 54, _short(rest, 12), "small"))
    start, end = written_open(chip)
    return start, Markup(tooltip(str(card["name"])) + end)


def _board_height(frame: Frame, seat: int) -> int:
    """A seat's board: its cubes and buildings, and its own fortune cards face up below them."""
    player = frame.view["players"][seat]
    if seat != frame.seat or not player.get("hand"):
        return 96
    return 98 + 46 * -(-len(player["hand"]) // 7)


def _fortune_detail(book: _Book, card: str) -> str:
    resource = book.fortunes[card]["params"].get("resource")
    named = book.resources.get(str(resource))
    return f"{named['name']} · {book.fortunes[card]['end_vp']} VP" if named else f"{book.fortunes[card]['end_vp']} VP"


def _seat_lines(frame: Frame) -> list[SeatLine]:
    scores = frame.status.get("scores")
    lines = []
    for seat, player in enumerate(frame.view["players"]):
        facts = [f"{player['tokens']} tokens", f"{player['unplaced']} unplaced"]
        if player.get("passed"):
            facts.append("passed")
        lines.append(SeatLine(seat, scores[seat] if scores else int(player["vp"]), facts))
    return lines


def draw(frame: Frame) -> Svg:
    """``frame``'s seat's picture of the table."""
    book = _book(frame.served)
    view = frame.view
    seat_heights = [_board_height(frame, seat) for seat in range(frame.seats)]
    boards_top = 700
    height = boards_top + sum(h + 8 for h in seat_heights) + 8
    svg = canvas(frame, WIDTH, max(height, MAP_HEIGHT + 8),
                 desc=f"{frame.title}, {frame.seats} seats, round {view['round']}, {view['phase']}: the map's "
                      f"areas with roads and buildings, the temple, the action spaces, the market, "
                      f"the building display and each seat's board.", css=CSS)
    _define_shapes(svg)
    pawns = _pawns_by_space(view)
    svg.add(_map(frame, book, pawns))
    svg.add(heading(frame, RIGHT, 8))
    svg.add(seat_rows(frame, RIGHT, 72, PANEL_WIDTH, _seat_lines(frame)))
    svg.add(_temple(frame, book, RIGHT, 214))
    svg.add(_spaces(frame, book, pawns, RIGHT, 316))
    svg.add(_market(frame, book, RIGHT, 412))
    svg.add(_cards(frame, book, RIGHT, 554))
    top = boards_top
    for seat, seat_height in enumerate(seat_heights):
        svg.add(_seat_board(frame, book, pawns, seat, RIGHT, top))
        top += seat_height + 8
    return svg
