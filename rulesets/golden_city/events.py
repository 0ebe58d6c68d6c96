"""The Golden City's events: what each action and each automatic step (GC-2.3) reports.

Everything is public (D-19) but the two draws whose card only its drawer may know: a
landscape card drawn as a reward (``card_drawn``) and a bonus card drawn face down
(``bonus_drawn``, GC-6.4). Landscape cards that go into a hand or a pile are counted by
type (``pairs_taken``, ``post_built``, ``discarded``).
"""

from __future__ import annotations

from typing import Literal, Union

from rulesets.core import Count, Event, Ordinal, PrivateEvent, Seat

from .components import RewardKind

#: landscape type -> how many cards of it.
LandscapeCounts = dict[str, Count]


# ---------------------------------------------------------------- P1 and P2 (GC-3, GC-4)
class ScoringCardRevealed(Event, tag="scoring_card_revealed"):
    """GC-3.1: this round's scoring card, and how many are left face down."""

    round: Ordinal
    card: str
    cards_left: Count


class PairsDealt(Event, tag="pairs_dealt"):
    """GC-4.1: the pairs on offer, by landscape type (public)."""

    round: Ordinal
    pairs: list[list[str]]


class DeckReshuffled(Event, tag="deck_reshuffled"):
    """GC-12.2: the discard pile became the new deck of ``cards`` cards."""

    deck: Literal["landscape"]
    cards: Count


class MarkerPlaced(Event, tag="marker_placed"):
    """GC-4.5: ``player`` put a marker on ``pair``, paying ``price``."""

    player: Seat
    pair: Count
    price: Count


class MarkerDisplaced(Event, tag="marker_displaced"):
    """GC-4.5(b) / GC-4.6: ``player``'s marker went back; ``by`` paid ``last_price``."""

    player: Seat
    by: Seat
    pair: Count
    last_price: Count


class PairsTaken(Event, tag="pairs_taken"):
    """GC-4.7: the two cards under ``player``'s marker, by type."""

    player: Seat
    pair: Count
    cards: LandscapeCounts


# ---------------------------------------------------------------- P3 (GC-5 to GC-7)
class PostBuilt(Event, tag="post_built"):
    """GC-5.2 / GC-5.3: a post on ``space``, build number ``seq``, paid with these types (and a key)."""

    player: Seat
    space: str
    black: bool
    seq: Ordinal
    paid: LandscapeCounts
    key: bool


class RewardTaken(Event, tag="reward", omit_defaults=True):
    """GC-6 / GC-7.3: what the space gave. ``amount`` for every kind but goods (a count taken);
    ``cards`` for the cards picked from a display (goods; bonus under the public-choice reading);
    ``arrival`` for a district (the post's place in the order of arrival)."""

    player: Seat
    space: str
    kind: RewardKind
    amount: Count | None = None
    cards: list[str] | None = None
    arrival: Ordinal | None = None


class GoodsRefilled(Event, tag="goods_refilled"):
    """GC-6.5: the goods cards turned up from the goods deck to refill the display after a pick."""

    cards: list[str]


class CardDrawn(PrivateEvent, tag="card_drawn"):
    """GC-6.2: the landscape card(s) a reward drew, seen by the drawer only."""

    player: Seat
    cards: list[str]


class BonusDrawn(PrivateEvent, tag="bonus_drawn"):
    """GC-6.4: the face-down bonus card(s) drawn, known to the owner only until final scoring."""

    player: Seat
    cards: list[str]


class EndTriggered(Event, tag="end_triggered"):
    """GC-5.7 / GC-10.1(b): ``player``'s regular supply ran out this round."""

    player: Seat
    round: Ordinal


class TurnEnded(Event, tag="turn_ended"):
    """GC-5.1: ``player`` ended the build turn after ``builds`` builds."""

    player: Seat
    builds: Count


# ---------------------------------------------------------------- P4 and P5 (GC-8 to GC-10)
class RoundScored(Event, tag="round_scored"):
    """GC-8.1 / GC-8.2: per seat, the posts and goods counted and the VP gained; the sole leaders."""

    round: Ordinal
    card: str
    posts: list[Count]
    goods: list[Count]
    location_leader: Seat | None
    goods_leader: Seat | None
    vp: list[Count]


class DiscardRequired(Event, tag="discard_required"):
    """GC-9.1: the seats over the hand limit, and how many cards each owes."""

    players: list[Seat]
    counts: list[Count]


class Discarded(Event, tag="discarded"):
    """GC-9.1: what ``player`` discarded, by type."""

    player: Seat
    cards: LandscapeCounts


class StartPlayerPassed(Event, tag="start_player_passed"):
    """GC-9.2: the new start player."""

    player: Seat


class BonusRevealed(Event, tag="bonus_revealed"):
    """GC-10.3: ``player``'s bonus cards, now public, and the VP they added."""

    player: Seat
    cards: list[str]
    vp: Count


class GameEnded(Event, tag="game_ended"):
    """GC-10.1: why the game ended after ``round``, and each seat's final VP."""

    round: Ordinal
    reason: Literal["scoring_deck_empty", "posts_exhausted"]
    scores: list[Count]


GoldenCityEvent = Union[
    ScoringCardRevealed, PairsDealt, DeckReshuffled, MarkerPlaced, MarkerDisplaced, PairsTaken, PostBuilt,
    RewardTaken, GoodsRefilled, CardDrawn, BonusDrawn, EndTriggered, TurnEnded, RoundScored, DiscardRequired, Discarded,
    StartPlayerPassed, BonusRevealed, GameEnded,
]
#: what a handler or an automatic step appends to.
Events = list[GoldenCityEvent]
