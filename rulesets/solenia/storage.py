"""SOL-4: islands and storage: yields, capacity, overflow."""

from __future__ import annotations

from . import resources as res
from .components import CARDS, SUMMER_CAPACITY, WINTER_CAPACITY, StoragePlus, ZeroCardValue
from .events import ResourcesDiscarded, as_resources
from .improvements import active_effect, active_effects, derive_active
from .refusals import INSUFFICIENT_RESOURCES, OVERFLOW_DISCARD_MISMATCH, RETURN
from .state import Improvements, Options, PlayerBoard
from .winter import storage_bonus


def capacity_for(options: Options, held: Improvements, day_slots: list[str | None],
                 night_slots: list[str | None]) -> int:
    """SOL-4.2: summer 8; winter 6 + activated A powers + an active L1_STORE_* tile."""
    if options.board_side == "summer":
        return SUMMER_CAPACITY
    capacity = WINTER_CAPACITY + storage_bonus(held, day_slots, night_slots)
    active = derive_active(held, day_slots, night_slots)
    capacity += sum(e.amount for e in active_effects(held, active) if isinstance(e, StoragePlus))
    return capacity


def capacity_of(options: Options, player: PlayerBoard) -> int:
    return capacity_for(options, player.improvements, player.day_slots, player.night_slots)


def immediate_value(player: PlayerBoard, card_id: str) -> int:
    """SOL-4.1/5.1: the card's value, except that L1_ZERO_AS_ONE makes a 0 count as 1."""
    value = CARDS[card_id].value
    if value == 0:
        effect = active_effect(player, ZeroCardValue)
        if effect is not None:
            return effect.value
    return value


def check_overflow_discard(stored: res.Vector, capacity: int, discard: res.Vector) -> None:
    """SOL-4.3: discard exactly the surplus, from what is stored (checks 27 and 28 of play_card)."""
    over = max(0, sum(stored) - capacity)
    if sum(discard) != over:
        raise OVERFLOW_DISCARD_MISMATCH(stored=sum(stored), capacity=capacity, surplus=over, offered=sum(discard),
                                        context={"surplus": over, "offered": sum(discard)},
                                        explain={"needed": {"resources": over}, "offered": {"resources": sum(discard)},
                                                 "have": {"stored": sum(stored), "capacity": capacity}})
    check_returnable(stored, discard)


def check_returnable(stored: res.Vector, discard: res.Vector) -> None:
    """SOL-4.3: what goes back to the supply must be in storage."""
    if not res.covers(stored, discard):
        raise INSUFFICIENT_RESOURCES("SOL-4.3", act=RETURN(), resources=res.worded(discard),
                                     stored=res.worded(stored), context={"stored": res.as_dict(stored)},
                                     explain=res.shortfall(discard, stored))


def overflow_event(seat: int, discard: res.Vector) -> ResourcesDiscarded:
    return ResourcesDiscarded(player=seat, resources=as_resources(discard), rule="SOL-4.3")
