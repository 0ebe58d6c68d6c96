"""Every action a seat may take now, in canonical form (spec 3.3).

``types`` (the action type names asked for) lets a client skip the thousands of
placements when it asks for something else: each block below runs only when wanted.
"""

from __future__ import annotations

from typing import Any

from .actions import (BuildPalace, DeclareFestival, EndTurn, EnterDeveloper, ExitDeveloper, ExtendPalace,
                      FestivalBid, FestivalPass, FestivalProposeTie, FestivalTieResponse, MoveDeveloper,
                      PlaceIrrigation, TakeFestivalCard, UseActionToken)
from .board import CENTRAL, EDGE, ENTER_COST, ENTRY_REGIONS, EXIT_COST, HEXES, N
from .cards import CARD_AP, CARDS_PER_TURN
from .components import CARDS, PALACE_VALUES
from .developers import entry_space, move_costs
from .festival import bid_of, card_choices, highest, may_propose_tie
from .irrigation import IRRIGATION_AP
from .land import NOBODY, Land
from .palaces import BUILD_AP, EXTEND_AP
from .state import JavaState
from .tiles import any_affordable_placement, placements
from .action_points import ap_left, can_pay, tile_obligation_open


def legal_actions(state: JavaState, player: int, types: frozenset[str] | None) -> list[Any]:
    if state.phase == "game_over":
        return []
    if state.phase == "festival":
        return _festival(state, player, types)
    if player != state.turn.active:
        return []
    return _turn(state, player, types)


def _turn(state: JavaState, seat: int, types: frozenset[str] | None) -> list[Any]:
    def want(name: str) -> bool:
        return types is None or name in types

    out: list[Any] = []
    lazy = _LazyLand(state)
    left = ap_left(state)
    me = state.players[seat]
    turn = state.turn
    if want("use_action_token") and me.action_tokens > 0 and not turn.token_used:
        out.append(UseActionToken(player=seat))
    tiles = None
    if want("place_tile"):
        tiles = placements(state, lazy.get(), seat, left)
        out.extend(tiles)
    if want("enter_developer") and me.developer_supply > 0:
        land = lazy.get()
        for i in range(N):
            if entry_space(land, i) and land.is_land(i) and land.dev[i] == NOBODY:
                out.extend(_by_region(EnterDeveloper, "to", state, i, ENTER_COST, seat))
    if want("exit_developer"):
        land = lazy.get()
        for i in range(N):
            if land.dev[i] == seat and entry_space(land, i):
                out.extend(_by_region(ExitDeveloper, "from_", state, i, EXIT_COST, seat))
    if want("move_developer"):
        land = lazy.get()
        for i in range(N):
            if land.dev[i] == seat:
                for j, cost in sorted(move_costs(land, i, seat).items()):
                    if j != i and land.dev[j] == NOBODY and can_pay(state, cost):
                        out.append(MoveDeveloper(player=seat, from_=HEXES[i], to=HEXES[j]))
    if want("build_palace") and can_pay(state, BUILD_AP):
        out.extend(_builds(state, lazy.get(), seat))
    if want("extend_palace") and can_pay(state, EXTEND_AP):
        out.extend(_extensions(state, lazy.get(), seat))
    if want("place_irrigation") and state.supply.irrigation > 0 and can_pay(state, IRRIGATION_AP):
        land = lazy.get()
        for i in range(N):
            if CENTRAL[i] and not EDGE[i] and land.level[i] == 0 and not land.pond[i]:
                out.append(PlaceIrrigation(player=seat, hex=HEXES[i]))
    if want("take_festival_card") and turn.cards_taken < CARDS_PER_TURN and can_pay(state, CARD_AP):
        if state.cards.face_up is not None:
            out.append(TakeFestivalCard(player=seat, source="face_up"))
        if state.cards.deck or state.cards.discard:
            out.append(TakeFestivalCard(player=seat, source="deck"))
    if want("end_turn") or want("declare_festival"):
        may_end = not tile_obligation_open(state) or not (
            tiles if tiles is not None else any_affordable_placement(state, seat, left))
        if may_end and want("end_turn"):
            out.append(EndTurn(player=seat))
        if may_end and want("declare_festival"):
            out.extend(_festivals(state, lazy.get(), seat))
    return out


class _LazyLand:
    """The state's Land, read only when an asked-for type needs the board."""

    __slots__ = ("_state", "_land")

    def __init__(self, state: JavaState) -> None:
        self._state = state
        self._land: Land | None = None

    def get(self) -> Land:
        if self._land is None:
            self._land = Land(self._state)
        return self._land


def _by_region(kind: type, field: str, state: JavaState, i: int, table: dict[str, int], seat: int) -> list[Any]:
    """The cheapest way in (or out) with ``via`` left out, and each dearer region named."""
    regions = ENTRY_REGIONS[i]
    cheapest = min(table[r] for r in regions)
    out = []
    if can_pay(state, cheapest):
        out.append(kind(player=seat, **{field: HEXES[i]}))
    for region in regions:
        if table[region] != cheapest and can_pay(state, table[region]):
            out.append(kind(player=seat, via=region, **{field: HEXES[i]}))
    return out


def _builds(state: JavaState, land: Land, seat: int) -> list[Any]:
    labels = land.groups()
    members: dict[int, list[int]] = {}
    for i in range(N):
        if labels[i] != NOBODY:
            members.setdefault(labels[i], []).append(i)
    out: list[Any] = []
    for group in members.values():
        if len(group) < 2 or land.palaces_in(group) or land.sole_highest(group) != seat:
            continue
        values = [v for v in PALACE_VALUES if v <= len(group) and state.supply.palaces.get(str(v), 0) > 0]
        for i in sorted(group, key=lambda c: HEXES[c]):
            if land.dev[i] == NOBODY:
                out.extend(BuildPalace(player=seat, hex=HEXES[i], value=v) for v in values)
    return out


def _extensions(state: JavaState, land: Land, seat: int) -> list[Any]:
    changed = {tuple(h) for h in state.turn.palaces_changed}
    out: list[ExtendPalace] = []
    for n, palace in enumerate(state.palaces):
        if tuple(palace.hex) in changed:
            continue
        city = land.city_of_palace(n)
        if land.sole_highest(city) != seat:
            continue
        for v in PALACE_VALUES:
            if palace.values[-1] < v <= len(city) and state.supply.palaces.get(str(v), 0) > 0:
                out.append(ExtendPalace(player=seat, palace=palace.hex, value=v))
    return out


def _festivals(state: JavaState, land: Land, seat: int) -> list[Any]:
    face_up = state.cards.face_up
    if face_up is None:
        return []
    symbols = sorted(CARDS[face_up])
    plays = list(card_choices(state.players[seat].hand, symbols))
    if not plays:
        return []
    out: list[DeclareFestival] = []
    for n, palace in enumerate(state.palaces):
        if palace.front_up and any(land.dev[i] == seat for i in land.city_of_palace(n)):
            out.extend(DeclareFestival(player=seat, palace=palace.hex, cards=cards) for cards, _ in plays)
    return out


def _festival(state: JavaState, seat: int, types: frozenset[str] | None) -> list[Any]:
    festival = state.festival
    if festival is None or seat != festival.to_act:
        return []

    def want(name: str) -> bool:
        return types is None or name in types

    bid = bid_of(festival, seat)
    plays = card_choices(state.players[seat].hand, festival.symbols)
    out: list[Any] = []
    if festival.stage == "tie_vote":
        vote = festival.tie_vote
        assert vote is not None
        if want("festival_tie_response"):
            out.append(FestivalTieResponse(player=seat, accept=True))
            out.extend(FestivalTieResponse(player=seat, accept=False, cards=cards)
                       for cards, value in plays if bid.total + value > vote.total)
        return out
    top = highest(festival)
    raising = festival.stage == "raising"
    if want("festival_bid"):
        others = {b.total for b in festival.bids if b.status == "in" and b.seat != seat}
        for cards, value in plays:
            total = bid.total + value
            if total >= top:
                out.append(FestivalBid(player=seat, cards=cards))
                if raising and total in others:
                    out.append(FestivalBid(player=seat, cards=cards, propose_tie=True))
    if want("festival_pass"):
        out.append(FestivalPass(player=seat))
    if raising and want("festival_propose_tie") and may_propose_tie(festival, seat, bid.total):
        out.append(FestivalProposeTie(player=seat))
    return out


__all__ = ["legal_actions"]
