"""JSON out: orjson as Flask's provider, and msgspec for answers holding game states.

Game states are msgspec Structs; encoding them straight to bytes with msgspec skips
building dicts first, and field order is fixed by the Struct, so the same request
always gets byte-identical answers.
"""

from __future__ import annotations

from typing import Any, cast

import msgspec
import orjson
from flask import Flask, Response, current_app
from flask.json.provider import JSONProvider

_ORJSON_OPTIONS = orjson.OPT_NON_STR_KEYS


def _fallback(value: Any) -> Any:
    """orjson's hook for what it does not know: Structs, sets, anything else as text."""
    if isinstance(value, msgspec.Struct):
        return msgspec.to_builtins(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    return str(value)


class OrjsonProvider(JSONProvider):
    mimetype = "application/json"

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return orjson.dumps(obj, default=_fallback, option=_ORJSON_OPTIONS).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        app = cast(Flask, self._app)  # a provider's app is typed as Flask's base class; it is a Flask
        return app.response_class(orjson.dumps(obj, default=_fallback, option=_ORJSON_OPTIONS),
                                        mimetype=self.mimetype)


def _msgspec_fallback(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    return str(value)


_encoder = msgspec.json.Encoder(enc_hook=_msgspec_fallback)


def encode(payload: Any) -> bytes:
    """Bytes of a payload that may hold Structs (states, actions, status)."""
    return _encoder.encode(payload)


def json_response(payload: Any, status: int = 200) -> Response:
    return current_app.response_class(_encoder.encode(payload), status=status, mimetype="application/json")


def jsonable(value: Any) -> Any:
    """Builtins for a value that must go into a problem body (refusal contexts hold tuples, sets...)."""
    return msgspec.to_builtins(value, enc_hook=_msgspec_fallback)


#: one decoder per state type, made on first use: a Decoder is built once per type, not per request.
_STATE_DECODERS: dict[type, msgspec.json.Decoder[Any]] = {}


def state_decoder(state_type: type) -> msgspec.json.Decoder[Any]:
    """The JSON decoder of a game's state type (a state the service wrote itself: sealed, or stored)."""
    decoder = _STATE_DECODERS.get(state_type)
    if decoder is None:
        decoder = _STATE_DECODERS[state_type] = msgspec.json.Decoder(state_type)
    return decoder
