"""SOL-8: the winter side of the player board: slots A-F with prerequisites and powers."""

from __future__ import annotations

from .components import (PERMANENT_SOURCES, WINTER_LEVELS, WINTER_SLOT_BY_ID, WINTER_SLOTS, StoragePlus, WinterPower,
                         WinterSlot)
from .improvements import covered_slots
from .state import Improvements, PlayerBoard


def slots_of(player: PlayerBoard, row: str) -> list[str | None]:
    return player.day_slots if row == "day" else player.night_slots


def filled_at_level(slots: list[str | None], row: str, level: int) -> int:
    return sum(1 for s in WINTER_SLOTS[row] if s.level == level and slots[s.index] is not None)


def unmet_prerequisite(slots: list[str | None], slot: WinterSlot) -> tuple[int, int] | None:
    """SOL-8.2: the k-th slot filled at level L needs k filled slots at level L-1.

    Returns (needs_level, needs_count) when the slot may not be filled yet, else None.
    """
    lower = [level for level in WINTER_LEVELS if level < slot.level]
    if not lower:
        return None
    k = filled_at_level(slots, slot.row, slot.level) + 1
    below = lower[-1]
    if filled_at_level(slots, slot.row, below) < k:
        return below, k
    return None


def eligible_slots(player: PlayerBoard, row: str) -> list[WinterSlot]:
    slots = slots_of(player, row)
    return [s for s in WINTER_SLOTS[row] if slots[s.index] is None and unmet_prerequisite(slots, s) is None]


def slot_power(held: Improvements, slot_id: str) -> WinterPower | None:
    """The printed power of a slot, or None when an improvement tile covers it (SOL-9.2)."""
    if slot_id in covered_slots(held):
        return None
    return WINTER_SLOT_BY_ID[slot_id].power


def storage_bonus(held: Improvements, day_slots: list[str | None], night_slots: list[str | None]) -> int:
    """Capacity added by filled, uncovered A slots (SOL-8.3)."""
    covered = covered_slots(held)
    bonus = 0
    for row, slots in (("day", day_slots), ("night", night_slots)):
        for s in WINTER_SLOTS[row]:
            if slots[s.index] is not None and isinstance(s.power, StoragePlus) and s.id not in covered:
                bonus += s.power.amount
    return bonus


def derive_permanents(player: PlayerBoard) -> list[tuple[str, str]]:
    """(slot id, resource) of every permanent resource the player owns (SOL-8.4)."""
    return permanents_for(player.improvements, player.day_slots, player.night_slots)


def permanents_for(held: Improvements, day_slots: list[str | None],
                   night_slots: list[str | None]) -> list[tuple[str, str]]:
    covered = covered_slots(held)
    out = []
    for slot_id, resource in PERMANENT_SOURCES.items():
        slot = WINTER_SLOT_BY_ID[slot_id]
        slots = day_slots if slot.row == "day" else night_slots
        if slots[slot.index] is not None and slot_id not in covered:
            out.append((slot_id, resource))
    return out
