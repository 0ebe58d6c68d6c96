"""Final scoring (KOS-10.4) and the winners with the tie-break (KOS-10.5..10.7)."""

from __future__ import annotations

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


def winners(state: KosState, scores: list[int]) -> list[int]:
    """Highest total; among those tied, most markers on sites; still tied, a shared win."""
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    most = max(markers_placed(state, seat) for seat in tied)
    return [seat for seat in tied if markers_placed(state, seat) == most]
