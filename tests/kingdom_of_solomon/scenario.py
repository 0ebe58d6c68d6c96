"""Hand-built Kingdom of Solomon positions for the rule tests.

Each helper rearranges a real set-up state without creating or destroying components
(cubes move between supply and players, cards between decks, display, hands and
players' buildings), so the states pass the consistency checks. Card and area choices
are looked up from the component data, so the tests survive an audit of the ASSUMED
data as long as such a card or area still exists.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import IllegalAction, RulesetError, to_builtins
from rulesets.kingdom_of_solomon import RULESET
from rulesets.kingdom_of_solomon.components import (ACTION_SPACES, AREAS, BUILDING_CARDS, FORTUNE_CARDS, NEIGHBOURS,
                                                    NEUTRAL, RESOURCES, SITES)
from rulesets.kingdom_of_solomon.state import KosState, Marker, Pawn, PhaseName, Road
from rulesets.testing import ANY, Scenario

R = RULESET

#: the kit's helpers bound to Kingdom of Solomon; the functions below keep this folder's calling style.
GAME: Scenario[KosState] = Scenario(RULESET)


def new(players: int = 3, seed: Any = "scenario", **options: Any) -> KosState:
    return GAME.new(players, seed, **options)


def order(state: KosState, *seats: int) -> None:
    """Set the turn order (seats by position) and put position 1 on turn."""
    state.turn_order = list(seats)
    state.first_player = seats[0]
    if state.phase in ("placement", "building", "resolution"):
        state.active = seats[0]
    elif state.phase == "market":
        state.active = seats[-1]


def give(state: KosState, seat: int, **cubes: int) -> None:
    """Move cubes from the supply to the seat."""
    for resource, amount in cubes.items():
        assert state.supply.get(resource) >= amount, resource
        state.supply.add(resource, -amount)
        state.players[seat].cubes.add(resource, amount)


def empty_supply(state: KosState, resource: str, to_seat: int | None = None) -> None:
    """Move every cube of a type out of the supply (to a seat, or into the market up to capacity)."""
    amount = state.supply.get(resource)
    state.supply.add(resource, -amount)
    if to_seat is None:
        to_seat = 0
    state.players[to_seat].cubes.add(resource, amount)


def _pull_building(state: KosState, card: str) -> None:
    if card in state.building_deck:
        state.building_deck.remove(card)
    elif card in state.display:
        state.display[state.display.index(card)] = state.building_deck.pop(0)
    else:
        raise LookupError(card)


def owned(state: KosState, seat: int, card: str | None = None) -> str:
    """A built card in the seat's area of play (from the deck, or the display refilled)."""
    card = card or next(c for c in BUILDING_CARDS if c in state.building_deck)
    _pull_building(state, card)
    state.players[seat].buildings.append(card)
    return card


def marker(state: KosState, seat: int, area: str, card: str | None = None) -> str:
    """A marker of the seat on ``area``'s site, with a non-special card it built."""
    if card is None:
        card = next(c for c, b in BUILDING_CARDS.items()
                    if not b.special_mark and c in state.building_deck)
    owned(state, seat, card)
    state.markers.append(Marker(area=area, owner=seat, card=card))
    return card


def road(state: KosState, seat: int, a: str, b: str) -> None:
    state.roads.append(Road(areas=sorted((a, b)), owner=seat))
    state.roads_in_supply -= 1


def display(state: KosState, *cards: str) -> None:
    """Put these building cards face up in the display (the others go back to the deck)."""
    for card in cards:
        if card not in state.display:
            _pull_building(state, card)
            slot = next(i for i, c in enumerate(state.display) if c not in cards)
            shown = state.display[slot]
            if shown is not None:
                state.building_deck.append(shown)
            state.display[slot] = card


def hand(state: KosState, seat: int, *cards: str) -> None:
    """Move these fortune cards into the seat's hand."""
    for card in cards:
        for pile in (state.fortune_deck, state.fortune_discard, *(p.hand for p in state.players)):
            if card in pile:
                pile.remove(card)
                break
        else:
            raise LookupError(card)
        state.players[seat].hand.append(card)


def fortune(effect: str, **params: Any) -> list[str]:
    """Fortune card ids with this effect (and parameters), in id order."""
    return [c.id for c in FORTUNE_CARDS.values()
            if c.effect == effect and all(c.params.get(k) == v for k, v in params.items())]


def building_with(effect: str | None = None, special: bool | None = None) -> str:
    for card in BUILDING_CARDS.values():
        if (effect is None or card.action.effect == effect) and (special is None or card.special_mark == special):
            return card.id
    raise LookupError(effect)


def phase(state: KosState, name: PhaseName, active: int | None = None) -> None:
    """Jump to a phase with no pawns out (placement: everyone's pawns placed except the active seat's)."""
    state.phase = name
    if name != "placement":
        for player in state.players:
            player.unplaced = 0
    state.active = active if active is not None else (state.turn_order[-1] if name == "market"
                                                      else state.turn_order[0])
    if name == "round_end":
        state.active = None


def place(state: KosState, seat: int, space: str, count: int = 1, privileged: bool = False) -> None:
    state.pawns.append(Pawn(owner=seat, space=space, count=count, privileged=privileged))


def refused(state: KosState, action: dict[str, Any], code: str, rule: str | None = ANY) -> RulesetError:
    return GAME.refused(state, action, code, rule)


def ok(state: KosState, action: dict[str, Any]) -> tuple[KosState, list[Any]]:
    """Apply to a state the referee accepts, into one it accepts; the events stay typed (the tests read fields)."""
    R.check_state(state)
    after, events = R.apply(state, action)
    R.check_state(after)
    return after, events


def wire(events: list[Any]) -> list[dict[str, Any]]:
    """Events as a client receives them (JSON builtins)."""
    out: list[dict[str, Any]] = to_builtins(events)
    return out


def listed(state: KosState, seat: int, **where: Any) -> list[dict[str, Any]]:
    return [to_builtins(a) for a in R.legal_actions(state, seat)
            if all(to_builtins(a).get(k) == v for k, v in where.items())]


SITE_AREAS = [a for a in AREAS if a in SITES]
NEUTRAL_AREAS = [a for a in AREAS if a in NEUTRAL]


def site_next_to_neutral() -> tuple[str, str]:
    for area in SITE_AREAS:
        for other in sorted(NEIGHBOURS[area]):
            if other in NEUTRAL:
                return area, other
    raise LookupError


def two_adjacent_sites() -> tuple[str, str]:
    for area in SITE_AREAS:
        for other in sorted(NEIGHBOURS[area]):
            if other in SITES:
                return area, other
    raise LookupError


__all__ = ["ACTION_SPACES", "ANY", "AREAS", "GAME", "IllegalAction", "RESOURCES", "R"]
