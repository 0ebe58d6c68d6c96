"""Reading the README's shell examples: which blocks run, where each example ends, what it promises.

The convention (the README's "Examples" note says it for writers):

* Every ```` ```sh ```` block that calls ``curl`` or names ``http://localhost:8000`` is
  run, blocks in README order, in one bash session (so ``STATE=...`` in one block is
  there for the next), with ``set -eo pipefail``: a failing command stops it.
* An example's expected answer is the comment right under its command (or at the end of
  its last line), down to the next line that is not a comment:
  ``# HTTP 422 {"code":"not_your_turn",...}``. ``HTTP <status>`` before the first ``{``
  names the status (none named: a 2xx); the JSON after it is the shape, one per command.
  A comment after a blank line is prose, and may not look like an answer.
* A shape holds: each key shown is in the answer; a value shown in full (a number, a
  string without ``...``, ``true``, ``null``, a list written out whole) is that value; an
  object is held to its own shape; ``...`` and anything containing it stand for "more".
* Every other ``curl`` of the block must answer below 400.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

FENCE = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)
STATUS = re.compile(r"\bHTTP (\d{3})\b")
ELLIPSIS = ("...", "…")


@dataclass
class Example:
    """Lines of shell run as one step; ``comment`` is the expectation of its last curl, if any."""

    lines: list[str]
    comment: str | None = None
    block: int = 0
    line: int = 0  # README line of the first line, for messages

    @property
    def source(self) -> str:
        return "\n".join(self.lines)

    @property
    def status(self) -> int | None:
        if self.comment is None:
            return None
        match = STATUS.search(self.comment.split("{", 1)[0])
        return int(match.group(1)) if match else None

    @property
    def shape(self) -> "Shape | None":
        if self.comment is None or "{" not in self.comment:
            return None
        shown = balanced(self.comment[self.comment.index("{"):])
        rest = self.comment[self.comment.index("{") + len(shown):]
        if "{" in rest or STATUS.search(rest):
            raise ValueError(f"README line {self.line}: one command, one answer; this comment shows another: "
                             f"{rest.strip()[:120]}")
        return parse_shape(shown)


#: the examples' server; the test runs them against its own
BASE_URL = "http://localhost:8000"


def blocks(readme: str) -> list[tuple[int, str]]:
    """The ```sh blocks that call curl or name the server (``R=...``), each with the README line
    its first line is on."""
    found = []
    for match in FENCE.finditer(readme):
        if re.search(r"\bcurl\b", match.group(1)) or BASE_URL in match.group(1):
            found.append((readme.count("\n", 0, match.start(1)) + 1, match.group(1)))
    return found


def _split_inline_comment(line: str) -> tuple[str, str | None]:
    """``cmd   # comment`` -> (cmd, comment): a # outside quotes that follows whitespace."""
    quote = None
    for index, char in enumerate(line):
        if quote:
            if char == quote and line[index - 1] != "\\":
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "#" and index > 0 and line[index - 1] in " \t":
            return line[:index].rstrip(), line[index + 1:].strip()
    return line, None


def _is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def _is_expectation_start(text: str) -> bool:
    return text.startswith("{") or STATUS.match(text) is not None


def examples(first_line: int, text: str, block: int) -> list[Example]:
    """A block cut after each expectation comment: each piece ends with the command it describes.

    A comment line that looks like an expectation but follows no command is refused: it
    would describe a request nobody runs.
    """
    out: list[Example] = []
    pending: list[str] = []
    start = first_line
    lines = text.splitlines()
    index = 0
    after_command = False
    while index < len(lines):
        line = lines[index]
        number = first_line + index
        if _is_comment(line):
            body = line.lstrip()[1:].strip()
            if after_command:
                comment = [body]
                index += 1
                while index < len(lines) and _is_comment(lines[index]):
                    comment.append(lines[index].lstrip()[1:].strip())
                    index += 1
                out.append(Example(pending, " ".join(comment), block, start))
                pending, start, after_command = [], first_line + index, False
                continue
            if _is_expectation_start(body):
                raise ValueError(f"README line {number}: an expected answer under no command: {line.strip()}")
            after_command = False
            index += 1
            continue
        if not line.strip():
            after_command = False
            pending.append(line)
            index += 1
            continue
        command, inline = _split_inline_comment(line)
        pending.append(command)
        index += 1
        continued = command.endswith("\\") or _open_quote(pending)
        if inline is not None and not continued:
            comment = [inline]
            while index < len(lines) and _is_comment(lines[index]):
                comment.append(lines[index].lstrip()[1:].strip())
                index += 1
            out.append(Example(pending, " ".join(comment), block, start))
            pending, start, after_command = [], first_line + index, False
            continue
        after_command = not continued
    if any(line.strip() for line in pending):
        out.append(Example(pending, None, block, start))
    return out


def _open_quote(lines: list[str]) -> bool:
    """Whether the lines so far leave a quote open (the command goes on on the next line)."""
    quote = None
    text = "\n".join(lines)
    index = 0
    while index < len(text):
        char = text[index]
        if quote == "'":
            if char == "'":
                quote = None
        elif quote == '"':
            if char == "\\":
                index += 1
            elif char == '"':
                quote = None
        elif char == "\\":
            index += 1
        elif char in "'\"":
            quote = char
        index += 1
    return quote is not None


def _outside_strings(text: str):
    """``(index, char, depth)`` for each character of ``text`` outside a JSON string; ``depth`` counts
    the brackets open before it (a closing bracket already counted off)."""
    depth, in_string, escaped = 0, False, False
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
            continue
        if char == '"':
            in_string = True
            continue
        if char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
        yield index, char, depth


def balanced(text: str) -> str:
    """The leading {...} of ``text``, strings respected."""
    for index, char, depth in _outside_strings(text):
        if char in "}]" and depth == 0:
            return text[:index + 1]
    raise ValueError(f"an expected answer whose braces do not close: {text[:120]}")


# ---------------------------------------------------------------- shapes
@dataclass
class Shape:
    """An object as a comment shows it: keys that must be there, and what is shown of each value."""

    members: dict[str, Any] = field(default_factory=dict)  # key -> Shape | Exact | ANY


class _Any:
    def __repr__(self) -> str:
        return "ANY"


ANY = _Any()


@dataclass
class Exact:
    value: Any


def _top_level_items(body: str) -> list[str]:
    """``"a":1,"b":{...},...`` split at the commas of this level."""
    items, start = [], 0
    for index, char, depth in _outside_strings(body):
        if char == "," and depth == 0:
            items.append(body[start:index])
            start = index + 1
    items.append(body[start:])
    return [item.strip() for item in items if item.strip()]


def parse_shape(text: str) -> Shape:
    shape = Shape()
    for item in _top_level_items(text.strip()[1:-1]):
        if item in ELLIPSIS:
            continue
        match = re.match(r'"([^"]+)"\s*:\s*(.*)$', item, re.S)
        if not match:
            raise ValueError(f"not a member of an expected answer: {item[:80]!r}")
        key, raw = match.group(1), match.group(2).strip()
        shape.members[key] = _value(raw)
    return shape


def _value(raw: str) -> Any:
    if raw.startswith("{"):
        return parse_shape(raw)
    if any(mark in raw for mark in ELLIPSIS):
        return ANY
    try:
        return Exact(json.loads(raw))
    except ValueError:
        return ANY


def mismatches(shape: Shape, answer: Any, path: str = "$") -> list[str]:
    """Where ``answer`` differs from what ``shape`` shows (empty: it holds)."""
    if not isinstance(answer, dict):
        return [f"{path} is not an object: {str(answer)[:120]}"]
    found = []
    for key, expected in shape.members.items():
        where = f"{path}.{key}"
        if key not in answer:
            found.append(f"{where} is missing (the answer has {sorted(answer)})")
        elif isinstance(expected, Shape):
            found += mismatches(expected, answer[key], where)
        elif isinstance(expected, Exact) and answer[key] != expected.value:
            found.append(f"{where} is {json.dumps(answer[key])[:200]}, the README shows {json.dumps(expected.value)}")
    return found
