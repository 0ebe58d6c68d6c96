"""Light and dark themes: one stylesheet template, two palettes.

The stylesheet is plain CSS with the palette written in (no custom properties), so any
SVG renderer (a browser, resvg, an e-mail client) draws the same colours. A game adds its
own rules to the template with the same ``$name`` placeholders.
"""

from __future__ import annotations

from functools import lru_cache
from string import Template

THEMES = ("light", "dark")

PALETTES: dict[str, dict[str, str]] = {
    "light": {"paper": "#fbf8f1", "ink": "#222222", "muted": "#6b6558", "panel": "#ffffff", "rule": "#8a8173",
              "mark": "#e8a317", "card": "#fffdf6", "back": "#5a4a8a", "board": "#e9e1cc", "water": "#7fb3d5",
              "land": "#c8d9a0", "hill": "#b5a27a", "road": "#9c8c6c", "empty": "#f1ece0"},
    "dark": {"paper": "#1d1f24", "ink": "#eeeeee", "muted": "#a9a59c", "panel": "#2a2d34", "rule": "#77736b",
             "mark": "#ffcc33", "card": "#33363f", "back": "#8c7ae6", "board": "#35332c", "water": "#2f5d7c",
             "land": "#4c5d33", "hill": "#6b5b3a", "road": "#8d7f62", "empty": "#26282e"},
}

#: Seat colours by the names the games give them; a game without named colours uses SEAT_ORDER.
SEAT_COLOURS: dict[str, str] = {
    "red": "#c0392b", "blue": "#2e6fd8", "green": "#2e9d57", "yellow": "#e5b700", "black": "#3a3a3a",
    "white": "#f2f2f2", "orange": "#e67e22", "purple": "#8e44ad", "brown": "#8b5a2b", "grey": "#8a8a8a",
}
SEAT_ORDER = ("red", "blue", "green", "yellow", "purple", "orange")

BASE_CSS = """\
.picture{font-family:sans-serif;font-size:14px}
.background{fill:$paper}
.panel{fill:$panel;stroke:$rule;stroke-width:1}
.label,.value,.heading,.card-name,.count,.seat-name{fill:$ink}
.heading{font-size:18px;font-weight:bold}
.small,.detail{font-size:11px;fill:$muted}
.rule-line{stroke:$rule;stroke-width:1}
.card{fill:$card;stroke:$rule;stroke-width:1}
.card-back{fill:$back;stroke:$rule;stroke-width:1}
.card-name{font-size:12px}
.count{font-size:12px;font-weight:bold}
.active-mark{fill:$mark}
.viewer-mark{fill:none;stroke:$mark;stroke-width:2}
.last{stroke:$mark;stroke-width:3}
text.last,.last text{stroke:none}
.tooltip{display:none}
"""


def stylesheet(theme: str, seat_colours: list[str], game_css: str = "") -> str:
    """The theme's CSS: the base rules, a ``seat-N`` fill per seat, then the game's rules."""
    return _stylesheet(theme, tuple(seat_colours), game_css)


@lru_cache(maxsize=256)
def _stylesheet(theme: str, seat_colours: tuple[str, ...], game_css: str) -> str:
    # a picture's stylesheet is one of few (theme, seat colours, game): written once each
    palette = PALETTES[theme]
    seats = "".join(f".seat-{i}{{fill:{colour}}}\n.seat-{i}-line{{stroke:{colour}}}\n"
                    for i, colour in enumerate(seat_colours))
    return Template(BASE_CSS + seats + game_css).substitute(palette)


def seat_colour(name: str | None, seat: int) -> str:
    """The hex colour of a seat: its named colour, else the default order's."""
    if name is not None and name in SEAT_COLOURS:
        return SEAT_COLOURS[name]
    return SEAT_COLOURS[SEAT_ORDER[seat % len(SEAT_ORDER)]]
