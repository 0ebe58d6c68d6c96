"""Scores as the rulebook counts them: itemized by its scoring categories, then ranked by its tie-breaks.

A game writes one function, its *score sheet*: for each seat, the items its final scoring adds up
(``ScoreItem(category, rule, points)``), counted on the state as it stands, so the same sheet is
the final score at the end and "the score if the game ended now" before it. Core sums the items
into ``final_scores`` (one source of truth: status, winners and ``/score`` read the same sheet)
and ranks the seats by their total and then by the game's tie-break values.

An item whose points depend on what other seats may not see (cards in a private hand, a sealed
bonus card) says so with ``secret``: a host answering for a sealed state withholds it.
"""

from __future__ import annotations

from typing import Sequence

import msgspec


class ScoreItem(msgspec.Struct, frozen=True, kw_only=True):
    #: the scoring category, a stable snake_case name (``bonus_cards``, ``pair_bonus``)
    category: str
    #: the rule ID that scores it
    rule: str
    points: int
    #: the points count something only this seat may see (the host withholds it from others)
    secret: bool = False


class Place(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    #: 1 for the best; seats the tie-breaks cannot separate share a place, and the next place skips
    place: int


ScoreSheet = list[list[ScoreItem]]


def total(items: Sequence[ScoreItem]) -> int:
    return sum(item.points for item in items)


def ranked(standings: Sequence[tuple[int, ...]]) -> list[Place]:
    """Seats in the order their standings give (the highest first, compared item by item), as places:
    one more than the number of seats strictly ahead, so unbroken ties share a place."""
    places = [Place(seat=seat, place=1 + sum(1 for other in standings if other > mine))
              for seat, mine in enumerate(standings)]
    return sorted(places, key=lambda entry: (entry.place, entry.seat))
