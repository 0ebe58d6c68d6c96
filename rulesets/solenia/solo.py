"""SOL-10: the solo game's Rival (ASSUMED IN FULL, decision D-15).

After each of the human's turns the service plays the Rival: the top card of the
Rival deck goes on a row chosen by a d6 from the seeded random source, blocks that
space, throws a tile out of the display if it lands on a city, and advances the
airship if its value is 0. Every number comes from the JSON ``solo`` block.
"""

from __future__ import annotations

from rulesets.core import Deck, RandomSource

from . import airship
from .board import airship as airship_space
from .board import terrain
from .components import CARDS, DIE_FACES, RIVAL_COLUMN_SCAN, RIVAL_ROW_BY_DIE, ROWS, TILES, AirshipElseRow, Row
from .deliveries import display, refill
from .events import Events, RivalCardDiscarded, RivalCardPlaced, RivalCardRevealed, TileDiscarded
from .state import RIVAL, BoardCard, Position, SoleniaState

Coord = tuple[int, int]


def rival_target(state: SoleniaState, roll: int) -> Coord | None:
    """SOL-10.3 steps 2 and 3: the space a roll sends the Rival card to, or None if the board is full."""
    rule = RIVAL_ROW_BY_DIE[roll]
    taken = {(c.col, c.row) for c in state.board.cards}
    if isinstance(rule, AirshipElseRow):
        space = airship_space(state)
        if space not in taken:
            return space
        row = rule.airship_space_else_row
    else:
        row = rule
    for offset in range(ROWS):
        scan_row = (row + offset) % ROWS
        for col in RIVAL_COLUMN_SCAN:
            if (col, scan_row) not in taken:
                return col, scan_row
    return None


def rival_turn(state: SoleniaState, events: Events) -> int:
    """One Rival turn (SOL-10.3); returns how many spaces the airship advanced."""
    solo = state.solo
    assert solo is not None
    rival_deck = Deck(solo.rival_deck, state.rng, solo.rival_discard, source="rival_deck", rule="SOL-10.3")
    card = rival_deck.draw()  # no refill: an empty Rival deck ends its turns
    if card is None:
        return 0
    roll = RandomSource(state.rng).pick(DIE_FACES, source="rival_die", rule="SOL-10.3")
    events.append(RivalCardRevealed(card=card, value=CARDS[card].value, roll=roll))
    target = rival_target(state, roll)
    if target is None:
        rival_deck.discard(card)
        events.append(RivalCardDiscarded(card=card, reason="board_full"))
    else:
        col, row = target
        state.board.cards.append(BoardCard(card=card, owner=RIVAL, col=col, row=row))
        ground = terrain(state, col, row)
        events.append(RivalCardPlaced(card=card, space=Position(col=col, row=row),
                                      terrain=ground.name))
        if ground.kind == "city":
            _discard_best_tile(state, ground.city, events)
    if CARDS[card].value == 0:
        airship.advance(state, 1, events, cause="rival")
        return 1
    return 0


def _discard_best_tile(state: SoleniaState, kind: Row, events: Events) -> None:
    """SOL-10.3 step 4: the same-type displayed tile with the most stars (lowest index on ties) leaves."""
    shown = display(state, kind)
    if not shown:
        return
    best = max(range(len(shown)), key=lambda i: (TILES[shown[i]].vp, -i))
    tile = shown.pop(best)
    state.delivery.discarded.append(tile)
    events.append(TileDiscarded(tile=tile, kind=kind, by=RIVAL))
    refill(state, kind, events)
