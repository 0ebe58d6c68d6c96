"""Hand-built Mines of Zavandor positions for the rule tests.

Each helper rearranges a real set-up state without creating or destroying components
(gem cards move between draw piles and hands, improvement cards between the display and
mines), and ``checked`` runs the game's own consistency checks, so rule code sees the kind
of state a game produces. Steps are reached by playing the passive action of each seat
(collect the first income choice, forfeit markers, finish trading, seal an empty bid, take
VP, move the king along the first arrow, end upgrades).
"""

from __future__ import annotations

from typing import Any

from rulesets.core import RulesetError
from rulesets.mines_of_zavandor import RULESET
from rulesets.mines_of_zavandor.cards import add_to_hand, take_from_hand
from rulesets.mines_of_zavandor.components import CART_INDEX, CART_OF, CARDS, GEM_OF
from rulesets.mines_of_zavandor.rounds import actors
from rulesets.mines_of_zavandor.state import MineCard, ZavandorState
from rulesets.testing import ANY, Scenario

R = RULESET
#: the kit's helpers bound to the Mines of Zavandor; the functions below keep this folder's calling style.
GAME: Scenario[ZavandorState] = Scenario(RULESET)

#: the action each step is left with when a test does not care (the passive choice)
PASSIVE = ("collect_income", "forfeit_markers", "end_one_time_step", "finish_trading", "bid_commit",
           "choose_reward", "move_king", "end_upgrades")


def new(players: int = 2, seed: Any = "scenario", start: int | None = 0, **options: Any) -> ZavandorState:
    """A set-up with seat ``start`` as start player (None: drawn from the seed, MOZ-1.9)."""
    return GAME.new(players, seed, first_player=start, **options)


def checked(state: ZavandorState) -> ZavandorState:
    """The state through ``load_state`` (a hand-built position must be one the referee accepts)."""
    return GAME.checked(state)


def play(state: ZavandorState, **action: Any) -> tuple[ZavandorState, list[dict[str, Any]]]:
    """The next state and its events in their wire form (as an answer carries them)."""
    return GAME.play(state, **action)


def seen(events: list[Any], seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` may see, in their wire form."""
    return GAME.seen(events, seat)


def refused(state: ZavandorState, code: str, rule: str | None = ANY, **action: Any) -> RulesetError:
    return GAME.refused(state, action, code, rule)


def passive(state: ZavandorState) -> ZavandorState:
    """One passive action by the first awaited seat."""
    seat = actors(state)[0]
    menu = R.legal_actions(state, seat)
    for kind in PASSIVE:
        for action in menu:
            if action.__struct_config__.tag == kind and getattr(action, "take", "vp") == "vp":
                return R.apply(state, action)[0]
    raise AssertionError(f"no passive action in {menu}")


def reach(state: ZavandorState, step: str, active: int | None = None) -> ZavandorState:
    """Play passive actions until the step (and, for a sequential step, the seat) is reached."""
    for _ in range(500):
        if state.step == step and (active is None or state.active == active):
            return checked(state)
        state = passive(state)
    raise AssertionError(f"{step} not reached")


def _free_card(state: ZavandorState, kind: str) -> None:
    """Take one card of ``kind`` out of its cart's draw pile, else its discard pile, else another hand."""
    pile = state.supply[CART_INDEX[CART_OF[kind]]]
    gem = GEM_OF[kind]
    if gem in pile.draw:
        pile.draw.remove(gem)
        return
    if pile.discard.get(kind):
        pile.discard[kind] -= 1
        if not pile.discard[kind]:
            del pile.discard[kind]
        return
    raise AssertionError(f"no free {kind} card")


def set_hand(state: ZavandorState, seat: int, cards: dict[str, int]) -> ZavandorState:
    """The seat's hand becomes exactly ``cards``; its old cards go to the bottom of their draw piles."""
    player = state.players[seat]
    for kind, count in list(player.hand.items()):
        take_from_hand(player, kind, count)
        state.supply[CART_INDEX[CART_OF[kind]]].draw.extend([GEM_OF[kind]] * count)
    for kind, count in cards.items():
        for _ in range(count):
            _free_card(state, kind)
        add_to_hand(player, kind, count)
    return state


def empty_pile(state: ZavandorState, cart: str, into_seat: int) -> ZavandorState:
    """Every card of a cart (draw and discard pile) into a seat's hand."""
    pile = state.supply[CART_INDEX[cart]]
    player = state.players[into_seat]
    for gem in pile.draw:
        add_to_hand(player, f"{cart}.{gem}")
    for kind, count in pile.discard.items():
        add_to_hand(player, kind, count)
    pile.draw, pile.discard = [], {}
    return state


def give_card(state: ZavandorState, seat: int, card: str, level: int | None = None) -> ZavandorState:
    """An improvement card from the display (or the box of removed cards) into the seat's mine."""
    for row in state.display:
        if row.right == card:
            row.right = None
        elif row.middle == card:
            row.middle = None
        elif card in row.stack:
            row.stack.remove(card)
    if card in state.removed_from_game:
        state.removed_from_game.remove(card)
    state.players[seat].mine.append(MineCard(card=card, level=CARDS[card].start_level if level is None else level))
    return state


def a_card(category: str | None = None, *, one_time: bool | None = None, row: str | None = None,
           players: int = 2, power: str | None = None) -> str:
    """The first improvement card (in id order) with these properties, from the data."""
    for card, item in sorted(CARDS.items()):
        if card.startswith("SCROLL") or item.min_players > players:
            continue
        if category is not None and item.category != category:
            continue
        if one_time is not None and item.one_time != one_time:
            continue
        if row is not None and item.row != row:
            continue
        if power is not None and (item.power is None or item.power.id != power):
            continue
        return card
    raise AssertionError("no such card")
