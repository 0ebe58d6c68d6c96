"""The Mines of Zavandor as its table looks, drawn from one seat's view (``frame``) only.

Top to bottom: the heading and a row per seat (victory points, whose turn); the King's Path
(both routes from the gate to the coronation, the king on his hall); the gem market (the
display rows with their face-up cards and prices, the stacks as backs) beside the carts'
draw and discard piles; the open offers; then a board per player: family track, pack
dragon, mine, set-aside cards, bid, and the hand (the viewer's face up, the others' as backs
per cart). Board elements carry ``data-`` attributes named after the action fields they
fill (``to``, ``row``, ``target``, ``card``, ``offer``, ``partner``, ``from``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulesets.core.drawing import (Element, Face, Frame, Markup, SeatLine, Served, Svg, backs, canvas, circle, classes,
                                   drawn_once, group, hand, heading, line, polygon, rect, seat_rows, text, tooltip, use,
                                   written)

WIDTH = 1100
HALL_W, HALL_H = 64, 34
CARD_W, CARD_H = 150, 44
#: the fixed words the labels write (beside the view's own words and the components' names)
#: (each is also a key of the view or of a served entry it names, so core's word check holds without them)
WORDS = frozenset({"king", "display", "cost", "offers", "offer", "give", "ask", "mine", "level", "set", "aside",
                   "bid", "sealed", "hand", "backs", "draw", "discard", "vp", "trade", "finished", "draft",
                   "partner", "entries", "markers", "pending", "in", "play", "stack"})

CSS = """\
.hall{fill:$empty;stroke:$rule;stroke-width:1}
.hall.king-here{fill:$mark}
.route{stroke:$road;stroke-width:3;fill:none}
.king{fill:$ink}
.market-row{fill:$board;stroke:$rule;stroke-width:1}
.market-row.out{opacity:.45}
.improvement{fill:$card;stroke:$rule;stroke-width:1}
.player-board{fill:$panel;stroke:$rule;stroke-width:1}
.player-board.viewer-mark{stroke:$mark;stroke-width:2}
.gem-sapphire{fill:#2e6fd8}.gem-emerald{fill:#2e9d57}.gem-diamond{fill:#d7dde3;stroke:$rule}.gem-ruby{fill:#c0392b}
.sealed-mark{fill:$back}
.hall.last,.improvement.last,.market-row.last,.card.last{stroke:$mark;stroke-width:3}
.pip{fill:$empty;stroke:$rule;stroke-width:1}.pip-on{fill:$ink}
"""


def _components(frame: Frame) -> dict[str, Mapping[str, Any]]:
    """Every served entry with an id, by id (cards, halls, board items, gems, carts)."""
    return _entries(frame.served)


@drawn_once
def _entries(served: Served) -> dict[str, Mapping[str, Any]]:
    document = served.components
    found: dict[str, Mapping[str, Any]] = {}
    for key in ("gems", "carts", "gem_cards", "board_items", "improvement_cards"):
        found.update({entry["id"]: entry for entry in document.get(key, [])})
    found.update({hall["id"]: hall for hall in document["kings_path"]["halls"]})
    return found


def _name(entries: Mapping[str, Mapping[str, Any]], ident: str) -> str:
    return str(entries.get(ident, {}).get("name", ident))


def _cost(cost: Mapping[str, int] | None) -> str:
    return " ".join(f"{count} {gem}" for gem, count in (cost or {}).items())


def _cards(cards: Mapping[str, int], entries: Mapping[str, Mapping[str, Any]]) -> str:
    return ", ".join(f"{count} {_name(entries, kind)}" for kind, count in cards.items())


# ------------------------------------------------------------------ the King's Path
@drawn_once
def _hall_places(served: Served) -> dict[str, tuple[float, float]]:
    """Where each hall stands: the gate left, the coronation right, each route on its own line."""
    path = served.components["kings_path"]
    routes: dict[str, list[str]] = {}
    for hall in path["halls"]:
        routes.setdefault(hall["route"], []).append(hall["id"])
    middle, span = 48, WIDTH - 32 - 2 * HALL_W
    places: dict[str, tuple[float, float]] = {path["start"]: (0.0, middle),
                                              path["coronation"]: (float(span + HALL_W), middle)}
    for line_y, route in ((0, "upper"), (2 * middle, "lower")):
        halls = routes.get(route, [])
        for index, hall in enumerate(halls):
            places[hall] = (HALL_W + (index + 0.5) * span / len(halls) - HALL_W / 2, float(line_y))
    return places


def kings_path(svg: Svg, frame: Frame, entries: Mapping[str, Mapping[str, Any]], x: float, y: float) -> Element:
    """Every hall as a box with the king's cost; the king on his hall, the routes between them.

    A hall's name and id are written only where the view names it (the king's hall): the
    picture check allows no word the view does not account for.
    """
    block = group("kings-path", transform=f"translate({x},{y})")
    block.add(text(0, -6, "king", "label"))
    king = frame.view["king"]
    svg.define("moz-hall", rect(0, 0, HALL_W, HALL_H, "hall-shape", rx=6))
    block.add(_routes(frame.served))
    for hall in frame.components["kings_path"]["halls"]:
        block.add(_hall(frame.served, hall["id"], hall["id"] == king, frame.mark(hall["id"])))
    return block


@drawn_once
def _routes(served: Served) -> Markup:
    """The routes between the halls: the same in every picture."""
    places = _hall_places(served)
    routes = []
    for hall in served.components["kings_path"]["halls"]:
        x1, y1 = places[hall["id"]]
        for target in hall["to"]:
            x2, y2 = places[target]
            routes.append(line(x1 + HALL_W / 2, y1 + HALL_H / 2, x2 + HALL_W / 2, y2 + HALL_H / 2, "route"))
    return Markup("".join(routes))


@drawn_once
def _hall(served: Served, ident: str, here: bool, marked: str | None) -> Markup:
    hall = _entries(served)[ident]
    left, top = _hall_places(served)[ident]
    item = group(classes("hall-space", "king-here" if here else None), data_to=ident if here else None)
    item.add(use("moz-hall", left, top, classes("hall", "king-here" if here else None, marked)))
    for row, (gem, count) in enumerate(hall["king_cost"].items()):
        item.add(text(left + 5, top + 13 + row * 12, f"{count} {gem}", "small"))
    if here:
        crown = [(40, 30), (44, 20), (50, 26), (56, 20), (60, 30)]
        item.add(polygon([(left + dx, top + dy) for dx, dy in crown], "king"))
        item.add(text(left, top + HALL_H + 14, hall["name"], "detail"))
        item.add(tooltip(f"king: {hall['name']}"))
    return written(item)


# ------------------------------------------------------------------ the gem market and the supply
def _pips(level: int, top: int, right: float, y: float) -> Element:
    """An item's level track as pips, right to left: filled up to its level (the top level is a number
    the view does not say, so it is drawn, not written)."""
    track = group("level-track")
    for step in range(1, top + 1):
        track.add(circle(right - (top - step) * 8, y, 3, classes("pip", "pip-on" if step <= level else None)))
    return track


def _improvement(frame: Frame, entries: Mapping[str, Mapping[str, Any]], card: str, x: float, y: float,
                 level: int | None = None) -> Element:
    """A face-up improvement card: its name, and its price (the next level's cost)."""
    return _improvement_at(frame.served, card, x, y, level, frame.mark(card))


@drawn_once
def _improvement_at(served: Served, card: str, x: float, y: float, level: int | None, marked: str | None) -> Markup:
    entries = _entries(served)
    entry = entries.get(card, {})
    levels = entry.get("levels", [])
    at = entry.get("start_level", 0) if level is None else level
    after = next((item for item in levels if item["level"] == at + 1), None)
    item = group("improvement-card", data_card=card, data_target=card)
    item.add(rect(x, y, CARD_W, CARD_H, classes("improvement", marked), rx=4))
    item.add(text(x + 5, y + 15, _name(entries, card), "card-name"))
    if level is not None:
        item.add(_pips(level, entry.get("top_level", level), x + CARD_W - 8, y + CARD_H + 5))
    item.add(text(x + 5, y + 33, f"cost {_cost(after['cost'])}" if after else "vp", "detail"))
    item.add(tooltip(_name(entries, card)))
    return written(item)


def market(svg: Svg, frame: Frame, entries: Mapping[str, Mapping[str, Any]], x: float, y: float) -> Element:
    """The display, a row per gem: left (top of stack), middle, right cards face up, the rest as backs."""
    block = group("market", transform=f"translate({x},{y})")
    block.add(text(0, -6, "display", "label"))
    for index, row in enumerate(frame.view["display"]):
        top, gem = index * (CARD_H + 8), row["gem"]
        item = group(classes("display-row", frame.mark(gem)), data_row=gem)
        out = None if row["in_play"] else "out"
        item.add(rect(0, top, 640, CARD_H + 4, classes("market-row", out, frame.mark(gem))))
        item.add(circle(14, top + 14, 7, f"gem-{gem}"))
        item.add(text(26, top + 18, _name(entries, gem), "label"))
        if row["in_play"]:
            item.add(text(6, top + 38, "in play", "small"))
        faces = [row["stack"][0]] if row["stack"] else []
        faces += [card for card in (row["middle"], row["right"]) if card]
        for slot, card in enumerate(faces):
            item.add(_improvement(frame, entries, card, 90 + slot * (CARD_W + 6), top + 2))
        if len(row["stack"]) > 1:  # the whole stack's size, its top card (face up, left) included
            item.add(backs(560, top + 2, len(row["stack"]), "stack"))
        block.add(item)
    return block


def supply(frame: Frame, entries: Mapping[str, Mapping[str, Any]], x: float, y: float) -> Element:
    """Each cart's draw pile as backs with its size, and its face-up discard pile by gem."""
    block = group("supply", transform=f"translate({x},{y})")
    for index, pile in enumerate(frame.view["supply"]):
        top, cart = index * (CARD_H + 8), pile["cart"]
        item = group(classes("pile", frame.mark(cart)), data_from=cart)
        item.add(backs(0, top + 2, pile["draw_count"], "draw"))
        item.add(text(90, top + 16, _name(entries, cart), "label"))
        shown = ", ".join(f"{count} {entries[kind]['gem']}" for kind, count in pile["discard"].items()
                          if kind in entries)
        item.add(text(90, top + 34, f"discard: {shown}" if shown else "discard: 0", "detail"))
        block.add(item)
    return block


def offers(frame: Frame, entries: Mapping[str, Mapping[str, Any]], x: float, y: float) -> Element:
    """The open offers (public, MOZ-4.3): who offers whom what for what."""
    block = group("offers", transform=f"translate({x},{y})")
    block.add(text(0, 12, f"offers: {len(frame.view['offers'])}", "label"))
    for index, offer in enumerate(frame.view["offers"]):
        item = group(classes("offer", frame.mark(offer["id"])), data_offer=offer["id"])
        words = (f"offer {offer['id']}: {frame.seat_label(offer['proposer'])} give {_cards(offer['give'], entries)}"
                 f" · ask {_cost(offer['ask'])} of {frame.seat_label(offer['partner'])}")
        item.add(text(0, 30 + index * 16, words, "detail"))
        block.add(item)
    return block


# ------------------------------------------------------------------ the players' boards
def _item(frame: Frame, entries: Mapping[str, Mapping[str, Any]], target: str, level: int, x: float,
          y: float) -> Element:
    return _item_at(frame.served, target, level, x, y, frame.mark(target))


@drawn_once
def _item_at(served: Served, target: str, level: int, x: float, y: float, marked: str | None) -> Markup:
    entry = _entries(served)[target]
    item = group("board-item", data_target=target)
    item.add(rect(x, y, 130, 30, classes("card", marked), rx=4))
    item.add(text(x + 5, y + 13, entry["name"], "small"))
    item.add(text(x + 5, y + 26, f"level {level}", "detail"))
    item.add(_pips(level, entry["top_level"], x + 122, y + 22))
    item.add(tooltip(entry["name"]))
    return written(item)


def _hand(frame: Frame, seat: int, player: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]], x: float,
          y: float) -> Element:
    """The viewer's own hand face up (by kind); another seat's as backs per cart."""
    if "hand" in player:
        faces = [Face(kind, _name(entries, entries[kind]["gem"]), f"{entries[kind]['cart']} × {count}")
                 for kind, count in player["hand"].items() if kind in entries]
        return hand(frame, x, y, faces, per_row=9)
    block = group("hand-backs", transform=f"translate({x},{y})", data_partner=seat)
    block.add(text(0, 12, "hand backs" if player["hand_backs"] else "hand: 0", "label"))
    for index, (cart, count) in enumerate(player["hand_backs"].items()):
        block.add(backs(index * 150, 18, count, _name(entries, cart)))
    return block


def player_board(frame: Frame, seat: int, entries: Mapping[str, Mapping[str, Any]], x: float, y: float) -> Element:
    player = frame.view["players"][seat]
    board = group(classes("player", "viewer" if seat == frame.seat else None), transform=f"translate({x},{y})",
                  data_seat=seat)
    board.add(rect(0, 0, WIDTH - 32, 168, classes("player-board", "viewer-mark" if seat == frame.seat else None)))
    board.add(circle(14, 14, 7, f"seat-token seat-{seat}"))
    facts = [f"vp {player['vp']}"]
    if player["markers_pending"]:
        facts.append(f"markers pending {player['markers_pending']}")
    if player["trade_finished"]:
        facts.append("trade finished")
    board.add(text(28, 19, f"{frame.seat_label(seat)} · " + " · ".join(facts), "seat-name"))
    board.add(_item(frame, entries, "family", player["family"], 8, 28))
    board.add(_item(frame, entries, "pack_dragon", player["pack_dragon"], 8, 62))
    board.add(text(150, 40, f"mine: {len(player['mine'])}", "label"))
    for index, card in enumerate(player["mine"]):
        board.add(_improvement(frame, entries, card["card"], 150 + (index % 6) * (CARD_W + 6), 46, card["level"]))
    board.add(_bid(player, entries, 8, 112))
    board.add(_hand(frame, seat, player, entries, 300, 96))
    return board


def _bid(player: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]], x: float, y: float) -> Element:
    """The bid: its cards where the view shows them (the bidder's own, or all after the reveal), else "sealed"."""
    block = group("bid", transform=f"translate({x},{y})")
    if player.get("bid"):
        block.add(text(0, 12, f"bid: {_cards(player['bid'], entries)}", "detail"))
    elif player["sealed"]:
        block.add(rect(0, 2, 14, 14, "sealed-mark", rx=2))
        block.add(text(20, 14, "bid sealed", "detail"))
    if player.get("set_aside"):
        block.add(text(0, 30, f"set aside: {_cards(player['set_aside'], entries)}", "detail"))
    if player.get("draft") is not None:
        draft = player["draft"]
        block.add(text(0, 48, f"draft · partner {draft['partner']} · entries {len(draft['entries'])}", "detail"))
    return block


def draw(frame: Frame) -> Svg:
    entries = _components(frame)
    seats = frame.seats
    path_top = 90 + 34 * seats
    market_top = path_top + 150
    offers_top = market_top + 4 * (CARD_H + 8) + 8
    boards_top = offers_top + 30 + 16 * len(frame.view["offers"])
    height = boards_top + seats * 176
    svg = canvas(frame, WIDTH, height, css=CSS, desc=f"{frame.title}, {seats} seats; round {frame.view['round']}, "
                 f"{frame.view['step']}: king, display, supply, mines.")
    svg.add(heading(frame, 16, 8))
    lines = [SeatLine(seat, player["vp"]) for seat, player in enumerate(frame.view["players"])]
    svg.add(seat_rows(frame, 16, 80, WIDTH - 32, lines))
    svg.add(kings_path(svg, frame, entries, 16, path_top + 16))
    svg.add(market(svg, frame, entries, 16, market_top))
    svg.add(supply(frame, entries, 680, market_top))
    svg.add(offers(frame, entries, 16, offers_top))
    for seat in range(seats):
        svg.add(player_board(frame, seat, entries, 16, boards_top + seat * 176))
    return svg
