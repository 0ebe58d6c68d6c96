"""Hidden information, declared once beside a game's types and enforced by core.

A game marks its state (and action) types with who may see what:

* ``@public`` on a Struct class: its fields are public unless a field says otherwise.
  A Struct that is not declared public shows its fields to its owning seat only, and
  to nobody when it has no owner: what nobody declared public stays hidden.
* ``Annotated[..., Private()]``: the owning seat sees it; others see how many
  (``<field>_count``) when ``count`` is true. A hand of cards.
* ``Annotated[..., Hidden()]``: nobody sees it, everyone sees how many. A deck's order.
* ``Annotated[..., SECRET]``: nobody sees it, nor its size. The random source.
* ``Annotated[..., Sealed(revealed)]``: the owning seat sees it; everyone sees it once
  ``revealed(state)`` holds. A staged bid.
* ``Annotated[list[...], PerSeat(each)]``: entry *i* belongs to seat *i* (the players'
  list, a list of staged bids), and ``each`` says how each entry is shown; an entry a
  viewer may not see reads as ``null``.

Events are Structs declared the same way (:mod:`rulesets.core.events`): a ``PrivateEvent``
reaches only the seats it names in ``visible_to``.

:func:`redact` builds a seat's view from these declarations; :func:`unseen_strings`
lists every string the declarations keep from a seat (the seed-secret check reads it). What
proves the declarations complete is not here: it is each game's noninterference test
(``rulesets.testing.noninterference``), written from its rulebook.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable

import msgspec


class Visibility:
    """Base of the visibility markers."""


@dataclass(frozen=True)
class Public(Visibility):
    """Everyone sees it."""


@dataclass(frozen=True)
class Private(Visibility):
    """The owning seat sees it; the others see its size when ``count`` is true."""

    count: bool = True


@dataclass(frozen=True)
class Hidden(Visibility):
    """Nobody sees it (a deck's order); everyone sees its size when ``count`` is true."""

    count: bool = True


@dataclass(frozen=True)
class Sealed(Visibility):
    """The owning seat sees it; everyone does once ``revealed(state)`` holds."""

    revealed: Callable[[Any], bool]
    count: bool = False


@dataclass(frozen=True)
class PerSeat(Visibility):
    """A list whose entry *i* belongs to seat *i*, each entry shown as ``each`` says."""

    each: Visibility = field(default_factory=Public)


PUBLIC = Public()
_CONCEALED = "__referee_concealed__"
SECRET = Hidden(count=False)
_UNDECLARED = Private(count=False)  # fail closed: the owner only, or nobody
_DECLARED_PUBLIC = "__referee_public__"


def public(cls: type) -> type:
    """Declare a Struct's fields public unless a field's own marker says otherwise.

    Subclasses inherit the declaration (a game's base Struct may carry it)."""
    setattr(cls, _DECLARED_PUBLIC, True)
    return cls


def concealed(shown_as: str) -> Callable[[type], type]:
    """Declare an action type whose very kind is its sender's secret (staging a sealed bid one card at a
    time: even ``bid_add`` against ``bid_remove`` would count the cards). Other seats see an applied
    action of this type as ``{"type": shown_as, "player": <sender>}`` and nothing more."""
    def mark(cls: type) -> type:
        setattr(cls, _CONCEALED, shown_as)
        return cls
    return mark


def concealed_as(cls: type) -> str | None:
    """The type other seats see for a concealed action type (None: the action is shown as declared)."""
    return getattr(cls, _CONCEALED, None)


# ---------------------------------------------------------------- the plan of a type
@dataclass(frozen=True)
class _Field:
    name: str
    visibility: Visibility
    #: nothing inside the field's type is marked: once the field may be seen, all of it may
    plain: bool
    #: others see how many the field holds (``<name>_count``) when they may not see it
    counted: bool


@lru_cache(maxsize=None)
def _plan(cls: type) -> tuple[_Field, ...]:
    hints = typing.get_type_hints(cls, include_extras=True)
    default = PUBLIC if getattr(cls, _DECLARED_PUBLIC, False) else _UNDECLARED
    plan = []
    for name in _field_names(cls):
        marker = next((m for m in getattr(hints[name], "__metadata__", ()) if isinstance(m, Visibility)), default)
        plain = all(_deeply_public(struct) for struct in _structs_in(hints[name]))
        plan.append(_Field(name, marker, plain, bool(getattr(marker, "count", False))))
    return tuple(plan)


@lru_cache(maxsize=None)
def _deeply_public(cls: type) -> bool:
    """True when nothing in this type (nor any Struct type it may hold) is marked otherwise."""
    return _deeply_public_in(cls, frozenset())


def _deeply_public_in(cls: type, visiting: frozenset[type]) -> bool:
    if cls in visiting:
        return True
    hints = typing.get_type_hints(cls, include_extras=True)
    default = PUBLIC if getattr(cls, _DECLARED_PUBLIC, False) else _UNDECLARED
    for name in _field_names(cls):
        marker = next((m for m in getattr(hints[name], "__metadata__", ()) if isinstance(m, Visibility)), default)
        if not isinstance(marker, Public):
            return False
    inner = visiting | {cls}
    return all(_deeply_public_in(struct, inner) for name in _field_names(cls)
               for struct in _structs_in(hints[name]))


def _field_names(cls: type) -> tuple[str, ...]:
    """The fields of a Struct class, in order (only Struct classes are planned)."""
    if not issubclass(cls, msgspec.Struct):
        raise TypeError(f"{cls!r} is not a msgspec Struct type")
    return cls.__struct_fields__


def _structs_in(annotation: Any) -> Iterable[type]:
    if isinstance(annotation, type) and issubclass(annotation, msgspec.Struct):
        yield annotation
    for arg in typing.get_args(annotation):
        yield from _structs_in(arg)


# ---------------------------------------------------------------- views
def redact(value: Any, viewer: int | None, state: Any = None, owner: int | None = None) -> Any:
    """``value`` (a state, part of one, or an action) as JSON builtins that ``viewer`` may see.

    ``state`` is the whole state, for :class:`Sealed` reveals (None: nothing is revealed);
    ``owner`` is the seat the value belongs to, if any. The value is turned into builtins
    in one call, then only the fields a declaration marks are visited and pruned.
    """
    return _Redactor(viewer, state).prune(value, msgspec.to_builtins(value), owner)


@lru_cache(maxsize=None)
def _marked(cls: type) -> tuple[_Field, ...]:
    """The fields of a Struct that are not public all the way down (the only ones a view visits)."""
    return tuple(spec for spec in _plan(cls) if not (spec.plain and isinstance(spec.visibility, Public)))


class _Redactor:
    __slots__ = ("viewer", "state")

    def __init__(self, viewer: int | None, state: Any) -> None:
        self.viewer = viewer
        self.state = state

    def prune(self, value: Any, out: Any, owner: int | None) -> Any:
        """``out`` (the builtins of ``value``) with what the viewer may not see taken out."""
        if isinstance(value, msgspec.Struct):
            for spec in _marked(type(value)):
                if spec.name in out:  # a default an ``omit_defaults`` Struct left out is absent
                    self.field(value, out, spec, owner)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                out[index] = self.prune(item, out[index], owner)
        elif isinstance(value, dict):
            for item, built_key in zip(value.values(), list(out)):  # to_builtins keeps the order
                out[built_key] = self.prune(item, out[built_key], owner)
        return out

    def field(self, value: msgspec.Struct, out: dict[str, Any], spec: _Field, owner: int | None) -> None:
        name, visibility = spec.name, spec.visibility
        item = getattr(value, name)
        if type(visibility) is PerSeat:
            if item is not None:
                entries = out[name]
                each = visibility.each
                for seat, element in enumerate(item):
                    entries[seat] = self.prune(element, entries[seat], seat) if self.sees(each, seat) else None
            return
        if self.sees(visibility, owner):
            if not spec.plain:
                out[name] = self.prune(item, out[name], owner)
            if spec.counted and type(visibility) is Private:
                out[f"{name}_count"] = len(item) if item is not None else 0
        else:
            del out[name]
            if spec.counted:
                out[f"{name}_count"] = len(item) if item is not None else 0

    def sees(self, visibility: Visibility, owner: int | None) -> bool:
        kind = type(visibility)
        if kind is Public:
            return True
        if kind is Private:
            return owner is not None and owner == self.viewer
        if type(visibility) is Sealed:
            return (owner is not None and owner == self.viewer) or (
                self.state is not None and bool(visibility.revealed(self.state)))
        return False  # Hidden, or a marker this version does not know: fail closed


# ---------------------------------------------------------------- what a seat must never see
def unseen_strings(value: Any, viewer: int | None, state: Any = None) -> set[str]:
    """Every string the declaration keeps from ``viewer`` that it does not also show elsewhere.

    Only a check of the declarations themselves (is the seed declared secret?): a string missing from a
    view proves nothing about a function of it.
    """
    hidden: set[str] = set()
    shown: set[str] = set()
    for leaf, visible in leaves(value, viewer, state):
        if isinstance(leaf, str):
            (shown if visible else hidden).add(leaf)
    return hidden - shown


def leaves(value: Any, viewer: int | None, state: Any = None) -> list[tuple[Any, bool]]:
    """Every leaf of ``value`` (dict keys included), each with whether ``viewer`` may see it, as the
    declarations say (``state`` is the whole state, for sealed reveals)."""
    found: list[tuple[Any, bool]] = []
    _Leaves(viewer, state, found).value(value, None, True)
    return found


class _Leaves(_Redactor):
    __slots__ = ("found",)

    def __init__(self, viewer: int | None, state: Any, found: list[tuple[Any, bool]]) -> None:
        super().__init__(viewer, state)
        self.found = found

    def value(self, value: Any, owner: int | None, visible: bool) -> None:
        if isinstance(value, msgspec.Struct):
            for spec in _plan(type(value)):
                item = getattr(value, spec.name)
                if isinstance(spec.visibility, PerSeat):
                    for seat, element in enumerate(item or ()):
                        self.value(element, seat, visible and self.sees(spec.visibility.each, seat))
                else:
                    self.value(item, owner, visible and self.sees(spec.visibility, owner))
        elif isinstance(value, (list, tuple, set, frozenset)):
            for item in value:
                self.value(item, owner, visible)
        elif isinstance(value, dict):
            for key, item in value.items():
                self.value(key, owner, visible)
                self.value(item, owner, visible)
        else:
            self.found.append((value, visible))
