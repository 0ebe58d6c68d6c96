"""What a game's picture tests hold it to: well-formed SVG 1.1, self-contained, and saying
nothing its seat's view does not.

``unexplained`` is the picture's own leak check: every word of its text and every value
of its ``data-`` attributes must come from the seat's view (its strings, keys, numbers and
list lengths), from the served components' entries the view names by id, or from the
words the kit and the game write themselves. A card the view hides cannot be named,
and a count the view does not give cannot be written.
"""

from __future__ import annotations

import importlib
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from rulesets.core.drawing import WORDS, Frame

from .noninterference import Stateless

SVG = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
MAX_BYTES = 100_000
#: Elements a self-contained, script-free picture never holds.
FORBIDDEN = {"script", "image", "foreignObject", "iframe", "video", "audio"}
_WORD = re.compile(r"[^\W_]+")


def words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def structure_problems(document: str) -> list[str]:
    """Why ``document`` is not a well-formed, self-contained SVG 1.1 picture (empty: it is)."""
    problems = []
    if len(document.encode()) > MAX_BYTES:
        problems.append(f"{len(document.encode())} bytes, over {MAX_BYTES}")
    try:
        root = ET.fromstring(document.encode())
    except ET.ParseError as error:
        return [*problems, f"not XML: {error}"]
    if root.tag != f"{SVG}svg" or root.get("version") != "1.1" or not root.get("viewBox"):
        problems.append("the root is not <svg version='1.1' viewBox=...>")
    children = [child.tag for child in root]
    if children[:2] != [f"{SVG}title", f"{SVG}desc"]:
        problems.append("the picture does not open with <title> and <desc>")
    for node in root.iter():
        tag = node.tag.removeprefix(SVG)
        if tag in FORBIDDEN:
            problems.append(f"<{tag}> in a picture")
        if not node.get("class"):
            problems.append(f"<{tag}> without a class")
        for name, value in node.attrib.items():
            if name in ("href", XLINK_HREF) and not value.startswith("#"):
                problems.append(f"<{tag}> refers outside the picture: {value}")
            if "url(" in value and not re.fullmatch(r"url\(#[\w-]+\)", value.strip()):
                problems.append(f"<{tag} {name}> fetches {value}")
    if "@import" in document or "url(http" in document:
        problems.append("the stylesheet fetches from outside")
    return problems


def _walk(value: Any) -> Iterator[Any]:
    yield value
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield key
            yield from _walk(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _walk(item)


def _said_by_view(view: Mapping[str, Any]) -> set[str]:
    said: set[str] = set()
    for item in _walk(view):
        if isinstance(item, bool):
            continue
        if isinstance(item, (str, int, float)):
            said.add(str(item))
        if isinstance(item, (list, tuple, Mapping)):
            said.add(str(len(item)))
    return said


def _named_entries(components: Any, named: set[str]) -> Iterator[Mapping[str, Any]]:
    for item in _walk(components):
        if isinstance(item, Mapping) and str(item.get("id")) in named:
            yield item
    if isinstance(components, Mapping):
        for item in _walk(components):  # entries kept under their ids: {"F14": {...}}
            if isinstance(item, Mapping):
                for key, value in item.items():
                    if key in named and isinstance(value, Mapping):
                        yield value


def game_vocabulary(ruleset: Any) -> tuple[frozenset[str], frozenset[str]]:
    """What a game's picture module declares it writes besides the view: ``WORDS`` (its labels
    and printed board texts) and ``TABLE_IDS`` (ids of the table itself, public whatever the
    position: board spaces an empty one included). Empty for a game drawn by core's generic picture."""
    package = type(ruleset).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.picture")
    except ModuleNotFoundError:
        return frozenset(), frozenset()
    return frozenset(getattr(module, "WORDS", ())), frozenset(getattr(module, "TABLE_IDS", ()))


def vocabulary(frame: Frame, game_words: Iterable[str] = (), table_ids: Iterable[str] = ()) -> tuple[set[str], set[str]]:
    """The words a picture of ``frame`` may write, and the values its ``data-`` attributes may hold."""
    values = _said_by_view(frame.view) | {str(seat) for seat in range(frame.seats)} | set(table_ids)
    allowed = {w for value in values for w in words(value)}
    for entry in _named_entries(frame.components, values):
        allowed.update(w for item in _walk(entry) if isinstance(item, str) for w in words(item))
    allowed.update(words(frame.title))
    allowed.update(WORDS)
    allowed.update(w for word in game_words for w in words(word))
    for item in _walk(frame.status):
        if isinstance(item, (str, int)) and not isinstance(item, bool):
            allowed.update(words(str(item)))
    return allowed, values


def unexplained(document: str, frame: Frame, game_words: Iterable[str] = (), table_ids: Iterable[str] = ()) -> list[str]:
    """The words and ``data-`` values of ``document`` that ``frame``'s view does not account for."""
    allowed, values = vocabulary(frame, game_words, table_ids)
    root = ET.fromstring(document.encode())
    odd: list[str] = []
    for node in root.iter():
        if node.tag == f"{SVG}style":
            continue
        for text in (node.text, node.tail):
            if text:
                odd.extend(f"text {w!r}" for w in words(text) if w not in allowed)
        for name, value in node.attrib.items():
            if name.startswith("data-") and value not in values:
                odd.append(f"{name}={value!r}")
    return sorted(set(odd))


class PictureSurface(Stateless):
    """The ruleset's answers with each seat's picture beside them: for noninterference, so a
    picture is proven to tell a seat no more than its view does."""

    def observe(self, state: Any, viewer: Any) -> dict[str, Any]:
        from rulesets.core.drawing import picture

        seen = super().observe(state, viewer)
        seen["picture"] = picture(self.ruleset, state, viewer)
        return seen


def picture_problems_over_playout(ruleset: Any, players: int, seed: str, *, game_words: Iterable[str] | None = None,
                                  table_ids: Iterable[str] | None = None, every: int = 1,
                                  max_actions: int | None = None, options: dict[str, Any] | None = None) -> list[str]:
    """Every ``every``-th position of a seeded random game, pictured for every seat and a spectator
    (light and dark, the last action marked): what is wrong with any picture, as
    ``position/seat: problem`` lines (empty: nothing). The game's own ``WORDS`` and
    ``TABLE_IDS`` (:func:`game_vocabulary`) unless given."""
    declared_words, declared_ids = game_vocabulary(ruleset)
    game_words = declared_words if game_words is None else game_words
    table_ids = declared_ids if table_ids is None else table_ids
    from rulesets.core.drawing import frame_of, picture

    from .playout import random_playout

    actions = random_playout(ruleset, players, seed, options, sample_legal=0, nudges=0).actions
    if max_actions is not None:
        actions = actions[:max_actions]
    state = ruleset.setup(players, seed, options)
    found: list[str] = []
    for step in range(len(actions) + 1):
        if step:
            state, _ = ruleset.apply(state, actions[step - 1])
        if step % every and step != len(actions):
            continue
        last = actions[step - 1] if step else None
        for seat in [*range(players), None]:
            theme = "dark" if step % 2 else "light"
            document = picture(ruleset, state, seat, theme=theme, last_action=last)
            frame = frame_of(ruleset, state, seat, theme=theme, last_action=last)
            where = f"move {step}/seat {seat}"
            found += [f"{where}: {p}" for p in structure_problems(document)]
            found += [f"{where}: says {p}" for p in unexplained(document, frame, game_words, table_ids)]
            if document != picture(ruleset, state, seat, theme=theme, last_action=last):
                found.append(f"{where}: two renders differ")
    return found
