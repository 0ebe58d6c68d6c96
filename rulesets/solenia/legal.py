"""Every action ``apply`` accepts from a seat now (spec section 3.9), listed once each.

Free parameters are enumerated in full: every resource mix that pays a lengthening,
every way to pay a tile (storage, permanent resources, substitutions), every
eligible winter slot and B-slot choice, every overflow discard, and a second
``advance`` where L1_DOUBLE_ADVANCE allows it. Parameters are built in their
canonical form (see ``actions``), so the list holds each distinct move once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator

from . import deliveries, resources as res
from .actions import (DeliveryChoice, DiscardOverflow, DiscardToAdvance, LengthenPayment,
                      PlayCard, ResourceMix, Space)
from .board import ALL_SPACES, Coord, terrain
from .components import CARDS, TILES_BY_KIND, DoubleAdvance, GainOneOf, LengthenDiscount, Resource
from .improvements import active_effect, options_for
from .placement import free_example_given, free_placement_example, nearest, taken_indices
from .state import PlayerBoard, SoleniaState
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


@dataclass(slots=True)
class SlotChoice:
    """One place for a tile of some kind: the winter slot named, the B reward chosen, and what it gives."""

    slot_id: str | None
    reward_choice: Resource | None
    outcome: deliveries.SlotOutcome


@dataclass(slots=True)
class CityOption:
    """One legal delivery at a city, with every overflow discard the storage it leaves calls for."""

    delivery: DeliveryChoice
    discards: tuple[ResourceMix, ...]


@lru_cache(maxsize=4096)
def _discards(stored: res.Vector, capacity: int) -> tuple[ResourceMix, ...]:
    """SOL-4.3: every way to return exactly the surplus over capacity (the empty mix when there is none).

    Cached because each card in hand and each delivery at the same storage asks again;
    the mixes are shared between listed actions, as ``_mix`` already shares them.
    """
    return tuple(_mix(v) for v in res.mixes(max(0, sum(stored) - capacity), stored))


def _slot_choices(state: SoleniaState, seat: int, kind: str) -> list[SlotChoice]:
    """Every slot (and B reward) a tile of this kind may take.

    What a slot gives does not depend on which tile of the kind fills it, so this is
    worked out once per kind, with any tile of the kind as the probe.
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
            out.append(SlotChoice(slot_id, choice, deliveries.slot_outcome(state, player, probe, index, choice)))
    return out


class _Cities:
    """The deliveries a city allows, by (city kind, storage after lengthening).

    Many spaces and lengthening payments lead to the same city kind and storage, and
    every slot choice is the same for all of them, so both are worked out once per
    call of ``legal_actions``.
    """

    def __init__(self, state: SoleniaState, seat: int) -> None:
        self.state, self.seat = state, seat
        player = state.players[seat]
        self.permanents = deliveries.unused_permanents(player)
        self.pooled = deliveries.pool(player)
        self.slots: dict[str, list[SlotChoice]] = {}
        self.options: dict[tuple[str, res.Vector], list[CityOption]] = {}

    def at(self, city_kind: str, stored: res.Vector) -> list[CityOption]:
        key = (city_kind, stored)
        options = self.options.get(key)
        if options is None:
            options = self.options[key] = self._work_out(city_kind, stored)
        return options

    def _slot_choices(self, kind: str) -> list[SlotChoice]:
        choices = self.slots.get(kind)
        if choices is None:
            choices = self.slots[kind] = _slot_choices(self.state, self.seat, kind)
        return choices

    def _work_out(self, city_kind: str, stored: res.Vector) -> list[CityOption]:
        player = self.state.players[self.seat]
        out = []
        for kind in deliveries.allowed_kinds(player, city_kind):
            choices = self._slot_choices(kind)
            for tile in deliveries.display(self.state, kind):
                for names, payment in deliveries.payment_options(deliveries.NEED[tile], stored, self.permanents,
                                                                 self.pooled):
                    paid = res.sub(stored, payment)
                    mix = _mix(payment)
                    for choice in choices:
                        delivery = DeliveryChoice(tile=tile, payment=mix, permanent=list(names), slot=choice.slot_id,
                                                  reward_choice=choice.reward_choice)
                        out.append(CityOption(delivery, _discards(res.add(paid, choice.outcome.gained),
                                                                  choice.outcome.capacity_after)))
        return out


#: a card in hand: (id, immediate value, the ``advance`` values it may name).
HandCard = tuple[str, int, tuple[int | None, ...]]


def _hand(player: PlayerBoard) -> list[HandCard]:
    double = active_effect(player, DoubleAdvance) is not None
    return [(card, immediate_value(player, card), (None, 2) if double and CARDS[card].value == 0 else (None,))
            for card in player.hand]


def _costs(player: PlayerBoard, near: list[int]) -> list[int]:
    """SOL-3.3.2 and 3.3.6: each space's lengthening cost (``ALL_SPACES`` order) from its distance to the nearest
    anchor, less an active L1_LENGTHEN_DISCOUNT."""
    discount = active_effect(player, LengthenDiscount)
    free = 1 if discount is None else 1 + discount.amount  # distances up to this cost nothing
    return [d - free if d > free else 0 for d in near]


def _reachable(state: SoleniaState, seat: int, budget: int) -> list[tuple[Coord, int]]:
    """SOL-3.3: each empty space the player can afford to reach, with what reaching it costs."""
    taken = taken_indices(state)
    costs = _costs(state.players[seat], nearest(state, seat))
    return [(space, cost) for index, (space, cost) in enumerate(zip(ALL_SPACES, costs))
            if cost <= budget and index not in taken]


def _plays(state: SoleniaState, seat: int) -> list[PlayCard]:
    """Every card on every reachable space, with every payment, delivery and discard."""
    player = state.players[seat]
    stored0 = res.vector(player.storage)
    cards = _hand(player)
    cities = _Cities(state, seat)
    out: list[PlayCard] = []
    for space, cost in _reachable(state, seat, sum(stored0)):
        ground = terrain(state, *space)
        target = _space(*space)
        for paid in res.mixes(cost, stored0):
            stored = res.sub(stored0, paid)
            lengthen = _lengthen(paid)
            if ground.resource is not None:
                out += _island_plays(seat, cards, target, lengthen, stored, ground.resource, player.capacity)
            else:
                options = cities.at(ground.city, stored)
                out += _city_plays(seat, cards, target, lengthen, options)
    return out


def _island_plays(seat: int, cards: list[HandCard], target: Space, lengthen: Any, stored: res.Vector,
                  resource: str, capacity: int) -> list[PlayCard]:
    out = []
    for card, value, advances in cards:
        for discard in _discards(res.add(stored, res.one(resource, value)), capacity):
            for advance in advances:
                out.append(PlayCard(player=seat, card=card, space=target, lengthen_payment=lengthen,
                                    advance=advance, overflow_discard=discard))
    return out


def _city_plays(seat: int, cards: list[HandCard], target: Space, lengthen: Any,
                options: list[CityOption]) -> list[PlayCard]:
    out = []
    for card, _, advances in cards:
        for option in options:
            for discard in option.discards:
                for advance in advances:
                    out.append(PlayCard(player=seat, card=card, space=target, lengthen_payment=lengthen,
                                        delivery=option.delivery, advance=advance, overflow_discard=discard))
    return out


# ---------------------------------------------------------------- one at random (Ruleset.random_action)
def random_action(state: SoleniaState, seat: int, rnd: random.Random) -> Any | None:
    """One legal action drawn by levels instead of listing every play (hundreds a turn).

    In the play phase: a discard to advance (when SOL-3.4 allows one) or a play, even odds
    when both exist; a play draws a reachable space, then a lengthening payment, then a card
    and the rest, going on to another payment or space where one leads nowhere (a city with
    no delivery). Every listed action is one such draw, and every draw is a listed action:
    each level is the one ``_plays`` lists from. Other phases list a handful: a uniform choice.

    The coin is tossed first, so that the free-placement test (SOL-3.4) runs only on the
    discard's side: a hand with no play at all has no free placement either (a free
    placement is a play), so there a discard is legal without asking.
    """
    if state.phase != "play" or seat != state.active_seat or state.pending:
        listed = legal_actions(state, seat)
        return rnd.choice(listed) if listed else None
    hand = state.players[seat].hand
    if not hand:
        return None
    near, taken = nearest(state, seat), taken_indices(state)
    if rnd.random() < 0.5:
        play = _a_play(state, seat, rnd, near, taken)
        return play if play is not None else DiscardToAdvance(player=seat, card=rnd.choice(hand))
    if free_example_given(state, seat, near, taken) is None:
        return DiscardToAdvance(player=seat, card=rnd.choice(hand))
    return _a_play(state, seat, rnd, near, taken)


def _one_by_one(items: list[Any], rnd: random.Random) -> Iterator[Any]:
    """``items`` in a uniformly random order, drawn lazily (a draw that ends at the first pays for one),
    emptying the list given."""
    while items:
        last = len(items) - 1
        pick = rnd.randrange(last + 1) if last else 0
        item = items[pick]
        items[pick] = items[last]
        items.pop()
        yield item


def _a_play(state: SoleniaState, seat: int, rnd: random.Random, near: list[int], taken: set[int]) -> PlayCard | None:
    player = state.players[seat]
    stored0 = res.vector(player.storage)
    budget = sum(stored0)
    costs = _costs(player, near)
    spaces = [index for index, cost in enumerate(costs) if cost <= budget and index not in taken]
    cards: list[HandCard] | None = None
    cities: _Cities | None = None
    for index in _one_by_one(spaces, rnd):
        col, row = ALL_SPACES[index]
        ground = terrain(state, col, row)
        for paid in _one_by_one(list(res.mixes(costs[index], stored0)), rnd):
            stored = res.sub(stored0, paid)
            if cards is None:
                cards = _hand(player)
            if ground.resource is not None:
                playable = [(card, discards, advances) for card, value, advances in cards
                            if (discards := _discards(res.add(stored, res.one(ground.resource, value)),
                                                      player.capacity))]
                if not playable:
                    continue
                card, discards, advances = rnd.choice(playable)
                return PlayCard(player=seat, card=card, space=_space(col, row), lengthen_payment=_lengthen(paid),
                                advance=rnd.choice(advances), overflow_discard=rnd.choice(discards))
            if cities is None:
                cities = _Cities(state, seat)
            options = [option for option in cities.at(ground.city, stored) if option.discards]
            if not options:
                continue
            card, _, advances = rnd.choice(cards)
            option = rnd.choice(options)
            return PlayCard(player=seat, card=card, space=_space(col, row), lengthen_payment=_lengthen(paid),
                            delivery=option.delivery, advance=rnd.choice(advances),
                            overflow_discard=rnd.choice(option.discards))
    return None
