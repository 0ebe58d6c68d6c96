"""Hand-built Solenia positions for the rule tests.

Each helper rearranges a real set-up state without creating or destroying
components (cards move between deck, hand and board; tiles between deck and
display), so rule code sees the same kind of state a game produces. Terrain is
looked up from the component data rather than hard-coded, so the tests survive
an audit of the ASSUMED strip layouts.
"""

from __future__ import annotations

from typing import Any, Callable

import msgspec

from rulesets.core import RulesetError, to_builtins
from rulesets.solenia import RULESET
from rulesets.solenia.board import ALL_SPACES, terrain
from rulesets.solenia.components import CARDS, COLORS, HAND_SIZE, TILES, Terrain, card_id
from rulesets.solenia.state import BoardCard, SoleniaState
from rulesets.testing import ANY, Scenario

R = RULESET
#: the kit's helpers bound to Solenia; the functions below keep this folder's calling style.
GAME: Scenario[SoleniaState] = Scenario(RULESET)


def new(players: int = 2, seed: Any = "scenario", **options: Any) -> SoleniaState:
    return GAME.new(players, seed, **options)


def checked(state: SoleniaState) -> SoleniaState:
    """The state through ``load_state`` (a hand-built position must be one the referee accepts)."""
    return GAME.checked(state)


def cid(state: SoleniaState, seat: int, n: int) -> str:
    return card_id(state.players[seat].color, n)


def first_card(value: int, activation_type: str | None = None, **activation: Any) -> int:
    """The printed number of the first card with this value (and activation)."""
    for card in CARDS.values():
        if card.color != COLORS[0] or card.value != value:
            continue
        printed = to_builtins(card.activation)
        if activation_type and printed["type"] != activation_type:
            continue
        if all(printed.get(k) == v for k, v in activation.items()):
            return card.n
    raise LookupError((value, activation_type, activation))


def printed_cost(tile: str) -> dict[str, int]:
    """A tile's printed cost as {resource: amount}, every resource named."""
    return msgspec.structs.asdict(TILES[tile].cost)


def _take(state: SoleniaState, seat: int, card: str) -> None:
    player = state.players[seat]
    for pile in (player.hand, player.deck, player.discard):
        if card in pile:
            pile.remove(card)
            return
    raise LookupError(card)


def give(state: SoleniaState, seat: int, *numbers: int) -> list[str]:
    """Put these cards in the seat's hand, topped up from its deck to the usual hand size."""
    player = state.players[seat]
    wanted = [cid(state, seat, n) for n in numbers]
    for card in wanted:
        _take(state, seat, card)
    player.deck[:0] = player.hand
    keep = max(0, HAND_SIZE - len(wanted))
    player.hand[:] = wanted + player.deck[:keep]
    del player.deck[:keep]
    return wanted


def put(state: SoleniaState, seat: int, n: int, col: int, row: int) -> str:
    """Place one of the seat's cards (from its deck) on the board."""
    card = cid(state, seat, n)
    _take(state, seat, card)
    state.board.cards.append(BoardCard(card=card, owner=seat, col=col, row=row))
    return card


def stock(state: SoleniaState, seat: int, **amounts: int) -> None:
    storage = state.players[seat].storage
    for resource in ("wood", "wheat", "stone", "water"):
        setattr(storage, resource, amounts.get(resource, 0))


def show(state: SoleniaState, kind: str, *tiles: str) -> None:
    """Make a display exactly these tiles (in this order); the rest go to the top of the deck."""
    d = state.delivery
    display = d.day_display if kind == "day" else d.night_display
    deck = d.day_deck if kind == "day" else d.night_deck
    for tile in tiles:
        if tile in deck:
            deck.remove(tile)
        elif tile in display:
            display.remove(tile)
    deck[:0] = display
    display[:] = list(tiles)


def spaces(state: SoleniaState, predicate: Callable[[Terrain], bool]) -> list[tuple[int, int]]:
    taken = {(c.col, c.row) for c in state.board.cards}
    return [s for s in ALL_SPACES if s not in taken and predicate(terrain(state, *s))]


def action(type_: str, player: int, **params: Any) -> dict[str, Any]:
    return {"type": type_, "player": player, **params}


def play(state: SoleniaState, player: int, card: str, col: int, row: int,
         **params: Any) -> tuple[SoleniaState, list[dict[str, Any]]]:
    """Play ``card`` onto (col, row): the next state and its events in wire form."""
    return GAME.play(state, action("play_card", player, card=card, space={"col": col, "row": row}, **params))


def refused(state: SoleniaState, act: dict[str, Any], code: str, rule: str | None = ANY) -> RulesetError:
    return GAME.refused(state, act, code, rule)


def state_refused(raw: Any, path: str, code: str = "invalid_state") -> Any:
    """``load_state(raw)`` is refused with ``code`` at ``path``; the refusal."""
    return GAME.state_refused(raw, path, code)


def seen(events: list[Any], seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` (None: a spectator) may see, in wire form."""
    return GAME.seen(events, seat)


def listed(state: SoleniaState, player: int) -> list[dict[str, Any]]:
    return [to_builtins(a) for a in R.legal_actions(state, player)]


def events_of(events: list[Any], kind: str) -> list[dict[str, Any]]:
    """The events of one type, in their wire form (what a client reads)."""
    return [e for e in to_builtins(events) if e["type"] == kind]


def kinds_of(events: list[Any]) -> list[str]:
    return [e["type"] for e in to_builtins(events)]


def fill(state: SoleniaState, seat: int, *slot_ids: str) -> list[str]:
    """Fill winter slots with tiles from the decks, keeping the derived fields right."""
    from rulesets.solenia.components import WINTER_SLOT_BY_ID
    from rulesets.solenia.improvements import derive_active
    from rulesets.solenia.state import Permanent
    from rulesets.solenia.storage import capacity_of
    from rulesets.solenia.winter import derive_permanents

    player = state.players[seat]
    placed = []
    for slot_id in slot_ids:
        slot = WINTER_SLOT_BY_ID[slot_id]
        deck = state.delivery.day_deck if slot.row == "day" else state.delivery.night_deck
        tile = deck.pop()
        (player.day_slots if slot.row == "day" else player.night_slots)[slot.index] = tile
        placed.append(tile)
    used = {p.id for p in player.permanent if p.used_this_turn}
    player.permanent = [Permanent(id=i, resource=r, used_this_turn=i in used) for i, r in derive_permanents(player)]
    player.improvements.active = derive_active(player.improvements, player.day_slots, player.night_slots)
    player.capacity = capacity_of(state.options, player)
    return placed
