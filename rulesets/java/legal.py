"""Every action a seat may take now, in canonical form (spec 3.3).

``types`` (the action type names asked for) lets a client skip the thousands of
placements when it asks for something else: each block below runs only when wanted.
"""

from __future__ import annotations

from typing import Any, Callable

from .actions import (BuildPalace, DeclareFestival, EndTurn, EnterDeveloper, ExitDeveloper, ExtendPalace,
                      FestivalBid, FestivalPass, FestivalProposeTie, FestivalTieResponse, MoveDeveloper,
                      PlaceIrrigation, TakeFestivalCard, UseActionToken)
from .board import CENTRAL, EDGE, ENTER_COST, ENTRY_CELLS, ENTRY_REGIONS, EXIT_COST, HEXES, N
from .cards import CARD_AP, CARDS_PER_TURN
from .components import CARDS, PALACE_VALUES
from .developers import entry_space, move_costs
from .festival import bid_of, card_choices, highest, may_propose_tie
from .irrigation import IRRIGATION_AP
from .land import NOBODY, Land
from .palaces import BUILD_AP, EXTEND_AP
from .state import JavaState
from .tiles import any_affordable_placement, placements
from .action_points import RESERVE_AP, ap_left, can_pay, tile_obligation_open


def legal_actions(state: JavaState, player: int, types: frozenset[str] | None) -> list[Any]:
    if state.phase == "game_over":
        return []
    if state.phase == "festival":
        return _festival(state, player, types)
    if player != state.turn.active:
        return []
    return _turn(state, player, types)


def _turn(state: JavaState, seat: int, types: frozenset[str] | None) -> list[Any]:
    turn = Turn(state, seat)
    out: list[Any] = []
    for name, block in BLOCKS:
        if types is None or name in types:
            out.extend(block(turn))
    return out


class Turn:
    """What the blocks of one seat's turn share: the board read once, the placements listed once."""

    __slots__ = ("state", "seat", "left", "_land", "_tiles", "_may_end")

    def __init__(self, state: JavaState, seat: int, land: Land | None = None) -> None:
        self.state, self.seat, self.left = state, seat, ap_left(state)
        self._land: Land | None = land
        self._tiles: list[Any] | None = None
        self._may_end: bool | None = None

    @property
    def land(self) -> Land:
        if self._land is None:
            self._land = Land(self.state)
        return self._land

    def tiles(self) -> list[Any]:
        if self._tiles is None:
            self._tiles = placements(self.state, self.land, self.seat, self.left)
        return self._tiles

    def may_end(self) -> bool:
        """JAVA-3.5.3: the tile obligation is met, or no usable tile can be laid (end_turn and
        declare_festival both ask)."""
        if self._may_end is None:
            if not tile_obligation_open(self.state):
                self._may_end = True
            elif self._tiles is not None:
                self._may_end = not self._tiles
            else:
                self._may_end = not any_affordable_placement(self.state, self.seat, self.left, self.land)
        return self._may_end

    def own_developers(self) -> list[int]:
        dev, seat = self.land.dev, self.seat
        return [i for i in range(N) if dev[i] == seat]


def _token(t: Turn) -> list[Any]:
    me = t.state.players[t.seat]
    return [UseActionToken(player=t.seat)] if me.action_tokens > 0 and not t.state.turn.token_used else []


def _enter(t: Turn) -> list[Any]:
    return [entry for i in entry_spaces(t) for entry in entries_at(t, i)]


def entry_spaces(t: Turn) -> list[int]:
    """JAVA-5.1: the free land spaces a developer from the supply may come in on (none when the supply is empty)."""
    if t.state.players[t.seat].developer_supply == 0:
        return []
    land = t.land
    return [i for i in ENTRY_CELLS if entry_space(land, i) and land.is_land(i) and land.dev[i] == NOBODY]


def entries_at(t: Turn, i: int) -> list[Any]:
    """Every affordable way in on entry space ``i`` (JAVA-5.2)."""
    return _by_region(EnterDeveloper, "to", t.state, i, ENTER_COST, t.seat)


def _exit(t: Turn) -> list[Any]:
    land, out = t.land, []
    for i in t.own_developers():
        if entry_space(land, i):
            out.extend(_by_region(ExitDeveloper, "from_", t.state, i, EXIT_COST, t.seat))
    return out


def moves_from(t: Turn, i: int) -> list[Any]:
    """Every move of the developer standing on space ``i`` (JAVA-6)."""
    land, state, seat = t.land, t.state, t.seat
    within = t.left - RESERVE_AP if tile_obligation_open(state) else t.left  # dearer: can_pay refuses it
    return [MoveDeveloper(player=seat, from_=HEXES[i], to=HEXES[j])
            for j, cost in sorted(move_costs(land, i, seat, max(within, 0)).items())
            if j != i and land.dev[j] == NOBODY and can_pay(state, cost)]


def _moves(t: Turn) -> list[Any]:
    return [move for i in t.own_developers() for move in moves_from(t, i)]


def _build(t: Turn) -> list[Any]:
    return _builds(t.state, t.land, t.seat) if can_pay(t.state, BUILD_AP) else []


def _extend(t: Turn) -> list[Any]:
    return _extensions(t.state, t.land, t.seat) if can_pay(t.state, EXTEND_AP) else []


def _irrigate(t: Turn) -> list[Any]:
    state = t.state
    if state.supply.irrigation == 0 or not can_pay(state, IRRIGATION_AP):
        return []
    land = t.land
    return [PlaceIrrigation(player=t.seat, hex=HEXES[i]) for i in range(N)
            if CENTRAL[i] and not EDGE[i] and land.level[i] == 0 and not land.pond[i]]


def _card(t: Turn) -> list[Any]:
    state, out = t.state, []
    if state.turn.cards_taken < CARDS_PER_TURN and can_pay(state, CARD_AP):
        if state.cards.face_up is not None:
            out.append(TakeFestivalCard(player=t.seat, source="face_up"))
        if state.cards.deck or state.cards.discard:
            out.append(TakeFestivalCard(player=t.seat, source="deck"))
    return out


def _end(t: Turn) -> list[Any]:
    return [EndTurn(player=t.seat)] if t.may_end() else []


def _declare(t: Turn) -> list[Any]:
    return _festivals(t.state, t.land, t.seat) if t.may_end() else []


#: a turn's action types in the order the legal list gives them, each with the block that lists them.
BLOCKS: tuple[tuple[str, Callable[[Turn], list[Any]]], ...] = (
    ("use_action_token", _token), ("place_tile", Turn.tiles), ("enter_developer", _enter),
    ("exit_developer", _exit), ("move_developer", _moves), ("build_palace", _build),
    ("extend_palace", _extend), ("place_irrigation", _irrigate), ("take_festival_card", _card),
    ("end_turn", _end), ("declare_festival", _declare))


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
    out: list[Any] = []
    for group in land.members().values():
        if len(group) < 2 or seat not in [land.dev[i] for i in group] or land.palaces_in(group) \
                or land.sole_highest(group) != seat:
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
