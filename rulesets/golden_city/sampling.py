"""A full Golden City state sampled from a seat's view (the search's determinization), from spec section 4.

What the seat cannot see, and what fills it:

* other seats' hands and the landscape deck (spec 4, GC-1.6, GC-6.2, GC-12.1): the landscape
  cards minus those shown (the seat's own hand, the discard pile, the pairs on offer);
* the goods deck (GC-1.3, GC-6.5): the goods cards minus the display and every seat's goods;
* other seats' bonus cards and the bonus deck while they are secret (GC-1.2, GC-6.4, D-7): the
  bonus cards minus the seat's own and the face-up display;
* the scoring deck's faces (GC-1.7): the stacks' order by back is public, so each back's
  unseen cards (minus the card showing and the removed ones) are shuffled within that back,
  the backs in the stack order;
* the random source (GC-13.1): a fresh one (core's ``sampling.finished``).
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.core.search import sampling

from .components import BONUS_CARDS, GOODS_CARDS, LANDSCAPE_CARDS, SCORING_CARDS, SCORING_STACK_ORDER


def determinize(view: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """The view filled in: the JSON of a full state (the ruleset loads it)."""
    raw = sampling.opened(view)
    players = raw["players"]
    auction = raw.get("auction") or {"pairs": []}
    shown_cards = [raw["landscape_discard"], *auction["pairs"], *(p.get("hand", []) for p in players)]
    sampling.deal(sampling.unseen(LANDSCAPE_CARDS, *shown_cards), rnd,
                  [(p, "hand") for p in players if sampling.hole(p, "hand")] + [(raw, "landscape_deck")])
    sampling.deal(sampling.unseen(GOODS_CARDS, raw["goods_display"], *(p["goods"] for p in players)), rnd,
                  [(raw, "goods_deck")])
    if sampling.hole(raw, "bonus_deck"):
        shown_bonus = [raw["bonus_display"], *(p["bonus"] for p in players if "bonus" in p)]
        sampling.deal(sampling.unseen(BONUS_CARDS, *shown_bonus), rnd,
                      [(p, "bonus") for p in players if sampling.hole(p, "bonus")] + [(raw, "bonus_deck")])
    _scoring_deck(raw, rnd)
    return sampling.finished(raw, rnd)


def _scoring_deck(raw: dict[str, Any], rnd: random.Random) -> None:
    """GC-1.7: each back's unseen faces shuffled among that back's places; the backs stay in the stack order."""
    shown = [raw["scoring_removed"], [raw["scoring_card"]] if raw["scoring_card"] is not None else []]
    deck: list[str] = []
    for back in SCORING_STACK_ORDER:
        faces = sampling.unseen(sorted(card for card, data in SCORING_CARDS.items() if data.back == back),
                                *([card for card in place if SCORING_CARDS[card].back == back] for place in shown))
        rnd.shuffle(faces)
        deck += faces
    if len(deck) != raw["scoring_deck_count"]:
        raise sampling.UnseenPoolMismatch(f"the scoring deck counts {raw['scoring_deck_count']} cards; "
                                          f"{len(deck)} are unseen")
    del raw["scoring_deck_count"]
    raw["scoring_deck"] = deck
