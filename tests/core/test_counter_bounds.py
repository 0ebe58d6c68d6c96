"""Counters are bounded, and the bound is closed under apply, for every registered game.

Property: a state with counters at the bound (``MAX_COUNT``) is either refused on input, or
every answer ``apply`` gives for it passes the input check (``load_state``) and ``view``
again; ``apply`` refuses an action that would take a counter past the bound
(``counter_overflow``). States come from seeded random playouts of each game; each counter
is put at the bound alone, and then all of them at once.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator

import msgspec
import orjson
import pytest
from msgspec import inspect as mi

from rulesets import get_ruleset, ruleset_ids
from rulesets.core import MAX_COUNT, Count, RulesetError, to_builtins
from rulesets.core.bounds import first_out_of_bounds
from rulesets.core.bounds import counters_within

GAMES = ruleset_ids()
#: Points of each playout whose states are put at the bound (move numbers).
CHECKPOINTS = (0, 4, 17, 60)
ACTIONS_PER_STATE = 6
COUNTERS_PER_STATE = 25


def _counter_slots(info: mi.Type, value: Any) -> Iterator[tuple[Any, Any]]:
    """(container, key) of every counter in the builtins ``value`` of type ``info``."""
    if isinstance(info, mi.IntType):
        return
    if isinstance(info, mi.StructType):
        for field in info.fields:
            if field.encode_name not in value:
                continue
            if isinstance(field.type, mi.IntType) and field.type.le == MAX_COUNT:
                yield value, field.encode_name
            else:
                yield from _counter_slots(field.type, value[field.encode_name])
    elif isinstance(info, (mi.ListType, mi.VarTupleType)):
        for index, item in enumerate(value):
            if isinstance(info.item_type, mi.IntType) and info.item_type.le == MAX_COUNT:
                yield value, index
            else:
                yield from _counter_slots(info.item_type, item)
    elif isinstance(info, mi.TupleType):
        for index, (member, item) in enumerate(zip(info.item_types, value)):
            if isinstance(member, mi.IntType) and member.le == MAX_COUNT:
                yield value, index
            else:
                yield from _counter_slots(member, item)
    elif isinstance(info, mi.DictType):
        for key, item in value.items():
            if isinstance(info.value_type, mi.IntType) and info.value_type.le == MAX_COUNT:
                yield value, key
            else:
                yield from _counter_slots(info.value_type, item)
    elif isinstance(info, mi.UnionType) and value is not None:
        structs = [member for member in info.types if isinstance(member, mi.StructType)]
        if isinstance(value, dict) and len(structs) == 1:
            yield from _counter_slots(structs[0], value)


def _playout_states(ruleset, seed: int) -> list[dict[str, Any]]:
    chooser = random.Random(seed)
    state = ruleset.setup(ruleset.max_players, seed=f"bounds-{seed}")
    kept = []
    while True:
        if state.move in CHECKPOINTS:
            kept.append(orjson.loads(orjson.dumps(to_builtins(state))))
        if state.move >= max(CHECKPOINTS) or ruleset.flow.is_over(state):
            return kept
        seat = ruleset.flow.active_players(state)[0]
        state, _ = ruleset.apply(state, chooser.choice(ruleset.legal_actions(state, seat)), in_place=True)


def _check_closed(ruleset, raw: dict[str, Any], chooser: random.Random) -> str:
    """'refused' when the input check refuses ``raw``; else applies some legal actions and
    checks every answer passes the input check and view again. Returns what happened."""
    try:
        state = ruleset.load_state(raw)
    except RulesetError:
        return "refused"
    if ruleset.flow.is_over(state):
        return "over"
    actions = [action for seat in ruleset.flow.active_players(state) for action in ruleset.legal_actions(state, seat)]
    outcome = "applied"
    for action in chooser.sample(actions, min(len(actions), ACTIONS_PER_STATE)):
        try:
            after, _ = ruleset.apply(ruleset.load_state(raw), action)
        except RulesetError as refusal:
            assert refusal.code == "counter_overflow", refusal
            outcome = "overflow refused"
            continue
        again = ruleset.load_state(orjson.loads(orjson.dumps(to_builtins(after))))  # raises if not closed
        for seat in range(len(again.players)):
            ruleset.view(again, seat)
    return outcome


@pytest.mark.parametrize("game", GAMES)
def test_a_state_at_the_bound_is_refused_or_applies_to_a_valid_state(game):
    ruleset = get_ruleset(game)
    info = mi.type_info(ruleset.State)
    chooser = random.Random(game)
    outcomes: dict[str, int] = {}
    for raw in _playout_states(ruleset, seed=1):
        slots = list(_counter_slots(info, raw))
        assert len(slots) >= 2  # move and the random source's counter at least
        for container, key in chooser.sample(slots, min(len(slots), COUNTERS_PER_STATE)):
            saved = container[key]
            container[key] = MAX_COUNT
            outcome = _check_closed(ruleset, orjson.loads(orjson.dumps(raw)), chooser)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
            container[key] = saved
        for container, key in slots:
            container[key] = MAX_COUNT
        _check_closed(ruleset, raw, chooser)
    # move alone at the bound passes every consistency check, so overflow must have been met
    assert outcomes.get("overflow refused"), outcomes


Put = Callable[[Any], None]


def _cannot_put(new: Any) -> None:
    raise TypeError("a frozen Struct at the top has no container to be rebuilt in")


def _typed_counter_slots(info: mi.Type, value: Any, put_value: Put = _cannot_put) -> Iterator[tuple[Any, Put, int]]:
    """(current value, setter, lowest allowed) of every counter in the typed ``value`` of type ``info``.

    ``put_value`` replaces ``value`` itself where its container holds it. A mutable Struct, list or
    dict is changed in place; a frozen Struct or a tuple cannot be, so its setters rebuild it
    (``msgspec.structs.replace``, a new tuple) from the value as it was and put the copy where it
    was held, up to the nearest container that can change. The setters start from the original
    each time, so putting back the current value restores an equal value.
    """
    def bounded(kind: mi.Type) -> bool:
        return isinstance(kind, mi.IntType) and kind.le == MAX_COUNT

    if isinstance(info, mi.StructType):
        frozen = value.__struct_config__.frozen
        for field in info.fields:
            if frozen:
                def put(new: Any, v: Any = value, name: str = field.name, up: Put = put_value) -> None:
                    up(msgspec.structs.replace(v, **{name: new}))
            else:
                def put(new: Any, v: Any = value, name: str = field.name) -> None:
                    setattr(v, name, new)
            item = getattr(value, field.name)
            if bounded(field.type):
                yield item, put, field.type.ge
            else:
                yield from _typed_counter_slots(field.type, item, put)
    elif isinstance(info, (mi.ListType, mi.DictType)):
        kind = info.value_type if isinstance(info, mi.DictType) else info.item_type
        for key in (list(value) if isinstance(info, mi.DictType) else range(len(value))):
            def put(new: Any, v: Any = value, k: Any = key) -> None:
                v[k] = new
            if bounded(kind):
                yield value[key], put, kind.ge
            else:
                yield from _typed_counter_slots(kind, value[key], put)
    elif isinstance(info, (mi.TupleType, mi.VarTupleType)):
        for position, item in enumerate(value):
            member = info.item_types[position] if isinstance(info, mi.TupleType) else info.item_type
            def put(new: Any, v: Any = value, at: int = position, up: Put = put_value) -> None:
                up((*v[:at], new, *v[at + 1:]))
            if bounded(member):
                yield item, put, member.ge
            else:
                yield from _typed_counter_slots(member, item, put)
    elif isinstance(info, mi.UnionType) and value is not None:
        members = [member for member in info.types if not isinstance(member, mi.NoneType)]
        if len(members) == 1:
            yield from _typed_counter_slots(members[0], value, put_value)


def _push_every_counter_past_its_bounds(state: Any, type_: Any, what: str) -> int:
    """Each counter of the typed ``state`` put one past each bound in turn: the yes/no check says no
    and the named check names a path each time; yes once every counter is back. How many were tried."""
    within = counters_within(type_)
    assert within(state), "a valid state is within bounds"
    tried = 0
    for current, put, lowest in list(_typed_counter_slots(mi.type_info(type_), state)):
        for beyond in (MAX_COUNT + 1, lowest - 1):
            put(beyond)
            assert not within(state), f"{what}: {beyond} let through"
            assert first_out_of_bounds(state, type_) is not None
            tried += 1
        put(current)
    assert within(state)
    return tried


@pytest.mark.parametrize("game", GAMES)
def test_the_quick_check_finds_every_counter_out_of_bounds(game):
    """Every counter of states along a playout, put one past each bound in turn: the yes/no check
    every ``apply`` runs says no each time (it may not let one through), and yes to the state as it was."""
    ruleset = get_ruleset(game)
    tried = 0
    for raw in _playout_states(ruleset, seed=2):
        tried += _push_every_counter_past_its_bounds(ruleset.load_state(raw), ruleset.State, game)
    assert tried >= 8


class Pending(msgspec.Struct, kw_only=True, frozen=True):
    """A frozen value holding a counter (Solenia's pending decision has this shape)."""

    player: int = 0
    amount: Count


class Offer(msgspec.Struct, frozen=True):
    pending: Pending
    costs: tuple[Count, ...] = ()


class Waiting(msgspec.Struct):
    move: Count
    pending: list[Pending] = []
    current: Pending | None = None
    offers: dict[str, Offer] = {}
    pair: tuple[Count, Pending] = (0, Pending(amount=0))


FROZEN = Waiting(move=1, pending=[Pending(amount=2), Pending(player=1, amount=3)], current=Pending(amount=4),
                 offers={"a": Offer(Pending(amount=5), costs=(6, 7))}, pair=(8, Pending(amount=9)))


def test_counters_in_frozen_structs_are_pushed_past_their_bounds_and_back():
    state = msgspec.structs.replace(FROZEN)
    before = msgspec.json.encode(state)
    slots = list(_typed_counter_slots(mi.type_info(Waiting), state))
    assert sorted(current for current, _, _ in slots) == list(range(1, 10))  # every counter, frozen or not
    assert _push_every_counter_past_its_bounds(state, Waiting, "frozen") == 18
    assert msgspec.json.encode(state) == before  # each put back as it was


@pytest.mark.parametrize("where, path", [
    (lambda s: s.pending.__setitem__(1, Pending(amount=-1)), "$.pending[1].amount"),
    (lambda s: setattr(s, "current", Pending(amount=MAX_COUNT + 1)), "$.current.amount"),
    (lambda s: s.offers.__setitem__("a", Offer(Pending(amount=-3))), "$.offers.a.pending.amount"),
    (lambda s: s.offers.__setitem__("a", Offer(Pending(amount=0), costs=(0, -1))), "$.offers.a.costs[1]"),
    (lambda s: setattr(s, "pair", (0, Pending(amount=-1))), "$.pair[1].amount"),
])
def test_the_checks_read_counters_inside_frozen_structs(where, path):
    state = msgspec.structs.replace(FROZEN, pending=list(FROZEN.pending), offers=dict(FROZEN.offers))
    assert counters_within(Waiting)(state) and first_out_of_bounds(state, Waiting) is None
    where(state)
    assert not counters_within(Waiting)(state)
    assert first_out_of_bounds(state, Waiting) == path


@pytest.mark.parametrize("game", GAMES)
def test_a_counter_past_the_bound_is_refused_on_input(game):
    ruleset = get_ruleset(game)
    raw = orjson.loads(orjson.dumps(to_builtins(ruleset.setup(ruleset.min_players, seed=3))))
    for container, key in _counter_slots(mi.type_info(ruleset.State), raw):
        saved = container[key]
        container[key] = MAX_COUNT + 1
        with pytest.raises(RulesetError):
            ruleset.load_state(raw)
        container[key] = saved


@pytest.mark.parametrize("game", GAMES)
def test_apply_at_the_bound_is_a_422_not_an_invalid_answer(game):
    from service import create_app

    client = create_app({"LOG_LEVEL": "WARNING"}).test_client()
    state = client.post(f"/v1/games/{game}/setup", json={"players": 2, "seed": 5}).json["state"]
    state["move"] = MAX_COUNT
    seat = client.post(f"/v1/games/{game}/view", json={"state": state}).json["view"]
    assert seat["move"] == MAX_COUNT  # a state at the bound is valid
    ruleset = get_ruleset(game)
    typed = ruleset.load_state(state)
    player = ruleset.flow.active_players(typed)[0]
    action = to_builtins(ruleset.legal_actions(typed, player)[0])
    response = client.post(f"/v1/games/{game}/apply", json={"state": state, "action": action})
    assert response.status_code == 422 and response.json["code"] == "counter_overflow"
    assert "$.move" in response.json["detail"]
    verdict = client.post(f"/v1/games/{game}/validate", json={"state": state, "action": action}).json
    assert verdict["legal"] is False and verdict["violation"]["code"] == "counter_overflow"


class Inner(msgspec.Struct):
    score: Count
    seat: int = 0


class Outer(msgspec.Struct):
    move: Count
    players: list[Inner]
    bank: dict[str, Count]
    ids: list[Count]
    bonus: Inner | None = None


def test_the_checker_names_the_first_counter_out_of_bounds():
    good = Outer(move=1, players=[Inner(score=2)], bank={"gold": 3}, ids=[1, 2])
    assert first_out_of_bounds(good, Outer) is None
    assert first_out_of_bounds(Outer(move=1, players=[Inner(0), Inner(MAX_COUNT + 1)], bank={}, ids=[]),
                               Outer) == "$.players[1].score"
    assert first_out_of_bounds(Outer(move=0, players=[], bank={"gold": -1}, ids=[]), Outer) == "$.bank.gold"
    assert first_out_of_bounds(Outer(move=0, players=[], bank={}, ids=[0, MAX_COUNT + 1]), Outer) == "$.ids[1]"
    assert first_out_of_bounds(Outer(move=0, players=[], bank={}, ids=[], bonus=Inner(-5)), Outer) == "$.bonus.score"
    assert first_out_of_bounds(Outer(move=0, players=[Inner(0, seat=10**30)], bank={}, ids=[]), Outer) is None


class Wallet(msgspec.Struct):
    coins: Count
    inner: Inner


class Holder(msgspec.Struct):
    move: Count
    wallet: Wallet
    spare: Wallet | None = None
    ranks: dict[str, Inner] = {}


class RicherInner(Inner):
    bonus: Count = 0


@pytest.mark.parametrize("value, path", [
    (Holder(0, Wallet(1, Inner(2))), None),
    (Holder(0, Wallet(1, Inner(2)), spare=Wallet(3, Inner(4)), ranks={"a": Inner(5)}), None),
    (Holder(0, Wallet(1, Inner(MAX_COUNT + 1))), "$.wallet.inner.score"),
    (Holder(0, Wallet(-1, Inner(0))), "$.wallet.coins"),
    (Holder(0, Wallet(0, Inner(0)), spare=Wallet(0, Inner(-1))), "$.spare.inner.score"),
    (Holder(0, Wallet(0, Inner(0)), ranks={"a": Inner(0), "b": Inner(MAX_COUNT + 1)}), "$.ranks.b.score"),
    # an instance of a subclass has fields the declared class lacks: checked as its own class
    (Holder(0, Wallet(0, RicherInner(0, bonus=-1))), "$.wallet.inner.bonus"),
    (Holder(0, Wallet(0, RicherInner(0, bonus=1))), None),
])
def test_the_quick_check_and_the_named_check_agree(value, path):
    """The yes/no check every apply pays for says yes only where no counter is out; a subclass is left to the named check."""
    assert counters_within(Holder)(value) is (path is None and type(value.wallet.inner) is Inner)
    assert first_out_of_bounds(value, Holder) == path


def _unbounded_ints(info: mi.Type, path: str, seen: set) -> Iterator[str]:
    if isinstance(info, mi.IntType):
        if info.le is None or info.ge is None:
            yield path
    elif isinstance(info, mi.StructType):
        if info.cls in seen:
            return
        seen.add(info.cls)
        for field in info.fields:
            yield from _unbounded_ints(field.type, f"{path}.{field.encode_name}", seen)
    elif isinstance(info, (mi.ListType, mi.VarTupleType)):
        yield from _unbounded_ints(info.item_type, f"{path}[]", seen)
    elif isinstance(info, mi.TupleType):
        for index, member in enumerate(info.item_types):
            yield from _unbounded_ints(member, f"{path}[{index}]", seen)
    elif isinstance(info, mi.DictType):
        yield from _unbounded_ints(info.value_type, f"{path}.*", seen)
    elif isinstance(info, mi.UnionType):
        for member in info.types:
            yield from _unbounded_ints(member, path, seen)


@pytest.mark.parametrize("game", GAMES)
def test_every_integer_in_a_state_is_bounded(game):
    """A game's state holds no bare int: counters are core's Count or Ordinal, seats Seat,
    board positions Coordinate (or another Meta(ge=..., le=...))."""
    assert list(_unbounded_ints(mi.type_info(get_ruleset(game).State), "$", set())) == []
