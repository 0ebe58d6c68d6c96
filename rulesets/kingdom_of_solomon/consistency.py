"""A posted state checked against the components (design: checks, step 2).

Every refusal is ``InvalidState`` with the JSON path at fault: a cube counted twice
between a player and the supply, more roads than exist, a building on two sites, a
pawn on a space that does not exist, a card in two places, a phase waiting on a seat
that cannot act.
"""

from __future__ import annotations

from rulesets.core import Inventory, require

from .board import empty_sites
from .components import (AREAS, BUILDING_CARDS, DISPLAY_SIZE, FORTUNE_CARDS, MARKET_CAPACITY, MARKERS_PER_PLAYER,
                         NEIGHBOURS, RESOURCE_COUNT, RESOURCES, ROADS, SETUP, SITES, TEMPLE_LEVELS)
from .spaces import AREA, BONUS, CARD, bonus_in_play, open_spaces, parse
from .state import KosState
from .turns import discard_owed, pawns_out

TURN_PHASES = ("placement", "resolution", "market", "building")


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
    for r in RESOURCES:
        held = sum(player.cubes.get(r) for player in state.players)
        total = state.supply.get(r) + state.market.get(r) + held
        expected = RESOURCE_COUNT[r] - removed
        require(total <= expected,
                f"{total} {r} cubes are counted between the supply, the market and the players; the game has "
                f"{expected}: a cube is counted twice.", f"$.supply.{r}", "KOS-1.3")
        require(total >= expected, f"{expected - total} {r} cube(s) are missing from the state.", f"$.supply.{r}",
                "KOS-1.3")
        require(state.market.get(r) <= MARKET_CAPACITY,
                f"The market holds at most {MARKET_CAPACITY} {r}.", f"$.market.{r}", "KOS-7.4")


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
        path = f"$.markers[{index}]"
        require(marker.owner < n, f"Marker owner {marker.owner} is not a seat.", f"{path}.owner")
        require(marker.area in SITES, f"{marker.area} has no building site.", f"{path}.area", "KOS-3.2")
        require(marker.area not in areas, f"The site of {marker.area} holds two markers.", f"{path}.area", "KOS-3.2")
        areas.add(marker.area)
        card = BUILDING_CARDS.get(marker.card)
        require(card is not None and not card.special_mark, f"{marker.card} is not a card that places a marker.",
                f"{path}.card", "KOS-8.7")
        require(marker.card not in cards,
                f"Building {marker.card} is on two sites: markers[{cards.get(marker.card)}] and markers[{index}].",
                f"{path}.card", "KOS-3.2")
        cards[marker.card] = index
        require(marker.card in state.players[marker.owner].buildings,
                f"Seat {marker.owner} has not built {marker.card}.", f"{path}.card", "KOS-8.7")
        per_seat[marker.owner] += 1
        require(per_seat[marker.owner] <= MARKERS_PER_PLAYER,
                f"Seat {marker.owner} has only {MARKERS_PER_PLAYER} markers.", path, "KOS-1.2")


def _cards(state: KosState, n: int) -> None:
    require(len(state.display) == DISPLAY_SIZE, f"The display has {DISPLAY_SIZE} spaces.", "$.display", "KOS-1.7")
    buildings = Inventory("building card", rule="KOS-1.7")
    buildings.see_all(state.building_deck, "$.building_deck")
    for index, card in enumerate(state.display):
        if card is not None:
            buildings.see(card, f"$.display[{index}]")
    for seat, player in enumerate(state.players):
        buildings.see_all(player.buildings, f"$.players[{seat}].buildings")
    buildings.expect_exactly(BUILDING_CARDS)
    fortune = Inventory("fortune card", rule="KOS-1.7")
    fortune.see_all(state.fortune_deck, "$.fortune_deck")
    fortune.see_all(state.fortune_discard, "$.fortune_discard")
    for seat, player in enumerate(state.players):
        fortune.see_all(player.hand, f"$.players[{seat}].hand")
    fortune.expect_exactly(FORTUNE_CARDS)


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
    limit = SETUP[n].pawns_per_player
    placed = [0] * n
    spaces: set[str] = set()
    require(not state.pawns or state.phase in ("placement", "resolution"),
            f"No pawn is out during the {state.phase} phase.", "$.pawns", "KOS-9.4")
    owner_of = {marker.area: marker.owner for marker in state.markers}
    for index, pawn in enumerate(state.pawns):
        path = f"$.pawns[{index}]"
        require(pawn.owner < n, f"Pawn owner {pawn.owner} is not a seat.", f"{path}.owner")
        parsed = parse(pawn.space)
        require(parsed is not None, f"{pawn.space} is not a space of this game.", f"{path}.space", "KOS-4.1")
        assert parsed is not None
        kind, name = parsed
        require(pawn.space not in spaces, f"{pawn.space} holds pawns twice.", f"{path}.space", "KOS-4.3")
        spaces.add(pawn.space)
        if kind == BONUS:
            require(name in bonus_in_play(state), f"The {name} is not in play.", f"{path}.space", "KOS-4.9")
        else:
            require(pawn.count == 1, "Only a bonus space holds more than one pawn.", f"{path}.count", "KOS-4.3")
        if kind == CARD:
            require(name in state.players[pawn.owner].buildings, f"Seat {pawn.owner} does not own {name}.",
                    f"{path}.space", "KOS-4.8")
        other = kind == AREA and owner_of.get(name, pawn.owner) != pawn.owner
        require(pawn.privileged == other, "Exactly the pawns in opponents' areas are High Priest pawns.",
                f"{path}.privileged", "KOS-8.21")
        require(not pawn.privileged or state.players[pawn.owner].privilege_used,
                "A High Priest pawn uses the privilege.", f"{path}.privileged", "KOS-8.22")
        placed[pawn.owner] += pawn.count
    for seat, player in enumerate(state.players):
        require(placed[seat] + player.unplaced <= limit, f"Seat {seat} has {limit} pawns.",
                f"$.players[{seat}].unplaced", "KOS-1.2")
        require(state.phase == "placement" or player.unplaced == 0, "Pawns are placed only during Placement.",
                f"$.players[{seat}].unplaced", "KOS-4.2")


def _turn(state: KosState, n: int) -> None:
    phase = state.phase
    if phase not in TURN_PHASES:
        require(state.active is None, f"Nobody is on turn during {phase}.", "$.active", "KOS-2.2")
    else:
        require(state.active is not None and state.active < n, f"A seat is on turn during {phase}.", "$.active",
                "KOS-2.2")
        assert state.active is not None
    seat = state.active
    if phase == "placement":
        require(state.players[seat].unplaced > 0 and bool(open_spaces(state, seat)),  # type: ignore[index]
                "The placer on turn has a pawn and a space for it.", "$.active", "KOS-4.2")
    elif phase == "resolution":
        first = next((s for s in state.turn_order if pawns_out(state, s)), None)
        require(seat == first, "The resolver is the earliest player in turn order with pawns out.", "$.active",
                "KOS-2.4")
    elif phase == "market":
        require(not state.players[seat].passed, "A player who passed is not on turn.", "$.active",  # type: ignore[index]
                "KOS-7.2")
    elif phase == "round_end":
        owing = any(discard_owed(state, s) for s in range(n))
        require(owing or state.final_round, "The end step waits only for discards or final confirmations.",
                "$.phase", "KOS-9.1")
        require(owing or not all(p.confirmed for p in state.players),
                "Every player confirmed: the game is over.", "$.phase", "KOS-9.2")
    require(bool(empty_sites(state)) or state.final_round or phase in ("building", "round_end", "game_over"),
            "Every site is full: this round is the final one.", "$.final_round", "KOS-10.2")
