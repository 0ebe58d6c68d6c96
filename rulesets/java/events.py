"""What happened in Java, as typed events (JAVA-14.4: every automatic consequence is reported).

Everything on the board, every supply, score and played festival card is public (spec 4.1),
so every event is public but one: the id of a card drawn from the deck is the taker's alone
(``card_drawn``, spec 4.2); ``card_taken`` tells everyone that a card was taken, from where,
and, from the face-up slot, which one: everybody saw it taken (JAVA-9.2, spec 4.1).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from rulesets.core import Count, Event, PrivateEvent, PublicStruct, Seat

from .state import Hex, TileType


# ---------------------------------------------------------------- the turn (JAVA-3, 11)
class ActionTokenUsed(Event, tag="action_token_used"):
    player: Seat
    ap_total: Count


class TurnEnded(Event, tag="turn_ended"):
    player: Seat
    turn: Count


class TurnStarted(Event, tag="turn_started"):
    player: Seat
    turn: Count


class FinalRoundStarted(Event, tag="final_round_started"):
    """JAVA-11.1: the last triple was placed."""

    trigger_player: Seat


class CityPoints(PublicStruct):
    """One city of a grand final reckoning that scored (JAVA-12.3)."""

    palace: Hex
    points: Count


class GrandFinalReckoning(Event, tag="gfr"):
    """JAVA-12.1: a player's own reckoning, after his last turn; only the cities that scored."""

    player: Seat
    points: Count
    cities: list[CityPoints]


class GameOver(Event, tag="game_over"):
    scores: list[Count]
    winners: list[Seat]


# ---------------------------------------------------------------- the land (JAVA-4, 8)
class TilePlaced(Event, tag="tile_placed"):
    player: Seat
    tile: TileType
    id: Count
    hexes: list[Hex]
    village: Hex | None
    level: Count
    cost: Count


class IrrigationPlaced(Event, tag="irrigation_placed"):
    player: Seat
    hex: Hex


class IrrigationScored(Event, tag="irrigation_scored"):
    """JAVA-8.4: an area enclosed; ``player`` None when nobody was sole highest (it scores nothing)."""

    area: list[Hex]
    player: Seat | None
    points: Count


# ---------------------------------------------------------------- developers (JAVA-5, 6)
class DeveloperEntered(Event, tag="developer_entered"):
    player: Seat
    to: Hex
    cost: Count


class DeveloperExited(Event, tag="developer_exited"):
    player: Seat
    from_: Hex = msgspec.field(name="from")
    cost: Count


class DeveloperMoved(Event, tag="developer_moved"):
    player: Seat
    from_: Hex = msgspec.field(name="from")
    to: Hex
    cost: Count


# ---------------------------------------------------------------- palaces (JAVA-7)
class PalaceBuilt(Event, tag="palace_built"):
    player: Seat
    hex: Hex
    value: Count


class PalaceExtended(Event, tag="palace_extended"):
    player: Seat
    hex: Hex
    value: Count


class Scored(Event, tag="score"):
    """Points a palace built or enlarged brings (JAVA-7.2, 7.5)."""

    player: Seat
    points: Count
    reason: Literal["palace_built", "palace_extended"]


# ---------------------------------------------------------------- festival cards (JAVA-9)
class CardTaken(Event, tag="card_taken"):
    player: Seat
    source: Literal["face_up", "deck"]
    #: the face-up card taken, which everybody saw (spec 4.1); None for a card from the deck
    card: str | None = None


class CardDrawn(PrivateEvent, tag="card_drawn"):
    """The card from the deck that went into ``player``'s hand: his alone to see (spec 4.2)."""

    player: Seat
    card: str


class FaceUpReplaced(Event, tag="face_up_replaced"):
    """JAVA-9.3: the new face-up card (None once deck and discard are spent)."""

    card: str | None


class DeckReshuffled(Event, tag="deck_reshuffled"):
    """JAVA-9.4: the discard pile became the deck; its order stays hidden."""

    count: Count


# ---------------------------------------------------------------- the festival (JAVA-10)
class FestivalDeclared(Event, tag="festival_declared"):
    player: Seat
    palace: Hex
    symbols: list[str]
    value: Count
    cards: list[str]
    total: Count
    eligible: list[Seat]


class FestivalJoined(Event, tag="festival_joined"):
    player: Seat
    cards: list[str]
    total: Count


class FestivalDeclined(Event, tag="festival_declined"):
    player: Seat


class FestivalRaised(Event, tag="festival_raised"):
    player: Seat
    cards: list[str]
    total: Count


class FestivalPassed(Event, tag="festival_passed"):
    player: Seat
    total: Count


class TieProposed(Event, tag="tie_proposed"):
    player: Seat
    total: Count
    pending: list[Seat]


class TieAccepted(Event, tag="tie_accepted"):
    player: Seat


class TieRefused(Event, tag="tie_refused"):
    player: Seat
    cards: list[str]
    total: Count


class FestivalResolved(Event, tag="festival_resolved"):
    palace: Hex
    winners: list[Seat]
    tie: bool
    points: Count


JavaEvent = (ActionTokenUsed | TurnEnded | TurnStarted | FinalRoundStarted | GrandFinalReckoning | GameOver
             | TilePlaced | IrrigationPlaced | IrrigationScored
             | DeveloperEntered | DeveloperExited | DeveloperMoved
             | PalaceBuilt | PalaceExtended | Scored
             | CardTaken | CardDrawn | FaceUpReplaced | DeckReshuffled
             | FestivalDeclared | FestivalJoined | FestivalDeclined | FestivalRaised | FestivalPassed
             | TieProposed | TieAccepted | TieRefused | FestivalResolved)
