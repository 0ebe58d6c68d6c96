"""The Resolution phase (KOS-5): each pawn pays out; action spaces carry out their effect
(spec 5.9 vocabulary, parameters from the components), with the player's choices checked
in the order of spec 3.3 before anything changes.

Every effect here has two halves: ``resolve_*`` (check, then commit) and ``choices_*``
(every canonical choice the effect accepts now, for ``legal_actions``).
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product
from typing import Any, Callable, Iterator

from rulesets.core import RulesetError, Worded

from .actions import Choice, ResolvePawn, Trade
from .board import area_yield, build_road_now, check_road, legal_roads
from .components import ACTION_SPACES, AREAS, BONUS_SPACES, BUILDING_CARDS, RESOURCES, resource_named
from .events import (Events, PawnResolved, ResourceStolen, ResourceTraded, TaxPaid, TradeMade, TurnOrderChanged,
                     VpGained)
from .fortune import draw, gain_tokens, take_from_supply
from .refusals import (CHOICE_DECLINED_WHILE_POSSIBLE, CHOICE_NEEDED, CHOICE_NOT_IN_SUPPLY,
                       EFFECT_TAKES_NO_CHOICE, INVALID_CHOICE, INVALID_STEAL_TARGET, INVALID_TAX_CHOICE, INVALID_TRADE,
                       LIST_TRADES, NAME_CUBE_TYPES, NAME_RESOURCE_TYPES, NAME_STEAL_TARGET, NO_PAWN_ON_SPACE, NO_SEATS,
                       NOT_A_CHOICE_OF_EFFECT, OWN_SEAT, ROAD_CHOICE_FORM, SEAT_NOT_IN_GAME, TARGET_LACKS,
                       TAX_CHOICE_FORM, TAX_SEAT_LACKS, TAX_SEATS_EXTRA, TAX_SEATS_MISSING,
                       TAX_SEATS_MISSING_AND_EXTRA)
from .spaces import ACTION, AREA, BONUS
from .state import KosState
from .turns import next_resolver, position



def effect_of(space: str) -> tuple[str, dict[str, Any]]:
    """The effect a pawn on ``space`` carries out (``area`` for a resource area)."""
    kind, name = space.split(":", 1)
    if kind == AREA:
        return AREA, {}
    if kind == ACTION:
        return ACTION_SPACES[name].effect, ACTION_SPACES[name].params
    if kind == BONUS:
        return BONUS_SPACES[name].effect, BONUS_SPACES[name].params
    action = BUILDING_CARDS[name].action
    return action.effect, action.params


def _bad_choice(problem: Worded, explain: dict[str, Any] | None = None) -> RulesetError:
    return INVALID_CHOICE("KOS-5.8", problem=problem, explain=explain)


def _declined(explain: dict[str, Any] | None = None) -> RulesetError:
    return CHOICE_DECLINED_WHILE_POSSIBLE(explain=explain)


def _too_many(count: int, unit: str, listed: list[Any] | None) -> dict[str, Any] | None:
    """invalid_choice's ``explain`` where a choice lists more than the effect's count (KOS-5.8): the cap and
    how many it listed; None where the count is not what is wrong."""
    if listed is None or len(listed) <= count:
        return None
    return {"limit": {unit: count}, "offered": {unit: len(listed)}}


def _short(needed: int, unit: str, offered: int) -> dict[str, Any]:
    """choice_declined_while_possible's ``explain`` (KOS-5.8): how many the effect can still carry out, and how
    many the choice did."""
    return {"needed": {unit: needed}, "offered": {unit: offered}}


def _only(choice: Choice | None, *fields: str) -> Choice:
    """The choice must be given and use only this effect's fields."""
    if choice is None:
        raise _bad_choice(CHOICE_NEEDED(fields=", ".join(fields)))
    for name in Choice.__struct_fields__:
        if name not in fields and getattr(choice, name) is not None:
            raise _bad_choice(NOT_A_CHOICE_OF_EFFECT(name=name))
    return choice


def _no_choice(choice: Choice | None) -> None:
    if choice is not None and any(getattr(choice, name) is not None for name in Choice.__struct_fields__):
        raise _bad_choice(EFFECT_TAKES_NO_CHOICE())


# ---------------------------------------------------------------- effects without a choice
def resolve_area(state: KosState, seat: int, space: str, privileged: bool, choice: Choice | None,
                 events: Events) -> None:
    """KOS-5.3..5.7."""
    _no_choice(choice)
    take_from_supply(state, seat, area_yield(state, seat, space.split(":", 1)[1], privileged), events)


def _simple(state: KosState, seat: int, effect: str, params: dict[str, Any], choice: Choice | None,
            events: Events) -> None:
    _no_choice(choice)
    if effect == "draw_fortune":  # KOS-5.9, 5.13
        draw(state, seat, int(params["count"]), events)
    elif effect == "gain_resources":
        take_from_supply(state, seat, {r: int(n) for r, n in params["resources"].items()}, events)
    elif effect == "gain_vp":
        state.players[seat].vp += int(params["vp"])
        events.append(VpGained(player=seat, vp=int(params["vp"])))
    elif effect == "temple_token":
        gain_tokens(state, seat, int(params["count"]), events)
    elif effect == "tribute":  # KOS-5.14
        take_from_supply(state, seat, {r: 1 for r in RESOURCES}, events)
    elif effect == "altar":  # KOS-5.12
        gained = int(params["multiplier"]) * position(state, seat)
        state.players[seat].vp += gained
        events.append(VpGained(player=seat, vp=gained))
        state.turn_order.remove(seat)
        state.turn_order.insert(0, seat)
        events.append(TurnOrderChanged(turn_order=list(state.turn_order)))
    else:  # pragma: no cover - the import-time check below forbids it
        raise AssertionError(effect)


# ---------------------------------------------------------------- any_resource (Minister, cards)
def resolve_any_resource(state: KosState, seat: int, params: dict[str, Any], choice: Choice | None,
                         events: Events) -> None:
    count = int(params["count"])
    picked = _only(choice, "resources").resources
    if picked is None or len(picked) > count or any(r not in RESOURCES for r in picked):
        raise _bad_choice(NAME_RESOURCE_TYPES(count=count), _too_many(count, "resources", picked))
    left: dict[str, int] = {r: state.supply.get(r) for r in RESOURCES}
    for resource in picked:
        if left[resource] <= 0:
            # KOS-5.7: each listed cube must be in the supply; the count named of the type against the supply's
            raise CHOICE_NOT_IN_SUPPLY(resource=resource, context={"resource": resource},
                                       explain={"needed": {resource: picked.count(resource)},
                                                "have": {resource: state.supply.get(resource)}})
        left[resource] -= 1
    if len(picked) < min(count, state.supply.total()):
        raise _declined(_short(min(count, state.supply.total()), "resources", len(picked)))
    wanted: dict[str, int] = {}
    for resource in picked:
        wanted[resource] = wanted.get(resource, 0) + 1
    take_from_supply(state, seat, wanted, events)


def choices_any_resource(state: KosState, seat: int, params: dict[str, Any]) -> Iterator[Choice]:
    size = min(int(params["count"]), state.supply.total())
    for combo in combinations_with_replacement([r for r in RESOURCES if state.supply.get(r) > 0], size):
        if all(combo.count(r) <= state.supply.get(r) for r in set(combo)):
            yield Choice(resources=list(combo))


# ---------------------------------------------------------------- steal_resource (Thief, B08)
def resolve_steal(state: KosState, seat: int, params: dict[str, Any], choice: Choice | None,
                  events: Events) -> None:
    count = int(params["count"])
    chosen = _only(choice, "target", "resources")
    picked, target = chosen.resources, chosen.target
    if picked is None or len(picked) > count or any(r not in RESOURCES for r in picked):
        raise _bad_choice(NAME_CUBE_TYPES(count=count), _too_many(count, "resources", picked))
    if target is not None and not 0 <= target < len(state.players):
        raise _bad_choice(SEAT_NOT_IN_GAME(seat=target))
    if target is None and picked:
        raise _bad_choice(NAME_STEAL_TARGET())
    someone = any(other.cubes.total() for index, other in enumerate(state.players) if index != seat)
    if (target is None or not picked) and someone:
        # with a target named, what it holds says how many to take; with none, at least one opponent's cube
        most = min(count, state.players[target].cubes.total()) if target is not None and target != seat else 1
        raise _declined(_short(most, "resources", len(picked)) if most else None)
    if target is None:
        return
    if target == seat:
        raise INVALID_STEAL_TARGET(target=target, reason=OWN_SEAT())
    victim = state.players[target]
    for resource in sorted(set(picked), key=RESOURCES.index):
        if picked.count(resource) > victim.cubes.get(resource):
            # cubes are public (only fortune cards are hidden, KOS-6.1): what the target holds of the type
            raise INVALID_STEAL_TARGET(target=target, reason=TARGET_LACKS(resource=resource),
                                       context={"target": target},
                                       explain={"needed": {resource: picked.count(resource)},
                                                "have": {resource: victim.cubes.get(resource)}})
    if len(picked) < min(count, victim.cubes.total()):
        raise _declined(_short(min(count, victim.cubes.total()), "resources", len(picked)))
    for resource in picked:
        victim.cubes.add(resource, -1)
        state.players[seat].cubes.add(resource, 1)
    events.append(ResourceStolen(player=seat, target=target, resources=[resource_named(r) for r in picked]))


def choices_steal(state: KosState, seat: int, params: dict[str, Any]) -> Iterator[Choice]:
    count = int(params["count"])
    found = False
    for target, victim in enumerate(state.players):
        if target == seat or not victim.cubes.total():
            continue
        found = True
        size = min(count, victim.cubes.total())
        held = [r for r in RESOURCES if victim.cubes.get(r) > 0]
        for combo in combinations_with_replacement(held, size):
            if all(combo.count(r) <= victim.cubes.get(r) for r in set(combo)):
                yield Choice(target=target, resources=list(combo))
    if not found:
        yield Choice(resources=[])


# ---------------------------------------------------------------- trade_resource (Trader, B10)
def _trade_ok(cubes: dict[str, int], supply: dict[str, int], give: str, take: str) -> bool:
    return cubes[give] > 0 and give != take and supply[take] > 0


def _apply_trade(cubes: dict[str, int], supply: dict[str, int], give: str, take: str) -> None:
    cubes[give] -= 1
    supply[give] += 1
    supply[take] -= 1
    cubes[take] += 1


def _trade_shortfall(cubes: dict[str, int], supply: dict[str, int], give: str, take: str) -> dict[str, Any] | None:
    """invalid_trade's ``explain`` (KOS-5.10), counted after the trades before it: the cube given against the
    seat's cubes, else the cube taken against the supply's (``have`` is what the compared holder has, as the
    market's in market_full); None where the trade gives the type it takes."""
    if cubes[give] <= 0:
        return {"needed": {give: 1}, "have": {give: cubes[give]}}
    if give != take and supply[take] <= 0:
        return {"needed": {take: 1}, "have": {take: supply[take]}}
    return None


def _any_trade(cubes: dict[str, int], supply: dict[str, int]) -> bool:
    return any(_trade_ok(cubes, supply, g, t) for g in RESOURCES for t in RESOURCES)


def resolve_trade(state: KosState, seat: int, params: dict[str, Any], choice: Choice | None,
                  events: Events) -> None:
    count = int(params["count"])
    trades = _only(choice, "trades").trades
    if trades is None or len(trades) > count or any(t.give not in RESOURCES or t.take not in RESOURCES
                                                    for t in trades):
        raise _bad_choice(LIST_TRADES(count=count), _too_many(count, "trades", trades))
    player = state.players[seat]
    cubes: dict[str, int] = {r: player.cubes.get(r) for r in RESOURCES}
    supply: dict[str, int] = {r: state.supply.get(r) for r in RESOURCES}
    for index, trade in enumerate(trades):
        if not _trade_ok(cubes, supply, trade.give, trade.take):
            raise INVALID_TRADE(number=index + 1, context={"index": index},
                                explain=_trade_shortfall(cubes, supply, trade.give, trade.take))
        _apply_trade(cubes, supply, trade.give, trade.take)
    if len(trades) < count and _any_trade(cubes, supply):
        most = max(len(option.trades or []) for option in choices_trade(state, seat, params))
        raise _declined(_short(most, "trades", len(trades)))
    for r in RESOURCES:
        player.cubes.add(r, cubes[r] - player.cubes.get(r))
        state.supply.add(r, supply[r] - state.supply.get(r))
    if trades:
        made = [TradeMade(give=resource_named(t.give), take=resource_named(t.take)) for t in trades]
        events.append(ResourceTraded(player=seat, trades=made))


def choices_trade(state: KosState, seat: int, params: dict[str, Any]) -> Iterator[Choice]:
    count = int(params["count"])
    player = state.players[seat]

    def walk(cubes: dict[str, int], supply: dict[str, int], done: list[Trade]) -> Iterator[Choice]:
        options = [(g, t) for g in RESOURCES for t in RESOURCES if _trade_ok(cubes, supply, g, t)]
        if len(done) == count or not options:
            yield Choice(trades=list(done))
            return
        for give, take in options:
            c2, s2 = dict(cubes), dict(supply)
            _apply_trade(c2, s2, give, take)
            yield from walk(c2, s2, [*done, Trade(give=give, take=take)])

    yield from walk({r: player.cubes.get(r) for r in RESOURCES}, {r: state.supply.get(r) for r in RESOURCES}, [])


# ---------------------------------------------------------------- free_road (Artisan, B12)
def resolve_free_road(state: KosState, seat: int, params: dict[str, Any], choice: Choice | None,
                      events: Events) -> None:
    road = _only(choice, "road").road
    if road is not None and (len(road) != 2 or any(area not in AREAS for area in road)):
        raise _bad_choice(ROAD_CHOICE_FORM())
    if road is None:
        if legal_roads(state, seat):
            raise _declined(_short(1, "roads", 0))
        return
    key = check_road(state, seat, road)
    build_road_now(state, seat, key, events)


def choices_free_road(state: KosState, seat: int, params: dict[str, Any]) -> Iterator[Choice]:
    roads = legal_roads(state, seat)
    if not roads:
        yield Choice()
    for road in roads:
        yield Choice(road=road)


# ---------------------------------------------------------------- tax_collector (B04)
def _taxed(state: KosState, seat: int, threshold: int) -> list[int]:
    """The opponents who pay: at least ``threshold`` cubes, and at least one to give."""
    return [index for index, other in enumerate(state.players)
            if index != seat and other.cubes.total() >= max(threshold, 1)]


def _seats(seats: list[int]) -> str | Worded:
    return ", ".join(map(str, seats)) or NO_SEATS()


def _tax_shortfall(state: KosState, target: int, resource: str) -> dict[str, Any] | None:
    """invalid_tax_choice's ``explain`` where the named type is one the opponent lacks (KOS-5.10): one cube of
    it against what he holds (cubes are public); None for a name that is no resource at all."""
    if resource not in RESOURCES:
        return None
    return {"needed": {resource: 1}, "have": {resource: state.players[target].cubes.get(resource)}}


def resolve_tax(state: KosState, seat: int, params: dict[str, Any], choice: Choice | None,
                events: Events) -> None:
    take = _only(choice, "take").take
    if take is None:
        raise _bad_choice(TAX_CHOICE_FORM())
    due = _taxed(state, seat, int(params["threshold"]))
    wanted = {str(index) for index in due}
    if set(take) != wanted:
        # an extra key may name no seat at all ('x'): it is listed as sent, never read as a number.
        missing, extra = sorted(wanted - set(take), key=int), sorted(set(take) - wanted)
        if missing and extra:
            problem = TAX_SEATS_MISSING_AND_EXTRA(missing=", ".join(missing), extra=", ".join(extra))
        elif missing:
            problem = TAX_SEATS_MISSING(seats=", ".join(missing))
        else:
            problem = TAX_SEATS_EXTRA(seats=", ".join(extra))
        raise INVALID_TAX_CHOICE(threshold=params["threshold"], due=_seats(due), problem=problem,
                                 context={"due": due})
    for key, resource in take.items():
        if resource not in RESOURCES or state.players[int(key)].cubes.get(resource) <= 0:
            raise INVALID_TAX_CHOICE(threshold=params["threshold"], due=_seats(due),
                                     problem=TAX_SEAT_LACKS(seat=key, resource=resource), context={"target": int(key)},
                                     explain=_tax_shortfall(state, int(key), resource))
    for key, resource in take.items():
        state.players[int(key)].cubes.add(resource, -1)
        state.players[seat].cubes.add(resource, 1)
    if take:
        events.append(TaxPaid(player=seat, take={key: resource_named(name) for key, name in take.items()}))


def choices_tax(state: KosState, seat: int, params: dict[str, Any]) -> Iterator[Choice]:
    due = _taxed(state, seat, int(params["threshold"]))
    held = [[r for r in RESOURCES if state.players[index].cubes.get(r) > 0] for index in due]
    for combo in product(*held):
        yield Choice(take={str(index): resource for index, resource in zip(due, combo)})


# ---------------------------------------------------------------- dispatch
Resolver = Callable[[KosState, int, dict[str, Any], Choice | None, Events], None]
WITH_CHOICE: dict[str, tuple[Resolver, Callable[[KosState, int, dict[str, Any]], Iterator[Choice]]]] = {
    "any_resource": (resolve_any_resource, choices_any_resource),
    "steal_resource": (resolve_steal, choices_steal),
    "trade_resource": (resolve_trade, choices_trade),
    "free_road": (resolve_free_road, choices_free_road),
    "tax_collector": (resolve_tax, choices_tax),
}
SIMPLE = frozenset({"draw_fortune", "gain_resources", "gain_vp", "temple_token", "tribute", "altar"})
_effects = ({s.effect for s in ACTION_SPACES.values()} | {s.effect for s in BONUS_SPACES.values()}
            | {c.action.effect for c in BUILDING_CARDS.values()})
if _effects - SIMPLE - set(WITH_CHOICE):
    raise RuntimeError(f"space effects this ruleset cannot resolve: {sorted(_effects - SIMPLE - set(WITH_CHOICE))}")


def choices(state: KosState, seat: int, space: str) -> list[Choice | None]:
    """Every canonical ``choice`` for resolving the seat's pawn on ``space`` (None: no choice)."""
    effect, params = effect_of(space)
    if effect in WITH_CHOICE:
        return list(WITH_CHOICE[effect][1](state, seat, params))
    return [None]


def resolve_pawn(state: KosState, action: ResolvePawn) -> Events:
    """Spec 3.3: the pawn on ``space`` pays out, returns home; the next resolver follows KOS-2.4."""
    seat = action.player
    pawn = next((p for p in state.pawns if p.owner == seat and p.space == action.space), None)
    if pawn is None:
        raise NO_PAWN_ON_SPACE(space=action.space, context={"space": action.space})
    events: Events = [PawnResolved(player=seat, space=action.space)]
    effect, params = effect_of(action.space)
    if effect == AREA:
        resolve_area(state, seat, action.space, pawn.privileged, action.choice, events)
    elif effect in WITH_CHOICE:
        WITH_CHOICE[effect][0](state, seat, params, action.choice, events)
    else:
        _simple(state, seat, effect, params, action.choice, events)
    state.pawns.remove(pawn)
    if not any(p.owner == seat for p in state.pawns):
        next_resolver(state, events)
    return events


