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
from .actions import (ChooseImprovement, DeliveryChoice, DiscardOverflow, DiscardToAdvance, LengthenPayment,
                      PlayCard, ResourceMix, Space)
from .board import ALL_SPACES, occupants, terrain
from .components import CARDS, TILES, WINTER_SLOTS
from .improvements import active_effect, options_for
from .placement import anchors, distance, free_placement_example
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


def _city_options(state: SoleniaState, seat: int, city_kind: str,
                  stored: res.Vector) -> list[tuple[DeliveryChoice, res.Vector, int]]:
    """(delivery, storage after it, capacity after it) for every legal way to complete a tile."""
    player = state.players[seat]
    permanents = deliveries.unused_permanents(player)
    pooled = deliveries.pool(player)
    winter = state.options.board_side == "winter"
    out = []
    for kind in deliveries.allowed_kinds(player, city_kind):
        if winter:
            row = player.day_slots if kind == "day" else player.night_slots
            if all(t is not None for t in row):
                slots: list[tuple[int | None, str | None]] = [(None, None)]
            else:
                slots = [(s.index, s.id) for s in eligible_slots(player, kind)]
        else:
            slots = [(deliveries.summer_slot(player, kind), None)]
        for tile in deliveries.display(state, kind):
            for names, payment in deliveries.payment_options(deliveries.NEED[tile], stored, permanents, pooled):
                paid = res.sub(stored, payment)
                for index, slot_id in slots:
                    power = slot_power(player.improvements, slot_id) if slot_id else None
                    choices = power["options"] if power and power["type"] == "gain_one_of" else [None]
                    for choice in choices:
                        gained, _, _, _, capacity = deliveries.plan_outcome(state, player, tile, index, choice)
                        delivery = DeliveryChoice(tile=tile, payment=_mix(payment), permanent=list(names),
                                                  slot=slot_id, reward_choice=choice)
                        out.append((delivery, res.add(paid, gained), capacity))
    return out


def _plays(state: SoleniaState, seat: int) -> list[PlayCard]:
    player = state.players[seat]
    stored0 = res.vector(player.storage)
    taken = occupants(state)
    points = anchors(state, seat)
    discount = active_effect(player, "lengthen_discount")
    double = active_effect(player, "zero_card_may_advance_two") is not None
    cards = [(card, immediate_value(player, card), (1, 2) if double and CARDS[card].value == 0 else (1,))
             for card in player.hand]
    out: list[PlayCard] = []
    city_options: dict[tuple[str, res.Vector], list[tuple[DeliveryChoice, res.Vector, int]]] = {}
    for space in ALL_SPACES:
        if space in taken:
            continue
        cost = max(0, distance(space, points) - 1)
        if discount is not None:
            cost = max(0, cost - discount["amount"])
        if cost > sum(stored0):
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
                    options = city_options[key] = _city_options(state, seat, ground.city, stored)  # type: ignore[arg-type]
                for card, _, advances in cards:
                    for delivery, after, capacity in options:
                        over = max(0, sum(after) - capacity)
                        for discard in res.mixes(over, after):
                            for advance in advances:
                                out.append(PlayCard(player=seat, card=card, space=target, lengthen_payment=lengthen,
                                                    delivery=delivery, advance=advance,
                                                    overflow_discard=_mix(discard)))
    return out
