"""The Building phase (KOS-8): one building card per round, temple blocks, roads, and the
explicit end of a building turn. Every building action ends with the end check (KOS-10.2)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from . import payment
from .actions import BuildBuilding, BuildRoad, BuildTempleBlock, EndBuildingTurn, FortunePayment
from .board import build_road_now, check_road, empty_sites, legal_roads, markers_placed
from .components import (BUILDING_CARDS, CARDS_PER_ROUND, MARKERS_PER_PLAYER, NEUTRAL, RESOURCES, ROAD_COST,
                         TEMPLE_LEVEL, TEMPLE_LEVELS, TEMPLE_BLOCKS, TEMPLE_REWARDS)
from .events import BuildingBuilt, BuildingTurnEnded, Events, TempleBlockBuilt, VpGained
from .fortune import gain_tokens
from .refusals import (BUILDING_LIMIT_REACHED, CARD_NOT_IN_DISPLAY, HAS_SPECIAL_MARK, INVALID_ANY_PAYMENT,
                       INVALID_REWARD, NO_BUILDING_MARKERS_LEFT, NO_EMPTY_SITE, NOT_A_BUILDING_SITE, SITE_NOT_ALLOWED,
                       SITE_OCCUPIED, SITE_REQUIRED, TEMPLE_COMPLETE, TEMPLE_LEVEL_FULL, TEMPLE_LEVEL_LOCKED)
from .state import KosState, Marker
from .turns import check_end, next_builder



# ---------------------------------------------------------------- building cards (KOS-8.4..8.12)
def build_building(state: KosState, action: BuildBuilding) -> Events:
    """Spec 3.7, in the table's order."""
    seat = action.player
    player = state.players[seat]
    if player.built_this_round >= CARDS_PER_ROUND:
        raise BUILDING_LIMIT_REACHED(explain={"limit": {"cards": CARDS_PER_ROUND},
                                              "have": {"cards": player.built_this_round}})
    if action.card not in state.display:
        raise CARD_NOT_IN_DISPLAY(card=action.card, context={"card": action.card})
    card = BUILDING_CARDS[action.card]
    cubes, cards = payment.plan(state, seat, card.cost, action.fortune_payment)
    free = empty_sites(state)
    needs_marker = not card.special_mark and bool(free)
    if needs_marker and action.site is None:
        raise SITE_REQUIRED()
    if not needs_marker and action.site is not None:
        rule = "KOS-8.9" if card.special_mark else "KOS-8.8"
        raise SITE_NOT_ALLOWED(rule, reason=HAS_SPECIAL_MARK() if card.special_mark else NO_EMPTY_SITE())
    if action.site is not None:
        if action.site in NEUTRAL:
            raise NOT_A_BUILDING_SITE(site=action.site, context={"site": action.site})
        if action.site not in free:
            holder = next(marker.owner for marker in state.markers if marker.area == action.site)
            raise SITE_OCCUPIED(site=action.site, context={"site": action.site},
                                explain={"space": action.site, "held_by": holder})
        if markers_placed(state, seat) >= MARKERS_PER_PLAYER:
            raise NO_BUILDING_MARKERS_LEFT(explain={"limit": {"markers": MARKERS_PER_PLAYER},
                                                    "have": {"markers": markers_placed(state, seat)}})
    events: Events = []
    payment.commit(state, seat, cubes, cards, events)
    state.display[state.display.index(action.card)] = None
    player.buildings.append(action.card)
    player.built_this_round += 1
    player.vp += card.vp
    if action.site is not None:
        state.markers.append(Marker(area=action.site, owner=seat, card=action.card))
    events.insert(0, BuildingBuilt(player=seat, card=action.card, site=action.site, vp=card.vp))
    check_end(state, events)
    return events


def building_options(state: KosState, seat: int) -> list[BuildBuilding]:
    player = state.players[seat]
    if player.built_this_round >= CARDS_PER_ROUND:
        return []
    free = empty_sites(state)
    has_marker = markers_placed(state, seat) < MARKERS_PER_PLAYER
    out = []
    for card_id in state.display:
        if card_id is None:
            continue
        card = BUILDING_CARDS[card_id]
        if card.special_mark or not free:
            sites: list[str | None] = [None]
        elif has_marker:
            sites = list(free)
        else:
            continue
        for pay in payment.options(state, seat, card.cost):
            out += [BuildBuilding(player=seat, card=card_id, site=site, fortune_payment=pay) for site in sites]
    return out


# ---------------------------------------------------------------- temple (KOS-8.13..8.19)
def _open_level(state: KosState) -> str | None:
    for level in TEMPLE_LEVELS:
        if state.temple.get(level.id, 0) < level.blocks:
            return level.id
    return None


def build_temple_block(state: KosState, action: BuildTempleBlock) -> Events:
    """Spec 3.8, in the table's order; then the reward and the end check."""
    seat = action.player
    if sum(state.temple.values()) >= TEMPLE_BLOCKS:
        raise TEMPLE_COMPLETE(explain={"limit": {"blocks": TEMPLE_BLOCKS},
                                       "have": {"blocks": sum(state.temple.values())}})
    level = TEMPLE_LEVEL[action.level]
    for lower in TEMPLE_LEVELS:
        if lower.order < level.order and state.temple.get(lower.id, 0) < lower.blocks:
            # the temple's blocks are on the board for all to see: the lower level's spaces against its blocks
            raise TEMPLE_LEVEL_LOCKED(lower=lower.id, level=level.id,
                                      explain={"needed": {lower.id: lower.blocks},
                                               "have": {lower.id: state.temple.get(lower.id, 0)}})
    if state.temple.get(level.id, 0) >= level.blocks:
        raise TEMPLE_LEVEL_FULL(level=level.id, explain={"limit": {level.id: level.blocks},
                                                         "have": {level.id: state.temple.get(level.id, 0)}})
    anys = action.any_payment
    if (any(r not in RESOURCES or n < 1 for r, n in anys.items()) or sum(anys.values()) != level.any):
        raise INVALID_ANY_PAYMENT(level=level.id, count=level.any,
                                  explain={"needed": {"cubes": level.any}, "offered": {"cubes": sum(anys.values())}})
    cost = dict(level.cost)
    for resource, amount in anys.items():
        cost[resource] = cost.get(resource, 0) + amount
    cubes, cards = payment.plan(state, seat, cost, action.fortune_payment)
    if action.reward not in TEMPLE_REWARDS:
        raise INVALID_REWARD(rewards=", ".join(TEMPLE_REWARDS))
    events: Events = [TempleBlockBuilt(player=seat, level=level.id, reward=action.reward)]
    payment.commit(state, seat, cubes, cards, events)
    state.temple[level.id] = state.temple.get(level.id, 0) + 1
    if action.reward == "vp":
        state.players[seat].vp += level.vp
        events.append(VpGained(player=seat, vp=level.vp))
    else:
        gain_tokens(state, seat, 1, events)
    check_end(state, events)
    return events


def _any_payments(size: int) -> list[dict[str, int]]:
    out: list[dict[str, int]] = []
    for combo in combinations_with_replacement(RESOURCES, size):
        out.append({r: combo.count(r) for r in RESOURCES if combo.count(r)})
    return out


def temple_options(state: KosState, seat: int) -> list[BuildTempleBlock]:
    name = _open_level(state)
    if name is None:
        return []
    level = TEMPLE_LEVEL[name]
    out = []
    for anys in _any_payments(level.any):
        cost = dict(level.cost)
        for resource, amount in anys.items():
            cost[resource] = cost.get(resource, 0) + amount
        for pay in payment.options(state, seat, cost):
            out += [BuildTempleBlock(player=seat, level=name, reward=reward, any_payment=anys, fortune_payment=pay)
                    for reward in TEMPLE_REWARDS]
    return out


# ---------------------------------------------------------------- roads (KOS-8.24..8.29)
def build_road(state: KosState, action: BuildRoad) -> Events:
    """Spec 3.9, in the table's order."""
    seat = action.player
    key = check_road(state, seat, action.areas)
    cubes, cards = payment.plan(state, seat, ROAD_COST, action.fortune_payment, "KOS-8.24")
    events: Events = []
    build_road_now(state, seat, key, events)
    payment.commit(state, seat, cubes, cards, events)
    check_end(state, events)
    return events


def road_options(state: KosState, seat: int) -> list[BuildRoad]:
    roads = legal_roads(state, seat)
    if not roads:
        return []
    pays: list[list[FortunePayment]] = list(payment.options(state, seat, ROAD_COST))
    return [BuildRoad(player=seat, areas=road, fortune_payment=pay) for road in roads for pay in pays]


def end_building_turn(state: KosState, action: EndBuildingTurn) -> Events:
    """Spec 3.10: the next player in turn order builds; after the last, the end of the round."""
    events: Events = [BuildingTurnEnded(player=action.player)]
    next_builder(state, events)
    return events
