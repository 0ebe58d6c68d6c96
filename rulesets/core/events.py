"""A game's events: what happened, as typed Structs, with who may see them declared on the type.

A game declares each event as a Struct under :class:`Event` (a tagged union on ``type``)::

    class TilePlaced(Event, tag="tile_placed"):
        player: Seat
        hexes: list[str]

    class CardDrawn(PrivateEvent, tag="card_drawn"):   # only the drawer sees it
        player: Seat
        card: str

and lists them in its ``Event`` union. Fields take the same secrecy markers as state
(:mod:`rulesets.core.secrecy`), their owner being the event's ``player``. A
:class:`PrivateEvent` is seen whole by the seats in its ``visible_to`` and by nobody
else; it names them in every answer that holds it, so a client that holds the full
state knows whose it is.
"""

from __future__ import annotations

import typing
from functools import lru_cache
from typing import Any, Iterable, TypeGuard

import msgspec

from .codec import Seat
from .secrecy import _deeply_public, public, redact


@public
class Event(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, tag_field="type"):
    """Base of every game's events: public unless a field's marker says otherwise."""


class PrivateEvent(Event):
    """An event only the seats in ``visible_to`` see (a card drawn, a card shown to one seat)."""

    visible_to: list[Seat]


#: An event type carrying this attribute is read as public though it is a ``PrivateEvent``: the
#: testing kit's marker removal (``rulesets.testing.markers``) sets it, to show a test would see the leak.
UNMARKED = "__referee_unmarked__"


def is_private(event: Event) -> TypeGuard[PrivateEvent]:
    """Only the seats an event names see it."""
    return isinstance(event, PrivateEvent) and not getattr(type(event), UNMARKED, False)


def event_type(cls: type) -> str:
    """The wire name of an event type (its msgspec tag)."""
    tag = cls.__struct_config__.tag if issubclass(cls, msgspec.Struct) else None
    if not isinstance(tag, str):
        raise TypeError(f"{cls!r} is not a tagged event type")
    return tag


def members(union: Any) -> tuple[type, ...]:
    """The event Struct types of a game's ``Event`` union (one type alone is a union of one)."""
    args = typing.get_args(union)
    return tuple(args) if args else (union,)


@lru_cache(maxsize=None)
def _shown_whole(cls: type) -> bool:
    """Nothing in the event is marked: a seat that may see it sees all of it, as the Struct itself."""
    return _deeply_public(cls)


def owner_of(event: Event) -> int | None:
    seat = getattr(event, "player", None)
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def seen_by(events: Iterable[Event], viewer: int | None) -> list[Any]:
    """The events ``viewer`` may see, each as it may see it (a spectator sees no private event)."""
    out: list[Any] = []
    for event in events:
        if is_private(event) and (viewer is None or viewer not in event.visible_to):
            continue
        out.append(event if _shown_whole(type(event)) else redact(event, viewer, None, owner_of(event)))
    return out
