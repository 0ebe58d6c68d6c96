"""A full Kingdom of Solomon state sampled from a seat's view (the search's determinization), from spec 4
and KOS-6.1.

What the seat cannot see, and what fills it:

* the other seats' fortune hands and the fortune deck (KOS-6.1, spec 4 "visible to the holder only" and
  "visible to nobody"): the 32 fortune cards (KOS-1.7) minus every one shown (the seat's own hand and the
  face-up discard pile), dealt by each hand's public size and the deck's;
* the building deck (spec 4 "visible to nobody"): the 20 building cards (KOS-1.7) minus the face-up
  display and every seat's built cards, in a random order;
* the random source (spec 4, random events): a fresh one (core's ``sampling.finished``).

After a reshuffle (KOS-6.7) a seat that remembers it knows the new deck is the former discard pile; the
view keeps no trace of it, so the deck and the other hands share one pool as always (a wider sample, never
a better informed one: ``tests/kingdom_of_solomon/secrets.py`` says the same of its twins).
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.core.search import sampling

from .components import BUILDING_CARDS, FORTUNE_CARDS


def determinize(view: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """The view filled in: the JSON of a full state (the ruleset loads it)."""
    raw = sampling.opened(view)
    players = raw["players"]
    shown_fortune = [raw["fortune_discard"], *(player["hand"] for player in players if "hand" in player)]
    sampling.deal(sampling.unseen(FORTUNE_CARDS, *shown_fortune), rnd,
                  [*((player, "hand") for player in players if sampling.hole(player, "hand")), (raw, "fortune_deck")])
    shown_buildings = [[card for card in raw["display"] if card is not None], *(player["buildings"] for player in players)]
    sampling.deal(sampling.unseen(BUILDING_CARDS, *shown_buildings), rnd, [(raw, "building_deck")])
    return sampling.finished(raw, rnd)
