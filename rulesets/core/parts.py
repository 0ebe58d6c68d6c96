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


@public
class PublicValue(msgspec.Struct, kw_only=True, frozen=True, forbid_unknown_fields=True):
    """:class:`PublicStruct`'s frozen twin, for a part of a state that is a value (a position, a pending
    payment): a change makes a new one, so the copy ``apply`` makes of a state shares it instead of copying
    it. Frozen from the root because type checkers refuse a frozen subclass of a mutable Struct."""
