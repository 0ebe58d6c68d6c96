"""Every action ``apply`` accepts from a seat now (spec section 3.9), listed once each.

Free parameters are enumerated in full: every resource mix that pays a lengthening,
every way to pay a tile (storage, permanent resources, substitutions), every
eligible winter slot and B-slot choice, every overflow discard, and a second
``advance`` where L1_DOUBLE_ADVANCE allows it. Parameters are built in their
canonical form (see ``actions``), so the list holds each distinct move once.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import deliveries, resources as res
from .actions import (DeliveryChoice, DiscardOverflow, DiscardToAdvance, LengthenPayment,
                      PlayCard, ResourceMix, Space)
from .board import ALL_SPACES, terrain
from .components import CARDS, TILES_BY_KIND, DoubleAdvance, GainOneOf, LengthenDiscount
from .improvements import active_effect, options_for
from .placement import anchors, free_placement_example
from .state import SoleniaState
from .storage import immediate_value
from .winter import eligible_slots, slot_power


@lru_cache(maxsize=1024)
def _mix(v: res.Vector) -> ResourceMix:
    return ResourceMix(**res.as_dict(v))


@lru_cache(maxsize=1024)
def _lengthen(v: res.Vector) -> Any:
    return LengthenPayment(**res.as_dict(v))


@lru_cache(maxsize=64)
def _space(col: int, row: int) -> Space:
    return Space(col=col, row=row)


def legal_actions(state: SoleniaState, seat: int) -> list[Any]:
    if state.phase == "game_over" or not 0 <= seat < len(state.players):
        return []
    if state.phase == "draft":
        return list(options_for(state, seat))
    if state.phase == "overflow":
        entry = state.pending[0]
        if entry.player != seat:
            return []
        stored = res.vector(state.players[seat].storage)
        return [DiscardOverflow(player=seat, discard=_mix(v)) for v in res.mixes(entry.amount, stored)]
    if state.phase != "play" or seat != state.active_seat or state.pending:
        return []
    actions: list[Any] = _plays(state, seat)
    if free_placement_example(state, seat) is None:
        actions += [DiscardToAdvance(player=seat, card=card) for card in state.players[seat].hand]
    return actions


def _slot_outcomes(state: SoleniaState, seat: int, kind: str) -> list[tuple[int | None, str | None, Any, res.Vector, int]]:
    """(slot index, slot id, reward choice, resources gained, capacity after) for a tile of this kind.

    What a slot gives does not depend on which tile of the kind fills it, so this is
    worked out once per kind.
    """
    player = state.players[seat]
    if state.options.board_side == "winter":
        row = player.day_slots if kind == "day" else player.night_slots
        if all(t is not None for t in row):
            slots: list[tuple[int | None, str | None]] = [(None, None)]
        else:
            slots = [(s.index, s.id) for s in eligible_slots(player, kind)]
    else:
        slots = [(deliveries.summer_slot(player, kind), None)]
    probe = TILES_BY_KIND[kind][0]
    out = []
    for index, slot_id in slots:
        power = slot_power(player.improvements, slot_id) if slot_id else None
        choices = power.options if isinstance(power, GainOneOf) else (None,)
        for choice in choices:
            gained, _, _, _, capacity = deliveries.plan_outcome(state, player, probe, index, choice)
            out.append((index, slot_id, choice, gained, capacity))
    return out


def _city_options(state: SoleniaState, seat: int, city_kind: str, stored: res.Vector,
                  slot_outcomes: dict[str, list]) -> list[tuple[DeliveryChoice, res.Vector, int]]:
    """(delivery, storage after it, capacity after it) for every legal way to complete a tile."""
    player = state.players[seat]
    permanents = deliveries.unused_permanents(player)
    pooled = deliveries.pool(player)
    out = []
    for kind in deliveries.allowed_kinds(player, city_kind):
        outcomes = slot_outcomes.get(kind)
        if outcomes is None:
            outcomes = slot_outcomes[kind] = _slot_outcomes(state, seat, kind)
        for tile in deliveries.display(state, kind):
            for names, payment in deliveries.payment_options(deliveries.NEED[tile], stored, permanents, pooled):
                paid = res.sub(stored, payment)
                mix = _mix(payment)
                for _, slot_id, choice, gained, capacity in outcomes:
                    delivery = DeliveryChoice(tile=tile, payment=mix, permanent=list(names), slot=slot_id,
                                              reward_choice=choice)
                    out.append((delivery, res.add(paid, gained), capacity))
    return out


def _distances(state: SoleniaState, seat: int) -> dict[tuple[int, int], int]:
    """SOL-3.3.1: each empty space's distance to the nearest anchor."""
    points = anchors(state, seat)
    taken = {(c.col, c.row) for c in state.board.cards}
    return {space: min(abs(space[0] - c) + abs(space[1] - r) for c, r in points)
            for space in ALL_SPACES if space not in taken}


def _plays(state: SoleniaState, seat: int) -> list[PlayCard]:
    player = state.players[seat]
    stored0 = res.vector(player.storage)
    budget = sum(stored0)
    discount = active_effect(player, LengthenDiscount)
    double = active_effect(player, DoubleAdvance) is not None
    cards = [(card, immediate_value(player, card), (None, 2) if double and CARDS[card].value == 0 else (None,))
             for card in player.hand]
    out: list[PlayCard] = []
    city_options: dict[tuple[str, res.Vector], list[tuple[DeliveryChoice, res.Vector, int]]] = {}
    slot_outcomes: dict[str, list] = {}
    for space, d in _distances(state, seat).items():
        cost = max(0, d - 1)
        if discount is not None:
            cost = max(0, cost - discount.amount)
        if cost > budget:
            continue
        ground = terrain(state, *space)
        target = _space(*space)
        for paid in res.mixes(cost, stored0):
            stored = res.sub(stored0, paid)
            lengthen = _lengthen(paid)
            if ground.kind == "island":
                for card, value, advances in cards:
                    after = res.add(stored, res.one(ground.resource, value))  # type: ignore[arg-type]
                    over = max(0, sum(after) - player.capacity)
                    for discard in res.mixes(over, after):
                        for advance in advances:
                            out.append(PlayCard(player=seat, card=card, space=target, lengthen_payment=lengthen,
                                                advance=advance, overflow_discard=_mix(discard)))
            else:
                key = (ground.city, stored)
                options = city_options.get(key)  # type: ignore[arg-type]
                if options is None:
                    options = city_options[key] = _city_options(  # type: ignore[arg-type]
                        state, seat, ground.city, stored, slot_outcomes)  # type: ignore[arg-type]
                for card, _, advances in cards:
                    for delivery, after, capacity in options:
                        over = max(0, sum(after) - capacity)
                        for discard in res.mixes(over, after):
                            for advance in advances:
                                out.append(PlayCard(player=seat, card=card, space=target, lengthen_payment=lengthen,
                                                    delivery=delivery, advance=advance,
                                                    overflow_discard=_mix(discard)))
    return out
