"""A refusal reads the player's language all through (issue 25): its detail in Simplified Chinese is the
Chinese template filled with values that are Chinese too, where they are words.

``reads_chinese(refusal, action, ...)`` words the refusal in zh_Hans and asserts that the detail has Chinese
in it and that every ASCII word of three letters or more in it is an identifier: one the action carries (its
keys and values: a card id, a field name, a resource), or one the test names (a component id the refusal lists,
JSON syntax such as ``null``). A value left in English (a phrase passed as a plain string) shows up as such a
word. Two-letter words and numbers are not looked at: ids like ``F06`` or ``B01`` pass whatever they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from rulesets.core import RulesetError, to_builtins
from rulesets.core.translation import CHINESE, refusal_detail, translator

#: an English word (or the letters of an identifier): three ASCII letters or more
WORD = re.compile(r"[A-Za-z]{3,}")
CJK = re.compile(r"[\u4e00-\u9fff]")


def words_of(value: Any) -> set[str]:
    """The ASCII words of every string in ``value`` (keys and values of mappings, items of lists)."""
    found: set[str] = set()
    if isinstance(value, Mapping):
        for key, item in value.items():
            found |= words_of(key) | words_of(item)
    elif isinstance(value, str):
        found.update(WORD.findall(value))
    elif isinstance(value, Iterable):
        for item in value:
            found |= words_of(item)
    return found


def english_left(detail: str, action: Any, identifiers: Iterable[str] = ()) -> list[str]:
    """The words of ``detail`` that are neither in ``action`` nor among ``identifiers``."""
    allowed = words_of(to_builtins(action)) | words_of(list(identifiers))
    return [word for word in WORD.findall(detail) if word not in allowed]


def reads_chinese(refusal: RulesetError, action: Any, identifiers: Iterable[str] = (),
                  values: Iterable[Any] = ()) -> str:
    """The refusal's zh_Hans detail, asserted Chinese with no English left and holding each of ``values``."""
    detail = refusal_detail(refusal, translator(CHINESE))
    assert CJK.search(detail), f"{refusal.code}: no Chinese in {detail!r}"
    left = english_left(detail, action, identifiers)
    assert not left, f"{refusal.code}: English left in {detail!r}: {left}"
    missing = [value for value in values if str(value) not in detail]
    assert not missing, f"{refusal.code}: {missing} missing from {detail!r}"
    return detail


__all__ = ["CJK", "WORD", "english_left", "reads_chinese", "words_of"]
