"""SOL-9: improvement tiles (advanced variant, winter side only).

The draft (SOL-9.1), where the tiles sit (SOL-9.2, decision D-6), when they become
active (SOL-9.3), and lookups of the effects a player has active (SOL-9.4, 9.5).
The effects themselves are applied where the rulebook puts them: lengthening in
placement, substitution and on-delivery stars in deliveries, double advance and
activation changes in airship, end-game effects in scoring.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

from rulesets.core import RandomSource, clockwise, drawn, drawn_at_random

from .actions import ChooseImprovement
from .components import LEVEL1, LEVEL1_COVERS, LEVEL3, LEVEL3_COVERS, WINTER_SLOT_BY_ID, ImprovementEffect, Row
from .events import DraftEnded, Events, ImprovementChosen, Part, TurnStarted
from .refusals import (A_LEVEL1_TILE, A_LEVEL3_PAIR, HELD_LEVEL1_TILE, HELD_LEVEL3_PAIR,
                       IMPROVEMENT_LEVEL_ALREADY_TAKEN, IMPROVEMENT_NOT_OFFERED, LEVEL1_TILE, LEVEL1_TILES, LEVEL3_PAIR,
                       LEVEL3_PAIRS, NONE)
from .state import Draft, Improvements, Level3Pair, PlayerBoard, SoleniaState

LEVEL1_PART: Part = "level1"
LEVEL3_PARTS: dict[Row, Part] = {"day": "level3_day", "night": "level3_night"}
PARTS: tuple[Part, ...] = (LEVEL1_PART, "level3_day", "level3_night")

E = TypeVar("E", bound=ImprovementEffect)


# ---------------------------------------------------------------- SOL-9.1 draft
def make_draft_order(players: int, first_player: int) -> list[int]:
    """From the last seat in turn order, in reverse turn order, two passes."""
    return list(reversed(clockwise(first_player, players))) * 2


def make_draft(players: int, first_player: int, chance: RandomSource) -> Draft:
    """N random level-1 tiles and N level-3 pairs whose halves are of different kinds."""
    level1 = drawn(LEVEL1, players, chance, source="level1_improvements", rule="SOL-9.1")
    day_halves = drawn(LEVEL3, players, chance, source="level3_day_halves", rule="SOL-9.1")
    night_pool = list(LEVEL3)
    pairs: list[Level3Pair | None] = []
    for day in day_halves:
        # Redrawing a matching night half until it differs is a uniform draw among the others.
        night = drawn_at_random([kind for kind in night_pool if kind != day], chance, source="level3_night_halves",
                                rule="SOL-9.1")
        night_pool.remove(night)
        pairs.append(Level3Pair(day=day, night=night))
    return Draft(level1_offer=level1, level3_offer=pairs, order=make_draft_order(players, first_player))


def choose(state: SoleniaState, action: ChooseImprovement) -> Events:
    draft = state.draft
    assert draft is not None  # the draft phase has one (consistency)
    held = state.players[action.player].improvements
    if action.level == 1:
        if action.tile not in draft.level1_offer:
            raise IMPROVEMENT_NOT_OFFERED(item=LEVEL1_TILE(tile=action.tile),
                                          offered=LEVEL1_TILES(tiles=", ".join(draft.level1_offer) or NONE()),
                                          context={"offered": list(draft.level1_offer)})
        if held.level1 is not None:
            # SOL-9.1: one item of each level; the other level is the pick left
            raise IMPROVEMENT_LEVEL_ALREADY_TAKEN(held=HELD_LEVEL1_TILE(tile=held.level1), other=A_LEVEL3_PAIR(),
                                                  explain={"limit": {"level_1_tiles": 1}, "have": {"level_1_tiles": 1}})
        draft.level1_offer.remove(action.tile)
        held.level1 = action.tile
        chosen = ImprovementChosen(player=action.player, level=1, tile=action.tile)
    else:
        index = action.pair
        pair = draft.level3_offer[index] if index is not None and index < len(draft.level3_offer) else None
        if index is None or pair is None:  # no pair named is no pair offered
            open_pairs = [i for i, p in enumerate(draft.level3_offer) if p is not None]
            raise IMPROVEMENT_NOT_OFFERED(item=LEVEL3_PAIR(pair=index),
                                          offered=LEVEL3_PAIRS(pairs=", ".join(map(str, open_pairs)) or NONE()),
                                          context={"offered": open_pairs})
        if held.level3_day is not None:
            raise IMPROVEMENT_LEVEL_ALREADY_TAKEN(held=HELD_LEVEL3_PAIR(day=held.level3_day, night=held.level3_night),
                                                  other=A_LEVEL1_TILE(),
                                                  explain={"limit": {"level_3_pairs": 1}, "have": {"level_3_pairs": 1}})
        draft.level3_offer[index] = None
        held.level3_day, held.level3_night = pair.day, pair.night
        chosen = ImprovementChosen(player=action.player, level=3, pair=index, day=pair.day, night=pair.night)
    draft.order.pop(0)
    events: Events = [chosen]
    if not draft.order:
        # Unchosen tiles leave the game.
        events.append(DraftEnded(unchosen_level1=list(draft.level1_offer),
                                 unchosen_level3=[p.day + "/" + p.night for p in draft.level3_offer if p is not None]))
        state.draft = None
        state.phase = "play"
        events.append(TurnStarted(player=state.active_seat, round=state.round))
    return events


def options_for(state: SoleniaState, seat: int) -> list[ChooseImprovement]:
    draft = state.draft
    if state.phase != "draft" or draft is None or not draft.order or draft.order[0] != seat:
        return []
    held = state.players[seat].improvements
    out = []
    if held.level1 is None:
        out += [ChooseImprovement(player=seat, level=1, tile=tile) for tile in draft.level1_offer]
    if held.level3_day is None:
        out += [ChooseImprovement(player=seat, level=3, pair=i) for i, p in enumerate(draft.level3_offer)
                if p is not None]
    return out


# ---------------------------------------------------------------- SOL-9.2 placement
def covered_slots(held: Improvements) -> dict[str, str]:
    """Slot id -> the improvement part lying on it (its printed power is lost)."""
    covered: dict[str, str] = {}
    if held.level1 is not None:
        for slot_id in LEVEL1_COVERS:
            covered[slot_id] = LEVEL1_PART
    for row, part in LEVEL3_PARTS.items():
        if getattr(held, part) is not None:
            covered[LEVEL3_COVERS[row]] = part
    return covered


# ---------------------------------------------------------------- SOL-9.3 activation
def _filled(day_slots: list[str | None], night_slots: list[str | None], slot_id: str) -> bool:
    slot = WINTER_SLOT_BY_ID[slot_id]
    slots = day_slots if slot.row == "day" else night_slots
    return slots[slot.index] is not None


def derive_active(held: Improvements, day_slots: list[str | None], night_slots: list[str | None]) -> list[Part]:
    """The parts active given these slots: level 1 needs both covered slots, a level-3 half its own."""
    active: list[Part] = []
    if held.level1 is not None and all(_filled(day_slots, night_slots, s) for s in LEVEL1_COVERS):
        active.append(LEVEL1_PART)
    for row, part in LEVEL3_PARTS.items():
        if getattr(held, part) is not None and _filled(day_slots, night_slots, LEVEL3_COVERS[row]):
            active.append(part)
    return active


def part_effects(held: Improvements, part: str) -> tuple[ImprovementEffect, ...]:
    if part == LEVEL1_PART:
        return LEVEL1[held.level1] if held.level1 else ()
    row = "day" if part == "level3_day" else "night"
    kind = getattr(held, part)
    return (LEVEL3[kind][row],) if kind else ()


def active_effects(held: Improvements, parts: Sequence[str]) -> list[ImprovementEffect]:
    return [effect for part in parts for effect in part_effects(held, part)]


def active_effect(player: PlayerBoard, kind: type[E]) -> E | None:
    """The first active effect of this kind the player has, if any (SOL-9.4 lookups)."""
    held = player.improvements
    if not held.active:
        return None
    for effect in active_effects(held, held.active):
        if isinstance(effect, kind):
            return effect
    return None
