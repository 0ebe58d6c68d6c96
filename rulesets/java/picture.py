"""Java's picture of one seat's view: the island as the table shows it.

Drawn from the frame alone (the seat's view, the status, the served components): the hex
map with central Java, its printed irrigation spaces and the outer ring (mountains,
lowlands), every covered space at its level (the number of tiles stacked there) as rice
or village, the irrigation tiles, the palaces with their values (a palace that held its
festival shows its back), each developer in its seat's colour, and the tile edges where
two tiles meet. Beside the map: the heading, a row per seat (score, developers, tokens,
land tiles), the turn's action points, the shared supply (triple tiles, irrigation
tiles, palace tiles by value), the festival cards (deck and discard as backs and counts,
the face-up card), the viewer's festival hand face up and the other hands as backs, a
festival being held, and the last action.

Elements a click can fill an action's field with carry that field as a ``data-``
attribute, with the id the action uses (a hex as its served id ``"q,r"``): a space
``data-hex``, ``data-hexes`` and ``data-to`` (a tile's ``village`` is one of its ``hexes``); a developer
``data-from``; a palace ``data-palace``; a land tile ``data-tile``; a palace tile
``data-value``; the deck and the face-up card ``data-source``; a festival card
``data-cards``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rulesets.core.drawing import (
    Element,
    Face,
    Frame,
    Group,
    Markup,
    SeatLine,
    Served,
    Svg,
    backs,
    canvas,
    circle,
    classes,
    drawn_once,
    group,
    hand,
    heading,
    path,
    polygon,
    rect,
    seat_rows,
    text,
    tooltip,
    use,
    written,
)

from .picture_layout import MapLayout, hex_corners, layout
from .served_components import document

PANEL_WIDTH = 620
GAP = 16
#: the hex fields an action may name (PlaceTile, Enter/Exit/MoveDeveloper, palaces, irrigation, festival).
_HEX_FIELDS = ("hexes", "village", "to", "from", "hex", "palace", "path")
#: rice levels drawn in their own shade; a higher stack uses the last one.
_SHADES = 5

_ACTION_WORDS = ("use action token", "place tile", "enter developer", "exit developer", "move developer",
                 "build palace", "extend palace", "place irrigation", "take festival card", "end turn",
                 "declare festival", "festival bid", "festival pass", "festival propose tie",
                 "festival tie response")


def _board_words() -> frozenset[str]:
    """The printed map's ids and kinds: every space is on the table whatever the view holds."""
    board = document().board
    return frozenset(word for space in board.spaces for word in (*space.id.split(","), space.kind))


#: the fixed words the picture's labels and tooltips write (beside the view's own and the kit's).
WORDS = _board_words() | frozenset(word for phrase in _ACTION_WORDS for word in phrase.split()) | frozenset({
    "space", "level", "rice", "village", "irrigation", "irrigated", "palace", "palaces", "developer", "developers",
    "tiles", "tile", "tokens", "token", "supply", "festival", "cards", "card", "deck", "discard", "face", "up",
    "back", "held", "ap", "spent", "used", "turn", "last", "action", "value", "organizer", "symbols", "stage",
    "bids", "total", "final", "triggered", "still", "play", "in", "invited", "declined", "passed", "joining",
    "raising", "tie", "vote", "double", "single", "triple", "outer", "ring", "central", "java", "bare", "your",
    "none", "top", "reckoned", "and", "map", "with", "at", "accepted", "pending", "proposed", "reckoning", "done", "left", "on", "printed", "pond",
})

#: the map's spaces (a bare one is in no view) and where a festival card is taken from (JAVA-9.1's
#: ``source``): on the table whatever the position.
TABLE_IDS = frozenset(space.id for space in document().board.spaces) | frozenset({"deck", "face_up"})

_FILLS = {
    "light": {"bare": "#e8dcb5", "mountains": "#b3a590", "lowlands": "#c6d6c8", "village": "#d9a066",
              "rice": ("#bfdc8e", "#9cc869", "#79b24b", "#579735", "#3b7a23")},
    "dark": {"bare": "#5a5340", "mountains": "#5b5245", "lowlands": "#3f4f4a", "village": "#8a5a2e",
             "rice": ("#4d6b2e", "#5d8136", "#6e983f", "#80af48", "#93c653")},
}

_CSS = """\
.sea{fill:$water;fill-opacity:0.35}
.hex{stroke:$rule;stroke-width:0.8}
.hex.last{fill:none;stroke:$mark;stroke-width:3.5}
.outer-ring .hex{fill-opacity:0.75}
.pond,.irrigation{fill:$water}
.irrigation-wave{fill:none;stroke:$paper;stroke-width:1.4}
.tile-edges{fill:none;stroke:$ink;stroke-width:2;stroke-linejoin:round}
.level-number{font-size:9px;fill:$ink;font-weight:bold}
.house{fill:$paper;stroke:$ink;stroke-width:0.8}
.palace-tile{fill:#f0c040;stroke:#5a3d05;stroke-width:1.4}
.palace-tile.used{fill:#9c8f6e}
.palace-tile.last,.developer.last,.supply-item.last rect,.card-face.last{stroke:$mark;stroke-width:3}
.festival-site .palace-tile{stroke:#c0392b;stroke-width:3}
.palace-value{font-size:11px;font-weight:bold;fill:#3b2a05}
.developer{stroke:$ink;stroke-width:1.2}
.section{font-size:13px;font-weight:bold;fill:$ink}
.supply-item rect{fill:$card;stroke:$rule;stroke-width:1}
.festival-line,.turn-line,.last-line{font-size:12px;fill:$ink}
"""


def _css(theme: str) -> str:
    fills = _FILLS[theme]
    shades = "".join(f".rice-{level + 1}{{fill:{colour}}}\n" for level, colour in enumerate(fills["rice"]))
    return (_CSS + f".bare{{fill:{fills['bare']}}}\n.mountains{{fill:{fills['mountains']}}}\n"
            f".lowlands{{fill:{fills['lowlands']}}}\n.village{{fill:{fills['village']}}}\n" + shades)


def _hex_id(value: Any) -> str | None:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        q, r = value
        if isinstance(q, int) and isinstance(r, int):
            return f"{q},{r}"
    return None


def touched_hexes(frame: Frame) -> frozenset[str]:
    """The spaces the last action named, as ``"q,r"`` (core's ``frame.mark`` reads strings only; a hex is a pair)."""
    action = frame.last_action or {}
    found: set[str] = set()
    for field in _HEX_FIELDS:
        value = action.get(field)
        single = _hex_id(value)
        if single:
            found.add(single)
        elif isinstance(value, (list, tuple)):
            found.update(h for h in map(_hex_id, value) if h)
    return frozenset(found)


def _by_id(entries: Iterable[Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    return {str(entry["id"]): entry for entry in entries}


# ------------------------------------------------------------------ the map
def _space_look(space: Mapping[str, Any], covered: Mapping[str, Any] | None, villages: Mapping[int, str | None],
                irrigated: set[str]) -> tuple[str, str, int]:
    """The space's fill class, the words its tooltip says of it, and its level (0: bare)."""
    ident = space["id"]
    if ident in irrigated:
        return "irrigation", "irrigation tile", 0
    if not covered or not covered.get("stack"):
        kind = space["kind"]
        fill = kind if kind in ("pond", "mountains", "lowlands") else "bare"
        return fill, ("printed irrigation" if kind == "pond" else kind), 0
    level = len(covered["stack"])
    if villages.get(covered["stack"][-1]) == ident:
        return "village", "village", level
    return f"rice-{min(level, _SHADES)}", "rice", level


def _tile_edges(board: MapLayout, top_tile: Mapping[str, int]) -> Element:
    """One path along every side where two different tiles (or a tile and no tile) meet."""
    strokes = []
    sides = board.sides
    for space, tile in sorted(top_tile.items()):
        for neighbour, before, stroke in sides[space]:
            other = top_tile.get(neighbour)
            if other == tile or (other is not None and before):
                continue
            strokes.append(stroke)
    return path("".join(strokes) or "M0 0", "tile-edges")


@drawn_once
def _space(ident: str, x: float, y: float, fill: str, said: str, level: int, house: bool) -> Markup:
    """One space of the map as it looks (a few looks each, so each is written once)."""
    item = group(classes("space", "covered" if level else None), data_hex=ident, data_hexes=ident, data_to=ident)
    item.add(use("hex", x, y, classes("hex", fill)))
    if fill == "irrigation":
        item.add(use("wave", x, y - 2, "irrigation-wave"))
    if house:
        item.add(use("house", x + 1, y - 1, "house"))
    if level:
        item.add(text(x - 15, y + 4, level, "level-number"))
    item.add(tooltip(f"space {ident} · {said}" + (f" · level {level}" if level else "")))
    return written(item)


_SHAPES = {"hex": polygon(hex_corners(), "hex-shape"),
           "house": polygon([(-6, 1), (0, -5), (6, 1), (6, 6), (-6, 6)], "house-shape"),
           "palace": polygon([(-9, -9), (-5, -9), (-5, -6), (-2, -6), (-2, -9), (2, -9), (2, -6), (5, -6),
                              (5, -9), (9, -9), (9, 8), (-9, 8)], "palace-shape"),
           "wave": path("M-9 0q3 -4 6 0t6 0t6 0M-9 5q3 -4 6 0t6 0t6 0", "wave-shape")}


@drawn_once
def _map_spaces(served: Served) -> tuple[tuple[Mapping[str, Any], float, float, bool, Markup], ...]:
    """Each printed space, where it stands, whether it is central Java, and how it looks bare."""
    board = _layout(served)
    found = []
    for space in served.components["board"]["spaces"]:
        x, y = board.centres[space["id"]]
        fill, said, _ = _space_look(space, None, {}, set())
        found.append((space, x, y, bool(space["central"]), _space(space["id"], x, y, fill, said, 0, False)))
    return tuple(found)


def _map(svg: Svg, frame: Frame, board: MapLayout) -> Element:
    view = frame.view
    for ref, shape in _SHAPES.items():
        svg.define(ref, shape)
    villages = {tile["id"]: _hex_id(tile.get("village")) for tile in view["placed_tiles"]}
    spaces = view["spaces"]
    irrigated = {h for h in map(_hex_id, view["irrigation_tiles"]) if h}
    palaces = {ident: p for p in view["palaces"] if (ident := _hex_id(p["hex"]))}
    palace_names = _by_id(frame.components["palace_tiles"])
    marked = touched_hexes(frame)
    block = group("board", transform=f"translate({GAP},{GAP})")
    block.add(rect(0, 0, board.width, board.height, "sea", rx=10))
    rings = {True: group("central-java"), False: group("outer-ring")}
    top_tile: dict[str, int] = {}
    for space, x, y, central, bare in _map_spaces(frame.served):
        ident = space["id"]
        covered = spaces.get(ident)
        if not (covered and covered.get("stack")) and ident not in irrigated:
            rings[central].add(bare)
            continue
        fill, said, level = _space_look(space, covered, villages, irrigated)
        if level:
            top_tile[ident] = covered["stack"][-1]
        house = fill == "village" and ident not in palaces
        rings[central].add(_space(ident, x, y, fill, said, level, house))
    block.add(rings[False])
    block.add(rings[True])
    block.add(_tile_edges(board, top_tile))
    for ident in sorted(marked & set(board.centres)):
        # drawn over the tile edges and the neighbours, so the whole outline shows
        block.add(use("hex", *board.centres[ident], "hex last"))
    festival_site = _hex_id((view.get("festival") or {}).get("palace"))
    for ident, palace in sorted(palaces.items()):
        block.add(_palace(board, ident, palace, palace_names, ident in marked, ident == festival_site))
    for ident, covered in sorted(spaces.items()):
        seat = covered.get("developer")
        if seat is not None and ident in board.centres:
            block.add(_developer(frame, board, ident, seat, ident in marked))
    return block


def _palace(board: MapLayout, ident: str, palace: Mapping[str, Any],
            names: Mapping[str, Mapping[str, Any]], marked: bool, festival: bool) -> Element:
    x, y = board.centres[ident]
    value = str(palace["values"][-1]) if palace["values"] else "?"
    name = names.get(value, {}).get("name", f"palace {value}")
    item = group(classes("palace", "festival-site" if festival else None), data_palace=ident)
    item.add(use("palace", x + 1, y - 1, classes("palace-tile", None if palace.get("front_up", True) else "used",
                                              "last" if marked else None)))
    item.add(text(x + 1, y + 5, value, "palace-value", text_anchor="middle"))
    held = " · festival" if festival else "" if palace.get("front_up", True) else " · festival held"
    item.add(tooltip(f"{name} on {ident}{held}"))
    return item


def _developer(frame: Frame, board: MapLayout, ident: str, seat: int, marked: bool) -> Element:
    x, y = board.centres[ident]
    item = group("developer-piece", data_from=ident, data_seat=seat)
    item.add(circle(x + 10, y + 8, 6, classes("developer", f"seat-{seat}", "last" if marked else None)))
    item.add(tooltip(f"developer of {frame.seat_label(seat)} on {ident}"))
    return item


# ------------------------------------------------------------------ beside the map
def _seat_lines(frame: Frame) -> list[SeatLine]:
    lines = []
    for seat, player in enumerate(frame.view["players"]):
        tiles = player.get("tiles", {})
        facts = [f"{player['developer_supply']} developers", f"{player['action_tokens']} tokens",
                 f"double {tiles.get('double', 0)}", f"rice {tiles.get('single_rice', 0)}",
                 f"village {tiles.get('single_village', 0)}"]
        if player.get("gfr_done"):
            facts.append("reckoned")
        lines.append(SeatLine(seat, player.get("score"), facts))
    return lines


def _turn_line(frame: Frame) -> str:
    turn = frame.view["turn"]
    said = (f"turn {turn['number']} · {frame.seat_label(turn['active'])} · "
            f"{turn['ap_spent']} of {turn['ap_total']} AP spent")
    return said + (" · token used" if turn.get("token_used") else "")


def _supply_item(x: float, y: float, name: str, count: int, mark: str | None, width: float = 124,
                 **fields: object) -> Element:
    item = group(classes("supply-item", mark), **fields)
    item.add(rect(x, y, width, 26, "supply-box", rx=3))
    item.add(text(x + 6, y + 17, f"{name} × {count}", "card-name"))
    item.add(tooltip(f"{name}: {count}"))
    return item


def _supply(frame: Frame, x: float, y: float) -> Element:
    view = frame.view
    lands = _by_id(frame.components["land_tiles"])
    pieces = _by_id(frame.components["pieces"])
    names = _by_id(frame.components["palace_tiles"])
    supply = view["supply"]
    last_value = str((frame.last_action or {}).get("value", ""))
    block = group("supply", transform=f"translate({x},{y})")
    block.add(text(0, 12, "supply", "section"))
    block.add(_supply_item(0, 20, lands["triple"]["name"], supply["triple"], frame.mark("triple"),
                           data_tile="triple"))
    block.add(_supply_item(132, 20, pieces["irrigation_tile"]["name"], supply["irrigation"], None))
    for index, value in enumerate(sorted(supply["palaces"], key=int)):
        item = _supply_item(index * 108, 52, names[value]["name"], supply["palaces"][value],
                            "last" if value == last_value else None, width=100, data_value=value)
        block.add(item)
    if frame.seat is not None:
        own = view["players"][frame.seat].get("tiles", {})
        block.add(text(0, 101, "your tiles", "label"))
        for index, kind in enumerate(sorted(own)):
            block.add(_supply_item(80 + index * 132, 84, lands[kind]["name"], own[kind],
                                   frame.mark(kind), data_tile=kind))
    return block


def _cards(frame: Frame, x: float, y: float) -> Element:
    cards = frame.view["cards"]
    names = _by_id(frame.components["festival_cards"])
    block = group("festival-cards", transform=f"translate({x},{y})")
    block.add(text(0, 12, "festival cards", "section"))
    deck = group(classes("deck", frame.mark("deck")), data_source="deck")
    deck.add(backs(0, 20, cards["deck_count"], "deck"))
    block.add(deck)
    discard = cards.get("discard") or []
    block.add(backs(110, 20, len(discard), "discard"))
    face_up = cards.get("face_up")
    if face_up:
        shown = hand(frame, 220, 2, [Face(face_up, names[face_up]["name"], face_up)], label="face up")
        for node in shown.children[1:]:
            if isinstance(node, Group):  # the card's group (the label before it is a written text)
                node.attributes["data-source"] = "face_up"
                node.attributes["class"] = classes(node.attributes["class"], frame.mark("face_up"))
        block.add(shown)
    if discard:
        top = discard[-1]
        block.add(text(330, 44, f"discard top: {names[top]['name']}", "detail"))
    return block


def _hands(frame: Frame, x: float, y: float) -> tuple[Element, float]:
    """The viewer's hand face up (each card a ``data-cards`` for a bid or a festival), the others as backs."""
    names = _by_id(frame.components["festival_cards"])
    block = group("hands", transform=f"translate({x},{y})")
    height = 0.0
    if frame.seat is not None:
        own = frame.view["players"][frame.seat].get("hand") or []
        faces = [Face(card, names[card]["name"], card) for card in sorted(own)]
        block.add(hand(frame, 0, 0, faces, per_row=5, label=f"your hand · {len(own)} cards", field="cards"))
        height = 18 + max(1, -(-len(faces) // 5)) * 46
    others = [seat for seat in range(frame.seats) if seat != frame.seat]
    for index, seat in enumerate(others):
        count = frame.view["players"][seat].get("hand_count", 0)
        block.add(backs(index * 136, height + 6, count, f"hand of {frame.seat_label(seat)}"))
    return block, height + 52


def _festival_lines(frame: Frame) -> list[str]:
    view = frame.view
    festival = view.get("festival")
    lines = []
    if festival:
        names = _by_id(frame.components["festival_cards"])
        palace = _hex_id(festival["palace"])
        lines.append(f"festival at palace {palace} · value {festival['value']} · organizer "
                     f"{frame.seat_label(festival['organizer'])} · symbols {', '.join(festival['symbols'])}")
        lines.append(f"stage {festival['stage']} · to act: {frame.seat_label(festival['to_act'])}")
        for bid in festival["bids"]:
            played = ", ".join(names[c]["name"] for c in bid.get("cards", [])) or "none"
            lines.append(f"{frame.seat_label(bid['seat'])} {bid['status']} · total {bid.get('total', 0)} · {played}")
        vote = festival.get("tie_vote")
        if vote:
            lines.append(f"tie proposed by {frame.seat_label(vote['proposer'])} at {vote['total']} · pending "
                         + (", ".join(frame.seat_label(s) for s in vote["pending"]) or "none"))
    final = view.get("final_round")
    if final:
        still = ", ".join(frame.seat_label(s) for s in final["remaining"]) or "none"
        lines.append(f"final round: triggered by {frame.seat_label(final['trigger_player'])} · still to play: {still}")
    return lines


def _last_line(frame: Frame) -> str | None:
    action = frame.last_action
    if not action:
        return None
    said = f"last action: {str(action['type']).replace('_', ' ')} by {frame.seat_label(action['player'])}"
    details = [h for h in (_hex_id(action.get(f)) for f in ("from", "to", "hex", "palace")) if h]
    if action.get("tile"):
        details.insert(0, str(action["tile"]).replace("_", " "))
    if "value" in action:
        details.append(f"value {action['value']}")
    return said + (" · " + " ".join(details) if details else "")


def _texts(x: float, y: float, lines: Sequence[str], cls: str) -> Element:
    block = group(f"{cls}s")
    for index, said in enumerate(lines):
        block.add(text(x, y + index * 16, said, cls))
    return block


@drawn_once
def _layout(served: Served) -> MapLayout:
    return layout(served.components["board"])


def draw(frame: Frame) -> Svg:
    """Java's table as ``frame``'s seat sees it."""
    board = _layout(frame.served)
    left = board.width + GAP
    festival = _festival_lines(frame)
    seats_top = 96
    supply_top = seats_top + 34 * frame.seats + 8
    cards_top = supply_top + 120
    hands_top = cards_top + 72
    width = left + PANEL_WIDTH + GAP
    hands, used = _hands(frame, left, hands_top)
    notes = festival + ([line] if (line := _last_line(frame)) else [])
    height = max(board.height + 2 * GAP, hands_top + used + 16 * len(notes) + GAP)
    svg = canvas(frame, width, height, css=_css(frame.theme),
                 desc=f"Java, {frame.seats} seats: the hex map with {len(frame.view['placed_tiles'])} land tiles, "
                      f"{len(frame.view['palaces'])} palaces and {len(frame.view['irrigation_tiles'])} irrigation "
                      f"tiles; {frame.status.get('phase')}.")
    svg.add(_map(svg, frame, board))
    svg.add(heading(frame, left, 8))
    svg.add(text(left, 84, _turn_line(frame), "turn-line"))
    svg.add(seat_rows(frame, left, seats_top, PANEL_WIDTH, _seat_lines(frame)))
    svg.add(_supply(frame, left, supply_top))
    svg.add(_cards(frame, left, cards_top))
    svg.add(hands)
    svg.add(_texts(left, hands_top + used + 14, notes, "festival-line"))
    return svg
