"""A full Java state sampled from a seat's view (the search's determinization), from spec Part 4.

What the seat cannot see, and what fills it:

* the other seats' festival hands (JAVA-1.5, spec 4.1; their sizes are public) and the order of
  the face-down deck (JAVA-9.2, spec 4.1; its size is public): every festival card (JAVA-1.5,
  the components' list) minus those the view shows, which are the seat's own hand, the face-up
  card (JAVA-9.3), the discard pile (JAVA-9.4) and the cards played into a festival under way
  (JAVA-10.5, played face up). The unseen cards are dealt among those hands and the deck, each
  keeping its count, the deck in random order;
* the random source (JAVA-14.6): a fresh one (core's ``sampling.finished``).

What the rules show about those hands during a festival is kept (JAVA-10.6: eligibility is
public, and no card enters or leaves a hand while a festival is under way, JAVA-9.1): a seat
invited or declining holds a card showing a festival symbol, and a seat with a developer in the
festival's city that was not eligible holds none. Deals that break this are redrawn (rejection,
so the accepted deals are uniform among those the rules allow); after ``REDEALS`` misses the last
deal is kept, a looser sample but still a state the rules load.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from rulesets.core.search import sampling

from .components import CARD_IDS, CARDS
from .land import Land
from .state import JavaState

#: the ruleset's ``load_state``: a state's JSON checked and typed.
Load = Callable[[dict[str, Any]], JavaState]

#: deals tried before one that breaks the festival's public eligibility is accepted anyway.
REDEALS = 64


def determinize(view: dict[str, Any], viewer: int, rnd: random.Random, load: Load) -> JavaState:
    """The view filled in and loaded by ``load`` (the ruleset's ``load_state``)."""
    raw = sampling.opened(view)
    players, cards = raw["players"], raw["cards"]
    festival = raw.get("festival")
    shown = [cards["discard"], [cards["face_up"]] if cards["face_up"] is not None else [],
             *(bid["cards"] for bid in (festival["bids"] if festival else [])),
             *(player["hand"] for player in players if "hand" in player)]
    pool = sampling.unseen(CARD_IDS, *shown)
    holes = [(player, "hand") for player in players if sampling.hole(player, "hand")] + [(cards, "deck")]
    counts = [part[f"{name}_count"] for part, name in holes]
    must, must_not = _eligibility(view, viewer, load) if festival else (set(), set())
    symbols = frozenset(festival["symbols"]) if festival else frozenset()
    for _ in range(REDEALS):
        for (part, name), count in zip(holes, counts):
            part.pop(name, None)
            part[f"{name}_count"] = count
        sampling.deal(pool, rnd, holes)
        if _allowed(players, symbols, must, must_not):
            break
    return load(sampling.finished(raw, rnd))


def _eligibility(view: dict[str, Any], viewer: int, load: Load) -> tuple[set[int], set[int]]:
    """JAVA-10.6: the other seats known to hold a festival symbol (invited, or declined: eligible at the
    declaration, hands unchanged since) and those known to hold none (a developer in the city, not eligible)."""
    festival = view["festival"]
    status = {bid["seat"]: bid["status"] for bid in festival["bids"]}
    must = {seat for seat, said in status.items() if said in ("invited", "declined") and seat != viewer}
    board = load(_with_public_cards_only(view))
    land = Land(board)
    index = next(n for n, palace in enumerate(board.palaces) if list(palace.hex) == list(festival["palace"]))
    in_city = {land.dev[i] for i in land.city_of_palace(index)}
    must_not = {seat for seat in range(len(view["players"]))
                if seat in in_city and seat not in status and seat != viewer}
    return must, must_not


def _with_public_cards_only(view: dict[str, Any]) -> dict[str, Any]:
    """The view as a loadable state for reading the board: hidden cards left out of play entirely would fail
    the card census, so they are put back in a fixed order (only the board is read from it)."""
    raw = sampling.opened(view)
    festival = raw["festival"]
    cards = raw["cards"]
    shown = [cards["discard"], [cards["face_up"]] if cards["face_up"] is not None else [],
             *(bid["cards"] for bid in festival["bids"]), *(p["hand"] for p in raw["players"] if "hand" in p)]
    rest = sampling.unseen(CARD_IDS, *shown)
    for player in raw["players"]:
        if sampling.hole(player, "hand"):
            size = player.pop("hand_count")
            player["hand"], rest = rest[:size], rest[size:]
    del cards["deck_count"]
    cards["deck"] = rest
    return sampling.finished(raw, random.Random(0))


def _allowed(players: list[dict[str, Any]], symbols: frozenset[str], must: set[int], must_not: set[int]) -> bool:
    def matches(seat: int) -> bool:
        return any(CARDS[card] & symbols for card in players[seat]["hand"])
    return all(matches(seat) for seat in must) and not any(matches(seat) for seat in must_not)
