"""The board carried along a simulation (``play_trusted`` and ``random_action``), not read anew at every action.

Reading a state's board (``Land(state)``) costs more than most actions, and a rollout used to read it
twice an action (the draw, then the handler). Here a state played in place keeps one ``Carried``: its
``Land``, followed by the handlers that change the board (they are handed it and keep it up to date),
and which footprints a tile could lie on now (``fits``, JAVA-4.3 to 4.7: not blocked, one level, not
the exact cover of one tile), re-read only around the hexes an action changed. The other actions
(extending a palace, cards, festivals, the turn's end) leave the board as it was.

A ``Carried`` belongs to one state object at one ``move``: any other state, or the same one at another
move (played through ``apply(in_place=True)``, say), gets a fresh one, so a stale board is never used.
Only the simulation path uses it; ``apply`` and ``legal_actions`` read the board as before.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable
from typing import Any

from rulesets.core import Events

from .actions import (BuildPalace, EndTurn, EnterDeveloper, ExitDeveloper, MoveDeveloper, PlaceIrrigation,
                      PlaceTile)
from .board import FOOTPRINTS, FOOTPRINTS_AT, INDEX
from .developers import enter_developer, exit_developer, move_developer
from .irrigation import place_irrigation
from .land import Land
from .palaces import build_palace
from .state import JavaState
from .tiles import footprint_cost, place_tile
from .turns import finish_turn

#: states whose board is carried at once (a search's samples, up to 64, each copied for its playouts, and
#: the playout under way; more for searches sharing the process): the oldest is dropped beyond this.
KEPT = 128


class Carried:
    """One state's board at one move: its ``Land`` and, per tile size, which footprints fit: a flag per
    footprint (``fits``) and the indices of those that do, ascending (``fitting``)."""

    __slots__ = ("state", "move", "land", "fits", "fitting")

    def __init__(self, state: JavaState) -> None:
        self.state = state
        self.move = state.move
        self.land = land = Land(state)
        blocked = land.blocked()
        self.fits = {size: bytearray(footprint_cost(land, blocked, fp, size) is not None for fp in footprints)
                     for size, footprints in FOOTPRINTS.items()}
        self.fitting = {size: [n for n, fits in enumerate(flags) if fits] for size, flags in self.fits.items()}

    def refit(self, cells: list[int]) -> None:
        """Re-read the footprints over ``cells`` (the hexes an action changed)."""
        land = self.land
        blocked = land.blocked()
        for size, at in FOOTPRINTS_AT.items():
            footprints, flags, fitting = FOOTPRINTS[size], self.fits[size], self.fitting[size]
            for i in cells:
                for n in at[i]:
                    fits = footprint_cost(land, blocked, footprints[n], size) is not None
                    if fits != flags[n]:
                        flags[n] = fits
                        if fits:
                            insort(fitting, n)
                        else:
                            del fitting[bisect_left(fitting, n)]


_KEPT: dict[int, Carried] = {}


def _keep(made: Carried) -> Carried:
    key = id(made.state)
    _KEPT.pop(key, None)
    _KEPT[key] = made
    while len(_KEPT) > KEPT:
        del _KEPT[next(iter(_KEPT))]
    return made


def of(state: JavaState) -> Carried:
    """The board carried for ``state`` as it stands (read anew when none is, or when it is another move's)."""
    found = _KEPT.get(id(state))
    if found is not None and found.state is state and found.move == state.move:
        return found
    return _keep(Carried(state))


def copied(state: JavaState, copy: JavaState) -> None:
    """``copy`` (just copied from ``state``) starts with a copy of ``state``'s carried board (read first if
    ``state`` has none): a search copies its sample before every playout, and reading the board anew each
    time would cost more than the playout's first actions."""
    found = of(state)
    twin = Carried.__new__(Carried)
    twin.state, twin.move, twin.land = copy, copy.move, found.land.copied(copy)
    twin.fits = {size: flags[:] for size, flags in found.fits.items()}
    twin.fitting = {size: indices[:] for size, indices in found.fitting.items()}
    _keep(twin)


def _cells(hexes: Any) -> list[int]:
    return [INDEX[tuple(h)] for h in hexes]


#: each board-changing action: its handler (which takes the carried board) and the hexes it changes.
_BOARD_CHANGES: dict[type, tuple[Callable[[JavaState, Any, Land], Events], Callable[[Any], Any]]] = {
    PlaceTile: (place_tile, lambda action: action.hexes),
    MoveDeveloper: (move_developer, lambda action: (action.from_, action.to)),
    EnterDeveloper: (enter_developer, lambda action: (action.to,)),
    ExitDeveloper: (exit_developer, lambda action: (action.from_,)),
    BuildPalace: (build_palace, lambda action: (action.hex,)),
    PlaceIrrigation: (place_irrigation, lambda action: (action.hex,)),
}


def play(state: JavaState, action: Any, otherwise: Any) -> Events:
    """``play_trusted`` for Java: a board-changing action through its handler with the carried board (the
    hexes it changed re-read), end_turn without its tile check (a listed end_turn meets it, JAVA-3.5),
    anything else through ``otherwise`` (core's routing); the move counted, the board kept for the next."""
    kind = type(action)
    board: Carried | None
    change = _BOARD_CHANGES.get(kind)
    if change is not None:
        handler, changed = change
        board = of(state)
        events = handler(state, action, board.land)
        board.refit(_cells(changed(action)))
    elif kind is EndTurn:
        events = []
        finish_turn(state, events)
        board = _KEPT.get(id(state))
    else:
        events = otherwise(state, action)  # the turn's and festivals' other actions leave the board as it was
        board = _KEPT.get(id(state))
    state.move += 1
    if board is not None and board.state is state and board.move == state.move - 1:
        board.move = state.move
    return events


__all__ = ["Carried", "copied", "of", "play"]
