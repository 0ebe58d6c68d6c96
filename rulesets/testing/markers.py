"""Every secrecy marker of a game, and the game with one of them taken out.

A marker is what a game writes to keep something from a seat (core's own, such as the state's
``rng``, are core's to test): a field's ``Private()``,
``Hidden()``, ``Sealed(...)``, ``SECRET`` or ``PerSeat(each)`` (each not public), a
``PrivateEvent`` type, an action type declared ``concealed``. ``secrecy_markers`` lists them
by walking the game's state, action and event types; ``removed(marker)`` is a context in
which core reads the types as if that one marker were not written (the field public, the
event seen by all, the action shown as sent), and restores them on leaving.

``marker_table`` runs the noninterference property with each marker removed in turn and
answers, per marker, how many positions it took to fail: a marker the property cannot miss
is one whose removal fails it.
"""

from __future__ import annotations

import typing
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import msgspec

from rulesets.core import events as core_events, secrecy
from rulesets.core.contract import Ruleset

from .noninterference import Report, Secrets, Surface, check_noninterference

UNMARKED, CONCEALED = core_events.UNMARKED, secrecy._CONCEALED
_CORE = "rulesets.core."


@dataclass(frozen=True)
class Marker:
    """One secrecy marker: ``kind`` is field, event or action; ``owner`` the type that carries it."""

    kind: str
    owner: type
    name: str
    written: str

    @property
    def label(self) -> str:
        where = f"{self.owner.__name__}.{self.name}" if self.kind == "field" else self.owner.__name__
        return f"{where}: {self.written}"


def _structs(root: Any) -> list[type]:
    """Every Struct type reachable from ``root`` through field annotations, in a stable order."""
    seen: list[type] = []
    stack = [root]
    while stack:
        item = stack.pop()
        if isinstance(item, type) and issubclass(item, msgspec.Struct):
            if item in seen:
                continue
            seen.append(item)
            stack.extend(base for base in item.__mro__[1:] if issubclass(base, msgspec.Struct))
            hints = typing.get_type_hints(item, include_extras=True)
            stack.extend(reversed([hints[name] for name in item.__struct_fields__]))
        else:
            stack.extend(reversed(typing.get_args(item)))
    return seen


def _secret(visibility: secrecy.Visibility) -> bool:
    if isinstance(visibility, secrecy.PerSeat):
        return _secret(visibility.each)
    return not isinstance(visibility, secrecy.Public)


def _spelled(visibility: secrecy.Visibility) -> str:
    if visibility == secrecy.SECRET:
        return "SECRET"
    if isinstance(visibility, secrecy.Sealed):
        return "Sealed(...)"
    if isinstance(visibility, secrecy.PerSeat):
        return f"PerSeat({_spelled(visibility.each)})"
    return repr(visibility)


def secrecy_markers(ruleset: Ruleset[Any, Any]) -> list[Marker]:
    """Every marker written on the game's state, action and event types."""
    found: list[Marker] = []
    roots = [ruleset.State, ruleset.Action, ruleset.Event]
    events = set(core_events.members(ruleset.Event))
    # Core's own types (GameState's rng, the event bases) are core's markers, held by core's tests (the seed
    # secret check): a game's table lists what the game wrote.
    for cls in [struct for root in roots for struct in _structs(root) if not struct.__module__.startswith(_CORE)]:
        hints = typing.get_type_hints(cls, include_extras=True)
        for name in getattr(cls, "__struct_fields__", ()):
            if name not in cls.__dict__.get("__annotations__", {}):
                continue  # declared on a base: listed there
            marker = next((m for m in getattr(hints[name], "__metadata__", ()) if isinstance(m, secrecy.Visibility)),
                          None)
            if marker is not None and _secret(marker):
                found.append(Marker("field", cls, name, _spelled(marker)))
        if cls in events and issubclass(cls, core_events.PrivateEvent):
            found.append(Marker("event", cls, "", "PrivateEvent"))
        shown_as = secrecy.concealed_as(cls)
        if shown_as is not None and CONCEALED in cls.__dict__:
            found.append(Marker("action", cls, "", f"concealed({shown_as!r})"))
    return found


def _clear_caches() -> None:
    for cached in (secrecy._plan, secrecy._marked, secrecy._deeply_public, core_events._shown_whole):
        cached.cache_clear()


@contextmanager
def removed(marker: Marker) -> Iterator[None]:
    """Core reads the game's types as if ``marker`` were not written, until the block ends."""
    cls = marker.owner
    undo: Callable[[], None]
    if marker.kind == "field":
        annotations = cls.__dict__["__annotations__"]
        original = annotations[marker.name]
        hint = typing.get_type_hints(cls, include_extras=True)[marker.name]
        kept = tuple(m for m in hint.__metadata__ if not isinstance(m, secrecy.Visibility))
        annotations[marker.name] = typing.Annotated[(hint.__origin__, *kept)] if kept else hint.__origin__
        undo = lambda: annotations.__setitem__(marker.name, original)  # noqa: E731
    elif marker.kind == "event":
        setattr(cls, UNMARKED, True)
        undo = lambda: delattr(cls, UNMARKED)  # noqa: E731
    else:
        shown_as = cls.__dict__[CONCEALED]
        setattr(cls, CONCEALED, None)
        undo = lambda: setattr(cls, CONCEALED, shown_as)  # noqa: E731
    _clear_caches()
    try:
        yield
    finally:
        undo()
        _clear_caches()


@dataclass(frozen=True)
class MarkerRow:
    game: str
    marker: str
    players: int
    positions: int
    #: the position at which the property first failed (None: it never did)
    failed_at: int | None
    failure: str | None


def marker_table(ruleset: Ruleset[Any, Any], secrets: Secrets[Any], players: int, *, positions: int = 200,
                 seed: str = "markers", surface: Surface | None = None) -> list[MarkerRow]:
    """For each marker in turn, the noninterference property run with it removed, to its first failure."""
    rows = []
    for marker in secrecy_markers(ruleset):
        with removed(marker):
            report: Report = check_noninterference(ruleset, secrets, players, positions=positions, seed=seed,
                                                   surface=surface, stop_at_first=True, shrink=False, examples=3)
        rows.append(MarkerRow(ruleset.id, marker.label, players, report.positions, report.failed_at,
                              report.failure))
    return rows


def format_table(rows: list[MarkerRow]) -> str:
    """The table as text: game, marker, players, positions until the first failure."""
    lines = [f"{'game':<20} {'marker':<58} {'players':>7} {'fails at':>9}"]
    for row in rows:
        at = "NEVER" if row.failed_at is None else str(row.failed_at)
        lines.append(f"{row.game:<20} {row.marker:<58} {row.players:>7} {at:>9}")
    return "\n".join(lines)
