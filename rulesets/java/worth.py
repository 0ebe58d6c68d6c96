"""What a Java position is worth to each seat before the end: the search's cut-off evaluation.

The base is the score the game would end with now (the score sheet: fame points and the grand final
reckoning as the board stands, JAVA-12.2/12.3, 13.1). On top, what the rules make valuable before it
shows as points, in fame points:

* a developer on the board is the only way to build, to lead a city and to hold festivals (JAVA-7.1,
  12.2, 10.2): ``ON_BOARD`` a developer, more the higher it stands (its rank, JAVA-2.13), more in a
  village a palace may be built in (two spaces or more, none yet, JAVA-7.1);
* a village the seat leads alone without a palace is a palace to come (JAVA-7.1): ``PALACE_SHARE`` of
  the points the largest palace it allows would give (the palace table).

Without this, laying tiles and bringing developers in gain nothing at once, and a search cut off
after a few turns cannot tell them from taking a card. Only the state is read (a sample's): the same
position, the same worth.
"""

from __future__ import annotations

from .components import PALACE_POINTS, PALACE_VALUES
from .land import NOBODY, Land
from .scoring import score_sheet
from .state import JavaState

#: a developer on the board, before where it stands
ON_BOARD = 1.0
#: each level under a developer (JAVA-2.13: the higher, the better its rank)
PER_LEVEL = 0.3
#: a developer in a village that may still get a palace
IN_VILLAGE = 1.0
#: the share of a palace's points a village the seat leads alone is worth before it is built
PALACE_SHARE = 0.5


def worth(state: JavaState, land: Land) -> list[float]:
    """Each seat's worth: its total now and what its developers and villages promise."""
    totals: list[float] = [float(sum(item.points for item in items)) for items in score_sheet(state, land)]
    if state.phase == "game_over":
        return totals
    members = land.members()
    labels = land.groups()
    open_village = {label: len(cells) >= 2 and not land.palaces_in(cells) for label, cells in members.items()}
    dev, level = land.dev, land.level
    for i, seat in enumerate(dev):
        if seat == NOBODY:
            continue
        totals[seat] += ON_BOARD + PER_LEVEL * level[i]
        if open_village.get(labels[i], False):
            totals[seat] += IN_VILLAGE
    for label, cells in members.items():
        if not open_village[label]:
            continue
        leader = land.sole_highest(cells)
        if leader is not None:
            values = [v for v in PALACE_VALUES if v <= len(cells)]
            if values:
                totals[leader] += PALACE_SHARE * PALACE_POINTS[str(max(values))]
    return totals


__all__ = ["worth"]
