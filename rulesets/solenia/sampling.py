"""A full Solenia state sampled from a seat's view (the search's determinization), from SOL-H.1 to SOL-H.6.

What the seat cannot see, and what fills it:

* each seat's hand and deck (another seat's hand, SOL-H.1; every deck's order, the seat's own
  included, SOL-H.2): that colour's 16 cards (D-16) minus those the view shows of it (the
  hand when it is the viewer's, its discard pile, its cards on the board);
* the day and night delivery decks (SOL-H.3): that kind's tiles minus every one shown (the
  displays, every seat's slots and extra tiles, the tiles the Rival threw out);
* the solo Rival deck (SOL-H.5, SOL-10.1): the Rival colour's cards minus its discard and its
  cards on the board;
* the random source (SOL-H.6): a fresh one (core's ``sampling.finished``).
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.core.search import sampling

from .components import TILES_BY_KIND, deck_of
from .state import RIVAL


def determinize(view: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """The view filled in: the JSON of a full state (the ruleset loads it)."""
    raw = sampling.opened(view)
    on_board = raw["board"]["cards"]
    for seat, player in enumerate(raw["players"]):
        shown = [player.get("hand", []), player["discard"], [c["card"] for c in on_board if c["owner"] == seat]]
        holes = [(player, name) for name in ("hand", "deck") if sampling.hole(player, name)]
        sampling.deal(sampling.unseen(deck_of(player["color"]), *shown), rnd, holes)
    delivery = raw["delivery"]
    placed = [tile for player in raw["players"]
              for tile in [*player["day_slots"], *player["night_slots"], *player["extra_tiles"]] if tile is not None]
    placed += delivery["discarded"] + delivery["day_display"] + delivery["night_display"]
    for kind in ("day", "night"):
        tiles = TILES_BY_KIND[kind]
        ours = frozenset(tiles)
        sampling.deal(sampling.unseen(tiles, [tile for tile in placed if tile in ours]), rnd,
                      [(delivery, f"{kind}_deck")])
    solo = raw.get("solo")
    if solo is not None:
        shown_rival = [solo["rival_discard"], [c["card"] for c in on_board if c["owner"] == RIVAL]]
        sampling.deal(sampling.unseen(deck_of(solo["rival_color"]), *shown_rival), rnd, [(solo, "rival_deck")])
    return sampling.finished(raw, rnd)
