"""Where the picture puts each area of the map (KOS-3): north at the top, the coast to the west.

The served components give the areas and their borders but no coordinates; these are the
picture's own, one point per area id, laid out like the land from Lebanon to Ezion-Geber.
"""

from __future__ import annotations

#: area id -> the centre of its space, in the map's own units (the picture scales them).
CENTRES: dict[str, tuple[float, float]] = {
    "lebanon": (1.0, 0.0), "aram": (2.6, 0.3), "galilee": (1.1, 1.3), "bashan": (2.7, 1.5),
    "jezreel": (0.9, 2.5), "sharon": (-0.1, 3.35), "gilead": (2.5, 2.75), "samaria": (1.4, 3.6),
    "ammon": (2.9, 4.0), "philistia": (0.1, 4.75), "jerusalem": (1.5, 4.95), "moab": (2.9, 5.35),
    "judah": (1.1, 6.05), "negev": (0.6, 7.15), "edom": (2.4, 6.9), "ezion_geber": (1.6, 8.1),
}
#: map units to picture units, and where the map's origin lands.
SCALE, LEFT, TOP = 112.0, 70.0, 64.0


def centre(area: str) -> tuple[float, float]:
    """The picture coordinates of ``area``'s space."""
    x, y = CENTRES[area]
    return LEFT + x * SCALE, TOP + y * SCALE
