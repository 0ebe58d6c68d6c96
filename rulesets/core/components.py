"""A game's printed components, decoded once into typed Structs.

Each game describes its ``<game>.components.json`` with msgspec Structs and loads it
with :func:`load_components` at import: a file that does not fit the schema stops the
import with the JSON path at fault, and rule code reads typed fields (``card.cost``),
never string keys, so a typo fails loudly instead of reading a default.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator, TypeVar

import msgspec

T = TypeVar("T")


class ComponentDataError(RuntimeError):
    """A components file that does not fit its game's schema (a packaging or editing error)."""


def load_components(path: Path, schema: type[T]) -> T:
    """Decode ``path`` into ``schema``; any mismatch is a :class:`ComponentDataError` naming the path."""
    try:
        return msgspec.json.decode(path.read_bytes(), type=schema, strict=True)
    except msgspec.ValidationError as exc:
        raise ComponentDataError(f"{path.name} does not fit its schema: {exc}") from None
    except (OSError, msgspec.DecodeError) as exc:
        raise ComponentDataError(f"{path.name} cannot be read: {exc}") from None


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
