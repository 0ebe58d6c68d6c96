"""A seat's picture of a position: core builds the frame from the seat's view, the game draws it.

The game's drawer never sees the state: core redacts first (``ruleset.view``), and hands
over that view, the status (public), the served components (public) and the last action
as the seat may see it. So a picture cannot show what the seat's view hides.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..codec import to_builtins
from .frame import Frame
from .panels import SeatLine, heading, seat_rows
from .svg import Svg, rect
from .themes import THEMES, stylesheet

#: Bounds of ``size`` (the width in pixels a client asks for).
MIN_SIZE, MAX_SIZE = 64, 4096


@lru_cache(maxsize=None)
def _components(ruleset: Any) -> Any:
    return to_builtins(ruleset.components_document())


def frame_of(ruleset: Any, state: Any, seat: int | None, *, theme: str = "light",
             last_action: Any = None) -> Frame:
    """The frame of ``seat``'s picture: its view, the status, the components, its sight of the last action."""
    if theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}")
    seen_action = None
    if last_action is not None:
        typed = ruleset.load_action(last_action) if isinstance(last_action, dict) else last_action
        seen_action = to_builtins(ruleset.view_action(typed, seat, state))
    return Frame(game=ruleset.id, title=ruleset.title, seat=seat, view=to_builtins(ruleset.view(state, seat)),
                 status=to_builtins(ruleset.status(state)), components=_components(ruleset),
                 last_action=seen_action, theme=theme)


def picture(ruleset: Any, state: Any, seat: int | None, *, theme: str = "light", size: int | None = None,
            last_action: Any = None) -> str:
    """``seat``'s picture of ``state`` as an SVG document."""
    drawn: Svg = ruleset.draw(frame_of(ruleset, state, seat, theme=theme, last_action=last_action))
    return drawn.render(size)


def canvas(frame: Frame, width: float, height: float, *, desc: str, css: str = "") -> Svg:
    """An empty picture of the game's look: background, theme, title and description."""
    svg = Svg(width, height, title=f"{frame.title}: {_whose(frame)}", desc=desc,
              cls=f"picture game-{frame.game} theme-{frame.theme}", css=stylesheet(frame.theme, frame.colours, css))
    svg.add(rect(0, 0, width, height, "background"))
    return svg


def _whose(frame: Frame) -> str:
    return "spectator's view" if frame.seat is None else f"view of {frame.seat_label(frame.seat)}"


def generic(frame: Frame) -> Svg:
    """The picture of a game that draws none of its own: the heading and a row per seat."""
    width, height = 640, 90 + 34 * frame.seats
    scores = frame.status.get("scores")
    lines = [SeatLine(seat, scores[seat] if scores else None) for seat in range(frame.seats)]
    svg = canvas(frame, width, height, desc=f"{frame.title}, {frame.seats} seats; {frame.status.get('phase')}.")
    svg.add(heading(frame, 16, 8))
    svg.add(seat_rows(frame, 16, 80, width - 32, lines))
    return svg
