"""Coin Heap: a test double with the two kinds of action no published game has alone.

Every chance draw of the five games also moves a hidden card, and every private event of
theirs also shows a hidden card, so a host check that looks only at the random counter, or
only at private events, is covered by another check in every real game. Coin Heap has each
on its own, so that each of core's undo conditions is caught by a test of its own:

* CH-2 ``take``: take 1 or 2 stones from a public heap (nothing drawn, nothing shown);
* CH-3 ``toss``: toss a coin that everyone sees land, and add that many stones to the heap
  (chance, and nothing hidden: only the random counter tells);
* CH-4 ``count``: count the heap to yourself (a private event that holds nothing hidden).
CH-5: whoever takes the last stone wins. Hidden: the seed alone.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from rulesets.core import (ScoreItem, ScoreSheet, 
    Catalogue,
    Count,
    Event,
    GameState,
    PerSeat,
    Phase,
    PhaseTable,
    PrivateEvent,
    RandomSource,
    Rng,
    Ruleset,
    Seat,
    Seating,
    public,
    require,
)

GAME_ID = "coin_heap"


@public
class Player(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    taken: Count = 0


@public
class CoinHeapState(GameState, kw_only=True):
    phase: Literal["play", "over"] = "play"
    players: Annotated[list[Player], PerSeat()]
    heap: Count
    turn: Count = 0


@public
class Take(msgspec.Struct, tag="take", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    player: int
    stones: int


@public
class Toss(msgspec.Struct, tag="toss", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    player: int


@public
class CountHeap(msgspec.Struct, tag="count", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    player: int


CoinHeapAction = Take | Toss | CountHeap


class Took(Event, tag="took"):
    player: Seat
    stones: int


class Tossed(Event, tag="tossed"):
    player: Seat
    heads: int


class Counted(PrivateEvent, tag="counted"):
    player: Seat
    heap: int


CoinHeapEvent = Took | Tossed | Counted

refusals = Catalogue()
BAD_TAKE = refusals.entry("bad_take", ("CH-2",), "Take 1 to {most} stones.")


def take(state: CoinHeapState, action: Take) -> list[CoinHeapEvent]:
    most = min(2, state.heap)
    if not 1 <= action.stones <= most:
        raise BAD_TAKE(most=most, context={"stones": action.stones})
    state.heap -= action.stones
    state.players[action.player].taken += action.stones
    if state.heap == 0:
        state.phase = "over"  # CH-5: the taker keeps the turn, so the status names the winner
    else:
        state.turn = (state.turn + 1) % len(state.players)
    return [Took(player=action.player, stones=action.stones)]


def toss(state: CoinHeapState, action: Toss) -> list[CoinHeapEvent]:
    heads = RandomSource(state.rng).below(2)
    state.heap += heads
    return [Tossed(player=action.player, heads=heads)]


def count(state: CoinHeapState, action: CountHeap) -> list[CoinHeapEvent]:
    return [Counted(player=action.player, heap=state.heap, visible_to=[action.player])]


FLOW: PhaseTable[CoinHeapState] = PhaseTable(
    phases=[Phase("play", {Take: take, Toss: toss, CountHeap: count}, actors=lambda state: [state.turn],
                  wrong_phase_rule="CH-1", not_your_turn_rule="CH-1")],
    phase_of=lambda state: state.phase, over="over", game_over_rule="CH-5")


class CoinHeap(Ruleset[CoinHeapState, CoinHeapAction]):
    id = GAME_ID
    title = "Coin Heap (test double)"
    min_players = 2
    max_players = 3
    rules_version = "1"
    options = ()
    rules: ClassVar[dict[str, str]] = {"CH-1": "Turns", "CH-2": "Taking", "CH-3": "Tossing", "CH-4": "Counting", "CH-5": "Winning"}
    player_count_rule = "CH-1"
    first_player_rule = "CH-1"
    State = CoinHeapState
    Action = CoinHeapAction
    flow = FLOW
    Event = CoinHeapEvent
    refusals = refusals

    def create(self, players: int, seed: str, options: dict, seating: Seating) -> CoinHeapState:
        return CoinHeapState(game=self.id, rules_version=self.rules_version, rng=Rng(seed=seed),
                             first_player=seating.first_player, players=[Player() for _ in range(players)], heap=6, turn=seating.first_player)

    def check_consistency(self, state: CoinHeapState) -> None:
        require(state.turn < len(state.players), "turn names a seat not in this game.", "$.turn", "CH-1")

    def enumerate_actions(self, state: CoinHeapState, player: int, types: frozenset[str] | None) -> list:
        if player != state.turn:
            return []
        return [*(Take(player=player, stones=n) for n in range(1, min(2, state.heap) + 1)),
                Toss(player=player), CountHeap(player=player)]

    def round_of(self, state: CoinHeapState) -> int:
        return state.move // len(state.players) + 1

    def score_sheet(self, state: CoinHeapState) -> ScoreSheet:
        return [[ScoreItem(category="last_stone", rule="CH-5", points=int(seat == state.turn))]
                for seat in range(len(state.players))]


RULESET = CoinHeap()
