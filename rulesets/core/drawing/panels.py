"""What every game's picture shows the same way: the heading, the seats, a hand, the backs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .frame import Frame
from .once import drawn_once
from .svg import Group, Markup, circle, group, rect, text, tooltip, written, written_open

CARD_WIDTH, CARD_HEIGHT = 92, 40
#: The words the kit's panels write; a picture's test allows them beside the view's own.
WORDS = frozenset({"round", "to", "act", "seen", "by", "spectator", "seat", "game", "over", "won", "no", "winner",
                   "nobody", "points", "view", "of", "hand", "seats", "s"})
SEAT_ROW = 34


def classes(*names: str | None) -> str:
    """A class attribute from the names given (None left out)."""
    return " ".join([name for name in names if name])


def heading(frame: Frame, x: float, y: float) -> Group:
    """The game, the phase and round, who is to act, and whose view this is."""
    status = frame.status
    active = status.get("active_players") or []
    if status.get("game_over"):
        winners = status.get("winners") or []
        doing = "game over: " + (", ".join(frame.seat_label(s) for s in winners) + " won" if winners else "no winner")
    else:
        doing = "to act: " + (", ".join(frame.seat_label(s) for s in active) or "nobody")
    seen = "spectator" if frame.seat is None else frame.seat_label(frame.seat)
    block = group("heading-block", transform=f"translate({x},{y})")
    block.add(text(0, 18, frame.title, "heading"))
    block.add(text(0, 38, f"round {status.get('round')} · {status.get('phase')} · {doing}", "label"))
    block.add(text(0, 56, f"seen by {seen}", "small"))
    return block


@dataclass
class SeatLine:
    """One seat's row: its score (None: not shown) and a few short facts from its view."""

    seat: int
    score: int | None = None
    facts: Sequence[str] = field(default_factory=tuple)


def seat_rows(frame: Frame, x: float, y: float, width: float, lines: Sequence[SeatLine]) -> Group:
    """A row per seat: colour, name, score, facts; the seats to act marked, the viewer outlined."""
    active = set(frame.status.get("active_players") or [])
    block = group("seats", transform=f"translate({x},{y})")
    for row, line in enumerate(lines):
        seat, top = line.seat, row * SEAT_ROW
        head = _seat_row_print(top, width, seat, frame.seat_label(seat), seat in active, seat == frame.seat)
        said = [head]
        if line.score is not None:  # the score and the facts change from position to position; the rest seldom
            said.append(text(150, top + 20, f"{line.score} points", "value"))
        if line.facts:
            said.append(text(240, top + 20, " · ".join(line.facts), "detail"))
        said.append(_ROW_END)
        block.add(Markup("".join(said)))
    return block


_ROW_END = Markup("</g>")


@drawn_once
def _seat_row_print(top: float, width: float, seat: int, label: str, active: bool, viewer: bool) -> Markup:
    """A seat's row up to its score: its start tag, box, token, mark if it is to act, and name."""
    item = group(classes("seat-row", "active" if active else None, "viewer" if viewer else None), data_seat=seat)
    item.add(rect(0, top, width, SEAT_ROW - 4, classes("panel", "viewer-mark" if viewer else None)))
    item.add(circle(14, top + 15, 8, f"seat-token seat-{seat}"))
    if active:
        item.add(circle(width - 12, top + 15, 5, "active-mark"))
    item.add(text(30, top + 20, label, "seat-name"))
    return written_open(item)[0]  # its end tag is _ROW_END


@dataclass
class Face:
    """A card (or tile) shown face up: its id (for ``data-card``), its name, a short detail."""

    id: str
    name: str
    detail: str | None = None
    kind: str = "card"


def hand(frame: Frame, x: float, y: float, faces: Sequence[Face], *, per_row: int = 6, label: str = "hand",
         field: str = "card") -> Group:
    """Cards face up, in rows; the last action's card marked. Each card's group carries ``data-<field>``:
    the name of the action field that names it (``card``, ``cards``), for a client to narrow by."""
    block = group("hand", transform=f"translate({x},{y})")
    block.add(text(0, 12, label, "label"))
    for index, face in enumerate(faces):
        left = (index % per_row) * (CARD_WIDTH + 6)
        top = 18 + (index // per_row) * (CARD_HEIGHT + 6)
        # The group is "<kind>-face", not "<kind>": a shape's class on the group would stroke its text too.
        card = group(classes(f"{face.kind}-face", "face"), **{f"data_{field}": face.id})
        card.add(_face(left, top, face.name, face.detail, frame.mark(face.id)))
        block.add(card)
    return block


@drawn_once
def _face(left: float, top: float, name: str, detail: str | None, marked: str | None) -> Markup:
    drawn = [rect(left, top, CARD_WIDTH, CARD_HEIGHT, classes("card", marked), rx=4),
             text(left + 6, top + 16, name, "card-name")]
    if detail:
        drawn.append(text(left + 6, top + 32, detail, "detail"))
    drawn.append(tooltip(name if not detail else f"{name}: {detail}"))
    return Markup("".join(drawn))


@drawn_once
def backs(x: float, y: float, count: int, label: str) -> Markup:
    """Cards face down: one back and how many there are."""
    block = group("backs", transform=f"translate({x},{y})")
    block.add(rect(0, 0, 30, CARD_HEIGHT, "card-back", rx=4))
    block.add(text(38, 16, str(count), "count"))
    block.add(text(38, 32, label, "small"))
    block.add(tooltip(f"{label}: {count}"))
    return written(block)
