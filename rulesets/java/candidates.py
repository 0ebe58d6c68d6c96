"""What the Java bot searches at the root (``Ruleset.search_candidates``) and how its playouts play.

A turn lists thousands of actions, nearly all tile placements and developer moves; a search
spread over all of them tells none apart. The root keeps every action of the other kinds
(palaces, festivals, cards, the token, the end of the turn) and the few best placements,
moves, entries and irrigation tiles by a cheap reading of the board, from the sample the
search is handed (the seat's view decides it): where the seat's developers stand high and in
valuable cities (JAVA-2.13 to 2.15, 12.2), which tiles build under them or next to them, and
which change a city or close an irrigation area (the moves that score now).

The playout policy plays like a player rather than a wanderer: a palace when the seat may
build one (JAVA-7), the turn's land tile while it is owed (JAVA-3.5), now and then a developer
move or entry, else the end of the turn; where none of that is possible, a random action. A
random Java game walks developers for hundreds of actions; these playouts lay tiles and so
reach the game's end (JAVA-11.1: the last triple tile).
"""

from __future__ import annotations

import random
from typing import Any, Callable

from . import carried
from .action_points import tile_obligation_open
from .actions import EndTurn
from .board import FOOTPRINT_BY_HEXES, INDEX, NEIGHBORS
from .land import NOBODY, Land
from .legal import BLOCKS
from .random_draws import SAMPLED, CarriedTurn, random_action
from .scoring import cities
from .state import JavaState

#: how many of each kind the root keeps (the rest of the list is kept whole)
KEPT = {"place_tile": 8, "move_developer": 6, "enter_developer": 3, "place_irrigation": 2}
#: the chance a playout step walks a developer (move or entry) before anything else
WANDER = 0.3


def search_candidates(state: JavaState, seat: int, legal: list[Any], rnd: random.Random) -> list[Any]:
    board = Board(state, seat)
    kept: list[Any] = []
    by_kind: dict[str, list[Any]] = {}
    for action in legal:
        tag = action.__struct_config__.tag
        if tag in KEPT:
            by_kind.setdefault(tag, []).append(action)
        else:
            kept.append(action)
    for tag, actions in by_kind.items():
        worth = WORTH[tag]
        ranked = sorted(range(len(actions)), key=lambda n: (-worth(board, actions[n]), n))  # ties: the list's order
        kept += [actions[n] for n in ranked[:KEPT[tag]]]
    return kept


class Board:
    """The sample's board read for the seat: what each space is worth to a developer of it."""

    def __init__(self, state: JavaState, seat: int) -> None:
        self.state, self.seat = state, seat
        self.land = land = Land(state)
        labels = land.groups()
        self.city_value: dict[int, int] = {}  # group label -> its palace's value
        for palace in state.palaces:
            self.city_value[labels[INDEX[tuple(palace.hex)]]] = palace.values[-1]
        self.sizes: dict[int, int] = {}
        for label in labels:
            if label != NOBODY:
                self.sizes[label] = self.sizes.get(label, 0) + 1

    def lead_after(self, leaves: int | None, comes: int | None) -> int:
        """The seat's lead (fame points and the grand final reckoning as it would stand, JAVA-12.2/12.3: the
        score sheet's totals) over the best other seat, after its developer leaves space ``leaves`` and one
        comes to ``comes`` (None: none does): what the walk scores now, read without playing it."""
        dev, seat = self.land.dev, self.seat
        kept = [(i, dev[i]) for i in (leaves, comes) if i is not None]
        if leaves is not None:
            dev[leaves] = NOBODY
        if comes is not None:
            dev[comes] = seat
        try:
            ranked = cities(self.state, self.land)
        finally:
            for i, was in kept:
                dev[i] = was
        totals = [player.score + (0 if player.gfr_done else sum(city.points(n) for city in ranked))
                  for n, player in enumerate(self.state.players)]
        return totals[seat] - max(total for n, total in enumerate(totals) if n != seat)

    def stand(self, i: int) -> int:
        """What a developer of the seat standing on ``i`` is worth: its height (rank, JAVA-2.13), the value of
        the city it stands in (JAVA-12.2), or a village that may get a palace (JAVA-7.1)."""
        land = self.land
        label = land.groups()[i]
        worth = 2 * land.level[i]
        if label in self.city_value:
            worth += 3 * self.city_value[label]
        elif label != NOBODY and self.sizes[label] >= 2:
            worth += 2
        for j in NEIGHBORS[i]:
            other = land.groups()[j]
            if other != NOBODY and other != label and other in self.city_value:
                worth += 1  # next to a city: a tile may bring it in
        return worth

    def tile(self, hexes: Any) -> int:
        """A tile laid there: higher is better for the developers that climb it; beside the seat's developers
        (they may climb it), beside a city or an irrigation area (it changes what scores now)."""
        land, seat = self.land, self.seat
        fp = FOOTPRINT_BY_HEXES[tuple(tuple(h) for h in hexes)]
        cells = set(fp.cells)
        worth = 2 * (land.level[fp.cells[0]] + 1) + len(cells)
        near = {j for i in cells for j in NEIGHBORS[i] if j not in cells}
        labels = land.groups()
        for j in near:
            if land.dev[j] == seat:
                worth += 3
            elif land.dev[j] != NOBODY:
                worth -= 1
            if land.pond[j]:
                worth += 2
            if labels[j] in self.city_value:
                worth += 2
        return worth


def _placement(board: Board, action: Any) -> int:
    return board.tile(action.hexes)


#: a point of lead now weighs more than any difference in where a developer stands
LEAD = 1000


def _move(board: Board, action: Any) -> int:
    start, goal = INDEX[tuple(action.from_)], INDEX[tuple(action.to)]
    return LEAD * board.lead_after(start, goal) + board.stand(goal) - board.stand(start)


def _entry(board: Board, action: Any) -> int:
    goal = INDEX[tuple(action.to)]
    return LEAD * board.lead_after(None, goal) + board.stand(goal) - (1 if action.via is not None else 0)  # dearer


def _irrigation(board: Board, action: Any) -> int:
    i = INDEX[tuple(action.hex)]
    return sum(board.land.level[j] >= 1 for j in NEIGHBORS[i])  # the nearer an area is to enclosed, the sooner


WORTH: dict[str, Callable[[Board, Any], int]] = {
    "place_tile": _placement, "move_developer": _move, "enter_developer": _entry, "place_irrigation": _irrigation}

_BLOCK = dict(BLOCKS)


def playout_action(state: JavaState, seat: int, rnd: random.Random) -> Any | None:
    if state.phase != "actions" or seat != state.turn.active:
        return random_action(state, seat, rnd)
    turn = CarriedTurn(state, seat, carried.of(state))
    builds = _BLOCK["build_palace"](turn)
    if builds:
        return max(builds, key=lambda b: (b.value, rnd.random()))
    if rnd.random() < WANDER:
        walk = SAMPLED["move_developer"](turn, rnd) or SAMPLED["enter_developer"](turn, rnd)
        if walk is not None:
            return walk
    if tile_obligation_open(state):
        tile = SAMPLED["place_tile"](turn, rnd)
        if tile is not None:
            return tile
    extensions = _BLOCK["extend_palace"](turn)
    if extensions:
        return rnd.choice(extensions)
    if turn.may_end():
        return EndTurn(player=seat)
    return random_action(state, seat, rnd)


__all__ = ["playout_action", "search_candidates"]
