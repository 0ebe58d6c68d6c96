"""Pictures of a seat's view: an SVG kit (document, themes, panels) and the frame a game draws from."""

from .frame import Drawer, Frame
from .panels import WORDS, Face, SeatLine, backs, classes, hand, heading, seat_rows
from .once import Served, drawn_once, served
from .picture import MAX_SIZE, MIN_SIZE, canvas, frame_of, generic, picture
from .svg import Element, Group, Markup, Svg, circle, element, group, line, number, path, polygon, polyline, rect, text, tooltip, use, written, written_open
from .themes import PALETTES, SEAT_COLOURS, THEMES, seat_colour, stylesheet

__all__ = ["Drawer", "Element", "Face", "Frame", "Group", "MAX_SIZE", "MIN_SIZE", "Markup", "PALETTES", "SEAT_COLOURS", "SeatLine",
           "Served", "Svg", "THEMES", "WORDS", "backs", "canvas", "circle", "classes", "drawn_once", "element", "frame_of", "generic", "group", "hand",
           "heading", "line", "number", "path", "picture", "polygon", "polyline", "rect", "seat_colour", "seat_rows", "served",
           "stylesheet", "text", "tooltip", "use", "written", "written_open"]
