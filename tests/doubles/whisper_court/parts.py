"""Whisper Court's pieces: the cards, the state with who sees what, the actions, events, refusals and rules."""

from __future__ import annotations

from typing import Annotated, Literal

from rulesets.core import (Catalogue, Count, Event, GameState, Hidden, Ordinal, PerSeat, Private, PrivateEvent,
                           PublicStruct, Seat, kind_of, kinds_times_copies, load_rule_index)

GAME_ID = "whisper_court"
#: WC-1.2: each kind's rank and how many copies the deck holds.
RANKS = {"watchman": 1, "seer": 2, "duelist": 3, "ward": 4, "herald": 5, "broker": 6, "regent": 7, "crown": 8}
COPIES = {"watchman": 5, "seer": 2, "duelist": 2, "ward": 2, "herald": 2, "broker": 1, "regent": 1, "crown": 1}
CARDS = tuple(kinds_times_copies(COPIES))  # "watchman-01" ... "crown-01"
NAMES_A_PLAYER = frozenset({"watchman", "seer", "duelist", "herald", "broker"})
GUESSES = tuple(kind for kind in RANKS if kind != "watchman")
TOKENS_TO_WIN = {2: 5, 3: 4, 4: 3}  # WC-5.3


def rank(card: str) -> int:
    return RANKS[kind_of(card)]


# ---------------------------------------------------------------- the state, and who sees what
class Player(PublicStruct):
    hand: Annotated[list[str], Private()]  # its seat sees the cards; the others see hand_count
    played: list[str] = []  # face up in front of the player this round
    #: the cards others' hands were shown to this seat this round (a Seer's look, a duel): its memory
    seen: Annotated[list[str], Private(count=False)] = []
    revealed: list[str] = []  # the hand shown at the end of the round
    out: bool = False
    warded: bool = False
    tokens: Count = 0


class CourtState(GameState, kw_only=True):
    phase: Literal["play", "round_over", "over"] = "play"
    players: Annotated[list[Player], PerSeat()]
    deck: Annotated[list[str], Hidden()]  # deck[0] is the top; everyone sees deck_count
    aside: Annotated[list[str], Hidden()]  # WC-2.1: the card set aside, seen by nobody
    turn: Seat = 0  # the seat on turn; between rounds, the seat that deals the next one
    round: Ordinal = 1
    tokens_to_win: Count = 5


# ---------------------------------------------------------------- actions
class Play(PublicStruct, tag="play", tag_field="type"):
    player: int
    card: str
    target: int | None = None
    guess: str | None = None


class NextRound(PublicStruct, tag="next_round", tag_field="type"):
    player: int


CourtAction = Play | NextRound


# ---------------------------------------------------------------- events
class CardPlayed(Event, tag="card_played"):
    player: Seat
    card: str
    target: Seat | None = None
    guess: str | None = None


class CardDrawn(PrivateEvent, tag="card_drawn"):
    player: Seat
    card: str


class HandShown(PrivateEvent, tag="hand_shown"):
    """``player``'s card, shown to the seats in ``visible_to`` only (the Seer, the Duelist)."""

    player: Seat
    card: str


class Discarded(Event, tag="discarded"):
    player: Seat
    card: str


class HandsTraded(Event, tag="hands_traded"):
    player: Seat
    target: Seat


class KnockedOut(Event, tag="knocked_out"):
    player: Seat
    cards: list[str]


class RoundEnded(Event, tag="round_ended"):
    winners: list[Seat]


class RoundStarted(Event, tag="round_started"):
    round: int
    first: Seat


class GameEnded(Event, tag="game_ended"):
    winners: list[Seat]


CourtEvent = (CardPlayed | CardDrawn | HandShown | Discarded | HandsTraded | KnockedOut | RoundEnded | RoundStarted
              | GameEnded)

# ---------------------------------------------------------------- how the rules say no
REFUSALS = Catalogue()
NOT_IN_HAND = REFUSALS.entry("card_not_in_hand", ("WC-3.1",), "Card {card} is not in your hand.")
MUST_PLAY_REGENT = REFUSALS.entry("must_play_regent", ("WC-4.7",),
                                  "You hold the Regent with the {other}: the Regent is the card you must play.")
TARGET_REQUIRED = REFUSALS.entry("target_required", ("WC-3.3",), "The {kind} names a player: one of seats {seats}.")
NO_TARGET = REFUSALS.entry("no_target", ("WC-3.3",), "The {kind} names nobody.")
NOT_A_TARGET = REFUSALS.entry("not_a_target", ("WC-3.3",),
                              "Seat {target} cannot be named by the {kind}: it names {who}.")
WARDED = REFUSALS.entry("target_warded", ("WC-4.4",), "Seat {target} is warded until their next turn.")
BAD_GUESS = REFUSALS.entry("bad_guess", ("WC-4.1",), "The Watchman names a rank other than its own: one of {ranks}.")
NO_GUESS = REFUSALS.entry("no_guess", ("WC-4.1",), "Only a Watchman that names a player names a rank.")

RULES = load_rule_index(__package__, "rules.json")
