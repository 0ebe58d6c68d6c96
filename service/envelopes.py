"""The one decoder of request envelopes that carry a game's state or actions.

``read_envelope`` reads every such body (the views' ``blp.arguments(..., decoder=...)``):
webargs never parses them. The marshmallow schemas (``service.schemas``) document the
envelopes and word every envelope error. For a body that fits, msgspec decodes the
bytes in one pass straight into a Struct mirroring the schema, with the game's State
and Action in place of the opaque members (``decode_bytes``). Read literally instead,
a request costs orjson's parse into dicts, marshmallow's load of the envelope, then
msgspec's conversion of the dicts into the game's State and Action (in the view).

Whatever the one-pass decode refuses, and whatever it could read differently from
the literal reading, is read literally (``decode_bytes`` answers ``None``), so every
error answer is the one the schema words. The differences it must avoid:

* orjson reads an integer outside 64 bits as a float, msgspec as an int: a body with
  any run of 19 digits (numbers under 10**18 read alike) takes the literal path;
* the literal path checks a state's ``game`` and ``rules_version`` before decoding
  the rest: a typed state of another game or version takes the literal path;
* ``msgspec.convert`` (the literal path) and ``msgspec.json`` agree on JSON's own
  types, Structs and string-keyed dicts, not on dicts with other keys or on types
  JSON lacks (dates, bytes...): a game whose types hold those has no mirror.

``tests/service/test_typed_envelopes.py`` checks that both readings answer alike.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Annotated, Any

import msgspec
from marshmallow import RAISE, Schema, ValidationError, fields, missing

from rulesets.core.host import Ruleset

from .body import read_body_bytes, read_json_body
from .errors import invalid_request
from .schemas import BoundedList, GameActionField, GameStateField, SealedStateField, SeatKeyField

#: bytes.translate table turning every digit into "0"; a run of 19 of them means a long number.
_DIGITS_AS_ZERO = bytes(ord("0") if chr(i).isdigit() and i < 128 else i for i in range(256))
_LONG_NUMBER = b"0" * 19

_JSON_NATIVE = (msgspec.inspect.StrType, msgspec.inspect.IntType, msgspec.inspect.FloatType,
                msgspec.inspect.BoolType, msgspec.inspect.NoneType, msgspec.inspect.LiteralType)


def read_envelope(schema: Schema, ruleset: Ruleset) -> dict[str, Any]:
    """The envelope's members: the state and action typed when the body fits the one-pass
    decode, else as marshmallow loads them (a view's ``load_state``/``load_action`` types them).

    The body checks that come before parsing (size, content type, emptiness), then JSON
    syntax and the schema, raise their problems here, in that order, as for any body.
    """
    data = read_body_bytes()
    body = decode_bytes(data, type(schema), ruleset)
    return body if body is not None else _load_literally(schema, data)


def read_plain_envelope(schema: Schema, fits: Callable[[Any], dict[str, Any] | None]) -> dict[str, Any]:
    """For an envelope of plain JSON members (no game type to decode): ``fits(body)`` answers the
    members straight from the parsed body when marshmallow's load would give the same, or None
    for anything else, which the schema then loads (and words the refusal of). webargs's own
    parse costs several times the check for the same result."""
    raw = read_json_body()
    loaded = fits(raw)
    return loaded if loaded is not None else _load_literally(schema, read_body_bytes())


def _load_literally(schema: Schema, data: bytes) -> dict[str, Any]:
    """orjson's parse and marshmallow's load: the reading that words every envelope error."""
    raw = read_json_body(data)
    try:
        loaded: dict[str, Any] = schema.load(raw)
    except ValidationError as error:
        raise invalid_request(error.messages) from None
    return loaded


def decode_bytes(data: bytes, schema_class: type[Schema], ruleset: Ruleset) -> dict[str, Any] | None:
    """The envelope's members decoded in one pass (the state and action typed), or None: read it literally."""
    mirror = _mirror(schema_class, ruleset)
    if mirror is None:
        return None
    decoder, names, state_members = mirror
    if _LONG_NUMBER in data.translate(_DIGITS_AS_ZERO):
        return None
    try:
        envelope = decoder.decode(data)
    except (msgspec.DecodeError, RecursionError):
        # ValidationError is a DecodeError: the literal path words the error. msgspec's decoder
        # recurses in C and gives up below orjson's depth limit (1024); orjson then reads the body,
        # and the literal path refuses what does not fit, as it does for any other body.
        return None
    for name in state_members:
        state = getattr(envelope, name)
        if state is None:
            continue  # a sealed request: the sealed_state member carries it
        if state.game != ruleset.id or state.rules_version != ruleset.rules_version:
            return None
    return {name: getattr(envelope, name) for name in names}


@lru_cache(maxsize=64)
def _mirror(schema_class: type[Schema], ruleset: Ruleset) -> tuple[msgspec.json.Decoder, tuple[str, ...],
                                                                 tuple[str, ...]] | None:
    """A decoder for a Struct with the schema's members, or None when the schema has no exact mirror."""
    schema = schema_class()
    if schema.unknown != RAISE or any(schema._hooks.values()) or not _json_native(ruleset):
        return None
    members: list[tuple] = []
    state_members = []
    for name, field in schema.load_fields.items():
        if field.data_key is not None or field.attribute is not None or field.validators:
            return None
        if isinstance(field, GameStateField):
            kind: Any = ruleset.State
            state_members.append(name)
        elif isinstance(field, GameActionField):
            kind = ruleset.Action
        elif type(field) in (SealedStateField, SeatKeyField):
            kind = str  # marshmallow's String and msgspec's str read JSON strings alike
        elif type(field) is fields.Integer and field.strict:
            kind = int
        elif type(field) is fields.List and type(field.inner) is fields.String and not field.inner.validators:
            kind = list[str]
        elif type(field) is BoundedList and isinstance(field.max_items, int) and type(field.inner) is fields.String \
                and not field.inner.validators:
            # One item past the bound fails the decode, and the literal path words the refusal.
            kind = Annotated[list[str], msgspec.Meta(max_length=field.max_items)]
        elif type(field) is fields.Dict and field.key_field is not None and type(field.key_field) is fields.String \
                and field.value_field is None:
            kind = dict[str, Any]
        else:
            return None
        if field.allow_none:
            kind = kind | None
        if field.required:
            members.append((name, kind))
        elif field.load_default is missing:
            return None  # an absent member stays absent in marshmallow's result; a Struct always has it
        elif callable(field.load_default):
            members.append((name, kind, msgspec.field(default_factory=field.load_default)))
        else:
            members.append((name, kind, field.load_default))
    struct = msgspec.defstruct(f"{ruleset.id}_{schema_class.__name__}", members, kw_only=True,
                               forbid_unknown_fields=True)
    return msgspec.json.Decoder(struct), tuple(schema.load_fields), tuple(state_members)


def _string_key(info: msgspec.inspect.Type) -> bool:
    """A mapping key both decoders read alike: a string, or one of fixed strings (a Literal)."""
    if isinstance(info, msgspec.inspect.StrType):
        return True
    return isinstance(info, msgspec.inspect.LiteralType) and all(isinstance(v, str) for v in info.values)


def _json_native(ruleset: Ruleset) -> bool:
    """Whether the game's State and Action are made only of types both decoders read alike."""
    seen: set[int] = set()

    def native(info: msgspec.inspect.Type) -> bool:
        if isinstance(info, _JSON_NATIVE):
            return True
        if isinstance(info, msgspec.inspect.StructType):
            if id(info.cls) in seen:
                return True
            seen.add(id(info.cls))
            return all(native(field.type) for field in info.fields)
        if isinstance(info, (msgspec.inspect.ListType, msgspec.inspect.VarTupleType)):
            return native(info.item_type)
        if isinstance(info, msgspec.inspect.TupleType):
            return all(native(item) for item in info.item_types)
        if isinstance(info, msgspec.inspect.DictType):
            return _string_key(info.key_type) and native(info.value_type)
        if isinstance(info, msgspec.inspect.UnionType):
            return all(native(item) for item in info.types)
        return False

    return all(native(info) for info in msgspec.inspect.multi_type_info([ruleset.State, ruleset.Action]))
