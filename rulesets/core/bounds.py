"""Every counter in a typed value, checked after the rules have changed it.

A game's counters are bounded in its types (``Count``: 0 to ``MAX_COUNT``; ``Ordinal``: 1
to ``MAX_COUNT``), so a posted state with a counter past the bound is refused on input.
Counters grow as a game is played (the move number, the random source's counter, scores,
resources), so a state at the bound could become, after one ``apply``, a state the input
check refuses. Core's ``apply`` therefore checks the result with :func:`first_out_of_bounds`
and refuses the action instead (``counter_overflow``): whatever ``apply`` answers passes the
input check again. The bound (2**31 - 1) is far above any real game and far below where
JSON numbers lose precision.

Only counters are checked (integers whose type is bounded by ``MAX_COUNT``): a seat number
is bounded too, but no rule makes one by adding. The checkers for a type are Python source
generated once from its msgspec description, visiting only the fields that can hold a
counter (lists and dicts of plain counters are checked with ``min``/``max``), because they
run on every ``apply``. There are two: a yes/no check with every Struct's fields written
out in place (no call per Struct), which is all an action that stays in bounds pays for,
and the one that names the first counter out of bounds (a function per Struct class),
run only when the first says no.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Optional

from msgspec import inspect as mi

from .codec import MAX_COUNT
from .codegen import StructFunctionSource


def first_out_of_bounds(value: Any, type_: Any) -> str | None:
    """The JSON path (``$.players[1].score``) of the first counter outside its bounds, or None."""
    if counters_within(type_)(value):
        return None
    found = _checker(type_)(value)
    return None if found is None else "$" + found


@lru_cache(maxsize=None)
def _checker(type_: Any) -> Callable[[Any], Optional[str]]:
    return _CheckerSource(type_).compile()


@lru_cache(maxsize=None)
def counters_within(type_: Any) -> Callable[[Any], bool]:
    """The yes/no check for values of ``type_``: True only if every counter is within its bounds
    (False may still be a value within bounds: ask ``first_out_of_bounds``)."""
    return _InlineCheckSource(type_).compile()


def _counter_bounds(info: mi.Type) -> tuple[int, int] | None:
    if isinstance(info, mi.IntType) and info.le == MAX_COUNT:
        return (info.ge if info.ge is not None else -(2**63)), MAX_COUNT
    return None


def _first_bad_index(items: Any, low: int, high: int) -> str:
    for index, item in enumerate(items):
        if item < low or item > high:
            return f"[{index}]"
    raise AssertionError("called only when an item is out of bounds")


def _first_bad_key(items: dict[Any, int], low: int, high: int) -> str:
    for key, item in items.items():
        if item < low or item > high:
            return f".{key}"
    raise AssertionError("called only when an item is out of bounds")


_HOLDS: dict[type, bool] = {}  # per Struct class: whether a counter may be inside


def _holds_counter(info: mi.Type) -> bool:
    """Whether a value of this type can hold a counter (both checkers visit only those parts)."""
    if _counter_bounds(info) is not None:
        return True
    if isinstance(info, mi.StructType):
        if info.cls not in _HOLDS:
            _HOLDS[info.cls] = False  # a recursive type: decided by its other fields
            _HOLDS[info.cls] = any(_holds_counter(field.type) for field in info.fields)
        return _HOLDS[info.cls]
    if isinstance(info, (mi.ListType, mi.VarTupleType)):
        return _holds_counter(info.item_type)
    if isinstance(info, mi.TupleType):
        return any(_holds_counter(item) for item in info.item_types)
    if isinstance(info, mi.DictType):
        return _holds_counter(info.value_type)
    if isinstance(info, mi.UnionType):
        return any(_holds_counter(member) for member in info.types)
    return False


def _by_class(value: object) -> str | None:
    """The named check of ``value`` as the class it is (a subclass may have more fields)."""
    kind: type = type(value)  # a plain type: mypy takes type[object] for unhashable (lru_cache's argument)
    return _checker(kind)(value)


class _CheckerSource(StructFunctionSource):
    """Python source for the checker of one type. A generated function returns None, or the
    path of the first counter out of bounds relative to its argument (``.score``)::

        def _check_140(v):
            if type(v) is not _class_140:
                return _by_class(v)
            x = v.move
            if x < 0 or x > 2147483647:
                return '.move'
            for i1, x1 in enumerate(v.players):
                r = _check_141(x1)
                if r is not None:
                    return f'.players[{i1}]' + r
            return None
    """

    prefix = "_check"
    fallback = "_by_class"  # a subclass may have more fields

    def __init__(self, type_: Any) -> None:
        super().__init__(type_, {"_first_bad_index": _first_bad_index, "_first_bad_key": _first_bad_key,
                                 "_by_class": _by_class})

    def compile(self) -> Callable[[Any], Optional[str]]:
        lines = self.check_lines(self.root, "v", "''", 1)
        self.sources.append("\n".join(["def _check_root(v):", *lines, "    return None"]))
        return self.compiled("_check_root")

    # ---------------------------------------------------------------- source
    def check_lines(self, info: mi.Type, value: str, path: str, depth: int) -> list[str]:
        """Statements (indented ``depth`` levels) returning ``path`` + the inner path when ``value`` is out."""
        if not _holds_counter(info):
            return []
        pad = "    " * depth
        bounds = _counter_bounds(info)
        if bounds is not None:
            return [f"{pad}if {value} < {bounds[0]} or {value} > {bounds[1]}:", f"{pad}    return {path}"]
        if isinstance(info, mi.StructType):
            return [f"{pad}r = {self.struct_function(info)}({value})",
                    f"{pad}if r is not None:", f"{pad}    return {path} + r"]
        item, index = f"x{depth}", f"i{depth}"
        if isinstance(info, (mi.ListType, mi.VarTupleType)):
            inner = _counter_bounds(info.item_type)
            if inner is not None:
                return [f"{pad}if {value} and (min({value}) < {inner[0]} or max({value}) > {inner[1]}):",
                        f"{pad}    return {path} + _first_bad_index({value}, {inner[0]}, {inner[1]})"]
            return [f"{pad}for {index}, {item} in enumerate({value}):",
                    *self.check_lines(info.item_type, item, f"{path} + f'[{{{index}}}]'", depth + 1)]
        if isinstance(info, mi.TupleType):
            lines = []
            for position, member in enumerate(info.item_types):
                lines += self.check_lines(member, f"{value}[{position}]", f"{path} + '[{position}]'", depth)
            return lines
        if isinstance(info, mi.DictType):
            inner = _counter_bounds(info.value_type)
            if inner is not None:
                return [f"{pad}if {value} and (min({value}.values()) < {inner[0]} "
                        f"or max({value}.values()) > {inner[1]}):",
                        f"{pad}    return {path} + _first_bad_key({value}, {inner[0]}, {inner[1]})"]
            key = f"k{depth}"
            return [f"{pad}for {key}, {item} in {value}.items():",
                    *self.check_lines(info.value_type, item, f"{path} + f'.{{{key}}}'", depth + 1)]
        if isinstance(info, mi.UnionType):
            return self.union_lines(info, value, path, depth)
        raise TypeError(f"no counter check for {info!r}")

    def union_lines(self, info: mi.UnionType, value: str, path: str, depth: int) -> list[str]:
        pad = "    " * depth
        members = [member for member in info.types if _holds_counter(member)]
        if len(members) == 1 and isinstance(members[0], mi.StructType):
            # Optional[Struct], the common case: None and the other members hold no counter.
            return [f"{pad}if type({value}) is {self.class_name(members[0].cls)}:",
                    *self.check_lines(members[0], value, path, depth + 1)]
        lines = []
        for member in members:
            if isinstance(member, mi.StructType):
                test = f"type({value}) is {self.class_name(member.cls)}"
            elif isinstance(member, mi.IntType):
                test = f"type({value}) is int"
            elif isinstance(member, mi.ListType):
                test = f"type({value}) is list"
            elif isinstance(member, mi.DictType):
                test = f"type({value}) is dict"
            else:
                raise TypeError(f"no counter check for a union member {member!r}")
            lines += [f"{pad}if {test}:", *self.check_lines(member, value, path, depth + 1)]
        return lines

    def struct_body(self, info: mi.StructType) -> list[str]:
        body = []
        for field in info.fields:
            body += self.check_lines(field.type, f"v.{field.name}", repr("." + field.encode_name), 1)
        return [*body, "    return None"]


class _InlineCheckSource(StructFunctionSource):
    """Python source for the yes/no check of one type: one function, each Struct's fields written
    out in place. Counters bounded 0 or 1 to ``MAX_COUNT`` are or-ed into one integer as they are
    met (``a |= x.stars | x.wood``): a negative counter sets every high bit and one past
    ``MAX_COUNT`` sets bit 31, so a single shift at the end tests them all; a counter that must
    not be 0 is tested on its own. Anything the check is not sure of (an instance of a subclass
    of the declared class, a recursive type, a union other than ``X | None``, a value that is
    not an integer) makes it answer False and leaves the answer to the named check. A class
    that has no subclass when the check is built (games define their classes at import, and
    decoding makes only the declared classes) is not tested for::

        def _within(v):
            a = 0
            a |= v.move | v.round
            if not (v.round):
                return False
            for x1 in v.players:  # the Player class has a subclass: its instances are told apart
                if type(x1) is not _class_141:
                    return False
                a |= x1.score
            return not a >> 31
    """

    def __init__(self, type_: Any) -> None:
        super().__init__(type_, {})
        self.visiting: list[type] = []
        self.locals = 0

    def compile(self) -> Callable[[Any], bool]:
        try:
            lines = ["a = 0", *self.lines_for(self.root, "v", 0)]
        except _NotInlined:
            return _never
        self.sources.append("\n".join([
            "def _within(v):", "    try:", *("        " + line for line in lines),
            "    except (TypeError, AttributeError):  # a value the rules made that is not of its declared type",
            "        return False", "    return not a >> 31"]))
        return self.compiled("_within")

    def local(self) -> str:
        self.locals += 1
        return f"s{self.locals}"

    def lines_for(self, info: mi.Type, value: str, depth: int) -> list[str]:
        """Statements (indented ``depth`` levels) that or ``value``'s counters into ``a``, or return False."""
        if not _holds_counter(info):
            return []
        pad = "    " * depth
        bounds = _counter_bounds(info)
        if bounds is not None:
            return [pad + line for line in _counter_lines([value], bounds)]
        if isinstance(info, mi.StructType):
            return self.struct_lines(info, value, depth)
        item = f"x{depth + 1}"
        if isinstance(info, (mi.ListType, mi.VarTupleType, mi.DictType)):
            kind = info.value_type if isinstance(info, mi.DictType) else info.item_type
            items = f"{value}.values()" if isinstance(info, mi.DictType) else value
            inner = _counter_bounds(kind)
            if inner is not None:
                return [f"{pad}if {items} and (min({items}) < {inner[0]} or max({items}) > {inner[1]}):",
                        f"{pad}    return False"]
            return [f"{pad}for {item} in {items}:", *self.lines_for(kind, item, depth + 1)]
        if isinstance(info, mi.TupleType):
            lines = []
            for position, member in enumerate(info.item_types):
                lines += self.lines_for(member, f"{value}[{position}]", depth)
            return lines
        if isinstance(info, mi.UnionType):
            members = [member for member in info.types if not isinstance(member, mi.NoneType)]
            if len(members) == 1:
                inner_value = self.local()
                return [f"{pad}{inner_value} = {value}", f"{pad}if {inner_value} is not None:",
                        *self.lines_for(members[0], inner_value, depth + 1)]
        raise _NotInlined  # which member a value is decides where its counters are: the named check knows

    def struct_lines(self, info: mi.StructType, value: str, depth: int) -> list[str]:
        if info.cls in self.visiting:
            raise _NotInlined  # a recursive type: how deep it goes is the value's, not the type's
        self.visiting.append(info.cls)
        pad = "    " * depth
        lines = []
        if info.cls.__subclasses__():
            # An instance of a subclass may have counters the class lacks: the named check reads it as what it is.
            lines = [f"{pad}if type({value}) is not {self.class_name(info.cls)}:", f"{pad}    return False"]
        by_bounds: dict[tuple[int, int], list[str]] = {}
        for field in info.fields:
            bounds = _counter_bounds(field.type)
            if bounds is not None:
                by_bounds.setdefault(bounds, []).append(f"{value}.{field.name}")
        for bounds, counters in by_bounds.items():
            lines += [pad + line for line in _counter_lines(counters, bounds)]
        for field in info.fields:
            if _counter_bounds(field.type) is not None or not _holds_counter(field.type):
                continue
            if isinstance(field.type, mi.StructType):
                inner = self.local()  # read once: the Struct's fields are read from it
                lines += [f"{pad}{inner} = {value}.{field.name}", *self.lines_for(field.type, inner, depth)]
            else:
                lines += self.lines_for(field.type, f"{value}.{field.name}", depth)
        self.visiting.pop()
        return lines


def _counter_lines(counters: list[str], bounds: tuple[int, int]) -> list[str]:
    low, high = bounds
    if high == MAX_COUNT == 2**31 - 1 and low in (0, 1):
        lines = [f"a |= {' | '.join(counters)}"]
        if low == 1:
            lines += [f"if not ({' and '.join(counters)}):", "    return False"]
        return lines
    tests = " and ".join(f"{low} <= {counter} <= {high}" for counter in counters)
    return [f"if not ({tests}):", "    return False"]


class _NotInlined(Exception):
    """A type the quick check leaves to the named check."""


def _never(value: Any) -> bool:
    return False
