"""A deterministic SVG 1.1 document, written as it is drawn.

Pictures are compared byte for byte (golden files, noninterference), so nothing here
depends on a dict's history, a float's repr or the clock: attributes are written in the
order they were given, numbers with at most two decimals, text escaped once on output.
Every element carries a CSS class (its kind), so a theme or a client's stylesheet can
restyle any of them; shapes drawn many times are defined once in ``<defs>`` and reused.

Speed (issue 22: a picture within a small multiple of encoding the view): a picture holds
hundreds of shapes, so a shape is written to its markup the moment it is drawn (``Markup``,
a string no caller can forge from plain text: only this module's writers make one) and only
groups stay objects, whose attributes a drawing may still set before the picture is written.
Written numbers and quoted values repeat from picture to picture (coordinates of a board,
class names), so each is formatted once per process and looked up after.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import NewType, Union
from xml.sax.saxutils import escape

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

Number = int | float
#: An element already written (escaped, well-formed); made only by this module's writers.
Markup = NewType("Markup", str)

#: Bound of each memo below: a process drawing many games keeps them small; past it, values are formatted each time.
_MEMO_LIMIT = 16384
_FLOATS: dict[float, str] = {}


def number(value: Number) -> str:
    """A coordinate as SVG wants it: no exponent, at most two decimals, no trailing zeros."""
    kind = type(value)
    if kind is int:
        return str(value)
    if kind is float:
        known = _FLOATS.get(value)
        if known is not None:
            return known
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        written = "0" if text in ("-0", "") else text
        if len(_FLOATS) < _MEMO_LIMIT:
            _FLOATS[value] = written
        return written
    if isinstance(value, bool):
        raise TypeError("a coordinate is a number, not a bool")
    if isinstance(value, int):
        return str(int(value))
    return number(float(value))


_NAMES: dict[str, str] = {}


def _attribute_name(name: str) -> str:
    # Python names cannot hold '-' or ':': data_space is data-space, xlink__href is xlink:href.
    known = _NAMES.get(name)
    if known is None:
        known = _NAMES[name] = name.replace("__", ":").replace("_", "-")
    return known


def _attribute_value(value: object) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return number(value)
    if isinstance(value, (list, tuple)):
        return " ".join(_attribute_value(v) for v in value)
    return str(value)


_ATTRIBUTE_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\r": "&#13;",
                      "\t": "&#9;"}
_NEEDS_ESCAPE = frozenset(_ATTRIBUTE_ESCAPES)
_QUOTED: dict[str, str] = {}


def quoted(value: str) -> str:
    """An attribute value in double quotes, escaped (once per distinct value and process)."""
    known = _QUOTED.get(value)
    if known is not None:
        return known
    if _NEEDS_ESCAPE.isdisjoint(value):
        known = f'"{value}"'
    else:
        known = '"' + "".join(_ATTRIBUTE_ESCAPES.get(c, c) for c in value) + '"'
    if len(_QUOTED) < _MEMO_LIMIT:
        _QUOTED[value] = known
    return known


def _text(value: str) -> str:
    return value if "&" not in value and "<" not in value and ">" not in value else escape(value)


def _coordinate(value: object) -> str:
    """A number attribute's written value; anything else as a general attribute value, escaped."""
    kind = type(value)
    if kind is int:
        return str(value)
    if kind is float:
        known = _FLOATS.get(value)  # type: ignore[call-overload]
        return known if known is not None else number(value)  # type: ignore[arg-type]
    return quoted(_attribute_value(value))[1:-1]


def _extras(attributes: dict[str, object]) -> str:
    """Further attributes in the order given, ``None`` left out."""
    return "".join([f" {_attribute_name(name)}={quoted(_attribute_value(value))}"
                    for name, value in attributes.items() if value is not None])


def _class(cls: str, tag: str) -> str:
    if not cls:
        raise ValueError(f"<{tag}> needs a class")
    return quoted(cls)


class Group:
    """An element with children (a ``<g>``, mostly): its attributes stay settable until written."""

    __slots__ = ("tag", "attributes", "children")

    def __init__(self, tag: str, attributes: dict[str, str]) -> None:
        self.tag = tag
        self.attributes = attributes
        self.children: list[Element] = []

    def add(self, child: Element) -> Element:
        self.children.append(child)
        return child

    def extend(self, children: Iterable[Element]) -> None:
        self.children.extend(children)

    def write(self, out: list[str]) -> None:
        tag = self.tag
        attributes = "".join([f" {name}={quoted(value)}" for name, value in self.attributes.items()])
        if not self.children:
            out.append(f"<{tag}{attributes}/>")
            return
        out.append(f"<{tag}{attributes}>")
        for child in self.children:
            if type(child) is str:
                out.append(child)
            else:
                child.write(out)  # type: ignore[union-attr]
        out.append(f"</{tag}>")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Group) and (self.tag, self.attributes, self.children) == (
            other.tag, other.attributes, other.children)

    __hash__ = None  # type: ignore[assignment]


#: What a drawing adds to a group: a written shape, or a group.
Element = Union[Group, Markup]


def element(tag: str, cls: str, text: str | None = None, /, **attributes: object) -> Markup:
    """An element of kind ``cls`` (its class attribute; required, so no element goes unstyled).

    ``None`` attributes are left out; the rest are written in the order given.
    """
    head = f"<{tag} class={_class(cls, tag)}{_extras(attributes)}"
    if text is None:
        return Markup(head + "/>")
    return Markup(f"{head}>{_text(str(text))}</{tag}>")


# ------------------------------------------------------------------ shapes
def group(cls: str, **attributes: object) -> Group:
    if not cls:
        raise ValueError("<g> needs a class")
    written = {"class": cls}
    for name, value in attributes.items():
        if value is not None:
            written[_attribute_name(name)] = _attribute_value(value)
    return Group("g", written)


def rect(x: Number, y: Number, width: Number, height: Number, cls: str, **attributes: object) -> Markup:
    return Markup(f'<rect class={_class(cls, "rect")} x="{_coordinate(x)}" y="{_coordinate(y)}" '
                  f'width="{_coordinate(width)}" height="{_coordinate(height)}"'
                  f'{_extras(attributes) if attributes else ""}/>')


def circle(cx: Number, cy: Number, r: Number, cls: str, **attributes: object) -> Markup:
    return Markup(f'<circle class={_class(cls, "circle")} cx="{_coordinate(cx)}" cy="{_coordinate(cy)}" '
                  f'r="{_coordinate(r)}"{_extras(attributes) if attributes else ""}/>')


def line(x1: Number, y1: Number, x2: Number, y2: Number, cls: str, **attributes: object) -> Markup:
    return Markup(f'<line class={_class(cls, "line")} x1="{_coordinate(x1)}" y1="{_coordinate(y1)}" '
                  f'x2="{_coordinate(x2)}" y2="{_coordinate(y2)}"{_extras(attributes) if attributes else ""}/>')


def _points(points: Iterable[tuple[Number, Number]]) -> str:
    return " ".join([f"{number(x)},{number(y)}" for x, y in points])


def polygon(points: Iterable[tuple[Number, Number]], cls: str, **attributes: object) -> Markup:
    return element("polygon", cls, points=_points(points), **attributes)


def polyline(points: Iterable[tuple[Number, Number]], cls: str, **attributes: object) -> Markup:
    return element("polyline", cls, points=_points(points), **attributes)


def path(d: str, cls: str, **attributes: object) -> Markup:
    return element("path", cls, d=d, **attributes)


def text(x: Number, y: Number, words: object, cls: str, **attributes: object) -> Markup:
    said = words if type(words) is str else str(words)
    return Markup(f'<text class={_class(cls, "text")} x="{_coordinate(x)}" y="{_coordinate(y)}"'
                  f'{_extras(attributes) if attributes else ""}>{_text(said)}</text>')


def use(ref: str, x: Number, y: Number, cls: str, **attributes: object) -> Markup:
    """The shape defined as ``ref`` in ``<defs>``, drawn at (x, y)."""
    return Markup(f'<use class={_class(cls, "use")} xlink:href={quoted("#" + ref)} x="{_coordinate(x)}" '
                  f'y="{_coordinate(y)}"{_extras(attributes) if attributes else ""}/>')


def tooltip(words: object) -> Markup:
    """A ``<title>`` child: what a pointer or a screen reader says of its parent."""
    return Markup(f'<title class="tooltip">{_text(words if type(words) is str else str(words))}</title>')


def _with_id(shape: Element, ref: str) -> Element:
    if isinstance(shape, Group):
        shape.attributes["id"] = ref
        return shape
    end = shape.index(">")  # quoted values hold no '>', so this closes the start tag
    if shape[end - 1] == "/":
        end -= 1
    return Markup(f"{shape[:end]} id={quoted(ref)}{shape[end:]}")


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
        named = _with_id(shape, ref)
        known = self.definitions.setdefault(ref, named)
        if known is not named and known != named:
            raise ValueError(f"two different shapes defined as {ref!r}")
        return ref

    def add(self, child: Element) -> Element:
        return self.root.add(child)

    @contextmanager
    def layer(self, cls: str, **attributes: object) -> Iterator[Group]:
        """A group added to the picture, for the drawing inside the ``with`` block."""
        layer = group(cls, **attributes)
        self.root.add(layer)
        yield layer

    def render(self, size: int | None = None) -> str:
        """The document; ``size`` is its width in pixels (the height keeps the aspect ratio)."""
        width = self.width if size is None else size
        height = self.height if size is None else round(size * self.height / self.width, 2)
        out = ['<?xml version="1.0" encoding="UTF-8"?>\n',
               f'<svg xmlns="{SVG_NS}" xmlns:xlink="{XLINK_NS}" class={_class(self.cls, "svg")} version="1.1" '
               f'viewBox="0 0 {number(self.width)} {number(self.height)}" width="{number(width)}" '
               f'height="{number(height)}" role="img" aria-labelledby="picture-title picture-desc">',
               f'<title class="picture-title" id="picture-title">{_text(self.title)}</title>',
               f'<desc class="picture-desc" id="picture-desc">{_text(self.desc)}</desc>']
        if self.css:
            if "]]>" in self.css:
                raise ValueError("a stylesheet cannot hold ']]>'")
            out.append(f'<style class="theme" type="text/css"><![CDATA[\n{self.css}]]></style>')
        if self.definitions:
            out.append('<defs class="shapes">')
            for ref in sorted(self.definitions):
                shape = self.definitions[ref]
                if isinstance(shape, Group):
                    shape.write(out)
                else:
                    out.append(shape)
            out.append("</defs>")
        self.root.write(out)
        out.append("</svg>\n")
        return "".join(out)


def written(element: Element) -> Markup:
    """``element``'s markup now: a group written (later changes to it no longer show), a shape as it is."""
    if isinstance(element, Group):
        out: list[str] = []
        element.write(out)
        return Markup("".join(out))
    return element


def written_open(element: Group) -> tuple[Markup, Markup]:
    """``element`` written with room for more children: its start tag and its children so far, then its end
    tag. What a picture draws the same way (a board space's print) is written once; what lies on it goes
    between, each picture."""
    out: list[str] = []
    Group(element.tag, element.attributes).write(out)
    start = out[0][:-2] + ">" if out[0].endswith("/>") else out[0]
    inner: list[str] = []
    for child in element.children:
        if isinstance(child, Group):
            child.write(inner)
        else:
            inner.append(child)
    return Markup(start + "".join(inner)), Markup(f"</{element.tag}>")
