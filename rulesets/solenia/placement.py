"""SOL-3: where a card may go: free placement, lengthening the voyage, and when a
player with no free placement may discard to advance instead."""

from __future__ import annotations

from .board import ALL_SPACES, DISTANCES, Coord, airship, manhattan, terrain
from .deliveries import payable_tiles
from . import resources as res
from .components import ROWS, LengthenDiscount
from .improvements import active_effect
from .state import SoleniaState


def anchors(state: SoleniaState, seat: int) -> list[Coord]:
    """SOL-3.3.1: the airship's space and every space holding one of the player's cards."""
    return [airship(state)] + [(c.col, c.row) for c in state.board.cards if c.owner == seat]


def distance(target: Coord, points: list[Coord]) -> int:
    return min(manhattan(target, p) for p in points)


def nearest(state: SoleniaState, seat: int) -> list[int]:
    """SOL-3.3.1: each space's distance to the nearest anchor, in ``ALL_SPACES`` order."""
    ship = state.board.airship
    rows = [DISTANCES[ship.col, ship.row]]
    rows += [DISTANCES[c.col, c.row] for c in state.board.cards if c.owner == seat]
    return list(rows[0] if len(rows) == 1 else map(min, *rows))


def taken_indices(state: SoleniaState) -> set[int]:
    """The ``ALL_SPACES`` places holding a card (SOL-3.1)."""
    return {c.col * ROWS + c.row for c in state.board.cards}  # index_of, inlined: a search asks every action


def is_free(state: SoleniaState, seat: int, target: Coord) -> bool:
    """SOL-3.2: the airship's space, or orthogonally next to the airship or an own card."""
    return distance(target, anchors(state, seat)) <= 1


def lengthen_cost(state: SoleniaState, seat: int, target: Coord) -> int:
    """SOL-3.3.2: max(0, d - 1) resources, less an active L1_LENGTHEN_DISCOUNT (SOL-3.3.6)."""
    col, row = target
    ship = state.board.airship
    d = abs(col - ship.col) + abs(row - ship.row)
    if d > 1:
        for c in state.board.cards:
            if c.owner == seat:
                to_card = abs(col - c.col) + abs(row - c.row)
                if to_card < d:
                    d = to_card
    cost = max(0, d - 1)
    discount = active_effect(state.players[seat], LengthenDiscount)
    if discount is not None:
        cost = max(0, cost - discount.amount)
    return cost


def free_placement_example(state: SoleniaState, seat: int) -> tuple[str, Coord] | None:
    """SOL-3.4: a legal free placement of some card in hand, or None when there is none.

    Legality of a free placement does not depend on which card is played (the space
    must be empty and adjacent, and a city needs a payable tile), so any card will do.
    """
    player = state.players[seat]
    if not player.hand:
        return None
    return free_example_given(state, seat, nearest(state, seat), taken_indices(state))


def free_example_given(state: SoleniaState, seat: int, near: list[int],
                       taken: set[int]) -> tuple[str, Coord] | None:
    """``free_placement_example`` from the distances (``nearest``) and occupied places a caller has already."""
    player = state.players[seat]
    if not player.hand:
        return None
    stored = res.vector(player.storage)
    for index, space in enumerate(ALL_SPACES):
        if near[index] > 1 or index in taken:
            continue
        ground = terrain(state, *space)
        if ground.kind == "island" or payable_tiles(state, player, ground.city, stored):
            return player.hand[0], space
    return None
