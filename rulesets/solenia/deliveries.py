"""SOL-5: cities and delivery tiles: which tiles a city takes, paying them, the slot
they go to on the summer side, and the display refill.

Payment matching follows spec section 3.8: the offer is the storage payment plus one
unit per named permanent resource, and must equal the tile's icons exactly, except
that an active ``L1_STORE_*`` tile pools its two resources.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from rulesets.core import Deck, Worded

from . import resources as res
from .actions import DeliveryChoice
from .components import (ROWS_OF_TILES, SUMMER_REWARDS, TILES, WINTER_SLOTS, CrossDelivery, DeliverySubstitution,
                         GainOneOf, OnDelivery, PermanentResource, Reward, Row, WinterPower)
from .events import (DeliveryCompleted, DeliveryReward, DisplayRefilled, DisplayShort, Events, ImprovementActivated,
                     Part, PermanentGained, as_resources)
from .improvements import active_effect, active_effects, derive_active
from .refusals import (CITY_UNFULFILLABLE, COULD_PAY, DELIVERY_PAYMENT_MISMATCH, DELIVERY_REQUIRED,
                       DELIVERY_TILE_NOT_IN_DISPLAY, DELIVERY_TILE_WRONG_TYPE, EITHER, INSUFFICIENT_RESOURCES, NONE,
                       PAY, PERMANENT_ALREADY_USED, PERMANENT_UNAVAILABLE, REWARD_CHOICE_INVALID,
                       REWARD_CHOICE_NOT_ALLOWED, REWARD_CHOICE_REQUIRED, SLOT_INVALID, SLOT_NOT_CHOOSABLE,
                       SLOT_OCCUPIED, SLOT_PREREQUISITE_UNMET, SLOT_REQUIRED)
from .state import Permanent, PlayerBoard, SoleniaState
from .storage import capacity_for
from .winter import eligible_slots, filled_at_level, slot_power, unmet_prerequisite

PermanentUse = tuple[str, ...]  # slot ids of the permanent resources used, sorted

#: tile id -> its icons as a resource vector.
NEED: dict[str, res.Vector] = {tile_id: res.vector(tile.cost) for tile_id, tile in TILES.items()}


def allowed_kinds(player: PlayerBoard, city_kind: str) -> tuple[str, ...]:
    """SOL-5.2: the city's own type, or either with L1_CROSS_DELIVERY (SOL-9.4)."""
    if active_effect(player, CrossDelivery) is not None:
        return ROWS_OF_TILES
    return (city_kind,)


def display(state: SoleniaState, kind: str) -> list[str]:
    return state.delivery.day_display if kind == "day" else state.delivery.night_display


def deck(state: SoleniaState, kind: str) -> list[str]:
    return state.delivery.day_deck if kind == "day" else state.delivery.night_deck


def pool(player: PlayerBoard) -> tuple[int, int] | None:
    """The two resource indices an active L1_STORE_* tile makes interchangeable, if any."""
    effect = active_effect(player, DeliverySubstitution)
    if effect is None:
        return None
    a, b = effect.pair
    return res.INDEX[a], res.INDEX[b]


def unused_permanents(player: PlayerBoard) -> list[tuple[str, str]]:
    return [(p.id, p.resource) for p in player.permanent if not p.used_this_turn]


def payment_matches(need: res.Vector, offer: res.Vector, pooled: tuple[int, int] | None) -> bool:
    """Spec 3.8: every resource exact, or the pooled pair exact as a sum."""
    for i, (n, o) in enumerate(zip(need, offer)):
        if pooled is not None and i in pooled:
            continue
        if n != o:
            return False
    if pooled is not None:
        a, b = pooled
        return need[a] + need[b] == offer[a] + offer[b]
    return True


def permanent_vector(ids: PermanentUse, player: PlayerBoard) -> res.Vector:
    owned = {p.id: p.resource for p in player.permanent}
    total = res.ZERO
    for slot_id in ids:
        total = res.add(total, res.one(owned[slot_id]))
    return total


def payment_options(need: res.Vector, stored: res.Vector, permanents: list[tuple[str, str]],
                    pooled: tuple[int, int] | None) -> list[tuple[PermanentUse, res.Vector]]:
    """Every (permanent resources named, storage payment) that pays ``need`` exactly."""
    if not permanents and pooled is None:  # the basic game: the icons, exactly, from storage
        return [((), need)] if res.covers(stored, need) else []
    options: list[tuple[PermanentUse, res.Vector]] = []
    ids = sorted(permanents)
    for size in range(len(ids) + 1):
        for chosen in combinations(ids, size):
            offered = res.ZERO
            for _, resource in chosen:
                offered = res.add(offered, res.one(resource))
            rest = res.sub(need, offered)
            names = tuple(slot_id for slot_id, _ in chosen)
            fixed = [i for i in range(len(rest)) if pooled is None or i not in pooled]
            if any(rest[i] < 0 or rest[i] > stored[i] for i in fixed):
                continue
            if pooled is None:
                options.append((names, rest))
                continue
            a, b = pooled
            together = rest[a] + rest[b]
            for take_a in range(max(0, together - stored[b]), min(together, stored[a]) + 1):
                payment = list(rest)
                payment[a], payment[b] = take_a, together - take_a
                options.append((names, tuple(payment)))
    return options


def can_pay(need: res.Vector, stored: res.Vector, permanents: list[tuple[str, str]],
            pooled: tuple[int, int] | None) -> bool:
    if not permanents and pooled is None:
        return res.covers(stored, need)
    return bool(payment_options(need, stored, permanents, pooled))


def payable_tiles(state: SoleniaState, player: PlayerBoard, city_kind: str, stored: res.Vector) -> list[str]:
    """SOL-5.3: the displayed tiles of an allowed type this player could pay now."""
    permanents = unused_permanents(player)
    pooled = pool(player)
    out = []
    for kind in allowed_kinds(player, city_kind):
        for tile_id in display(state, kind):
            if can_pay(NEED[tile_id], stored, permanents, pooled):
                out.append(tile_id)
    return out


def summer_slot(player: PlayerBoard, kind: str) -> int | None:
    """SOL-5.5: the leftmost empty slot of the tile's row; None when the row is full (SOL-5.7)."""
    slots = player.day_slots if kind == "day" else player.night_slots
    for index, tile in enumerate(slots):
        if tile is None:
            return index
    return None


def summer_reward(kind: str, index: int) -> Reward:
    return SUMMER_REWARDS[kind][index]


def refill(state: SoleniaState, kind: Row, events: Events) -> None:
    """SOL-5.6: the top of the same-type deck is appended to the display; an empty deck leaves it short."""
    tile = Deck(deck(state, kind), state.rng, source=f"{kind}_deck", rule="SOL-5.6").draw()
    if tile is not None:
        display(state, kind).append(tile)
        events.append(DisplayRefilled(kind=kind, tile=tile))
    else:
        events.append(DisplayShort(kind=kind, size=len(display(state, kind))))


# ---------------------------------------------------------------- a city play's delivery
@dataclass(slots=True)
class SlotOutcome:
    """What putting a tile of one kind into one slot gives (SOL-5.5, 8.3, 9.3).

    It depends on the kind and the slot, never on which tile, so ``legal_actions``
    works it out once per slot and the delivery check reuses the same function.
    """

    gained: res.Vector  # resources from the slot reward or B power
    stars: int  # stars from the slot reward and on-delivery improvements
    power: WinterPower | None  # the winter power that fires, if any
    active_after: list[Part]  # improvement parts active once the tile lies in its slot
    capacity_after: int


@dataclass(slots=True)
class DeliveryPlan:
    """A checked delivery, ready to apply (SOL-5.8 steps 3 to 6)."""

    tile: str
    kind: Row
    permanent: PermanentUse
    payment: res.Vector
    slot_index: int | None  # None: the row is full, the tile goes beside the board (SOL-5.7)
    slot_id: str | None  # winter slot id; None on summer
    outcome: SlotOutcome


def _with_tile(slots: list[str | None], index: int | None, tile: str) -> list[str | None]:
    if index is None:
        return slots
    out = list(slots)
    out[index] = tile
    return out


def slot_outcome(state: SoleniaState, player: PlayerBoard, tile: str, slot_index: int | None,
                 reward_choice: str | None) -> SlotOutcome:
    """What filling this slot of the tile's row gives this player."""
    kind = TILES[tile].kind
    gained, stars, power = res.ZERO, 0, None
    if slot_index is not None:
        if state.options.board_side == "summer":
            reward = summer_reward(kind, slot_index)
            gained = res.vector(reward)
            stars += reward.vp
        else:
            power = slot_power(player.improvements, WINTER_SLOTS[kind][slot_index].id)
            if isinstance(power, GainOneOf) and reward_choice is not None:
                gained = res.one(reward_choice)
    # On-delivery improvements count only if active before this delivery (SOL-9.3, D-7).
    for effect in active_effects(player.improvements, player.improvements.active):
        if isinstance(effect, OnDelivery) and effect.row == kind:
            stars += effect.vp
    day = _with_tile(player.day_slots, slot_index if kind == "day" else None, tile)
    night = _with_tile(player.night_slots, slot_index if kind == "night" else None, tile)
    active = derive_active(player.improvements, day, night)
    capacity = capacity_for(state.options, player.improvements, day, night)
    return SlotOutcome(gained, stars, power, active, capacity)


def check_delivery(state: SoleniaState, player: PlayerBoard, city_kind: str, stored: res.Vector,
                   choice: DeliveryChoice | None) -> DeliveryPlan:
    """Checks 13 to 26 of play_card (spec section 3.5), in order. ``stored`` is after lengthening."""
    if choice is None:
        payable = payable_tiles(state, player, city_kind, stored)
        if payable:
            raise DELIVERY_REQUIRED("SOL-5.2", city=city_kind, payable=COULD_PAY(tiles=", ".join(payable)),
                                    context={"payable": payable})
        raise DELIVERY_REQUIRED("SOL-5.3", city=city_kind, payable=CITY_UNFULFILLABLE(), context={"payable": []})
    tile_id = choice.tile
    if tile_id not in state.delivery.day_display and tile_id not in state.delivery.night_display:
        shown = state.delivery.day_display + state.delivery.night_display
        raise DELIVERY_TILE_NOT_IN_DISPLAY(tile=tile_id, displayed=", ".join(shown) or NONE(),
                                           context={"tile": tile_id})
    tile = TILES[tile_id]
    if tile.kind not in allowed_kinds(player, city_kind):
        raise DELIVERY_TILE_WRONG_TYPE(city=city_kind, tile=tile_id, kind=tile.kind,
                                       context={"tile": tile_id, "city": city_kind})
    owned = {p.id: p for p in player.permanent}
    for slot_id in choice.permanent:
        if slot_id not in owned:
            raise PERMANENT_UNAVAILABLE(slot=slot_id, context={"permanent": slot_id})
    seen: set[str] = set()
    for slot_id in choice.permanent:
        if owned[slot_id].used_this_turn or slot_id in seen:
            # SOL-8.4: one icon per turn; what this turn used of it already and how often the payment names it
            raise PERMANENT_ALREADY_USED(resource=owned[slot_id].resource, slot=slot_id,
                                         context={"permanent": slot_id},
                                         explain={"limit": {slot_id: 1},
                                                  "have": {slot_id: int(owned[slot_id].used_this_turn)},
                                                  "offered": {slot_id: choice.permanent.count(slot_id)}})
        seen.add(slot_id)
    payment = res.vector(choice.payment)
    if not res.covers(stored, payment):
        raise INSUFFICIENT_RESOURCES("SOL-5.4", act=PAY(), resources=res.worded(payment),
                                     stored=res.worded(stored), context={"stored": res.as_dict(stored)},
                                     explain=res.shortfall(payment, stored))
    offer = res.add(payment, permanent_vector(tuple(choice.permanent), player))
    need = NEED[tile_id]
    if not payment_matches(need, offer, pool(player)):
        raise DELIVERY_PAYMENT_MISMATCH(tile=tile_id, need=res.worded(need), offered=res.worded(offer),
                                        context={"need": res.as_dict(need), "offered": res.as_dict(offer)},
                                        explain={"needed": res.as_dict(need), "offered": res.as_dict(offer)})
    slot_index, winter_slot = _check_slot(state, player, tile.kind, choice)
    outcome = slot_outcome(state, player, tile_id, slot_index, choice.reward_choice)
    _check_reward_choice(outcome.power, choice.reward_choice)
    return DeliveryPlan(tile_id, tile.kind, tuple(choice.permanent), payment, slot_index, winter_slot, outcome)


def _check_slot(state: SoleniaState, player: PlayerBoard, kind: str,
                choice: DeliveryChoice) -> tuple[int | None, str | None]:
    """Checks 20 to 24: where the tile goes."""
    if state.options.board_side == "summer":
        if choice.slot is not None:
            raise SLOT_NOT_CHOOSABLE(context={"slot": choice.slot})
        return summer_slot(player, kind), None
    slots = player.day_slots if kind == "day" else player.night_slots
    row_full = all(t is not None for t in slots)
    if choice.slot is None:
        if row_full:
            return None, None
        eligible = [s.id for s in eligible_slots(player, kind)]
        raise SLOT_REQUIRED(eligible=", ".join(eligible), context={"eligible": eligible})
    by_id = {s.id: s for s in WINTER_SLOTS[kind]}
    slot = by_id.get(choice.slot)
    if slot is None:
        raise SLOT_INVALID(slot=choice.slot, kind=kind, slots=", ".join(by_id), context={"slot": choice.slot})
    if slots[slot.index] is not None:
        raise SLOT_OCCUPIED(slot=slot.id, tile=slots[slot.index], context={"slot": slot.id},
                            explain={"slot": slot.id, "held_by": slots[slot.index]})
    unmet = unmet_prerequisite(slots, slot)
    if unmet is not None:
        needs_level, needs_count = unmet
        raise SLOT_PREREQUISITE_UNMET(slot=slot.id, level=slot.level, needs_count=needs_count,
                                      needs_level=needs_level, kind=kind,
                                      context={"needs_level": needs_level, "needs_count": needs_count},
                                      explain={"slot": slot.id,
                                               "needed": {f"filled_level_{needs_level}": needs_count},
                                               "have": {f"filled_level_{needs_level}":
                                                        filled_at_level(slots, slot.row, needs_level)}})
    return slot.index, slot.id


def _either(options: tuple[str, ...]) -> str | Worded:
    """``wood or wheat``: the options of a B slot, its "or" in the player's language."""
    if len(options) < 2:
        return ", ".join(options)
    return EITHER(choices=", ".join(options[:-1]), last=options[-1])


def _check_reward_choice(power: WinterPower | None, reward_choice: str | None) -> None:
    """Checks 25 and 26: a B slot needs a choice among its options; nothing else takes one."""
    if not isinstance(power, GainOneOf):
        if reward_choice is not None:
            raise REWARD_CHOICE_NOT_ALLOWED()
        return
    if reward_choice is None:
        raise REWARD_CHOICE_REQUIRED(options=_either(power.options), context={"options": list(power.options)})
    if reward_choice not in power.options:
        raise REWARD_CHOICE_INVALID(options=_either(power.options), choice=reward_choice,
                                    context={"options": list(power.options)})


def complete(state: SoleniaState, seat: int, plan: DeliveryPlan, events: Events) -> None:
    """SOL-5.8 steps 3 to 6: pay, place, reward, refill."""
    player = state.players[seat]
    outcome = plan.outcome
    res.store(player.storage, res.sub(res.vector(player.storage), plan.payment))
    for p in player.permanent:
        if p.id in plan.permanent:
            p.used_this_turn = True
    display(state, plan.kind).remove(plan.tile)
    if plan.slot_index is None:
        player.extra_tiles.append(plan.tile)
    elif plan.kind == "day":
        player.day_slots[plan.slot_index] = plan.tile
    else:
        player.night_slots[plan.slot_index] = plan.tile
    slot_name = plan.slot_id or (f"{plan.kind}_{plan.slot_index + 1}" if plan.slot_index is not None else None)
    events.append(DeliveryCompleted(player=seat, tile=plan.tile, slot=slot_name, paid=as_resources(plan.payment),
                                    permanent=list(plan.permanent),
                                    reward=DeliveryReward(**res.as_dict(outcome.gained), stars=outcome.stars)))
    res.store(player.storage, res.add(res.vector(player.storage), outcome.gained))
    player.stars += outcome.stars
    if isinstance(outcome.power, PermanentResource) and plan.slot_id is not None:  # a winter slot's power
        player.permanent.append(Permanent(id=plan.slot_id, resource=outcome.power.resource))
        player.permanent.sort(key=lambda p: p.id)
        events.append(PermanentGained(player=seat, id=plan.slot_id, resource=outcome.power.resource))
    for part in outcome.active_after:
        if part not in player.improvements.active:
            events.append(ImprovementActivated(player=seat, part=part))
    player.improvements.active = list(outcome.active_after)
    player.capacity = outcome.capacity_after
    refill(state, plan.kind, events)
