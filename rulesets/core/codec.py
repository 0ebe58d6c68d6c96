"""msgspec at the boundary: plain JSON in, typed Structs out, and back.

States and actions are decoded and type-checked in one pass (``strict``: no
string-to-number coercion), and every failure names the JSON path at fault.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Annotated, Callable, TypeVar

import msgspec
from msgspec import inspect as mi

from .codegen import StructFunctionSource

T = TypeVar("T")

#: The largest value a counter may hold: far above anything a real game reaches, and
#: within a signed 32-bit integer, so any client reads it exactly (see ``rulesets.core.bounds``).
MAX_COUNT = 2**31 - 1
#: A count that can never go below zero (resources, stars, deck sizes, scores, ids...).
Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_COUNT)]
#: A count that starts at one (rounds, ranks, sequence numbers).
Ordinal = Annotated[int, msgspec.Meta(ge=1, le=MAX_COUNT)]
#: A board coordinate (a column, a row, an axial hex coordinate): no board is anywhere near
#: this wide; bounded so that a posted state carries no arbitrary integer.
MAX_COORDINATE = 4096
Coordinate = Annotated[int, msgspec.Meta(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
#: A 0-based seat number.
Seat = Annotated[int, msgspec.Meta(ge=0, le=7)]

_PATH = re.compile(r" - at `(\$[^`]*)`$")
#: a bad key of a mapping: msgspec names the mapping ("- at `key` in `$.players[0].hand`")
_KEY_PATH = re.compile(r" - at `key` in `(\$[^`]*)`$")
_UNKNOWN_FIELD = re.compile(r"unknown field `([^`]*)`")


def split_validation_error(error: msgspec.ValidationError) -> tuple[str, str]:
    """msgspec says ``"Expected `int`, got `str` - at `$.a[0]`"``: return (sentence, path)."""
    message = str(error)
    match = _PATH.search(message) or _KEY_PATH.search(message)
    sentence, path = (message, "$") if match is None else (message[: match.start()], match.group(1))
    unknown = _UNKNOWN_FIELD.search(sentence)
    if unknown:  # msgspec names the object; point at the offending field itself
        path = f"{path}.{unknown.group(1)}"
    return sentence, path


def convert(raw: Any, type_: type[T]) -> T:
    """Builtins to a typed value; raises ``msgspec.ValidationError`` with a path.

    A value nested deeper than the interpreter lets msgspec follow is refused the same way
    (no game's types nest anywhere near that deep).
    """
    try:
        return msgspec.convert(raw, type_, strict=True)
    except RecursionError:
        raise msgspec.ValidationError("Nested too deeply") from None


def to_builtins(value: Any) -> Any:
    """A Struct (or anything msgspec knows) to dicts, lists and scalars."""
    return msgspec.to_builtins(value)


def clone(value: T, type_: Any | None = None) -> T:
    """A deep copy of a typed value (a state, usually): every list, dict and Struct is new,
    while strings, numbers and other immutable values (tuples of them, and frozen Structs
    of them) are shared.

    Copiers are generated once per type from its msgspec description (``copier``);
    types they do not cover go through msgpack (several times faster than
    ``copy.deepcopy``, and slower than a generated copier).
    """
    kind: Any = type(value) if type_ is None else type_
    copied: T = copier(kind)(value)
    return copied


@lru_cache(maxsize=None)
def copier(type_: Any) -> Callable[[Any], Any]:
    """The deep copy ``clone`` makes of values of ``type_``, for a caller that copies many."""
    try:
        return _CopierSource(type_).compile()
    except _NotCovered:
        encoder, decoder = msgspec.msgpack.Encoder(), msgspec.msgpack.Decoder(type_)
        return lambda value: decoder.decode(encoder.encode(value))


class _NotCovered(Exception):
    """A type the generated copiers leave to msgpack."""


_SHARED = (mi.StrType, mi.IntType, mi.FloatType, mi.BoolType, mi.NoneType, mi.LiteralType, mi.BytesType,
           mi.EnumType)


def _shared(info: mi.Type) -> bool:
    """Whether values of this type are immutable all the way down (a copy may share them)."""
    if isinstance(info, _SHARED):
        return True
    if isinstance(info, mi.StructType):
        return _is_value_class(info.cls)
    if isinstance(info, mi.UnionType):
        return all(_shared(member) for member in info.types)
    if isinstance(info, (mi.TupleType, mi.VarTupleType, mi.FrozenSetType)):
        items = info.item_types if isinstance(info, mi.TupleType) else (info.item_type,)
        return all(_shared(item) for item in items)
    return False


@lru_cache(maxsize=None)
def _is_value_class(cls: type) -> bool:
    """A frozen Struct class whose fields are immutable all the way down is a value, like a tuple:
    a copy of a state shares its instances. Its subclasses must be values too (an instance of
    one may stand where the class is declared); copiers are built at the first copy, once
    every module has defined its classes."""
    if not issubclass(cls, msgspec.Struct) or not cls.__struct_config__.frozen or cls in _DECIDING:
        return False  # a recursive class is copied: how deep a value goes is not in its type
    _DECIDING.add(cls)
    try:
        info = mi.type_info(cls)
        return (isinstance(info, mi.StructType) and all(_shared(field.type) for field in info.fields)
                and all(_is_value_class(subclass) for subclass in cls.__subclasses__()))
    finally:
        _DECIDING.discard(cls)


_DECIDING: set[type] = set()


class _CopierSource(StructFunctionSource):
    """Python source for a deep copier of one type: a function per Struct class that
    copies the Struct with a copy of each field holding a container.

    The generated code reads like this (for a player board; an instance of a subclass,
    which may have more fields, gets its own class's copier)::

        def _copy_PlayerBoard(v):  # named _copy_<id of the class>
            if type(v) is not PlayerBoard:
                return _clone_as_its_class(v)
            return _replace(v, hand=v.hand[:], ..., permanent=[x.__copy__() ... for x in v.permanent],
                            improvements=_copy_Improvements(v.improvements))
    """

    prefix = "_copy"
    fallback = "_clone_as_its_class"

    def __init__(self, type_: Any) -> None:
        super().__init__(type_, {"_clone_as_its_class": lambda value: clone(value, type(value)),
                                 "_replace": msgspec.structs.replace})

    def compile(self) -> Callable[[Any], Any]:
        if not isinstance(self.root, mi.StructType):
            raise _NotCovered
        entry = self.struct_function(self.root)
        try:
            return self.compiled(entry)
        except SyntaxError:  # a field name Python cannot take as a keyword argument
            raise _NotCovered from None

    def copy_expression(self, info: mi.Type, value: str, depth: int = 0) -> str:
        if _shared(info):
            return value
        item = f"x{depth}"
        if isinstance(info, mi.StructType):
            if all(_shared(field.type) for field in info.fields):
                # No container inside: a shallow copy is a deep one (of this class only).
                return f"({value}.__copy__() if type({value}) is {self.class_name(info.cls)} " \
                       f"else _clone_as_its_class({value}))"
            return f"{self.struct_function(info)}({value})"
        if isinstance(info, mi.ListType):
            inner = self.copy_expression(info.item_type, item, depth + 1)
            return f"{value}[:]" if inner == item else f"[{inner} for {item} in {value}]"
        if isinstance(info, mi.DictType) and _shared(info.key_type):
            inner = self.copy_expression(info.value_type, item, depth + 1)
            if inner == item:
                return f"{value}.copy()"
            return f"{{k{depth}: {inner} for k{depth}, {item} in {value}.items()}}"
        if isinstance(info, mi.UnionType):
            mutable = [member for member in info.types if not _shared(member)]
            if len(mutable) == 1 and len(info.types) == 2 and any(isinstance(m, mi.NoneType) for m in info.types):
                return f"(None if {value} is None else {self.copy_expression(mutable[0], value, depth)})"
        raise _NotCovered

    def struct_body(self, info: mi.StructType) -> list[str]:
        copies = []
        for field in info.fields:
            expression = self.copy_expression(field.type, f"v.{field.name}")
            if expression != f"v.{field.name}":
                copies.append(f"{field.name}={expression}")
        return [f"    return _replace(v, {', '.join(copies)})" if copies else "    return v.__copy__()"]


# msgspec sorts dict keys and struct fields itself: the same bytes as sorting the
# builtins in Python, about ten times faster (playouts compare states and actions
# by these bytes at every step).
_json_encoder = msgspec.json.Encoder(order="sorted")


def canonical_json(value: Any) -> bytes:
    """Byte-stable JSON of a Struct or builtins (dict keys sorted)."""
    return _json_encoder.encode(value)


def json_schema_components(types: list[Any], ref_template: str = "#/components/schemas/{name}"
                           ) -> tuple[tuple[dict[str, Any], ...], dict[str, Any]]:
    """JSON Schemas of the given types plus their shared components, for OpenAPI."""
    return msgspec.json.schema_components(types, ref_template=ref_template)
