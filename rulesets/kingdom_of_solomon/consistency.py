"""A posted state checked against the components (design: checks, step 2).

Every refusal is ``InvalidState`` with the JSON path at fault: a cube counted twice
between a player and the supply, more roads than exist, a building on two sites, a
pawn on a space that does not exist, a card in two places, a phase waiting on a seat
that cannot act.
"""

from __future__ import annotations

from typing import NoReturn

from rulesets.core import InvalidState, Inventory, require

from .components import (AREAS, BUILDING_CARDS, DISPLAY_SIZE, FORTUNE_CARDS, MARKET_CAPACITY, MARKERS_PER_PLAYER,
                         NEIGHBOURS, RESOURCE_COUNT, RESOURCES, ROADS, SETUP, SITES, TEMPLE_LEVELS)
from .spaces import AREA, BONUS, CARD, bonus_in_play, has_open_space, parse
from .state import KosState
from .turns import discard_owed, end_condition_met, pawns_out

TURN_PHASES = ("placement", "resolution", "market", "building")
_BUILDING_SET = frozenset(BUILDING_CARDS)
_FORTUNE_SET = frozenset(FORTUNE_CARDS)


def fail(detail: str, path: str, rule: str | None = None) -> NoReturn:
    """Refuse the state (the checks below build their sentence and path only when one fails)."""
    raise InvalidState(detail, path, rule=rule)


def check(state: KosState) -> None:
    n = len(state.players)
    require(n in SETUP, f"Kingdom of Solomon has {min(SETUP)} to {max(SETUP)} players, not {n}.", "$.players", "KOS-1.1")
    require(not state.options.variant_all_bonus or n < max(SETUP),
            "The all-bonus variant is for 2 or 3 players only.", "$.options.variant_all_bonus", "KOS-11.2")
    require(sorted(state.turn_order) == list(range(n)), "turn_order must list every seat once.", "$.turn_order",
            "KOS-2.2")
    _cubes(state, n)
    _roads(state, n)
    _markers(state, n)
    _cards(state, n)
    _temple(state)
    _high_priest(state, n)
    _pawns(state, n)
    _turn(state, n)


def _cubes(state: KosState, n: int) -> None:
    """KOS-1.3, 5.7, 7.7: supply + market + players = the game's cubes, per type."""
    removed = SETUP[n].remove_per_resource
    supply, market, players = state.supply, state.market, state.players
    for r in RESOURCES:
        total = getattr(supply, r) + getattr(market, r) + sum(getattr(p.cubes, r) for p in players)
        expected = RESOURCE_COUNT[r] - removed
        if total > expected:
            fail(f"{total} {r} cubes are counted between the supply, the market and the players; the game has "
                 f"{expected}: a cube is counted twice.", f"$.supply.{r}", "KOS-1.3")
        if total < expected:
            fail(f"{expected - total} {r} cube(s) are missing from the state.", f"$.supply.{r}", "KOS-1.3")
        if getattr(market, r) > MARKET_CAPACITY:
            fail(f"The market holds at most {MARKET_CAPACITY} {r}.", f"$.market.{r}", "KOS-7.4")


def _roads(state: KosState, n: int) -> None:
    require(len(state.roads) <= ROADS, f"{len(state.roads)} roads are built; the game has {ROADS}.", "$.roads",
            "KOS-8.24")
    require(len(state.roads) + state.roads_in_supply == ROADS,
            f"Built roads plus roads in the supply must be {ROADS}.", "$.roads_in_supply", "KOS-8.24")
    seen: set[tuple[str, ...]] = set()
    for index, road in enumerate(state.roads):
        path = f"$.roads[{index}]"
        require(road.owner < n, f"Road owner {road.owner} is not a seat.", f"{path}.owner")
        ok = (len(road.areas) == 2 and all(a in AREAS for a in road.areas) and road.areas == sorted(road.areas)
              and road.areas[1] in NEIGHBOURS[road.areas[0]])
        require(ok, "A road lies on the border of two adjacent areas (sorted pair).", f"{path}.areas", "KOS-3.4")
        key = tuple(road.areas)
        require(key not in seen, "A border holds at most one road.", f"{path}.areas", "KOS-3.4")
        seen.add(key)


def _markers(state: KosState, n: int) -> None:
    areas: set[str] = set()
    cards: dict[str, int] = {}
    per_seat = [0] * n
    for index, marker in enumerate(state.markers):
        owner = marker.owner
        if owner >= n:
            fail(f"Marker owner {owner} is not a seat.", f"$.markers[{index}].owner")
        if marker.area not in SITES:
            fail(f"{marker.area} has no building site.", f"$.markers[{index}].area", "KOS-3.2")
        if marker.area in areas:
            fail(f"The site of {marker.area} holds two markers.", f"$.markers[{index}].area", "KOS-3.2")
        areas.add(marker.area)
        card = BUILDING_CARDS.get(marker.card)
        if card is None or card.special_mark:
            fail(f"{marker.card} is not a card that places a marker.", f"$.markers[{index}].card", "KOS-8.7")
        if marker.card in cards:
            fail(f"Building {marker.card} is on two sites: markers[{cards[marker.card]}] and markers[{index}].",
                 f"$.markers[{index}].card", "KOS-3.2")
        cards[marker.card] = index
        if marker.card not in state.players[owner].buildings:
            fail(f"Seat {owner} has not built {marker.card}.", f"$.markers[{index}].card", "KOS-8.7")
        per_seat[owner] += 1
        if per_seat[owner] > MARKERS_PER_PLAYER:
            fail(f"Seat {owner} has only {MARKERS_PER_PLAYER} markers.", f"$.markers[{index}]", "KOS-1.2")


def _cards(state: KosState, n: int) -> None:
    if len(state.display) != DISPLAY_SIZE:
        fail(f"The display has {DISPLAY_SIZE} spaces.", "$.display", "KOS-1.7")
    buildings = [*state.building_deck, *(card for card in state.display if card is not None)]
    for player in state.players:
        buildings += player.buildings
    if len(buildings) != len(BUILDING_CARDS) or set(buildings) != _BUILDING_SET:
        inventory = Inventory("building card", rule="KOS-1.7")  # the slow path names the place at fault
        inventory.see_all(state.building_deck, "$.building_deck")
        for index, card in enumerate(state.display):
            if card is not None:
                inventory.see(card, f"$.display[{index}]")
        for seat, player in enumerate(state.players):
            inventory.see_all(player.buildings, f"$.players[{seat}].buildings")
        inventory.expect_exactly(BUILDING_CARDS)
    fortune = [*state.fortune_deck, *state.fortune_discard]
    for player in state.players:
        fortune += player.hand
    if len(fortune) != len(FORTUNE_CARDS) or set(fortune) != _FORTUNE_SET:
        inventory = Inventory("fortune card", rule="KOS-1.7")
        inventory.see_all(state.fortune_deck, "$.fortune_deck")
        inventory.see_all(state.fortune_discard, "$.fortune_discard")
        for seat, player in enumerate(state.players):
            inventory.see_all(player.hand, f"$.players[{seat}].hand")
        inventory.expect_exactly(FORTUNE_CARDS)


def _temple(state: KosState) -> None:
    require(set(state.temple) == {level.id for level in TEMPLE_LEVELS},
            "The temple lists blocks for each of its levels.", "$.temple", "KOS-8.13")
    below_full = True
    for level in TEMPLE_LEVELS:
        built = state.temple[level.id]
        require(built <= level.blocks, f"The {level.id} level has {level.blocks} spaces.", f"$.temple.{level.id}",
                "KOS-8.13")
        require(below_full or built == 0, f"The {level.id} level is built before the level below is complete.",
                f"$.temple.{level.id}", "KOS-8.13")
        below_full = built == level.blocks


def _high_priest(state: KosState, n: int) -> None:
    tokens = [player.tokens for player in state.players]
    if state.high_priest is None:
        require(not any(tokens), "Someone holds temple tokens, so someone is High Priest.", "$.high_priest",
                "KOS-8.18")
        return
    require(state.high_priest < n, f"High Priest {state.high_priest} is not a seat.", "$.high_priest", "KOS-8.18")
    require(tokens[state.high_priest] >= max(tokens) and tokens[state.high_priest] > 0,
            "The High Priest holds temple tokens, at least as many as anyone.",
            "$.high_priest", "KOS-8.18")


def _pawns(state: KosState, n: int) -> None:
    players = state.players
    if state.phase != "placement":
        for seat, player in enumerate(players):
            if player.unplaced:
                fail("Pawns are placed only during Placement.", f"$.players[{seat}].unplaced", "KOS-4.2")
    limit = SETUP[n].pawns_per_player
    placed = [0] * n
    if state.pawns and state.phase not in ("placement", "resolution"):
        fail(f"No pawn is out during the {state.phase} phase.", "$.pawns", "KOS-9.4")
    spaces: set[str] = set()
    owner_of = {marker.area: marker.owner for marker in state.markers}
    in_play = bonus_in_play(state)
    for index, pawn in enumerate(state.pawns):
        owner = pawn.owner
        if owner >= n:
            fail(f"Pawn owner {owner} is not a seat.", f"$.pawns[{index}].owner")
        parsed = parse(pawn.space)
        if parsed is None:
            fail(f"{pawn.space} is not a space of this game.", f"$.pawns[{index}].space", "KOS-4.1")
        kind, name = parsed
        if pawn.space in spaces:
            fail(f"{pawn.space} holds pawns twice.", f"$.pawns[{index}].space", "KOS-4.3")
        spaces.add(pawn.space)
        if kind == BONUS:
            if name not in in_play:
                fail(f"The {name} is not in play.", f"$.pawns[{index}].space", "KOS-4.9")
        elif pawn.count != 1:
            fail("Only a bonus space holds more than one pawn.", f"$.pawns[{index}].count", "KOS-4.3")
        if kind == CARD and name not in players[owner].buildings:
            fail(f"Seat {owner} does not own {name}.", f"$.pawns[{index}].space", "KOS-4.8")
        other = kind == AREA and owner_of.get(name, owner) != owner
        if pawn.privileged != other:
            fail("Exactly the pawns in opponents' areas are High Priest pawns.", f"$.pawns[{index}].privileged",
                 "KOS-8.21")
        if pawn.privileged and not players[owner].privilege_used:
            fail("A High Priest pawn uses the privilege.", f"$.pawns[{index}].privileged", "KOS-8.22")
        placed[owner] += pawn.count
    for seat, player in enumerate(players):
        if placed[seat] + player.unplaced > limit:
            fail(f"Seat {seat} has {limit} pawns.", f"$.players[{seat}].unplaced", "KOS-1.2")


def _turn(state: KosState, n: int) -> None:
    phase = state.phase
    if phase not in TURN_PHASES:
        require(state.active is None, f"Nobody is on turn during {phase}.", "$.active", "KOS-2.2")
    else:
        require(state.active is not None and state.active < n, f"A seat is on turn during {phase}.", "$.active",
                "KOS-2.2")
    seat = state.active  # a seat in every turn phase (just required), None in the others
    if phase == "placement" and seat is not None:
        require(state.players[seat].unplaced > 0 and has_open_space(state, seat),
                "The placer on turn has a pawn and a space for it.", "$.active", "KOS-4.2")
    elif phase == "resolution":
        first = next((s for s in state.turn_order if pawns_out(state, s)), None)
        require(seat == first, "The resolver is the earliest player in turn order with pawns out.", "$.active",
                "KOS-2.4")
    elif phase == "market" and seat is not None:
        require(not state.players[seat].passed, "A player who passed is not on turn.", "$.active", "KOS-7.2")
    elif phase == "round_end":
        owing = any(discard_owed(state, s) for s in range(n))
        require(owing or state.final_round, "The end step waits only for discards or final confirmations.",
                "$.phase", "KOS-9.1")
        require(owing or not all(p.confirmed for p in state.players),
                "Every player confirmed: the game is over.", "$.phase", "KOS-9.2")
    if not state.final_round and end_condition_met(state):
        fail("The end condition is met (KOS-10.1): this round is the final one.", "$.final_round", "KOS-10.2")
