"""SOL-6: advancing the Giant Airship and resolving the rear strip.

Every card on the resolved strip activates for its owner (whoever advanced), goes
to its owner's discard pile, and the strip flips and re-enters at the front; the
other strips, their cards and the airship each move one column towards the rear.
"""

from __future__ import annotations

from . import resources as res
from .board import terrain
from .components import (CARDS, COLUMNS, FACE_FLIP, FACES, Activation, ActivationRepeat, ActivationReplace, GainResource,
                         SpaceMultiplier, Terrain, VpIfIsland)
from .events import AirshipAdvanced, CardActivated, Cause, Events, RivalCardDiscarded, StripMoved, StripResolved, as_resources
from .improvements import active_effect
from .state import RIVAL, BoardCard, Column, PlayerBoard, Position, SoleniaState


def advance(state: SoleniaState, spaces: int, events: Events, cause: Cause) -> None:
    """SOL-6.1: the airship moves forward (towards col 4); resolution waits for the end of turn."""
    ship = state.board.airship = Position(col=state.board.airship.col + spaces, row=state.board.airship.row)
    events.append(AirshipAdvanced(spaces=spaces, cause=cause, airship=ship))


def activation_gain(activation: Activation, ground: Terrain) -> tuple[res.Vector, int]:
    """SOL-6.3: what one activation of a card gives on this terrain: (resources, stars)."""
    if isinstance(activation, SpaceMultiplier):
        if ground.kind == "island":
            return res.one(ground.resource, activation.multiplier), 0
        return res.ZERO, activation.multiplier
    if isinstance(activation, GainResource):
        return res.one(activation.resource, activation.amount), 0
    if isinstance(activation, VpIfIsland):
        if ground.kind == "island" and ground.resource == activation.resource:
            return res.ZERO, activation.vp
        return res.ZERO, 0
    raise TypeError(f"activation {activation!r} has no rule")  # the schema admits no other kind


def card_activation(player: PlayerBoard, card_id: str, ground: Terrain) -> tuple[res.Vector, int]:
    """A card's activation for its owner, with L1_TWOS_GIVE_2VP and L1_ONES_TWICE (SOL-9.4)."""
    card = CARDS[card_id]
    if not player.improvements.active:  # no improvement part active: the printed activation
        return activation_gain(card.activation, ground)
    replaced = active_effect(player, ActivationReplace)
    if replaced is not None and replaced.card_value == card.value:
        return res.ZERO, replaced.vp
    repeat = active_effect(player, ActivationRepeat)
    times = repeat.times if repeat is not None and repeat.card_value == card.value else 1
    gained, stars = activation_gain(card.activation, ground)
    return tuple(n * times for n in gained), stars * times


def _activate(state: SoleniaState, placed: BoardCard, events: Events) -> None:
    ground = terrain(state, placed.col, placed.row)
    if placed.owner == RIVAL:
        # SOL-10.3 step 5: Rival cards do not activate; they are simply discarded.
        assert state.solo is not None  # only a solo game has Rival cards (consistency)
        state.solo.rival_discard.append(placed.card)
        events.append(RivalCardDiscarded(card=placed.card, row=placed.row))
        return
    player = state.players[placed.owner]
    gained, stars = card_activation(player, placed.card, ground)
    res.store(player.storage, res.add(res.vector(player.storage), gained))
    player.stars += stars
    player.discard.append(placed.card)
    events.append(CardActivated(player=placed.owner, card=placed.card, row=placed.row,
                                resources=as_resources(gained), stars=stars))


def resolve_rear_strip(state: SoleniaState, events: Events) -> None:
    """SOL-6.2 to SOL-6.5 for the strip in col 0."""
    board = state.board
    rear = board.columns[0]
    events.append(StripResolved(strip=rear.strip, face=FACES[rear.face]))
    for placed in sorted((c for c in board.cards if c.col == 0), key=lambda c: c.row):
        _activate(state, placed, events)
    board.cards = [BoardCard(card=c.card, owner=c.owner, col=c.col - 1, row=c.row) for c in board.cards if c.col != 0]
    board.columns.pop(0)
    face = FACE_FLIP[rear.face]
    flipped = Column(strip=rear.strip, face=face)
    board.columns.append(flipped)
    board.airship = Position(col=board.airship.col - 1, row=board.airship.row)
    events.append(StripMoved(strip=flipped.strip, face=face, col=COLUMNS - 1))


def resolve(state: SoleniaState, times: int, events: Events) -> None:
    """SOL-6.2/6.7: one resolution per space advanced, each on the strip then in col 0."""
    for _ in range(times):
        resolve_rear_strip(state, events)
