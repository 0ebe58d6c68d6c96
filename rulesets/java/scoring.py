"""JAVA-11.4, JAVA-12 and JAVA-13: each player's grand final reckoning, final scores, winners."""

from __future__ import annotations

from typing import Any

from rulesets.core import ScoreItem, ScoreSheet

from .events import CityPoints, GrandFinalReckoning, JavaEvent
from .land import Land, places
from .state import JavaState


def reckoning(state: JavaState, seat: int) -> list[dict[str, Any]]:
    """JAVA-12.2/12.3: what ``seat`` scores in each city now (first: the value; second: half)."""
    land = Land(state)
    out: list[dict[str, Any]] = []
    for n, palace in enumerate(state.palaces):
        city = land.city_of_palace(n)
        first, second = places(land.levels_by_player(city))
        value = palace.values[-1]
        points = value if seat in first else value // 2 if seat in second else 0
        out.append({"palace": palace.hex, "value": value, "first": first, "second": second, "points": points})
    return out


def grand_final_reckoning(state: JavaState, seat: int, events: list[JavaEvent]) -> None:
    """JAVA-12.1: at the end of the player's own last turn; only he scores."""
    cities = reckoning(state, seat)
    total = sum(c["points"] for c in cities)
    state.players[seat].score += total
    state.players[seat].gfr_done = True
    events.append(GrandFinalReckoning(player=seat, points=total,
                                      cities=[CityPoints(palace=c["palace"], points=c["points"])
                                              for c in cities if c["points"]]))


def score_sheet(state: JavaState) -> ScoreSheet:
    """Each seat's fame points on the track (JAVA-13, JAVA-13.1: palaces, irrigation, festivals, and the grand
    final reckoning once made) and, for a seat that has not made its grand final reckoning yet, what
    it would score in it on the board as it stands (JAVA-12.3). The most fame points win, equal top
    scores share the victory (JAVA-11.4, D12): no tie-break."""
    return [[ScoreItem(category="fame_points", rule="JAVA-13.1", points=player.score),
             ScoreItem(category="grand_final_reckoning", rule="JAVA-12.3",
                       points=0 if player.gfr_done else sum(city["points"] for city in reckoning(state, seat)))]
            for seat, player in enumerate(state.players)]


def winners(scores: list[int]) -> list[int]:
    """JAVA-11.4 / D12, for the game-over event: the most fame points; equal top scores share the victory."""
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]
