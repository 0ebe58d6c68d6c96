"""What a game's drawer is given: one seat's view and what anyone may know, never the state."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .once import Served, served
from .svg import Svg
from .themes import seat_colour


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, int) and not isinstance(value, bool):
        yield str(value)  # a numbered thing (a pair, a slot) is named by its number
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        if value and all(isinstance(item, (str, int)) and not isinstance(item, bool) for item in value):
            yield ",".join(str(item) for item in value)  # a coordinate pair [3, 4] is the id "3,4"
        for item in value:
            yield from _strings(item)


@dataclass(frozen=True)
class Frame:
    """One seat's view (``seat`` None: a spectator's), the status, the served components, the
    last action as that seat may see it, and the look asked for."""

    game: str
    title: str
    seat: int | None
    view: Mapping[str, Any]
    status: Mapping[str, Any]
    components: Mapping[str, Any]
    last_action: Mapping[str, Any] | None = None
    theme: str = "light"

    @property
    def seats(self) -> int:
        return len(self.view["players"])

    @cached_property
    def colour_names(self) -> tuple[str | None, ...]:
        """Each seat's colour as its view names it (``colour`` or ``color``), else None."""
        names: list[str | None] = []
        for player in self.view["players"]:
            named = player.get("colour", player.get("color")) if isinstance(player, Mapping) else None
            names.append(named if isinstance(named, str) else None)
        return tuple(names)

    @cached_property
    def colours(self) -> list[str]:
        return [seat_colour(name, seat) for seat, name in enumerate(self.colour_names)]

    def seat_label(self, seat: int) -> str:
        named = self.colour_names[seat]
        return f"seat {seat} ({named})" if named else f"seat {seat}"

    @cached_property
    def served(self) -> Served:
        """The served components as a key of what is drawn once from them alone (``drawn_once``)."""
        return served(self.components)

    @cached_property
    def touched(self) -> frozenset[str]:
        """The ids the last action names (spaces, cards, tiles, numbered slots): what the picture highlights."""
        if not self.last_action:
            return frozenset()
        return frozenset(s for key, value in self.last_action.items() if key != "type" for s in _strings(value))

    def mark(self, *ids: object) -> str | None:
        """``last`` when the last action named one of ``ids`` (a class to add), else None."""
        touched = self.touched
        if touched:  # most pictures ask this of hundreds of things; most have no last action to mark
            for ident in ids:
                if (ident if type(ident) is str else str(ident)) in touched:
                    return "last"
        return None


#: A game's drawing: a pure function of the frame.
Drawer = Callable[[Frame], Svg]
