"""A deterministic SVG 1.1 document, built as a tree and written in one pass.

Pictures are compared byte for byte (golden files, noninterference), so nothing here
depends on a dict's history, a float's repr or the clock: attributes are written in the
order they were given, numbers with at most two decimals, text escaped once on output.
Every element carries a CSS class (its kind), so a theme or a client's stylesheet can
restyle any of them; shapes drawn many times are defined once in ``<defs>`` and reused.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

Number = int | float


def number(value: Number) -> str:
    """A coordinate as SVG wants it: no exponent, at most two decimals, no trailing zeros."""
    if isinstance(value, bool):
        raise TypeError("a coordinate is a number, not a bool")
    if isinstance(value, int):
        return str(value)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attribute_name(name: str) -> str:
    # Python names cannot hold '-' or ':': data_space is data-space, xlink__href is xlink:href.
    return name.replace("__", ":").replace("_", "-")


def _attribute_value(value: object) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return number(value)
    if isinstance(value, (list, tuple)):
        return " ".join(_attribute_value(v) for v in value)
    return str(value)


_ATTRIBUTE_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\r": "&#13;",
                      "\t": "&#9;"}
_NEEDS_ESCAPE = frozenset(_ATTRIBUTE_ESCAPES)


def quoted(value: str) -> str:
    """An attribute value in double quotes, escaped. Most values (numbers, ids, classes) need no
    escaping, and a picture writes thousands of them: those skip the replacing."""
    if _NEEDS_ESCAPE.isdisjoint(value):
        return f'"{value}"'
    return '"' + "".join(_ATTRIBUTE_ESCAPES.get(c, c) for c in value) + '"'


def _text(value: str) -> str:
    return value if "&" not in value and "<" not in value and ">" not in value else escape(value)


@dataclass
class Element:
    """One SVG element: its tag, its attributes in order, its children or its text."""

    tag: str
    attributes: dict[str, str] = field(default_factory=dict)
    children: list[Element] = field(default_factory=list)
    text: str | None = None

    def add(self, child: Element) -> Element:
        self.children.append(child)
        return child

    def extend(self, children: Iterable[Element]) -> None:
        self.children.extend(children)

    def write(self, out: list[str]) -> None:
        attributes = "".join([f" {name}={quoted(value)}" for name, value in self.attributes.items()])
        if self.text is not None:
            out.append(f"<{self.tag}{attributes}>{_text(self.text)}</{self.tag}>")
        elif self.children:
            out.append(f"<{self.tag}{attributes}>")
            for child in self.children:
                child.write(out)
            out.append(f"</{self.tag}>")
        else:
            out.append(f"<{self.tag}{attributes}/>")

    def texts(self) -> Iterator[str]:
        """Every text this element and its children say (titles included)."""
        if self.text is not None:
            yield self.text
        for child in self.children:
            yield from child.texts()


def element(tag: str, cls: str, text: str | None = None, /, **attributes: object) -> Element:
    """An element of kind ``cls`` (its class attribute; required, so no element goes unstyled).

    ``None`` attributes are left out; the rest are written in the order given.
    """
    if not cls:
        raise ValueError(f"<{tag}> needs a class")
    written = {"class": cls}
    for name, value in attributes.items():
        if value is not None:
            written[_attribute_name(name)] = _attribute_value(value)
    return Element(tag, written, text=None if text is None else str(text))


# ------------------------------------------------------------------ shapes
def group(cls: str, **attributes: object) -> Element:
    return element("g", cls, **attributes)


def rect(x: Number, y: Number, width: Number, height: Number, cls: str, **attributes: object) -> Element:
    return element("rect", cls, x=x, y=y, width=width, height=height, **attributes)


def circle(cx: Number, cy: Number, r: Number, cls: str, **attributes: object) -> Element:
    return element("circle", cls, cx=cx, cy=cy, r=r, **attributes)


def line(x1: Number, y1: Number, x2: Number, y2: Number, cls: str, **attributes: object) -> Element:
    return element("line", cls, x1=x1, y1=y1, x2=x2, y2=y2, **attributes)


def polygon(points: Iterable[tuple[Number, Number]], cls: str, **attributes: object) -> Element:
    return element("polygon", cls, points=" ".join(f"{number(x)},{number(y)}" for x, y in points), **attributes)


def polyline(points: Iterable[tuple[Number, Number]], cls: str, **attributes: object) -> Element:
    return element("polyline", cls, points=" ".join(f"{number(x)},{number(y)}" for x, y in points), **attributes)


def path(d: str, cls: str, **attributes: object) -> Element:
    return element("path", cls, d=d, **attributes)


def text(x: Number, y: Number, words: object, cls: str, **attributes: object) -> Element:
    return element("text", cls, str(words), x=x, y=y, **attributes)


def use(ref: str, x: Number, y: Number, cls: str, **attributes: object) -> Element:
    """The shape defined as ``ref`` in ``<defs>``, drawn at (x, y)."""
    return element("use", cls, xlink__href=f"#{ref}", x=x, y=y, **attributes)


def tooltip(words: object) -> Element:
    """A ``<title>`` child: what a pointer or a screen reader says of its parent."""
    return element("title", "tooltip", str(words))


# ------------------------------------------------------------------ the document
class Svg:
    """A whole picture: a fixed ``viewBox`` (the drawing's own units), scaled by ``size``."""

    def __init__(self, width: Number, height: Number, *, title: str, desc: str, cls: str, css: str = "") -> None:
        self.width, self.height = width, height
        self.title, self.desc, self.cls, self.css = title, desc, cls, css
        self.definitions: dict[str, Element] = {}
        self.root = group("picture-body")

    def define(self, ref: str, shape: Element) -> str:
        """Define ``shape`` once under ``ref`` (a second definition must be the same shape)."""
        shape.attributes["id"] = ref
        known = self.definitions.setdefault(ref, shape)
        if known is not shape and known != shape:
            raise ValueError(f"two different shapes defined as {ref!r}")
        return ref

    def add(self, child: Element) -> Element:
        return self.root.add(child)

    @contextmanager
    def layer(self, cls: str, **attributes: object) -> Iterator[Element]:
        """A group added to the picture, for the drawing inside the ``with`` block."""
        layer = group(cls, **attributes)
        self.root.add(layer)
        yield layer

    def texts(self) -> list[str]:
        """Every text the picture says, in document order (title and description first)."""
        return [self.title, self.desc, *self.root.texts()]

    def render(self, size: int | None = None) -> str:
        """The document; ``size`` is its width in pixels (the height keeps the aspect ratio)."""
        width = self.width if size is None else size
        height = self.height if size is None else round(size * self.height / self.width, 2)
        out = ['<?xml version="1.0" encoding="UTF-8"?>\n']
        head = element("svg", self.cls, version="1.1", viewBox=f"0 0 {number(self.width)} {number(self.height)}",
                       width=width, height=height, role="img", aria_labelledby="picture-title picture-desc")
        attributes = "".join(f" {name}={quoted(value)}" for name, value in head.attributes.items())
        out.append(f'<svg xmlns="{SVG_NS}" xmlns:xlink="{XLINK_NS}"{attributes}>')
        element("title", "picture-title", self.title, id="picture-title").write(out)
        element("desc", "picture-desc", self.desc, id="picture-desc").write(out)
        if self.css:
            if "]]>" in self.css:
                raise ValueError("a stylesheet cannot hold ']]>'")
            out.append(f'<style class="theme" type="text/css"><![CDATA[\n{self.css}]]></style>')
        if self.definitions:
            out.append('<defs class="shapes">')
            for ref in sorted(self.definitions):
                self.definitions[ref].write(out)
            out.append("</defs>")
        self.root.write(out)
        out.append("</svg>\n")
        return "".join(out)
