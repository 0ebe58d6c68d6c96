"""A small card game with hidden hands and private draws: the sessions' test double.

Cards 1..12 are shuffled from the seed; each seat is dealt two. On its turn a seat
either draws (everyone learns that it drew, only it learns the card) or plays a card
from its hand face up (scoring its value). Seats with nothing to do are skipped; the
game ends when the deck and every hand are empty. Highest score wins.
"""

from __future__ import annotations

from typing import Union

import msgspec

from rulesets.core import Count, GameState, IllegalAction, RandomSource, Rng, Ruleset, Status, require


class ToyPlayer(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    hand: list[int]
    score: Count = 0


class ToyState(GameState, kw_only=True):
    players: list[ToyPlayer]
    deck: list[int]
    turn: Count = 0


class Draw(msgspec.Struct, tag="draw", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    player: int


class Play(msgspec.Struct, tag="play", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    player: int
    card: int


ToyAction = Union[Draw, Play]


class ToyCards(Ruleset):
    id = "toy_cards"
    title = "Toy Cards"
    min_players = 2
    max_players = 4
    rules_version = "1"
    rules = {"TOY-1": "Setup", "TOY-2": "Turns", "TOY-3": "Drawing", "TOY-4": "Playing"}
    player_count_rule = "TOY-1"
    State = ToyState
    Action = ToyAction

    def create(self, players, seed, options):
        state = ToyState(game=self.id, rules_version=self.rules_version, rng=Rng(seed=seed), players=[], deck=[])
        deck = RandomSource(state.rng).shuffled(range(1, 13))
        state.players = [ToyPlayer(hand=[deck.pop(), deck.pop()]) for _ in range(players)]
        state.deck = deck
        return state

    def check_consistency(self, state):
        require(0 <= state.turn < len(state.players), "turn must name a seat", "$.turn")

    def perform(self, state, action):
        if self._over(state):
            raise IllegalAction("game_over", "TOY-2", "The game is over.")
        if action.player != state.turn:
            raise IllegalAction("not_your_turn", "TOY-2", f"It is seat {state.turn}'s turn.")
        me = state.players[action.player]
        if isinstance(action, Draw):
            if not state.deck:
                raise IllegalAction("deck_empty", "TOY-3", "The deck is empty; play a card instead.")
            card = state.deck.pop()
            me.hand.append(card)
            events = [{"type": "drew", "player": action.player},
                      {"type": "card_drawn", "player": action.player, "card": card, "visible_to": [action.player]}]
        else:
            if action.card not in me.hand:
                raise IllegalAction("card_not_in_hand", "TOY-4", f"You hold no {action.card}.", card=action.card)
            me.hand.remove(action.card)
            me.score += action.card
            events = [{"type": "played", "player": action.player, "card": action.card}]
        state.move += 1
        self._advance(state)
        return events

    def _over(self, state):
        return not state.deck and not any(p.hand for p in state.players)

    def _advance(self, state):
        if self._over(state):
            return
        seats = len(state.players)
        for step in range(1, seats + 1):
            seat = (state.turn + step) % seats
            if state.deck or state.players[seat].hand:
                state.turn = seat
                return

    def legal_actions(self, state, player):
        if self._over(state) or player != state.turn:
            return []
        actions = [Draw(player=player)] if state.deck else []
        return actions + [Play(player=player, card=c) for c in sorted(set(state.players[player].hand))]

    def view(self, state, player):
        out = msgspec.to_builtins(state)
        del out["rng"]
        out["deck"] = len(state.deck)
        for seat, record in enumerate(out["players"]):
            if seat != player:
                record["hand"] = len(record["hand"])
        return out

    def status(self, state):
        over = self._over(state)
        scores = [p.score for p in state.players]
        best = max(scores)
        return Status(phase="over" if over else "play", round=state.move // len(state.players) + 1,
                      active_players=[] if over else [state.turn], game_over=over, scores=scores,
                      winners=[s for s, v in enumerate(scores) if v == best] if over else None)


RULESET = ToyCards()
