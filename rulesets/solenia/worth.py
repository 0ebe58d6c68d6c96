"""What a Solenia position is worth to each seat before the end: the search's cut-off evaluation.

The base is the score the game would end with now (SOL-7.3, SOL-7.4: stars, completed tiles,
pairs or winter powers, one star per two stored resources). On top, what the rules make
valuable before the end, in stars:

* a stored resource is worth more than its half star while deliveries are still to come: a
  tile pays about a star per icon it asks for and two for an icon of the other side's goods,
  and its slot reward comes on top (SOL-5.4, SOL-5.5); the premium falls to nothing over the
  last ``RESOURCE_TAPER_ROUNDS`` rounds, when what is stored is only ever scored at the end;
* a card of the seat's on the board is worth its activation (SOL-6.3, with the improvements
  that change it, SOL-9.4) when its strip is resolved, which takes ``col + 1`` advances of the
  airship (SOL-6.2, 6.5): weighed by how likely that many advances still come (SOL-7.2: a card
  left on the board at the end gives nothing). Without this, every island play would look worth
  its yield only, and a two-for-one space multiplier on col 0 like one on col 4.

Only the state is read (a determinization's, in the search): the same position, the same worth.
"""

from __future__ import annotations

from . import resources as res
from .airship import card_activation
from .board import terrain
from .components import RESOURCES_PER_STAR, ROUNDS
from .scoring import final_scores
from .state import RIVAL, SoleniaState

#: what a stored resource is worth, in stars, while deliveries are still to come (its end value is
#: 1 / RESOURCES_PER_STAR): below a tile's star per icon, since not every resource finds its tile.
RESOURCE_VP = 1.0
#: over the last rounds a resource's worth falls back to its end value.
RESOURCE_TAPER_ROUNDS = 4
#: airship advances a round brings per seat, about: 4 of a seat's 16 cards are 0-cards (SOL-6.1), and
#: a seat without a free placement discards to advance (SOL-3.4).
ADVANCES_PER_SEAT_ROUND = 0.3


def resource_vp(state: SoleniaState) -> float:
    """A stored resource's worth now: ``RESOURCE_VP`` early, its end value (SOL-7.3 item 4) at the end."""
    end = 1.0 / RESOURCES_PER_STAR
    left = ROUNDS - state.round
    share = min(1.0, left / RESOURCE_TAPER_ROUNDS)
    return end + (RESOURCE_VP - end) * share


def turns_left(state: SoleniaState) -> int:
    """The turns still to be played, the active seat's included (SOL-2.1: every round from the first player)."""
    seats = len(state.players)
    played_this_round = (state.active_seat - state.first_player) % seats
    return (ROUNDS - state.round) * seats + seats - played_this_round


def resolve_chance(col: int, turns: int) -> float:
    """How likely the strip in ``col`` is resolved before the end, about: it needs ``col + 1`` advances, and a
    turn advances the airship once at most (twice only with L1_DOUBLE_ADVANCE, SOL-9.4, left out here)."""
    needed = col + 1
    if needed > turns:
        return 0.0
    return min(1.0, ADVANCES_PER_SEAT_ROUND * turns / needed)


def worths(state: SoleniaState) -> list[float]:
    """Each seat's worth in stars (the final score now plus what the position promises)."""
    per_resource = resource_vp(state)
    totals: list[float] = []
    for entry, player in zip(final_scores(state), state.players):
        stored = res.total(player.storage)
        # the score counts floor(stored / 2); the worth counts every resource at its worth now
        totals.append(float(entry["total"]) + per_resource * stored - stored // RESOURCES_PER_STAR)
    turns = turns_left(state)
    for placed in state.board.cards:
        if placed.owner == RIVAL:
            continue  # the solo Rival's cards never activate (SOL-10.3)
        player = state.players[placed.owner]
        gained, stars = card_activation(player, placed.card, terrain(state, placed.col, placed.row))
        chance = resolve_chance(placed.col, turns)
        totals[placed.owner] += chance * (stars + per_resource * sum(gained))
    return totals

