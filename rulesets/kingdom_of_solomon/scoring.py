"""Final scoring (KOS-10.4) and the winners with the tie-break (KOS-10.5..10.7)."""

from __future__ import annotations

from rulesets.core import ScoreItem, ScoreSheet

from .board import markers_placed
from .components import FORTUNE_CARDS, HIGH_PRIEST_VP, VP_PER_CUBE
from .state import KosState


def final_scores(state: KosState) -> list[dict[str, int]]:
    """Each seat's breakdown: VP on the track, High Priest, fortune cards in hand, cubes."""
    out = []
    for seat, player in enumerate(state.players):
        entry = {
            "track": player.vp,
            "high_priest": HIGH_PRIEST_VP if state.high_priest == seat else 0,
            "fortune": sum(FORTUNE_CARDS[card].end_vp for card in player.hand),
            "cubes": VP_PER_CUBE * player.cubes.total(),
        }
        entry["total"] = sum(entry.values())
        out.append(entry)
    return out


#: the breakdown's parts as KOS-10.4's categories; fortune cards lie in their owner's private hand
_CATEGORIES = {"track": "victory_points", "high_priest": "high_priest", "fortune": "fortune_cards",
               "cubes": "resource_cubes"}


def score_sheet(state: KosState) -> ScoreSheet:
    """KOS-10.4: the VP on the track plus the final scoring's parts, counted on the state as it stands."""
    return [[ScoreItem(category=category, rule="KOS-10.4", points=entry[part], secret=part == "fortune")
             for part, category in _CATEGORIES.items()]
            for entry in final_scores(state)]


def tie_break(state: KosState, seat: int) -> tuple[int, ...]:
    """KOS-10.6: the most building markers on board sites; still tied, a shared win (KOS-10.7)."""
    return (markers_placed(state, seat),)
