"""The base every part of a game's state, and every action, can stand on."""

from __future__ import annotations

import msgspec

from .secrecy import public


@public
class PublicStruct(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A typed part of a state or an action whose fields are public unless a field's marker says otherwise.

    Keyword-only, so a field added to a rulebook's model never shifts the others; strict, so a posted
    state with a field the game does not know is refused rather than silently dropped. Subclasses inherit
    all three (add ``frozen=True`` for a value that is shared instead of copied, ``gc=False`` for a leaf).
    """
