"""A tiny but complete game for testing the contract itself: take-away Nim.

Players take 1..3 stones in turn from one heap; whoever takes the last stone wins.
Chance: the heap size is drawn from the seed. Hidden: each seat has a secret
"mood" card nobody else sees.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from rulesets.core import (Count, GameState, IllegalAction, OptionSpec, RandomSource, Rng, Ruleset, Status,
                           require)


class NimPlayer(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    taken: Count = 0
    mood: str


class NimState(GameState, kw_only=True):
    players: list[NimPlayer]
    heap: Count
    turn: Count = 0
    max_take: int = 3


class Take(msgspec.Struct, tag="take", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    player: int
    stones: int


NimAction = Take


class Nim(Ruleset):
    id = "nim"
    title = "Nim"
    min_players = 2
    max_players = 3
    rules_version = "1"
    options = (OptionSpec("max_take", 3, "Most stones one turn may take.", choices=(2, 3, 4), rule="NIM-2"),)
    rules = {"NIM-1": "Setup", "NIM-2": "Taking stones", "NIM-3": "Winning"}
    player_count_rule = "NIM-1"
    State = NimState
    Action = NimAction

    def create(self, players, seed, options):
        state = NimState(game=self.id, rules_version=self.rules_version, rng=Rng(seed=seed),
                         players=[], heap=0, max_take=options["max_take"])
        chance = RandomSource(state.rng)
        state.heap = 10 + chance.below(10)
        state.players = [NimPlayer(mood=chance.choice(["calm", "bold", "sly"])) for _ in range(players)]
        return state

    def check_consistency(self, state):
        require(0 <= state.turn < len(state.players), "turn must name a seat", "$.turn")

    def perform(self, state, action):
        if state.heap == 0:
            raise IllegalAction("game_over", "NIM-3", "The heap is empty; the game is over.")
        if action.player != state.turn:
            raise IllegalAction("not_your_turn", "NIM-2", f"It is seat {state.turn}'s turn.")
        if not 1 <= action.stones <= min(state.max_take, state.heap):
            raise IllegalAction("bad_take", "NIM-2", f"Take 1 to {min(state.max_take, state.heap)} stones.",
                                stones=action.stones)
        state.heap -= action.stones
        state.players[action.player].taken += action.stones
        state.move += 1
        events = [{"type": "took", "player": action.player, "stones": action.stones},
                  {"type": "mood", "player": action.player, "mood": state.players[action.player].mood,
                   "visible_to": [action.player]}]
        if state.heap:
            state.turn = (state.turn + 1) % len(state.players)
        return events

    def legal_actions(self, state, player):
        if state.heap == 0 or player != state.turn:
            return []
        return [Take(player=player, stones=n) for n in range(1, min(state.max_take, state.heap) + 1)]

    def view(self, state, player):
        out = msgspec.to_builtins(state)
        del out["rng"]
        for seat, record in enumerate(out["players"]):
            if seat != player:
                record["mood"] = None
        return out

    def status(self, state):
        over = state.heap == 0
        return Status(phase="over" if over else "play", round=state.move // len(state.players) + 1,
                      active_players=[] if over else [state.turn], game_over=over,
                      scores=[int(over and s == state.turn) for s in range(len(state.players))] if over else None,
                      winners=[state.turn] if over else None)


RULESET = Nim()
