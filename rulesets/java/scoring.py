"""JAVA-11.4, JAVA-12 and JAVA-13: each player's grand final reckoning, final scores, winners."""

from __future__ import annotations

from typing import Any

from rulesets.core import ScoreItem, ScoreSheet

from .events import CityPoints, GrandFinalReckoning, JavaEvent
from .land import Land, places
from .state import JavaState


def reckoning(state: JavaState, seat: int, land: Land | None = None) -> list[dict[str, Any]]:
    """JAVA-12.2/12.3: what ``seat`` scores in each city now (first: the value; second: half). ``land``: the
    state's, when the caller has read it."""
    return [{"palace": city.hex, "value": city.value, "first": city.first, "second": city.second,
             "points": city.points(seat)} for city in cities(state, land or Land(state))]


class City:
    """A palace's city at the reckoning (JAVA-12.2): the palace, its value, the first and second places."""

    __slots__ = ("hex", "value", "first", "second")

    def __init__(self, hex: Any, value: int, first: list[int], second: list[int]) -> None:
        self.hex, self.value, self.first, self.second = hex, value, first, second

    def points(self, seat: int) -> int:
        return self.value if seat in self.first else self.value // 2 if seat in self.second else 0


def cities(state: JavaState, land: Land) -> list[City]:
    """Every palace's city as it stands, ranked once for all seats (JAVA-2.15, 12.2)."""
    out = []
    for n, palace in enumerate(state.palaces):
        first, second = places(land.levels_by_player(land.city_of_palace(n)))
        out.append(City(palace.hex, palace.values[-1], first, second))
    return out


def grand_final_reckoning(state: JavaState, seat: int, events: list[JavaEvent]) -> None:
    """JAVA-12.1: at the end of the player's own last turn; only he scores."""
    owed = reckoning(state, seat)
    total = sum(c["points"] for c in owed)
    state.players[seat].score += total
    state.players[seat].gfr_done = True
    events.append(GrandFinalReckoning(player=seat, points=total,
                                      cities=[CityPoints(palace=c["palace"], points=c["points"])
                                              for c in owed if c["points"]]))


def score_sheet(state: JavaState, land: Land | None = None) -> ScoreSheet:
    """Each seat's fame points on the track (JAVA-13, JAVA-13.1: palaces, irrigation, festivals, and the grand
    final reckoning once made) and, for a seat that has not made its grand final reckoning yet, what
    it would score in it on the board as it stands (JAVA-12.3). The most fame points win, equal top
    scores share the victory (JAVA-11.4, D12): no tie-break. ``land``: the state's, when the caller has read it."""
    ranked = cities(state, land or Land(state))  # one read of the board for every seat
    return [[ScoreItem(category="fame_points", rule="JAVA-13.1", points=player.score),
             ScoreItem(category="grand_final_reckoning", rule="JAVA-12.3",
                       points=0 if player.gfr_done else sum(city.points(seat) for city in ranked))]
            for seat, player in enumerate(state.players)]


def winners(scores: list[int]) -> list[int]:
    """JAVA-11.4 / D12, for the game-over event: the most fame points; equal top scores share the victory."""
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]
