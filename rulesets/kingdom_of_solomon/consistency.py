"""A posted state checked against the components (design: checks, step 2).

Every refusal is core's ``invalid_state`` with the JSON path at fault: a cube counted twice
between a player and the supply, more roads than exist, a building on two sites, a
pawn on a space that does not exist, a card in two places, a phase waiting on a seat
that cannot act. Its reason is a phrase of the game's catalogue, so that it reads in the
request's language.
"""

from __future__ import annotations

from typing import NoReturn

from rulesets.core import Inventory, Worded, require, state_refusal

from .components import (AREAS, BUILDING_CARDS, DISPLAY_SIZE, FORTUNE_CARDS, MARKET_CAPACITY, MARKERS_PER_PLAYER,
                         NEIGHBOURS, RESOURCE_COUNT, RESOURCES, ROADS, SETUP, SITES, TEMPLE_LEVELS)
from .refusals import refusals
from .spaces import AREA, BONUS, CARD, bonus_in_play, has_open_space, parse
from .state import KosState
from .turns import discard_owed, end_condition_met, pawns_out

TURN_PHASES = ("placement", "resolution", "market", "building")
_BUILDING_SET = frozenset(BUILDING_CARDS)
_FORTUNE_SET = frozenset(FORTUNE_CARDS)

# ---------------------------------------------------------------- what a refused state is told
# A sentence with no values is worded once, here (a check that passes builds nothing); one with values
# is worded only when its check fails. Ids (resources, levels, areas, cards, spaces, phases), paths and
# numbers are values as they are.
_STATE = refusals.phrase
#: what an Inventory counts (core's sentences name it, capitalized where it begins one)
BUILDING_CARD = _STATE("state_thing_building_card", "building card")()
FORTUNE_CARD = _STATE("state_thing_fortune_card", "fortune card")()
# the header (KOS-1.1, KOS-2.2, KOS-11.2)
PLAYER_COUNT = _STATE("state_player_count", "Kingdom of Solomon has {low} to {high} players, not {players}.")
ALL_BONUS_PLAYERS = _STATE("state_all_bonus_players", "The all-bonus variant is for 2 or 3 players only.")()
TURN_ORDER = _STATE("state_turn_order", "turn_order must list every seat once.")()
# cubes (KOS-1.3, KOS-7.4)
CUBE_COUNTED_TWICE = _STATE("state_cube_counted_twice",
                            "{total} {resource} cubes are counted between the supply, the market and the players; "
                            "the game has {expected}: a cube is counted twice.")
CUBES_MISSING = _STATE("state_cubes_missing", "{missing} {resource} cube(s) are missing from the state.")
MARKET_HOLDS = _STATE("state_market_holds", "The market holds at most {capacity} {resource}.")
# roads (KOS-3.4, KOS-8.24)
ROADS_BUILT = _STATE("state_roads_built", "{built} roads are built; the game has {roads}.")
ROADS_TOTAL = _STATE("state_roads_total", "Built roads plus roads in the supply must be {roads}.")
ROAD_OWNER = _STATE("state_road_owner", "Road owner {owner} is not a seat.")
ROAD_ON_BORDER = _STATE("state_road_on_border", "A road lies on the border of two adjacent areas (sorted pair).")()
ROAD_PER_BORDER = _STATE("state_road_per_border", "A border holds at most one road.")()
# building markers (KOS-1.2, KOS-3.2, KOS-8.7)
MARKER_OWNER = _STATE("state_marker_owner", "Marker owner {owner} is not a seat.")
NO_BUILDING_SITE = _STATE("state_no_building_site", "{area} has no building site.")
SITE_TWO_MARKERS = _STATE("state_site_two_markers", "The site of {area} holds two markers.")
CARD_PLACES_NO_MARKER = _STATE("state_card_places_no_marker", "{card} is not a card that places a marker.")
BUILDING_ON_TWO_SITES = _STATE("state_building_on_two_sites",
                               "Building {card} is on two sites: markers[{first}] and markers[{second}].")
MARKER_NOT_BUILT = _STATE("state_marker_not_built", "Seat {seat} has not built {card}.")
MARKERS_PER_SEAT = _STATE("state_markers_per_seat", "Seat {seat} has only {markers} markers.")
# cards (KOS-1.7)
DISPLAY_SPACES = _STATE("state_display_spaces", "The display has {spaces} spaces.")
# the temple and the High Priest (KOS-8.13, KOS-8.18)
TEMPLE_LEVELS_LISTED = _STATE("state_temple_levels_listed", "The temple lists blocks for each of its levels.")()
LEVEL_SPACES = _STATE("state_level_spaces", "The {level} level has {blocks} spaces.")
LEVEL_ORDER = _STATE("state_level_order", "The {level} level is built before the level below is complete.")
HIGH_PRIEST_NAMED = _STATE("state_high_priest_named", "Someone holds temple tokens, so someone is High Priest.")()
HIGH_PRIEST_SEAT = _STATE("state_high_priest_seat", "High Priest {seat} is not a seat.")
HIGH_PRIEST_TOKENS = _STATE("state_high_priest_tokens",
                            "The High Priest holds temple tokens, at least as many as anyone.")()
# pawns (KOS-1.2, KOS-4, KOS-8.21, KOS-8.22, KOS-9.4)
PAWNS_PLACED_IN_PLACEMENT = _STATE("state_pawns_placed_in_placement", "Pawns are placed only during Placement.")()
NO_PAWN_OUT = _STATE("state_no_pawn_out", "No pawn is out during the {phase} phase.")
PAWN_OWNER = _STATE("state_pawn_owner", "Pawn owner {owner} is not a seat.")
NOT_A_SPACE = _STATE("state_not_a_space", "{space} is not a space of this game.")
SPACE_HOLDS_PAWNS_TWICE = _STATE("state_space_holds_pawns_twice", "{space} holds pawns twice.")
BONUS_NOT_IN_PLAY = _STATE("state_bonus_not_in_play", "The {bonus} is not in play.")
ONE_PAWN_A_SPACE = _STATE("state_one_pawn_a_space", "Only a bonus space holds more than one pawn.")()
CARD_NOT_OWNED = _STATE("state_card_not_owned", "Seat {seat} does not own {card}.")
HIGH_PRIEST_PAWNS = _STATE("state_high_priest_pawns",
                           "Exactly the pawns in opponents' areas are High Priest pawns.")()
PRIVILEGE_USED = _STATE("state_privilege_used", "A High Priest pawn uses the privilege.")()
PAWNS_PER_SEAT = _STATE("state_pawns_per_seat", "Seat {seat} has {pawns} pawns.")
# who is on turn (KOS-2, KOS-4.2, KOS-7.2, KOS-9, KOS-10.2)
NOBODY_ON_TURN = _STATE("state_nobody_on_turn", "Nobody is on turn during {phase}.")
SEAT_ON_TURN = _STATE("state_seat_on_turn", "A seat is on turn during {phase}.")
PLACER_CAN_PLACE = _STATE("state_placer_can_place", "The placer on turn has a pawn and a space for it.")()
RESOLVER_FIRST = _STATE("state_resolver_first", "The resolver is the earliest player in turn order with pawns out.")()
PASSED_NOT_ON_TURN = _STATE("state_passed_not_on_turn", "A player who passed is not on turn.")()
ROUND_END_WAITS = _STATE("state_round_end_waits", "The end step waits only for discards or final confirmations.")()
ALL_CONFIRMED = _STATE("state_all_confirmed", "Every player confirmed: the game is over.")()
FINAL_ROUND = _STATE("state_final_round", "The end condition is met (KOS-10.1): this round is the final one.")()


def fail(reason: Worded, path: str, rule: str | None = None) -> NoReturn:
    """Refuse the state for ``reason`` (the checks below word it and build its path only when one fails)."""
    raise state_refusal(reason, path, rule)


def check(state: KosState) -> None:
    n = len(state.players)
    if n not in SETUP:
        fail(PLAYER_COUNT(low=min(SETUP), high=max(SETUP), players=n), "$.players", "KOS-1.1")
    require(not state.options.variant_all_bonus or n < max(SETUP), ALL_BONUS_PLAYERS, "$.options.variant_all_bonus",
            "KOS-11.2")
    require(sorted(state.turn_order) == list(range(n)), TURN_ORDER, "$.turn_order", "KOS-2.2")
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
            fail(CUBE_COUNTED_TWICE(total=total, resource=r, expected=expected), f"$.supply.{r}", "KOS-1.3")
        if total < expected:
            fail(CUBES_MISSING(missing=expected - total, resource=r), f"$.supply.{r}", "KOS-1.3")
        if getattr(market, r) > MARKET_CAPACITY:
            fail(MARKET_HOLDS(capacity=MARKET_CAPACITY, resource=r), f"$.market.{r}", "KOS-7.4")


def _roads(state: KosState, n: int) -> None:
    if len(state.roads) > ROADS:
        fail(ROADS_BUILT(built=len(state.roads), roads=ROADS), "$.roads", "KOS-8.24")
    if len(state.roads) + state.roads_in_supply != ROADS:
        fail(ROADS_TOTAL(roads=ROADS), "$.roads_in_supply", "KOS-8.24")
    seen: set[tuple[str, ...]] = set()
    for index, road in enumerate(state.roads):
        path = f"$.roads[{index}]"
        if road.owner >= n:
            fail(ROAD_OWNER(owner=road.owner), f"{path}.owner")
        ok = (len(road.areas) == 2 and all(a in AREAS for a in road.areas) and road.areas == sorted(road.areas)
              and road.areas[1] in NEIGHBOURS[road.areas[0]])
        require(ok, ROAD_ON_BORDER, f"{path}.areas", "KOS-3.4")
        key = tuple(road.areas)
        require(key not in seen, ROAD_PER_BORDER, f"{path}.areas", "KOS-3.4")
        seen.add(key)


def _markers(state: KosState, n: int) -> None:
    areas: set[str] = set()
    cards: dict[str, int] = {}
    per_seat = [0] * n
    for index, marker in enumerate(state.markers):
        owner = marker.owner
        if owner >= n:
            fail(MARKER_OWNER(owner=owner), f"$.markers[{index}].owner")
        if marker.area not in SITES:
            fail(NO_BUILDING_SITE(area=marker.area), f"$.markers[{index}].area", "KOS-3.2")
        if marker.area in areas:
            fail(SITE_TWO_MARKERS(area=marker.area), f"$.markers[{index}].area", "KOS-3.2")
        areas.add(marker.area)
        card = BUILDING_CARDS.get(marker.card)
        if card is None or card.special_mark:
            fail(CARD_PLACES_NO_MARKER(card=marker.card), f"$.markers[{index}].card", "KOS-8.7")
        if marker.card in cards:
            fail(BUILDING_ON_TWO_SITES(card=marker.card, first=cards[marker.card], second=index),
                 f"$.markers[{index}].card", "KOS-3.2")
        cards[marker.card] = index
        if marker.card not in state.players[owner].buildings:
            fail(MARKER_NOT_BUILT(seat=owner, card=marker.card), f"$.markers[{index}].card", "KOS-8.7")
        per_seat[owner] += 1
        if per_seat[owner] > MARKERS_PER_PLAYER:
            fail(MARKERS_PER_SEAT(seat=owner, markers=MARKERS_PER_PLAYER), f"$.markers[{index}]", "KOS-1.2")


def _cards(state: KosState, n: int) -> None:
    if len(state.display) != DISPLAY_SIZE:
        fail(DISPLAY_SPACES(spaces=DISPLAY_SIZE), "$.display", "KOS-1.7")
    buildings = [*state.building_deck, *(card for card in state.display if card is not None)]
    for player in state.players:
        buildings += player.buildings
    if len(buildings) != len(BUILDING_CARDS) or set(buildings) != _BUILDING_SET:
        inventory = Inventory(BUILDING_CARD, rule="KOS-1.7")  # the slow path names the place at fault
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
        inventory = Inventory(FORTUNE_CARD, rule="KOS-1.7")
        inventory.see_all(state.fortune_deck, "$.fortune_deck")
        inventory.see_all(state.fortune_discard, "$.fortune_discard")
        for seat, player in enumerate(state.players):
            inventory.see_all(player.hand, f"$.players[{seat}].hand")
        inventory.expect_exactly(FORTUNE_CARDS)


def _temple(state: KosState) -> None:
    require(set(state.temple) == {level.id for level in TEMPLE_LEVELS}, TEMPLE_LEVELS_LISTED, "$.temple", "KOS-8.13")
    below_full = True
    for level in TEMPLE_LEVELS:
        built = state.temple[level.id]
        if built > level.blocks:
            fail(LEVEL_SPACES(level=level.id, blocks=level.blocks), f"$.temple.{level.id}", "KOS-8.13")
        if not below_full and built != 0:
            fail(LEVEL_ORDER(level=level.id), f"$.temple.{level.id}", "KOS-8.13")
        below_full = built == level.blocks


def _high_priest(state: KosState, n: int) -> None:
    tokens = [player.tokens for player in state.players]
    if state.high_priest is None:
        require(not any(tokens), HIGH_PRIEST_NAMED, "$.high_priest", "KOS-8.18")
        return
    if state.high_priest >= n:
        fail(HIGH_PRIEST_SEAT(seat=state.high_priest), "$.high_priest", "KOS-8.18")
    require(tokens[state.high_priest] >= max(tokens) and tokens[state.high_priest] > 0, HIGH_PRIEST_TOKENS,
            "$.high_priest", "KOS-8.18")


def _pawns(state: KosState, n: int) -> None:
    players = state.players
    if state.phase != "placement":
        for seat, player in enumerate(players):
            if player.unplaced:
                fail(PAWNS_PLACED_IN_PLACEMENT, f"$.players[{seat}].unplaced", "KOS-4.2")
    limit = SETUP[n].pawns_per_player
    placed = [0] * n
    if state.pawns and state.phase not in ("placement", "resolution"):
        fail(NO_PAWN_OUT(phase=state.phase), "$.pawns", "KOS-9.4")
    spaces: set[str] = set()
    owner_of = {marker.area: marker.owner for marker in state.markers}
    in_play = bonus_in_play(state)
    for index, pawn in enumerate(state.pawns):
        owner = pawn.owner
        if owner >= n:
            fail(PAWN_OWNER(owner=owner), f"$.pawns[{index}].owner")
        parsed = parse(pawn.space)
        if parsed is None:
            fail(NOT_A_SPACE(space=pawn.space), f"$.pawns[{index}].space", "KOS-4.1")
        kind, name = parsed
        if pawn.space in spaces:
            fail(SPACE_HOLDS_PAWNS_TWICE(space=pawn.space), f"$.pawns[{index}].space", "KOS-4.3")
        spaces.add(pawn.space)
        if kind == BONUS:
            if name not in in_play:
                fail(BONUS_NOT_IN_PLAY(bonus=name), f"$.pawns[{index}].space", "KOS-4.9")
        elif pawn.count != 1:
            fail(ONE_PAWN_A_SPACE, f"$.pawns[{index}].count", "KOS-4.3")
        if kind == CARD and name not in players[owner].buildings:
            fail(CARD_NOT_OWNED(seat=owner, card=name), f"$.pawns[{index}].space", "KOS-4.8")
        other = kind == AREA and owner_of.get(name, owner) != owner
        if pawn.privileged != other:
            fail(HIGH_PRIEST_PAWNS, f"$.pawns[{index}].privileged", "KOS-8.21")
        if pawn.privileged and not players[owner].privilege_used:
            fail(PRIVILEGE_USED, f"$.pawns[{index}].privileged", "KOS-8.22")
        placed[owner] += pawn.count
    for seat, player in enumerate(players):
        if placed[seat] + player.unplaced > limit:
            fail(PAWNS_PER_SEAT(seat=seat, pawns=limit), f"$.players[{seat}].unplaced", "KOS-1.2")


def _turn(state: KosState, n: int) -> None:
    phase = state.phase
    if phase not in TURN_PHASES:
        if state.active is not None:
            fail(NOBODY_ON_TURN(phase=phase), "$.active", "KOS-2.2")
    elif state.active is None or state.active >= n:
        fail(SEAT_ON_TURN(phase=phase), "$.active", "KOS-2.2")
    seat = state.active  # a seat in every turn phase (just required), None in the others
    if phase == "placement" and seat is not None:
        require(state.players[seat].unplaced > 0 and has_open_space(state, seat),
                PLACER_CAN_PLACE, "$.active", "KOS-4.2")
    elif phase == "resolution":
        first = next((s for s in state.turn_order if pawns_out(state, s)), None)
        require(seat == first, RESOLVER_FIRST, "$.active", "KOS-2.4")
    elif phase == "market" and seat is not None:
        require(not state.players[seat].passed, PASSED_NOT_ON_TURN, "$.active", "KOS-7.2")
    elif phase == "round_end":
        owing = any(discard_owed(state, s) for s in range(n))
        require(owing or state.final_round, ROUND_END_WAITS, "$.phase", "KOS-9.1")
        require(owing or not all(p.confirmed for p in state.players), ALL_CONFIRMED, "$.phase", "KOS-9.2")
    if not state.final_round and end_condition_met(state):
        fail(FINAL_ROUND, "$.final_round", "KOS-10.2")
