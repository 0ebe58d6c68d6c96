"""Paying a cost (KOS-8.3) with cubes and resource fortune cards standing in for cubes (KOS-6.4 b).

``plan`` runs the two checks every building action shares, in the spec's order
(``insufficient_resources``, then ``invalid_fortune_payment``) and answers what to
take: cubes by type and the fortune cards spent. ``commit`` takes them. ``options``
lists every payment a player can make for a cost, in canonical form, for
``legal_actions``.
"""

from __future__ import annotations

from typing import Any, Iterator

from rulesets.core import Worded

from .actions import FortunePayment
from .components import ANY, FORTUNE_CARDS, RESOURCE_CARD, RESOURCES
from .events import Events, FortunePaid
from .refusals import (ANY_CARD_NEEDS_AS, AS_ONLY_FOR_ANY, FORTUNE_OVERPAYS, INSUFFICIENT_RESOURCES,
                       INVALID_FORTUNE_PAYMENT, NOT_A_RESOURCE_CARD, PAYMENT_CARD_NOT_IN_HAND)
from .state import KosState, Player


def card_type(entry: FortunePayment) -> str | None:
    """The cube type a payment entry claims to stand for, or None when it names nothing usable."""
    card = FORTUNE_CARDS.get(entry.card)
    if card is None or card.effect != RESOURCE_CARD:
        return None
    printed = card.params["resource"]
    return entry.as_ if printed == ANY else printed


def _shortfall(player: Player, cost: dict[str, int], claimed: dict[str, int]) -> dict[str, Any]:
    """A refusal's ``explain`` where cubes and resource cards do not cover a cost: the whole cost, the
    cubes held of its types, and what the named fortune cards pay towards it (those count up to the cost)."""
    explain: dict[str, Any] = {"needed": dict(cost), "have": {r: player.cubes.get(r) for r in cost}}
    paid = {r: min(claimed.get(r, 0), n) for r, n in cost.items() if claimed.get(r, 0)}
    if paid:
        explain["offered"] = {"fortune_cards": paid}
    return explain


def plan(state: KosState, seat: int, cost: dict[str, int],
         payment: list[FortunePayment], rule: str = "KOS-8.3") -> tuple[dict[str, int], list[str]]:
    player = state.players[seat]
    claimed: dict[str, int] = {}
    for entry in payment:
        kind = card_type(entry)
        if kind in RESOURCES:
            claimed[kind] = claimed.get(kind, 0) + 1
    for resource, amount in cost.items():
        if player.cubes.get(resource) + min(claimed.get(resource, 0), amount) < amount:
            raise INSUFFICIENT_RESOURCES(rule, amount=amount, resource=resource,
                                         context={"resource": resource, "needed": amount},
                                         explain=_shortfall(player, cost, claimed))
    seen: set[str] = set()
    for index, entry in enumerate(payment):
        card = FORTUNE_CARDS.get(entry.card)
        problem: Worded | None = None
        if entry.card not in player.hand or entry.card in seen:
            problem = PAYMENT_CARD_NOT_IN_HAND(card=entry.card)
        elif card is None or card.effect != RESOURCE_CARD:
            problem = NOT_A_RESOURCE_CARD(card=entry.card)
        elif card.params["resource"] == ANY and entry.as_ not in RESOURCES:
            problem = ANY_CARD_NEEDS_AS(card=entry.card)
        elif card.params["resource"] != ANY and entry.as_ is not None:
            problem = AS_ONLY_FOR_ANY(card=entry.card, resource=card.params["resource"])
        seen.add(entry.card)
        if problem:
            raise INVALID_FORTUNE_PAYMENT(problem=problem, context={"index": index})
    for resource, amount in claimed.items():
        if amount > cost.get(resource, 0):
            # KOS-6.4 (b): a card counts toward a cost, so no more cards of a type than the cost asks of it
            raise INVALID_FORTUNE_PAYMENT(problem=FORTUNE_OVERPAYS(needed=cost.get(resource, 0), resource=resource,
                                                                   paid=amount), context={"resource": resource},
                                          explain={"needed": {resource: cost.get(resource, 0)},
                                                   "offered": {"fortune_cards": {resource: amount}}})
    cubes = {resource: amount - claimed.get(resource, 0) for resource, amount in cost.items()
             if amount - claimed.get(resource, 0) > 0}
    return cubes, [entry.card for entry in payment]


def commit(state: KosState, seat: int, cubes: dict[str, int], cards: list[str], events: Events) -> None:
    """Cubes go back to the supply (KOS-8.3); the cards to the fortune discard pile, face up."""
    player = state.players[seat]
    for resource, amount in cubes.items():
        player.cubes.add(resource, -amount)
        state.supply.add(resource, amount)
    for card in cards:
        player.hand.remove(card)
        state.fortune_discard.append(card)
    if cards:
        events.append(FortunePaid(player=seat, cards=list(cards)))


def options(state: KosState, seat: int, cost: dict[str, int]) -> Iterator[list[FortunePayment]]:
    """Every payment of ``cost`` the seat can make: fortune cards (sorted by id) plus cubes for the rest."""
    player = state.players[seat]
    usable: list[tuple[str, list[str | None]]] = []
    for card_id in sorted(player.hand):
        card = FORTUNE_CARDS[card_id]
        if card.effect != RESOURCE_CARD:
            continue
        printed = card.params["resource"]
        if printed == ANY:
            kinds: list[str | None] = [r for r in RESOURCES if cost.get(r, 0) > 0]
            if kinds:
                usable.append((card_id, kinds))
        elif cost.get(printed, 0) > 0:
            usable.append((card_id, [None]))
    short = {r: max(0, a - player.cubes.get(r)) for r, a in cost.items()}

    def walk(index: int, used: dict[str, int], chosen: list[FortunePayment]) -> Iterator[list[FortunePayment]]:
        if index == len(usable):
            if all(used.get(r, 0) >= need for r, need in short.items()):
                yield list(chosen)
            return
        yield from walk(index + 1, used, chosen)
        card_id, kinds = usable[index]
        printed = FORTUNE_CARDS[card_id].params["resource"]
        for kind in kinds:
            resource = printed if kind is None else kind
            if used.get(resource, 0) < cost.get(resource, 0):
                used[resource] = used.get(resource, 0) + 1
                chosen.append(FortunePayment(card=card_id, as_=kind))
                yield from walk(index + 1, used, chosen)
                chosen.pop()
                used[resource] -= 1

    yield from walk(0, {}, [])
