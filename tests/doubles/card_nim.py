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

import msgspec

from rulesets.core import (Count, GameState, IllegalAction, Inventory, OptionSpec, RandomSource, Rng, Ruleset,
                           Status, require)

GAME_ID = "card_nim"
CARDS = tuple(f"c{n:02d}" for n in range(1, 13))
HAND_SIZE = 2


class Player(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    hand: list[str]
    taken: Count = 0


class CardNimState(GameState, kw_only=True):
    players: list[Player]
    heap: Count
    deck: list[str]  # deck[0] is the top card
    turn: Count = 0
    max_take: int = 3


class Take(msgspec.Struct, tag="take", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    player: int
    stones: int


class Draw(msgspec.Struct, tag="draw", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    player: int


CardNimAction = Take | Draw


class CardNim(Ruleset):
    id = GAME_ID
    title = "Card Nim (test double)"
    min_players = 2
    max_players = 4
    rules_version = "1"
    options = (OptionSpec("max_take", 3, "Most stones one turn may take.", choices=(2, 3, 4), rule="CN-3"),)
    rules = {"CN-1": "Setup", "CN-2": "Turns", "CN-3": "Taking stones", "CN-4": "Drawing a card", "CN-5": "Winning"}
    player_count_rule = "CN-1"
    State = CardNimState
    Action = CardNimAction

    def create(self, players, seed, options):
        state = CardNimState(game=self.id, rules_version=self.rules_version, rng=Rng(seed=seed),
                             players=[], heap=0, deck=[], max_take=options["max_take"])
        chance = RandomSource(state.rng)
        state.heap = 8 + chance.below(8)
        deck = chance.shuffled(CARDS)
        state.players = [Player(hand=[deck.pop() for _ in range(HAND_SIZE)]) for _ in range(players)]
        state.deck = deck
        return state

    def check_consistency(self, state):
        require(self.min_players <= len(state.players) <= self.max_players,
                f"Card Nim has {self.min_players} to {self.max_players} seats.", "$.players", "CN-1")
        require(state.turn < len(state.players), f"turn names seat {state.turn}, which is not in this game.",
                "$.turn", "CN-2")
        require(state.max_take in (2, 3, 4), "max_take must be 2, 3 or 4.", "$.max_take", "CN-3")
        cards = Inventory("card", rule="CN-1")
        for seat, player in enumerate(state.players):
            cards.see_all(player.hand, f"$.players[{seat}].hand")
        cards.see_all(state.deck, "$.deck")
        cards.expect_exactly(CARDS)

    def perform(self, state, action):
        if state.heap == 0:
            raise IllegalAction("game_over", "CN-5", "The heap is empty; the game is over.")
        if action.player != state.turn:
            raise IllegalAction("not_your_turn", "CN-2", f"It is seat {state.turn}'s turn, not seat {action.player}'s.",
                                turn=state.turn)
        me = state.players[action.player]
        if isinstance(action, Draw):
            if not state.deck:
                raise IllegalAction("deck_empty", "CN-4", "The deck is empty; take stones instead.")
            card = state.deck.pop(0)
            me.hand.append(card)
            events = [{"type": "drew", "player": action.player},
                      {"type": "card_drawn", "player": action.player, "card": card, "visible_to": [action.player]}]
        else:
            most = min(state.max_take, state.heap)
            if not 1 <= action.stones <= most:
                raise IllegalAction("bad_take", "CN-3", f"Take 1 to {most} stones.", stones=action.stones)
            state.heap -= action.stones
            me.taken += action.stones
            events = [{"type": "took", "player": action.player, "stones": action.stones}]
        state.move += 1
        if state.heap:  # the last taker keeps the turn: status names it the winner
            state.turn = (state.turn + 1) % len(state.players)
        return events

    def legal_actions(self, state, player):
        if state.heap == 0 or player != state.turn:
            return []
        actions: list = [Take(player=player, stones=n) for n in range(1, min(state.max_take, state.heap) + 1)]
        if state.deck:
            actions.append(Draw(player=player))
        return actions

    def view(self, state, player):
        out = msgspec.to_builtins(state)
        del out["rng"]
        out["deck"] = len(state.deck)
        for seat, record in enumerate(out["players"]):
            if seat != player:
                record["hand"] = len(record["hand"])
        return out

    def status(self, state):
        over = state.heap == 0
        seats = range(len(state.players))
        return Status(phase="over" if over else "play", round=state.move // len(state.players) + 1,
                      active_players=[] if over else [state.turn], game_over=over,
                      scores=[int(seat == state.turn) for seat in seats] if over else None,
                      winners=[state.turn] if over else None)


RULESET = CardNim()
