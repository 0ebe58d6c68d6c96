"""The base every part of a game's state, and every action, can stand on."""

from __future__ import annotations

import msgspec

from .secrecy import public


@public
class PublicStruct(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A typed part of a state or an action whose fields are public unless a field's marker says otherwise.

    Strict, so a posted state with a field the game does not know is refused rather than silently
    dropped; subclasses inherit that and the public declaration. msgspec applies ``kw_only`` to the
    fields a class itself declares, so a subclass says ``kw_only=True`` again (then a required field
    may follow one with a default); add ``frozen=True`` for a value shared instead of copied (say it on
    every subclass: type checkers read it per class statement) and ``gc=False`` for a leaf.
    """
