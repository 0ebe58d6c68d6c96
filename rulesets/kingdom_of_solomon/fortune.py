"""Fortune cards (KOS-6): drawing with reshuffles, playing them at any moment, and temple
tokens with the High Priest check they trigger (KOS-8.18, 8.19)."""

from __future__ import annotations

from rulesets.core import Deck

from .actions import FortuneChoice, PlayFortune
from .components import ANY, FORTUNE_CARDS, NO_EFFECT, RESOURCE_CARD, RESOURCES, Resource
from .events import (Events, FortuneCardDrawn, FortuneDeckReshuffled, FortuneDrawLost, FortuneDrawn, FortunePlayed,
                     HighPriestChanged, ResourcesGained, ResourcesLost, TempleTokenGained, VpGained)
from .refusals import (CARD_HAS_NO_PLAY_EFFECT, CARD_NEEDS_RESOURCE_CHOICE, CARD_NOT_IN_HAND, CARD_TAKES_NO_CHOICE,
                       FORTUNE_CARD_NAMES, INVALID_CHOICE, NOT_IN_YOUR_HAND, SUPPLY_EMPTY)
from .state import KosState
from .turns import after_out_of_turn

#: the played effects this code knows; a components file asking for another stops the import.
PLAYABLE = frozenset({RESOURCE_CARD, "temple_token", "gain_vp"})
_unknown = {card.id for card in FORTUNE_CARDS.values() if card.effect not in PLAYABLE | {NO_EFFECT}}
if _unknown:
    raise RuntimeError(f"fortune cards with effects this ruleset cannot play: {sorted(_unknown)}")


def draw(state: KosState, seat: int, count: int, events: Events) -> None:
    """Draw ``count`` cards one at a time from the top (KOS-5.9, 5.13), reshuffling per KOS-6.7."""
    # KOS-6.7: the discards are shuffled in the order they were discarded (not sorted first), as they always
    # were, so every seeded game keeps its results.
    deck = Deck(state.fortune_deck, state.rng, state.fortune_discard, sort_discards=False, source="fortune_deck",
                rule="KOS-5.9")
    drawn: list[str] = []
    for _ in range(count):
        if not deck.cards:
            moved = deck.reshuffle()
            if moved:
                events.append(FortuneDeckReshuffled(cards=moved))
        card = deck.draw()
        if card is None:
            events.append(FortuneDrawLost(player=seat))
            continue
        drawn.append(card)
    state.players[seat].hand.extend(drawn)
    if drawn:
        events.append(FortuneDrawn(player=seat, count=len(drawn)))
        events.append(FortuneCardDrawn(player=seat, cards=drawn, visible_to=[seat]))


def gain_tokens(state: KosState, seat: int, count: int, events: Events) -> None:
    """KOS-8.17 (no limit), then KOS-8.18/8.19: only a strict lead takes the title."""
    players = state.players
    players[seat].tokens += count
    events.append(TempleTokenGained(player=seat, count=count, tokens=players[seat].tokens))
    holder = state.high_priest
    mine = players[seat].tokens
    if holder == seat:
        return
    if holder is None:
        takes = all(mine > other.tokens for index, other in enumerate(players) if index != seat)
    else:
        takes = mine > players[holder].tokens
    if takes:
        state.high_priest = seat
        events.append(HighPriestChanged(player=seat, previous=holder))


def take_from_supply(state: KosState, seat: int, wanted: dict[str, int], events: Events) -> None:
    """KOS-5.7: take what the supply has; the shortfall is lost for good."""
    got: dict[Resource, int] = {}
    lost: dict[Resource, int] = {}
    for resource in RESOURCES:
        amount = wanted.get(resource, 0)
        if amount <= 0:
            continue
        have = min(amount, state.supply.get(resource))
        if have:
            state.supply.add(resource, -have)
            state.players[seat].cubes.add(resource, have)
            got[resource] = have
        if amount > have:
            lost[resource] = amount - have
    if got:
        events.append(ResourcesGained(player=seat, resources=got))
    if lost:
        events.append(ResourcesLost(player=seat, resources=lost))


def playable(state: KosState, seat: int) -> list[PlayFortune]:
    """Every ``play_fortune`` the seat may send now, in hand order (for ``legal_actions``)."""
    out = []
    for card_id in state.players[seat].hand:
        card = FORTUNE_CARDS[card_id]
        if card.effect == RESOURCE_CARD:
            printed = card.params["resource"]
            if printed == ANY:
                out += [PlayFortune(player=seat, card=card_id, choice=FortuneChoice(resource=r))
                        for r in RESOURCES if state.supply.get(r) > 0]
            elif state.supply.get(printed) > 0:
                out.append(PlayFortune(player=seat, card=card_id))
        elif card.effect in PLAYABLE:
            out.append(PlayFortune(player=seat, card=card_id))
    return out


def play(state: KosState, action: PlayFortune) -> Events:
    """KOS-6.2..6.4, 6.9, spec 3.11: an out-of-turn action that never changes who is to act."""
    seat = action.player
    player = state.players[seat]
    if action.card not in player.hand:
        raise CARD_NOT_IN_HAND("KOS-6.2", card=action.card, problem=NOT_IN_YOUR_HAND(),
                               context={"card": action.card})
    card = FORTUNE_CARDS[action.card]
    name = FORTUNE_CARD_NAMES[card.name]()
    if card.effect == NO_EFFECT:
        raise CARD_HAS_NO_PLAY_EFFECT(name=name, context={"card": action.card})
    named = action.choice.resource if action.choice is not None else None
    resource = None
    if card.effect == RESOURCE_CARD:
        printed = card.params["resource"]
        resource = named if printed == ANY else printed
        if resource in RESOURCES and state.supply.get(resource) <= 0:
            raise SUPPLY_EMPTY(resource=resource, context={"resource": resource},
                               explain={"needed": {resource: 1}, "have": {resource: state.supply.get(resource)}})
        if printed == ANY and named not in RESOURCES:
            raise INVALID_CHOICE("KOS-6.4", problem=CARD_NEEDS_RESOURCE_CHOICE(name=name))
    if (card.effect != RESOURCE_CARD or card.params["resource"] != ANY) and named is not None:
        raise INVALID_CHOICE("KOS-6.4", problem=CARD_TAKES_NO_CHOICE(name=name))
    player.hand.remove(action.card)
    state.fortune_discard.append(action.card)
    events: Events = [FortunePlayed(player=seat, card=action.card)]
    if resource is not None:
        take_from_supply(state, seat, {resource: 1}, events)
    elif card.effect == "temple_token":
        gain_tokens(state, seat, int(card.params["count"]), events)
    elif card.effect == "gain_vp":
        player.vp += int(card.params["vp"])
        events.append(VpGained(player=seat, vp=int(card.params["vp"])))
    after_out_of_turn(state, events)
    return events
