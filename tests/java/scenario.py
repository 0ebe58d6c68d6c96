"""Hand-built Java positions for the rule tests.

Helpers lay tiles, developers, palaces and irrigation straight into a real set-up
state, taking each component from its supply (so the state stays consistent: every
helper ends by loading the state through ``check_consistency``). Hexes are chosen
from the board data (interior, edge, outer) rather than hard-coded where it matters.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import IllegalAction, RulesetError
from rulesets.java import RULESET as R
from rulesets.java.board import CENTRAL, EDGE, ENTRY_REGIONS, HEXES, INDEX, NEIGHBORS, PRINTED_POND, key
from rulesets.java.components import CARDS
from rulesets.java.state import JavaState, Palace, PlacedTile, Space
from rulesets.testing import ANY, Scenario

__all__ = ["R", "new", "lay", "dev", "palace", "pond", "act", "refused", "checked", "give_cards", "HEXES", "INDEX",
           "CENTRAL", "EDGE", "NEIGHBORS", "ENTRY_REGIONS", "PRINTED_POND", "cards_with", "no_ap_limit"]


#: the kit's helpers bound to Java; the functions below keep this folder's calling style (the
#: acting player defaults to the active one).
GAME: Scenario[JavaState] = Scenario(R)


def new(players: int = 2, seed: Any = "scenario", **options: Any) -> JavaState:
    return GAME.new(players, seed, **options)


def checked(state: JavaState) -> JavaState:
    """The state through the consistency checks (a scenario must be a state the referee accepts)."""
    return GAME.checked(state)


def lay(state: JavaState, kind: str, hexes: list[tuple[int, int]], village: tuple[int, int] | None = None,
        by: int = 0) -> int:
    """A land tile laid directly (no rules), taken from its supply; returns its id."""
    hexes = sorted(tuple(h) for h in hexes)
    if kind == "triple":
        state.supply.triple -= 1
    else:
        tiles = state.players[by].tiles
        setattr(tiles, kind, getattr(tiles, kind) - 1)
    if kind == "single_village":
        village = hexes[0]
    if kind == "single_rice":
        village = None
    levels = {len(state.spaces.get(key(h), Space(stack=[])).stack) for h in hexes}
    assert len(levels) == 1, "scenario tiles lie flat"
    tile_id = max((t.id for t in state.placed_tiles), default=0) + 1
    state.placed_tiles.append(PlacedTile(id=tile_id, type=kind, hexes=hexes, village=village,
                                         level=levels.pop() + 1, placed_by=by))
    for h in hexes:
        state.spaces.setdefault(key(h), Space(stack=[])).stack.append(tile_id)
    return tile_id


def dev(state: JavaState, h: tuple[int, int], seat: int) -> None:
    state.players[seat].developer_supply -= 1
    state.spaces[key(h)].developer = seat


def palace(state: JavaState, h: tuple[int, int], *values: int, front_up: bool = True) -> None:
    for v in values:
        state.supply.palaces[str(v)] -= 1
    state.palaces.append(Palace(hex=h, values=list(values), front_up=front_up))


def pond(state: JavaState, h: tuple[int, int]) -> None:
    state.supply.irrigation -= 1
    state.irrigation_tiles.append(h)


def cards_with(*symbols: str, exact: bool = True) -> list[str]:
    wanted = set(symbols)
    return sorted(c for c, s in CARDS.items() if (s == wanted if exact else wanted <= s))


def give_cards(state: JavaState, seat: int, cards: list[str]) -> None:
    """Move these cards (from wherever they are) into the seat's hand."""
    for card in cards:
        for player in state.players:
            if card in player.hand:
                player.hand.remove(card)
        if card in state.cards.deck:
            state.cards.deck.remove(card)
        if card in state.cards.discard:
            state.cards.discard.remove(card)
        if state.cards.face_up == card:
            state.cards.face_up = state.cards.deck.pop(0)
        state.players[seat].hand.append(card)


def set_face_up(state: JavaState, card: str) -> None:
    for player in state.players:
        if card in player.hand:
            player.hand.remove(card)
            player.hand.append(state.cards.face_up)
            state.cards.face_up = card
            return
    state.cards.deck.remove(card)
    state.cards.deck.append(state.cards.face_up)
    state.cards.face_up = card


def no_ap_limit(state: JavaState) -> None:
    """A turn that has placed its tile (so the 1-AP reserve does not apply)."""
    state.turn.land_tile_placed = True


def _by(state: JavaState, action: dict[str, Any]) -> dict[str, Any]:
    """The action, played by the active player unless it names one."""
    return {"player": state.turn.active, **action}


def act(state: JavaState, action: dict[str, Any]) -> tuple[JavaState, list[dict[str, Any]]]:
    """Apply ``action``; the next state (one the referee accepts) and the events in their wire form."""
    after, events = GAME.play(state, _by(state, action))
    checked(after)
    return after, events


def refused(state: JavaState, action: dict[str, Any], code: str, rule: str | None = ANY) -> RulesetError:
    return GAME.refused(state, _by(state, action), code, rule)


__all__ += ["set_face_up", "IllegalAction"]


def set_hands(state: JavaState, hands: dict[int, list[str]], face_up: str | None = None) -> None:
    """Exactly these hands (other cards go to the bottom of the deck), and this face-up card."""
    wanted = {c for cards in hands.values() for c in cards} | ({face_up} if face_up else set())
    for player in state.players:
        state.cards.deck.extend(c for c in player.hand if c not in wanted)
        player.hand = [c for c in player.hand if c in wanted]
    if face_up is not None and state.cards.face_up != face_up:
        old = state.cards.face_up
        state.cards.face_up = None
        state.cards.deck.append(old)
        for player in state.players:
            if face_up in player.hand:
                player.hand.remove(face_up)
        if face_up in state.cards.deck:
            state.cards.deck.remove(face_up)
        state.cards.face_up = face_up
    for seat, cards in hands.items():
        for card in cards:
            for player in state.players:
                if card in player.hand:
                    player.hand.remove(card)
            if card in state.cards.deck:
                state.cards.deck.remove(card)
            state.players[seat].hand.append(card)


#: a triangle far from the test areas, where the spare triples are stacked.
SPARE = [(-4, 6), (-3, 6), (-3, 5)]


def use_up_triples(state: JavaState, leave: int = 0) -> None:
    """Lay all but ``leave`` triples of the supply on the spare triangle (rules not applied)."""
    while state.supply.triple > leave:
        lay(state, "triple", SPARE, SPARE[0])


__all__ += ["set_hands", "use_up_triples", "SPARE"]
