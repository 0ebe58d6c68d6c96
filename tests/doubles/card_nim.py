"""Card Nim: the one small game every suite drives, independent of any published ruleset.

A heap of stones and a twelve-card deck. Setup (CN-1): the heap holds 8 to 15 stones,
drawn from the seed, and each of 2 to 4 seats is dealt two cards from the shuffled deck.
On your turn (CN-2) you do one thing: take 1 to ``max_take`` stones (CN-3), or draw the
top card of the deck (CN-4): everyone learns that you drew, only you learn the card.
Whoever takes the last stone wins (CN-5).

Hidden: the seed, the deck's order and every hand but your own. It is small, yet it has
what the contract and the service need to be tested against: an option with choices,
chance, hidden information, a private event (``visible_to``), a consistency check that
names the path at fault, and an end with scores and winners.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from rulesets.core import (ScoreItem, ScoreSheet, Catalogue, Count, Event, GameState, Hidden, Inventory, OptionSpec, PerSeat, Phase,
                           PhaseTable, Private, PrivateEvent, RandomSource, Rng, Ruleset, Seat, Seating, public,
                           require)

GAME_ID = "card_nim"
CARDS = tuple(f"c{n:02d}" for n in range(1, 13))
HAND_SIZE = 2


# ---------------------------------------------------------------- types, and who sees what
@public
class Player(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    hand: Annotated[list[str], Private()]  # its seat sees the cards; the others, how many
    taken: Count = 0


@public
class CardNimState(GameState, kw_only=True):
    phase: Literal["play", "over"] = "play"
    players: Annotated[list[Player], PerSeat()]
    heap: Count
    deck: Annotated[list[str], Hidden()]  # deck[0] is the top card; everyone sees how many
    turn: Count = 0
    max_take: int = 3


@public
class Take(msgspec.Struct, tag="take", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    player: int
    stones: int


@public
class Draw(msgspec.Struct, tag="draw", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    player: int


CardNimAction = Take | Draw


# ---------------------------------------------------------------- what happened, and who sees it
class Took(Event, tag="took"):
    player: Seat
    stones: int


class Drew(Event, tag="drew"):
    """Everyone learns that a seat drew..."""

    player: Seat


class CardDrawn(PrivateEvent, tag="card_drawn"):
    """...and only that seat learns the card."""

    player: Seat
    card: str


class GameEnded(Event, tag="game_ended"):
    winner: Seat


CardNimEvent = Took | Drew | CardDrawn | GameEnded

# ---------------------------------------------------------------- how the rules say no
refusals = Catalogue()
BAD_TAKE = refusals.entry("bad_take", ("CN-3",), "Take 1 to {most} stones.")
DECK_EMPTY = refusals.entry("deck_empty", ("CN-4",), "The deck is empty; take stones instead.")


# ---------------------------------------------------------------- the rules, one handler per action
def take(state: CardNimState, action: Take) -> list[CardNimEvent]:
    """CN-3: 1 to ``max_take`` stones, never more than the heap holds."""
    most = min(state.max_take, state.heap)
    if not 1 <= action.stones <= most:
        raise BAD_TAKE(most=most, context={"stones": action.stones})
    state.heap -= action.stones
    state.players[action.player].taken += action.stones
    events: list[CardNimEvent] = [Took(player=action.player, stones=action.stones)]
    end_turn(state, events)
    return events


def draw(state: CardNimState, action: Draw) -> list[CardNimEvent]:
    """CN-4: everyone learns that you drew; only you learn the card."""
    if not state.deck:
        raise DECK_EMPTY()
    card = state.deck.pop(0)
    state.players[action.player].hand.append(card)
    events: list[CardNimEvent] = [Drew(player=action.player),
                                  CardDrawn(player=action.player, card=card, visible_to=[action.player])]
    end_turn(state, events)
    return events


def end_turn(state: CardNimState, events: list[CardNimEvent]) -> None:
    """CN-5: whoever takes the last stone wins and keeps the turn, so status names them."""
    if state.heap == 0:
        state.phase = "over"
        events.append(GameEnded(winner=state.turn))
    else:
        state.turn = (state.turn + 1) % len(state.players)


FLOW: PhaseTable[CardNimState] = PhaseTable(
    phases=[Phase("play", {Take: take, Draw: draw}, actors=lambda state: [state.turn],
                  wrong_phase_rule="CN-2", not_your_turn_rule="CN-2")],
    phase_of=lambda state: state.phase, over="over", game_over_rule="CN-5")


class CardNim(Ruleset[CardNimState, CardNimAction]):
    id = GAME_ID
    title = "Card Nim (test double)"
    min_players = 2
    max_players = 4
    rules_version = "1"
    options = (OptionSpec("max_take", 3, "Most stones one turn may take.", choices=(2, 3, 4), rule="CN-3"),)
    rules = {"CN-1": "Setup", "CN-2": "Turns", "CN-3": "Taking stones", "CN-4": "Drawing a card", "CN-5": "Winning"}
    player_count_rule = "CN-1"
    first_player_rule = "CN-2"
    State = CardNimState
    Action = CardNimAction
    flow = FLOW
    Event = CardNimEvent
    refusals = refusals

    def create(self, players: int, seed: str, options: dict, seating: Seating) -> CardNimState:
        state = CardNimState(game=self.id, rules_version=self.rules_version, rng=Rng(seed=seed),
                             first_player=seating.first_player, players=[], heap=0, deck=[],
                             turn=seating.first_player, max_take=options["max_take"])
        chance = RandomSource(state.rng)
        state.heap = 8 + chance.below(8)
        deck = chance.shuffled(CARDS)
        state.players = [Player(hand=[deck.pop() for _ in range(HAND_SIZE)]) for _ in range(players)]
        state.deck = deck
        return state

    def check_consistency(self, state: CardNimState) -> None:
        require(self.min_players <= len(state.players) <= self.max_players,
                f"Card Nim has {self.min_players} to {self.max_players} seats.", "$.players", "CN-1")
        require(state.turn < len(state.players), f"turn names seat {state.turn}, which is not in this game.",
                "$.turn", "CN-2")
        require(state.max_take in (2, 3, 4), "max_take must be 2, 3 or 4.", "$.max_take", "CN-3")
        require((state.phase == "over") == (state.heap == 0), "The game is over exactly when the heap is empty.",
                "$.phase", "CN-5")
        cards = Inventory("card", rule="CN-1")
        for seat, player in enumerate(state.players):
            cards.see_all(player.hand, f"$.players[{seat}].hand")
        cards.see_all(state.deck, "$.deck")
        cards.expect_exactly(CARDS)

    def enumerate_actions(self, state: CardNimState, player: int, types: frozenset[str] | None) -> list:
        if player != state.turn:
            return []
        actions: list = [Take(player=player, stones=n) for n in range(1, min(state.max_take, state.heap) + 1)]
        if state.deck:
            actions.append(Draw(player=player))
        return actions

    def round_of(self, state: CardNimState) -> int:
        return state.move // len(state.players) + 1

    def score_sheet(self, state: CardNimState) -> ScoreSheet:
        return [[ScoreItem(category="last_card", rule="CN-5", points=int(seat == state.turn))]
                for seat in range(len(state.players))]


RULESET = CardNim()
