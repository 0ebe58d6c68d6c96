"""MOZ-3: the income phase: production (capped, the player choosing the carts), free markers,
and the one-time step (spell scrolls, dragon treasures)."""

from __future__ import annotations

from .actions import CollectIncome, EndOneTimeStep, ForfeitMarkers, PlaceMarker, UseOneTime
from .components import CARTS, DRAGON_ITEM, INCOME_CAP
from .events import Events, MarkerPlaced, MarkersForfeited, OneTimeUsed, TurnPassed
from .items import at_top, item_of, items, level_of, mine_card, printed, raise_level
from .refusals import (CARD_NOT_IN_MINE, INCOME_SELECTION_EXCEEDS_PRODUCTION, INCOME_SELECTION_WRONG_TOTAL,
                       NOT_ONE_TIME_CARD, TARGET_AT_TOP_LEVEL, UNKNOWN_UPGRADE_TARGET)
from .rounds import one_time_turn_ended, production_turn_ended
from .state import Player, ZavandorState
from .supply import draw_cards


def production(player: Player) -> tuple[dict[str, int], int]:
    """MOZ-3.2: cards per cart and free markers of every item at its current level."""
    cards = dict.fromkeys(CARTS, 0)
    markers = 0
    for _target, item, level in items(player):
        shown = printed(item, level)
        if shown is None:
            continue
        for cart, count in shown.income.items():
            cards[cart] += count
        markers += shown.markers
    return {cart: count for cart, count in cards.items() if count}, markers


def income_cap(player: Player) -> int:
    """MOZ-3.3: the cap of the pack dragon's current level (the components' income cap where the level
    prints none) plus the cap bonuses of his items at their current levels."""
    dragon = printed(DRAGON_ITEM, player.pack_dragon)
    cap = dragon.cap if dragon is not None and dragon.cap is not None else INCOME_CAP
    for _target, item, level in items(player):
        shown = printed(item, level)
        if shown is not None:
            cap += shown.cap_bonus
    return cap


def collect_income(state: ZavandorState, action: CollectIncome) -> Events:
    player = state.players[action.player]
    cards, markers = production(player)
    due = min(sum(cards.values()), income_cap(player))
    if sum(action.draw.values()) != due:
        raise INCOME_SELECTION_WRONG_TOTAL(due=due, production=sum(cards.values()), cap=income_cap(player),
                                           context={"due": due},
                                           explain={"needed": {"cards": due},
                                                    "offered": {"cards": sum(action.draw.values())},
                                                    "production": cards, "cap": {"cards": income_cap(player)}})
    for cart, count in action.draw.items():
        if count > cards.get(cart, 0):
            raise INCOME_SELECTION_EXCEEDS_PRODUCTION(production=cards.get(cart, 0), cart=cart, count=count,
                                                      context={"cart": cart, "production": cards.get(cart, 0)},
                                                      explain={"limit": {cart: cards.get(cart, 0)},
                                                               "offered": {cart: count}})
    events: Events = []
    draw_cards(state, action.player, action.draw, events)  # MOZ-3.5
    if markers:  # MOZ-3.6
        player.markers_pending = markers
        state.step = "markers"
        events.append(TurnPassed(step="markers", player=action.player, markers=markers))
    else:
        production_turn_ended(state, action.player, events)
    return events


def check_marker_target(player: Player, target: str, rule: str) -> int:
    """MOZ-3.7 / MOZ-6.2 / MOZ-6.4: an item he owns and not at its top level; its current level."""
    level = level_of(player, target)
    if level is None:
        raise UNKNOWN_UPGRADE_TARGET(rule, target=target, context={"target": target})
    if at_top(item_of(target), level):
        raise TARGET_AT_TOP_LEVEL(rule if rule == "MOZ-3.7" else "MOZ-6.4", target=target, level=level,
                                  context={"target": target},
                                  explain={"limit": {"level": item_of(target).top_level}, "have": {"level": level}})
    return level


def place_marker(state: ZavandorState, action: PlaceMarker) -> Events:
    """MOZ-3.7 / 3.8: one free level; the production turn ends with the last marker."""
    player = state.players[action.player]
    check_marker_target(player, action.target, "MOZ-3.7")
    level = raise_level(player, action.target)
    player.markers_pending -= 1
    events: Events = [MarkerPlaced(player=action.player, target=action.target, level=level,
                                   left=player.markers_pending)]
    if not player.markers_pending:
        production_turn_ended(state, action.player, events)
    return events


def forfeit_markers(state: ZavandorState, action: ForfeitMarkers) -> Events:
    """MOZ-3.6: markers not placed now are lost."""
    events: Events = [MarkersForfeited(player=action.player, markers=state.players[action.player].markers_pending)]
    production_turn_ended(state, action.player, events)
    return events


def use_one_time(state: ZavandorState, action: UseOneTime) -> Events:
    """MOZ-3.10 / 3.11: the card's yield at its current level, outside the cap; then it leaves the game."""
    player = state.players[action.player]
    held = mine_card(player, action.card)
    if held is None:
        raise CARD_NOT_IN_MINE(card=action.card, context={"card": action.card})
    item = item_of(action.card)
    if not item.one_time:
        raise NOT_ONE_TIME_CARD(card=action.card, context={"card": action.card})
    shown = printed(item, held.level)
    wanted = dict(shown.yield_ or {}) if shown is not None else {}
    player.mine.remove(held)
    state.removed_from_game.append(action.card)
    events: Events = [OneTimeUsed(player=action.player, card=action.card, level=held.level,
                                  yield_=wanted)]
    draw_cards(state, action.player, wanted, events)
    return events


def end_one_time_step(state: ZavandorState, action: EndOneTimeStep) -> Events:
    events: Events = []
    one_time_turn_ended(state, action.player, events)
    return events
