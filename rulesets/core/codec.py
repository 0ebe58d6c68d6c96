"""msgspec at the boundary: plain JSON in, typed Structs out, and back.

States and actions are decoded and type-checked in one pass (``strict``: no
string-to-number coercion), and every failure names the JSON path at fault.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Annotated, TypeVar

import msgspec

T = TypeVar("T")

#: A count that can never go below zero (resources, stars, deck sizes...).
Count = Annotated[int, msgspec.Meta(ge=0)]
#: A 0-based seat number.
Seat = Annotated[int, msgspec.Meta(ge=0, le=7)]

_PATH = re.compile(r" - at `(\$[^`]*)`$")
_UNKNOWN_FIELD = re.compile(r"unknown field `([^`]*)`")


def split_validation_error(error: msgspec.ValidationError) -> tuple[str, str]:
    """msgspec says ``"Expected `int`, got `str` - at `$.a[0]`"``: return (sentence, path)."""
    message = str(error)
    match = _PATH.search(message)
    sentence, path = (message, "$") if match is None else (message[: match.start()], match.group(1))
    unknown = _UNKNOWN_FIELD.search(sentence)
    if unknown:  # msgspec names the object; point at the offending field itself
        path = f"{path}.{unknown.group(1)}"
    return sentence, path


def convert(raw: Any, type_: type[T]) -> T:
    """Builtins to a typed value; raises ``msgspec.ValidationError`` with a path."""
    return msgspec.convert(raw, type_, strict=True)


def to_builtins(value: Any) -> Any:
    """A Struct (or anything msgspec knows) to dicts, lists and scalars."""
    return msgspec.to_builtins(value)


@lru_cache(maxsize=None)
def _msgpack_codec(type_: Any) -> tuple[msgspec.msgpack.Encoder, msgspec.msgpack.Decoder]:
    return msgspec.msgpack.Encoder(), msgspec.msgpack.Decoder(type_)


def clone(value: T, type_: Any | None = None) -> T:
    """A deep copy, through msgpack: several times faster than ``copy.deepcopy``."""
    encoder, decoder = _msgpack_codec(type_ or type(value))
    return decoder.decode(encoder.encode(value))


# msgspec sorts dict keys and struct fields itself: the same bytes as sorting the
# builtins in Python, about ten times faster (playouts compare states and actions
# by these bytes at every step).
_json_encoder = msgspec.json.Encoder(order="sorted")


def canonical_json(value: Any) -> bytes:
    """Byte-stable JSON of a Struct or builtins (dict keys sorted)."""
    return _json_encoder.encode(value)


def json_schema_components(types: list[Any], ref_template: str = "#/components/schemas/{name}") -> tuple[list[dict], dict[str, dict]]:
    """JSON Schemas of the given types plus their shared components, for OpenAPI."""
    return msgspec.json.schema_components(types, ref_template=ref_template)
