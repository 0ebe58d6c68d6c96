"""Decoding failures worded as core's phrases, so that they read in the player's language too.

msgspec says what a posted action or state does not fit in English sentences of a few fixed
forms (``Expected `int`, got `str` ``, ``Object missing required field `card` ``). Each form is
read back into a phrase of core's catalogue holding the same values (the type names, the field,
the value, the bound), and the refusal is core's ``invalid_action`` or ``invalid_state`` worded
with it. Each phrase's English is msgspec's own sentence, so an English client reads what it
always read; a Chinese one reads the catalogue's sentence with the same values. A sentence
of a form this module does not know keeps msgspec's English (``reason_of`` never loses it).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import msgspec

from . import refusals
from .codec import split_validation_error
from .errors import RulesetError
from .refusals import Phrase, Worded

_P = refusals.CORE_PHRASES
EXPECTED_TYPE = _P.phrase("expected_type", "Expected `{expected}`, got `{got}`")
EXPECTED_BOUND = _P.phrase("expected_bound", "Expected `{expected}` {relation} {bound}")
EXPECTED_LENGTH = _P.phrase("expected_length", "Expected `{expected}` of length {length}, got {got}")
EXPECTED_LENGTH_BOUND = _P.phrase("expected_length_bound", "Expected `{expected}` of length {relation} {bound}")
MISSING_FIELD = _P.phrase("missing_field", "Object missing required field `{field}`")
UNKNOWN_FIELD = _P.phrase("unknown_field", "Object contains unknown field `{field}`")
INVALID_VALUE = _P.phrase("invalid_value", "Invalid value {value}")
NESTED_TOO_DEEPLY = _P.phrase("nested_too_deeply", "Nested too deeply")
ACTION_NOT_AN_OBJECT = _P.phrase("action_not_an_object", "An action must be a JSON object.")
STATE_NOT_AN_OBJECT = _P.phrase("state_not_an_object", "A state must be a JSON object.")
UNREAD = _P.phrase("unread", "{sentence}")

_FORMS: list[tuple[re.Pattern[str], Phrase, Callable[[re.Match[str]], dict[str, str]]]] = [
    (re.compile(r"Expected `([^`]*)`, got `([^`]*)`"), EXPECTED_TYPE,
     lambda m: {"expected": m[1], "got": m[2]}),
    (re.compile(r"Expected `([^`]*)` of length (\d+), got (\d+)"), EXPECTED_LENGTH,
     lambda m: {"expected": m[1], "length": m[2], "got": m[3]}),
    (re.compile(r"Expected `([^`]*)` of length (>=|<=) (\d+)"), EXPECTED_LENGTH_BOUND,
     lambda m: {"expected": m[1], "relation": m[2], "bound": m[3]}),
    (re.compile(r"Expected `([^`]*)` (>=|<=|>|<) (-?\d+)"), EXPECTED_BOUND,
     lambda m: {"expected": m[1], "relation": m[2], "bound": m[3]}),
    (re.compile(r"Object missing required field `([^`]*)`"), MISSING_FIELD, lambda m: {"field": m[1]}),
    (re.compile(r"Object contains unknown field `([^`]*)`"), UNKNOWN_FIELD, lambda m: {"field": m[1]}),
    (re.compile(r"Invalid (?:enum )?value (.*)"), INVALID_VALUE, lambda m: {"value": m[1]}),
    (re.compile(r"Nested too deeply"), NESTED_TOO_DEEPLY, lambda m: {}),
]


def reason_of(sentence: str) -> Worded:
    """msgspec's sentence (its path already split off) as a phrase with the same values."""
    for form, phrase, values in _FORMS:
        match = form.fullmatch(sentence.strip())
        if match:
            return phrase(**values(match))
    return UNREAD(sentence=sentence)


def invalid_action(reason: Worded, path: str = "$") -> RulesetError:
    return refusals.INVALID_ACTION(reason=reason, context={"path": path})


def undecodable(error: msgspec.ValidationError, refusal: Callable[[Worded, str], RulesetError]) -> RulesetError:
    """msgspec's failure as ``refusal`` (:func:`invalid_action`, or core's ``state_refusal``), at its path."""
    sentence, path = split_validation_error(error)
    return refusal(reason_of(sentence), path)


__all__ = ["ACTION_NOT_AN_OBJECT", "STATE_NOT_AN_OBJECT", "invalid_action", "reason_of", "undecodable"]
