"""The Golden City's picture of one seat's view: the island as the table shows it.

Drawn from the frame alone (the seat's view, the status, the served components): the
island's four quadrants with their harbours, villages and the golden city's districts,
the roads and rivers, every trading post in its seat's colour (black posts in black,
edged with their owner's colour), the auction's pairs and markers, the goods display,
the key supply, the bonus cards on offer, the scoring card, the decks as backs with
their counts, the viewer's hand face up (one stack per landscape type: copies of a type
are interchangeable) and the other hands as backs. Elements a click can fill an action's
field with carry that field as a ``data-`` attribute: ``data-space`` (build), ``data-pair``
(bid), ``data-goods-pick``, ``data-bonus-pick`` (build), ``data-payment`` and
``data-cards`` (a landscape type paid in a build or discarded).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rulesets.core import to_builtins
from rulesets.core.drawing import (Element, Frame, Group, Markup, SeatLine, Served, Svg, backs, canvas, circle, classes,
                                   drawn_once, group, heading, line, path, polygon, polyline, rect, seat_rows, text,
                                   tooltip, use, written, written_open)

from .layout import (CENTRE, CITY_EDGE, COAST, INNER_EDGE, QUADRANT_ANGLE, SEA, SECTOR, Place, board_words, layout,
                     point, river_points, sector_path)
from .served_components import document

WIDTH, HEIGHT = 1100, 950
PANEL_X = 740
POST_SPACING = 14

#: the fixed words the picture's labels and tooltips write (beside the view's own and the kit's), and the
#: board's printed names and values: every space is on the table whatever the view holds.
WORDS = board_words(document()) | frozenset({
    "board", "auction",
    "pairs", "last", "price", "goods", "display", "deck", "key", "keys", "supply", "bank", "coins",
    "bonus", "cards", "card", "scoring", "removed", "landscape", "discard", "top",
    "posts", "left", "black", "builds", "this", "turn", "rank", "vp", "cost", "later", "first",
    "second", "harbour", "village", "outer", "inner", "district", "plus", "coast", "mountains", "forest",
    "meadow", "desert", "held", "marker", "empty", "bid", "public", "rewards", "round", "total",
})

#: every space of the served board: on the table whatever the view holds (the view lists occupied ones only).
TABLE_IDS = frozenset(space["id"] for space in to_builtins(document())["board"]["spaces"])

#: what a space's reward gives, as its short label and its tooltip words.
_REWARDS = {"coins": "coins", "landscape_card": "card", "key_card": "key", "bonus_card": "bonus",
            "goods_card": "goods", "vp": "VP"}

_LANDSCAPE_FILLS = {
    "light": {"coast": "#eedc9a", "mountains": "#c2ab8c", "forest": "#86b56f", "meadow": "#bcdc8c",
              "desert": "#e9c46a"},
    "dark": {"coast": "#8f7f48", "mountains": "#6e5d47", "forest": "#3f6b34", "meadow": "#5e7d3c",
             "desert": "#8c6f2a"},
}

_CSS = """\
.sea{fill:$water}
.island-edge{fill:none;stroke:$rule;stroke-width:2}
.city-wall{fill:none;stroke:#b8860b;stroke-width:3}
.river{fill:none;stroke:$water;stroke-width:7;stroke-linecap:round;stroke-linejoin:round}
.road{stroke:$road;stroke-width:3;stroke-dasharray:6 3}
.space-shape{stroke:$ink;stroke-width:1.2}
.district-shape{stroke:#b8860b;stroke-width:1.5}
.space-shape.last,.district-shape.last{stroke:$mark;stroke-width:4}
.reward{font-size:9px;fill:$ink;text-anchor:middle}
.district-reward{font-size:10px;font-weight:bold;fill:$ink;text-anchor:middle}
.post-shape{stroke:$ink;stroke-width:1}
.post.black-post{fill:#111111;stroke-width:2.5}
.chip{stroke:$rule;stroke-width:1}
.good{stroke:$ink;stroke-width:1}
.good-0{fill:#d35400}
.good-1{fill:#8e44ad}
.good-2{fill:#16a085}
.good-3{fill:#f1c40f}
.marker{stroke:$ink;stroke-width:1.5}
.pair.last .card{stroke:$mark;stroke-width:3}
.panel-title{font-size:13px;font-weight:bold;fill:$ink}
.centre-label{font-size:11px;fill:$ink;text-anchor:middle;font-weight:bold}
"""


def _landscape_css(theme: str) -> str:
    return "".join(f".land-{kind}{{fill:{colour}}}\n" for kind, colour in _LANDSCAPE_FILLS[theme].items())


# ------------------------------------------------------------------ names from the components
def _by_id(entries: Sequence[Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    return {str(entry["id"]): entry for entry in entries}


@drawn_once
def _index(served: Served, kind: str) -> dict[str, Mapping[str, Any]]:
    """The served entries of ``kind`` by id (looked up by every picture, built once)."""
    return _by_id(served.components[kind])


def _name(entries: Mapping[str, Mapping[str, Any]], ident: str) -> str:
    entry = entries.get(ident)
    return str(entry["name"]) if entry else ident


def _cost(space: Mapping[str, Any], landscapes: Mapping[str, Mapping[str, Any]]) -> str:
    cost = space["cost"]
    words = f"{cost['cards']} {_name(landscapes, cost['landscape'])}"
    return words + (" plus key" if cost.get("key") else "")


def _reward(space: Mapping[str, Any]) -> tuple[str, str]:
    """The reward's short label (on the space) and its words (in the tooltip)."""
    reward = space["reward"]
    if reward["type"] == "district_vp":
        label = f"{reward['first']}/{reward['second']}"
        return label, f"VP first {reward['first']}, second {reward['second']}, later {reward['later']}"
    amount = reward.get("amount") or 1
    short = _REWARDS[reward["type"]]
    label = f"{amount} {short}" if reward["type"] in ("coins", "vp") or amount > 1 else short
    return label, label


# ------------------------------------------------------------------ the island
@drawn_once
def _island(served: Served) -> Markup:
    """The sea, the quadrants and their names, the coast and the rivers: the same in every picture."""
    components = served.components
    board = group("island")
    board.add(rect(CENTRE[0] - SEA, CENTRE[1] - SEA, 2 * SEA, 2 * SEA, "sea", rx=24))
    landscapes = _by_id(components["landscapes"])
    quadrant_land = {s["quadrant"]: s["landscape"] for s in components["board"]["spaces"]}
    for quadrant, middle in QUADRANT_ANGLE.items():
        land = quadrant_land.get(quadrant)
        if land is None:
            continue
        area = group("quadrant")
        area.add(path(sector_path(CITY_EDGE, COAST, middle - SECTOR / 2, middle + SECTOR / 2),
                      f"quadrant-land land-{land}"))
        # on the coast between the two middle harbours, where no space stands
        x, y = point(COAST - (14 if quadrant in "NS" else 28), middle)
        area.add(text(x, y + 4, _name(landscapes, land), "centre-label"))
        board.add(area)
    board.add(circle(CENTRE[0], CENTRE[1], COAST, "island-edge"))
    for border in (-135.0, -45.0, 45.0, 135.0):
        board.add(polyline(river_points(border), "river"))
    return written(board)


@drawn_once
def _places(served: Served) -> Mapping[str, Place]:
    return layout(served.components["board"]["spaces"])


@drawn_once
def _roads(served: Served) -> Markup:
    places = _places(served)
    roads = group("roads")
    for a, b in served.components["board"]["roads"]:
        if a in places and b in places:
            roads.add(line(places[a].x, places[a].y, places[b].x, places[b].y, "road"))
    return written(roads)


@drawn_once
def _space_print(served: Served, ident: str, last: bool) -> tuple[Markup, Markup]:
    """A space's start tag, shape, label and tooltip (written once per space and mark), and its end tag:
    its posts go between."""
    space = next(entry for entry in served.components["board"]["spaces"] if entry["id"] == ident)
    return written_open(_space(space, _places(served)[ident], _by_id(served.components["landscapes"]),
                               "last" if last else None))


def _space(space: Mapping[str, Any], place: Place, landscapes: Mapping[str, Mapping[str, Any]],
           last: str | None) -> Group:
    kind = space["kind"]
    item = group(classes("space", kind.replace("_", "-")), data_space=space["id"])
    label, reward_words = _reward(space)
    land = space["cost"]["landscape"]
    if place.wedge is not None:
        item.add(path(sector_path(*place.wedge), classes("district-shape", f"land-{land}", last)))
        lx, ly = point(place.wedge[1] - 12, place.angle)
        item.add(text(lx, ly + 4, label, "district-reward"))
    elif kind == "harbour":
        item.add(rect(place.x - 20, place.y - 12, 40, 24, classes("space-shape", f"land-{land}", last), rx=5))
        item.add(text(place.x, place.y + 21 if place.y > CENTRE[1] else place.y - 15, label, "reward"))
    else:
        item.add(circle(place.x, place.y, 22, classes("space-shape", f"land-{land}", last)))
        item.add(text(place.x, place.y + 33, label, "reward"))
    item.add(tooltip(f"{space['name']}: cost {_cost(space, landscapes)} → {reward_words}"))
    return item


def _drawn_space(frame: Frame, ident: str, posts: Sequence[Sequence[Any]]) -> Markup:
    """A space as the view has it: its print, and the trading posts on it."""
    start, end = _space_print(frame.served, ident, bool(frame.mark(ident)))
    if not posts:
        return Markup(start + end)
    return Markup(start + _posts(frame.served, ident, tuple((int(p[0]), bool(p[1]), p[2]) for p in posts)) + end)


@drawn_once
def _posts(served: Served, ident: str, posts: tuple[tuple[int, bool, Any], ...]) -> Markup:
    place = _places(served)[ident]
    ordered = sorted(posts, key=lambda p: p[2])
    return Markup("".join([_post(place, index, len(posts), post) for index, post in enumerate(ordered)]))


def _post(place: Place, index: int, count: int, post: Sequence[Any]) -> Markup:
    """A trading post in its owner's colour; in a district, the posts stand in their order of arrival."""
    seat, black = int(post[0]), bool(post[1])
    per_row = 3
    row, column = divmod(index, per_row)
    in_row = min(per_row, count - row * per_row)
    x = place.x + (column - (in_row - 1) / 2) * POST_SPACING
    y = place.y + (row - (count - 1) // per_row / 2) * POST_SPACING
    cls = classes("post", f"seat-{seat}-line black-post" if black else f"seat-{seat}")
    return use("post", x, y, cls)


_CITY_WALLS = Markup(circle(CENTRE[0], CENTRE[1], CITY_EDGE, "city-wall") + circle(CENTRE[0], CENTRE[1], INNER_EDGE,
                                                                                    "city-wall"))


def _board(frame: Frame, svg: Svg) -> Element:
    svg.define("post", polygon([(-6, 6), (6, 6), (6, -1), (0, -7), (-6, -1)], "post-shape"))
    occupied: Mapping[str, Sequence[Sequence[Any]]] = frame.view.get("board") or {}
    touched = frame.touched
    board = group("board")
    board.add(_island(frame.served))
    board.add(_roads(frame.served))
    districts, others = _board_spaces(frame.served)
    city = group("city")
    for ident, empty in districts:
        posts = occupied.get(ident)
        city.add(empty if not posts and ident not in touched else _drawn_space(frame, ident, posts or []))
    city.add(_CITY_WALLS)
    board.add(city)
    for ident, empty in others:
        posts = occupied.get(ident)
        board.add(empty if not posts and ident not in touched else _drawn_space(frame, ident, posts or []))
    return board


@drawn_once
def _board_spaces(served: Served) -> tuple[tuple[tuple[str, Markup], ...], tuple[tuple[str, Markup], ...]]:
    """The districts and the other spaces, each in the served order: a space's id, and the space as it is
    drawn with nothing on it and no mark (most spaces, in most pictures)."""
    spaces = served.components["board"]["spaces"]

    def empty(wanted: bool) -> tuple[tuple[str, Markup], ...]:
        return tuple((space["id"], Markup("".join(_space_print(served, space["id"], False)))) for space in spaces
                     if (space["kind"] in ("outer_district", "inner_district")) == wanted)

    return empty(True), empty(False)


# ------------------------------------------------------------------ the cards beside the island
def _landscape_card(x: float, y: float, kind: str, name: str, cls: str = "card") -> list[Element]:
    return [rect(x, y, 70, 34, cls, rx=4), rect(x + 4, y + 4, 10, 26, f"chip land-{kind}", rx=2),
            text(x + 18, y + 21, name, "card-name")]


def _auction(frame: Frame, x: float, y: float) -> tuple[Element, float]:
    auction = frame.view.get("auction")
    block = group("auction", transform=f"translate({x},{y})")
    if not auction:
        turn = frame.view.get("build")
        if turn:
            block.add(text(0, 14, f"builds this turn: {turn['builds']}", "label"))
            return block, 26
        return block, 0
    cards = _index(frame.served, "landscape_cards")
    last = frame.last_action or {}
    block.add(text(0, 14, f"pairs · last price {auction['last_price']}", "panel-title"))
    for index, pair in enumerate(auction["pairs"]):
        left = index * 80
        marked = "last" if last.get("type") == "bid" and last.get("pair") == index else None
        item = group(classes("pair", marked), data_pair=index)
        item.add(rect(left, 22, 76, 96, classes("card", marked), rx=4))
        for row, kind in enumerate(pair):
            item.add(rect(left + 6, 30 + row * 24, 64, 20, f"chip land-{kind}", rx=3))
            item.add(text(left + 10, 44 + row * 24, _name(cards, kind).split(" ")[0], "small"))
        holder = auction["markers"][index]
        if holder is not None:
            item.add(circle(left + 38, 100, 9, f"marker seat-{holder}"))
        item.add(tooltip(" and ".join(_name(cards, kind) for kind in pair)
                         + ("" if holder is None else f"; marker {frame.seat_label(holder)}")))
        block.add(item)
    return block, 128


def _goods_card(frame: Frame, x: float, y: float, ident: str, pick: bool) -> Element:
    """A goods card face up (``pick``: one of the display's, which a build may pick: ``data-goods-pick``)."""
    return _goods_card_at(frame.served, x, y, ident, pick, frame.mark(ident))


@drawn_once
def _goods_card_at(served: Served, x: float, y: float, ident: str, pick: bool, marked: str | None) -> Markup:
    card = group("goods-card", data_goods_pick=ident if pick else None)
    card.add(rect(x, y, 70, 34, classes("card", marked), rx=4))
    card.add(text(x + 6, y + 21, ident, "card-name"))
    entry = _index(served, "goods_cards").get(ident)
    if entry:
        kinds = [str(g["id"]) for g in served.components["goods"]]
        for index, good in enumerate(entry["goods"]):
            shade = kinds.index(good) if good in kinds else 0
            card.add(circle(x + 44 + index * 14, y + 17, 6, f"good good-{shade}"))
        card.add(tooltip(entry["name"]))
    return written(card)


def _market(frame: Frame, x: float, y: float) -> tuple[Element, float]:
    """The goods display and deck, the key supply and the bank, the bonus cards (deck, or display)."""
    view = frame.view
    bonus = _index(frame.served, "bonus_cards")
    block = group("market", transform=f"translate({x},{y})")
    block.add(text(0, 14, "goods display", "panel-title"))
    for index, ident in enumerate(view.get("goods_display") or []):
        block.add(_goods_card(frame, index * 76, 22, ident, True))
    block.add(backs(232, 20, view.get("goods_deck_count", 0), "goods deck"))
    block.add(text(0, 80, f"key supply: {view.get('key_supply', 0)} · bank coins: {view.get('bank_coins', 0)}",
                   "label"))
    top = 92
    shown = view.get("bonus_display") or []
    if shown:
        block.add(text(0, top + 14, "bonus display", "panel-title"))
        for index, ident in enumerate(shown):
            card = group("bonus-card", data_bonus_pick=ident)
            left, row = (index % 4) * 60, top + 22 + (index // 4) * 40
            card.add(rect(left, row, 56, 34, classes("card", frame.mark(ident)), rx=4))
            card.add(text(left + 6, row + 21, ident, "card-name"))
            card.add(tooltip(_name(bonus, ident)))
            block.add(card)
        top += 22 + 40 * ((len(shown) + 3) // 4)
    block.add(backs(0, top + 4, view.get("bonus_deck_count", 0), "bonus deck"))
    block.add(backs(110, top + 4, len(view.get("landscape_discard") or []), "discard"))
    discard = view.get("landscape_discard") or []
    if discard:
        cards = _index(frame.served, "landscape_cards")
        pile = group(classes("discard-top", "last" if (frame.last_action or {}).get("type") == "discard" else None))
        pile.add(rect(110, top + 4, 30, 40, f"chip land-{discard[-1]}", rx=4))
        pile.add(tooltip(f"top: {_name(cards, discard[-1])}"))
        block.add(pile)
    block.add(backs(216, top + 4, view.get("landscape_deck_count", 0), "landscape deck"))
    return block, top + 52


def _wrapped(words: str, width: int) -> list[str]:
    lines, current = [], ""
    for word in words.split(" "):
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return [*lines, current] if current else lines


def _scoring(frame: Frame, x: float, y: float) -> tuple[Element, float]:
    view = frame.view
    block = group("scoring", transform=f"translate({x},{y})")
    block.add(text(0, 14, "scoring card", "panel-title"))
    ident = view.get("scoring_card")
    if ident:
        entry = _index(frame.served, "scoring_cards").get(ident)
        card = group("scoring-card")
        lines = _wrapped(str(entry["name"]) if entry else ident, 32)
        card.add(rect(0, 20, 222, 14 + 14 * len(lines), classes("card", frame.mark(ident)), rx=4))
        for row, words in enumerate(lines):
            card.add(text(8, 36 + 14 * row, words, "card-name"))
        card.add(tooltip(f"{ident}: {entry['name']}" if entry else ident))
        block.add(card)
        bottom = 34 + 14 * len(lines)
    else:
        bottom = 60
    block.add(backs(230, 20, view.get("scoring_deck_count", 0), "scoring deck"))
    block.add(text(0, bottom + 14, f"scoring cards removed: {len(view.get('scoring_removed') or [])}", "small"))
    return block, bottom + 20


def _own_cards(frame: Frame, x: float, y: float) -> tuple[Element, float]:
    """The viewer's hand face up, one stack per landscape type, and its goods and bonus cards."""
    block = group("own-cards", transform=f"translate({x},{y})")
    if frame.seat is None:
        return block, 0
    me = frame.view["players"][frame.seat]
    cards = _index(frame.served, "landscape_cards")
    block.add(text(0, 14, "hand", "panel-title"))
    for index, (kind, count) in enumerate(sorted(Counter(me.get("hand") or []).items(),
                                                 key=lambda item: [c["id"] for c in cards.values()].index(item[0])
                                                 if item[0] in cards else 99)):
        left, top = (index % 4) * 78, 22 + (index // 4) * 40
        stack = group("hand-stack", data_payment=kind, data_cards=kind)
        stack.extend(_landscape_card(left, top, kind, f"{_name(cards, kind).split(' ')[0]} ×{count}"))
        stack.add(tooltip(f"{_name(cards, kind)}: {count}"))
        block.add(stack)
    if not me.get("hand"):
        block.add(text(0, 40, "empty", "small"))
    rows = (len(set(me.get("hand") or [])) + 3) // 4
    top = 26 + 40 * max(rows, 1)
    bonus = _index(frame.served, "bonus_cards")
    held = me.get("goods") or []
    if held:
        block.add(text(0, top + 12, "goods held", "label"))
        for index, ident in enumerate(held):
            block.add(_goods_card(frame, (index % 4) * 76, top + 18 + (index // 4) * 40, ident, False))
        top += 22 + 40 * ((len(held) + 3) // 4)
    mine = me.get("bonus") or []
    if mine:
        block.add(text(0, top + 12, "bonus cards", "label"))
        for index, ident in enumerate(mine):
            lines = _wrapped(_name(bonus, ident), 22)
            row = top + 18 + index * 34
            card = group("bonus-card")
            card.add(rect(0, row, 200, 30, "card", rx=4))
            card.add(text(6, row + 19, " ".join(lines), "detail"))
            card.add(tooltip(_name(bonus, ident)))
            block.add(card)
        top += 22 + 34 * len(mine)
    return block, top


def _other_hands(frame: Frame, x: float, y: float) -> tuple[Element, float]:
    """The hands and bonus cards the viewer cannot see, as backs with their counts."""
    block = group("other-hands", transform=f"translate({x},{y})")
    row = 0
    for seat, player in enumerate(frame.view["players"]):
        if seat == frame.seat:
            continue
        top = row * 48
        block.add(circle(8, top + 20, 7, f"seat-token seat-{seat}"))
        block.add(backs(22, top, player.get("hand_count", 0), f"{frame.seat_label(seat)} hand"))
        if "bonus_count" in player:
            block.add(backs(172, top, player["bonus_count"], "bonus cards"))
        elif player.get("bonus"):
            # face up: at final scoring (GC-10.3), or all game under the public-choice reading (D-7)
            names = _index(frame.served, "bonus_cards")
            shown = group("bonus-cards")
            shown.add(text(172, top + 14, "bonus cards", "small"))
            shown.add(text(172, top + 30, " ".join(player["bonus"]), "card-name"))
            shown.add(tooltip("; ".join(_name(names, ident) for ident in player["bonus"])))
            block.add(shown)
        row += 1
    return block, row * 48


# ------------------------------------------------------------------ the seats
def _seat_lines(frame: Frame) -> list[SeatLine]:
    results = {int(r["player"]): r for r in frame.view.get("result") or []}
    lines = []
    for seat, player in enumerate(frame.view["players"]):
        facts = [f"coins {player.get('coins', 0)}", f"keys {player.get('keys', 0)}",
                 f"posts left {player.get('posts_left', 0)}"]
        if player.get("black_left"):
            facts.append(f"black posts left {player['black_left']}")
        facts.append(f"goods cards {len(player.get('goods') or [])}")
        if seat in results:
            facts.append(f"rank {results[seat]['rank']} · bonus {results[seat]['bonus_vp']} VP")
        lines.append(SeatLine(seat, player.get("vp"), facts))
    return lines


def draw(frame: Frame) -> Svg:
    """The seat's picture: the heading and the seats above, the island left, the cards right."""
    top: float = 76 + 34 * frame.seats + 14
    panels: list[Element] = []
    for part in (_scoring, _auction, _market, _own_cards, _other_hands):
        block, height = part(frame, PANEL_X, top)
        panels.append(block)
        top += height + (10 if height else 0)
    svg = canvas(frame, WIDTH, max(HEIGHT, top), css=_CSS + _landscape_css(frame.theme),
                 desc=(f"{frame.title}, {frame.seats} seats, round {frame.status.get('round')}: board, auction, "
                       f"goods display, key supply, scoring card, landscape deck, discard, hand"))
    svg.add(heading(frame, 16, 8))
    svg.add(seat_rows(frame, 16, 76, WIDTH - 32, _seat_lines(frame)))
    svg.add(_board(frame, svg))
    for block in panels:
        svg.add(block)
    return svg
