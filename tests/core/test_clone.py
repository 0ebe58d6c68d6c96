"""``clone``: the defensive copy ``apply`` makes. A deep copy whatever the type: every
list, dict and Struct new, equal bytes, and the original untouched by changes to it."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from rulesets import get_ruleset, ruleset_ids
from rulesets.core.host import canonical_json
from rulesets.core.codec import _is_value_class, clone


def containers(value: Any, found: dict[int, Any] | None = None) -> dict[int, Any]:
    """Every list, dict and Struct reachable from ``value``, by id (a frozen Struct of immutable
    values is a value, like a tuple: a copy may share it)."""
    found = {} if found is None else found
    if isinstance(value, msgspec.Struct) and _is_value_class(type(value)):
        return found
    if isinstance(value, (list, dict, msgspec.Struct)) and id(value) not in found:
        found[id(value)] = value
        if isinstance(value, list):
            items = value
        elif isinstance(value, dict):
            items = list(value.values())
        else:
            items = [getattr(value, name) for name in value.__struct_fields__]
        for item in items:
            containers(item, found)
    elif isinstance(value, (tuple, frozenset)):
        for item in value:
            containers(item, found)
    return found


def assert_deep_copy(original: Any, copy: Any) -> None:
    assert type(copy) is type(original)
    assert canonical_json(copy) == canonical_json(original)
    shared = containers(original).keys() & containers(copy).keys()
    assert not shared, f"the copy shares {[type(containers(original)[i]).__name__ for i in shared]}"


@pytest.mark.parametrize("game", ruleset_ids())
def test_states_along_random_games_are_copied_deeply(game):
    ruleset = get_ruleset(game)
    chooser = random.Random(f"clone/{game}")
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        state = ruleset.setup(players, f"clone-{players}")
        for _ in range(60):
            assert_deep_copy(state, clone(state, ruleset.State))
            status = ruleset.status(state)
            if status.game_over:
                break
            state, _ = ruleset.apply(state, chooser.choice(ruleset.legal_actions(state, status.active_players[0])))


class Leaf(msgspec.Struct):
    name: str
    counts: tuple[int, ...] = ()


class Node(msgspec.Struct):
    label: str
    children: list["Node"] = []
    leaves: list[Leaf] = []
    by_name: dict[str, list[int]] = {}
    parent_label: str | None = None
    best: Leaf | None = None


class LoudLeaf(Leaf):
    """A subclass with a container of its own, where a field is declared as the base class."""

    echoes: list[str] = []


class TaggedNode(Node):
    tags: list[str] = []


class Frozen(msgspec.Struct, frozen=True):
    items: list[int]


class Holder(msgspec.Struct):
    frozen: Frozen
    tags: set[str]  # not covered by the generated copiers: msgpack copies the whole type
    nodes: list[Node] = []


def test_recursive_types_dicts_and_optional_members():
    tree = Node("root", children=[Node("a", leaves=[Leaf("x", (1, 2))], by_name={"k": [1]}), Node("b")],
                best=Leaf("y"), by_name={"z": [3, 4]})
    copy = clone(tree)
    assert_deep_copy(tree, copy)
    copy.children[0].by_name["k"].append(2)
    copy.children[0].leaves[0].name = "changed"
    assert tree.children[0].by_name == {"k": [1]} and tree.children[0].leaves[0].name == "x"


def test_an_instance_of_a_subclass_is_copied_as_its_own_class():
    tree = Node("root", leaves=[LoudLeaf("loud", echoes=["a"])], best=LoudLeaf("best", echoes=["b"]),
                children=[TaggedNode("tagged", tags=["t"])])
    copy = clone(tree, Node)
    assert type(copy.leaves[0]) is LoudLeaf and type(copy.best) is LoudLeaf and type(copy.children[0]) is TaggedNode
    assert_deep_copy(tree, copy)
    copy.leaves[0].echoes.append("again")
    copy.best.echoes.clear()
    copy.children[0].tags.append("u")
    assert tree.leaves[0].echoes == ["a"] and tree.best.echoes == ["b"] and tree.children[0].tags == ["t"]


def test_frozen_structs_and_types_left_to_msgpack_are_deep_copies_too():
    holder = Holder(Frozen([1, 2]), {"t"}, nodes=[Node("n", children=[Node("m")])])
    copy = clone(holder)
    assert copy == holder and copy.frozen.items is not holder.frozen.items
    assert copy.tags is not holder.tags and copy.nodes[0].children[0] is not holder.nodes[0].children[0]
    frozen = Frozen([5])
    assert clone(frozen) == frozen and clone(frozen).items is not frozen.items


class Point(msgspec.Struct, frozen=True):
    x: int
    y: int


class Path(msgspec.Struct, frozen=True):
    """Frozen, but holding a list: its list can change, so it is no value."""

    steps: list[Point]


class Mark(msgspec.Struct, frozen=True):
    at: Point
    name: str


class Ledger(msgspec.Struct, frozen=True):
    total: int


class NotedLedger(Ledger, frozen=True):
    """A frozen subclass with a list: where Ledger is declared, a NotedLedger may stand."""

    notes: list[str] = []


class Board(msgspec.Struct):
    points: list[Point]
    marks: list[Mark]
    path: Path
    ledger: Ledger


def test_a_frozen_struct_of_immutable_values_is_shared_like_a_tuple():
    board = Board(points=[Point(1, 2)], marks=[Mark(Point(0, 0), "start")],
                  path=Path([Point(3, 4)]), ledger=Ledger(5))
    copy = clone(board)
    assert_deep_copy(board, copy)
    assert copy.points is not board.points and copy.points[0] is board.points[0]
    assert copy.marks[0] is board.marks[0]  # frozen all the way down
    assert copy.path is not board.path and copy.path.steps is not board.path.steps
    assert copy.ledger is not board.ledger  # a subclass of Ledger holds a list
    assert not _is_value_class(Ledger) and not _is_value_class(Path) and _is_value_class(Mark)
