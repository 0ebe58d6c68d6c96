"""A game's printed components, decoded once into typed Structs.

Each game describes its ``<game>.components.json`` with msgspec Structs and loads it
with :func:`load_components` at import: a file that does not fit the schema stops the
import with the JSON path at fault, and rule code reads typed fields (``card.cost``),
never string keys, so a typo fails loudly instead of reading a default.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Generic, Hashable, Iterable, Iterator, TypeVar

import msgspec

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


class ComponentDataError(RuntimeError):
    """A components file that does not fit its game's schema (a packaging or editing error)."""


def load_components(path: Path, schema: type[T]) -> T:
    """Decode ``path`` into ``schema``; any mismatch is a :class:`ComponentDataError` naming the path."""
    return _decoded(_read(path), path, schema)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise ComponentDataError(f"{path.name} cannot be read: {exc}") from None


def _decoded(data: bytes, path: Path, schema: type[T]) -> T:
    try:
        return msgspec.json.decode(data, type=schema, strict=True)
    except msgspec.ValidationError as exc:
        raise ComponentDataError(f"{path.name} does not fit its schema: {exc}") from None
    except msgspec.DecodeError as exc:
        raise ComponentDataError(f"{path.name} cannot be read: {exc}") from None


class ComponentSchema(msgspec.Struct, kw_only=True, frozen=True, forbid_unknown_fields=True):
    """Base of a components file's schema and its parts: frozen (printed components never change) and
    strict (a misspelt key in the file stops the import instead of reading a default)."""


class ComponentFile(Generic[T]):
    """A game's ``<game>.components.json`` beside its package, decoded once into ``schema``.

    ``data`` is the typed file, ``raw`` the JSON as written (for the blocks flagged ``assumed``).

    >>> FILE = ComponentFile(__file__, "my_game.components.json", MyComponents)  # doctest: +SKIP
    >>> COST = {card.id: card.cost for card in FILE.data.cards}  # doctest: +SKIP
    """

    def __init__(self, beside: str | Path, name: str, schema: type[T]) -> None:
        self.path = Path(beside).with_name(name)
        data = _read(self.path)  # read once: the typed file and its raw JSON come from the same bytes
        self.data: T = _decoded(data, self.path, schema)
        self.raw: Any = json.loads(data)

    def assumed_blocks(self) -> list[str]:
        """JSON paths of every block the file flags ``"assumed": true`` (for the game's metadata)."""
        return list(assumed_paths(self.raw))


def index_by(items: Iterable[T], key: Callable[[T], K], what: str = "entry") -> dict[K, T]:
    """A lookup table of component entries by ``key`` (an id), refusing two entries with one key."""
    table: dict[K, T] = {}
    for item in items:
        name = key(item)
        if name in table:
            raise ComponentDataError(f"two {what} entries share the key {name!r}")
        table[name] = item
    return table


def assumed_paths(raw: Any, path: str = "$") -> Iterator[str]:
    """JSON paths of every block a components file flags ``"assumed": true``.

    Games sum these up in their metadata, so a reader sees which printed values are
    best guesses without opening the file.
    """
    if isinstance(raw, dict):
        if raw.get("assumed") is True:
            yield path
        for key, value in raw.items():
            if key != "assumed":
                yield from assumed_paths(value, f"{path}.{key}")
    elif isinstance(raw, (list, tuple)):
        for index, value in enumerate(raw):
            yield from assumed_paths(value, f"{path}[{index}]")


class Served(msgspec.Struct, kw_only=True, frozen=True, forbid_unknown_fields=True):
    """Base of a game's served components document (``Ruleset.Components``) and its parts.

    Frozen: the document is built once and shared by every answer; strict: its schema is the
    contract clients generate types from, so it holds no field it does not declare.
    """
