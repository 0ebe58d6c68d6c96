"""A small but real game the HTTP tests drive, independent of any published ruleset.

Card Nim: a heap of stones and a 12-card deck. Each seat is dealt two cards; on your
turn you take 1 to ``max_take`` stones (TOY-2), and once per game, before taking, you
may swap a card from your hand for the top card of the deck (TOY-3). Whoever takes
the last stone wins (TOY-4). Hidden: the deck order and the other seats' hands.
"""

from __future__ import annotations

import msgspec

from rulesets.core import (Count, GameState, IllegalAction, Inventory, OptionSpec, RandomSource, Rng, Ruleset,
                           Status, require)

CARDS = tuple(f"c{n:02d}" for n in range(12))


class ToyPlayer(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    hand: list[str]
    taken: Count = 0
    swapped: bool = False


class ToyState(GameState, kw_only=True):
    players: list[ToyPlayer]
    heap: Count
    deck: list[str]
    turn: Count = 0
    max_take: int = 3


class Take(msgspec.Struct, tag="take", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    player: int
    stones: int


class Swap(msgspec.Struct, tag="swap", tag_field="type", kw_only=True, forbid_unknown_fields=True):
    player: int
    card: str


ToyAction = Take | Swap


class ToyGame(Ruleset):
    id = "toy"
    title = "Card Nim (test double)"
    min_players = 2
    max_players = 4
    rules_version = "1"
    options = (OptionSpec("max_take", 3, "Most stones one turn may take.", choices=(2, 3, 4), rule="TOY-2"),)
    rules = {"TOY-1": "Setup", "TOY-2": "Taking stones", "TOY-3": "Swapping a card", "TOY-4": "Winning"}
    player_count_rule = "TOY-1"
    State = ToyState
    Action = ToyAction

    def create(self, players, seed, options):
        state = ToyState(game=self.id, rules_version=self.rules_version, rng=Rng(seed=seed),
                         players=[], heap=0, deck=[], max_take=options["max_take"])
        chance = RandomSource(state.rng)
        state.heap = 8 + chance.below(8)
        deck = chance.shuffled(CARDS)
        state.players = [ToyPlayer(hand=[deck.pop(), deck.pop()]) for _ in range(players)]
        state.deck = deck
        return state

    def check_consistency(self, state):
        require(2 <= len(state.players) <= 4, "A game of Card Nim has 2 to 4 seats.", "$.players", "TOY-1")
        require(state.turn < len(state.players), f"turn names seat {state.turn}, which is not in this game.",
                "$.turn")
        require(state.max_take in (2, 3, 4), "max_take must be 2, 3 or 4.", "$.max_take", "TOY-2")
        cards = Inventory("card", rule="TOY-1")
        for seat, player in enumerate(state.players):
            cards.see_all(player.hand, f"$.players[{seat}].hand")
        cards.see_all(state.deck, "$.deck")
        cards.expect_exactly(CARDS)

    def perform(self, state, action):
        if state.heap == 0:
            raise IllegalAction("game_over", "TOY-4", "The heap is empty; the game is over.")
        if action.player != state.turn:
            raise IllegalAction("not_your_turn", "TOY-2", f"It is seat {state.turn}'s turn, not seat {action.player}'s.",
                                turn=state.turn)
        me = state.players[action.player]
        if isinstance(action, Swap):
            if me.swapped:
                raise IllegalAction("already_swapped", "TOY-3", "You have already swapped a card this game.")
            if action.card not in me.hand:
                raise IllegalAction("card_not_in_hand", "TOY-3", f"Card {action.card} is not in your hand.",
                                    card=action.card)
            if not state.deck:
                raise IllegalAction("deck_empty", "TOY-3", "The deck is empty; there is nothing to swap for.")
            me.hand[me.hand.index(action.card)] = state.deck.pop(0)
            state.deck.append(action.card)
            me.swapped = True
            state.move += 1
            return [{"type": "swapped", "player": action.player},
                    {"type": "drew", "player": action.player, "card": me.hand[-1], "visible_to": [action.player]}]
        most = min(state.max_take, state.heap)
        if not 1 <= action.stones <= most:
            raise IllegalAction("bad_take", "TOY-2", f"Take 1 to {most} stones.", stones=action.stones)
        state.heap -= action.stones
        me.taken += action.stones
        state.move += 1
        if state.heap:
            state.turn = (state.turn + 1) % len(state.players)
        return [{"type": "took", "player": action.player, "stones": action.stones}]

    def legal_actions(self, state, player):
        if state.heap == 0 or player != state.turn:
            return []
        me = state.players[player]
        actions: list = [Take(player=player, stones=n) for n in range(1, min(state.max_take, state.heap) + 1)]
        if not me.swapped and state.deck:
            actions.extend(Swap(player=player, card=card) for card in me.hand)
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


RULESET = ToyGame()
