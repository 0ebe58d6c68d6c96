"""What a Golden City seat may not know, written from the spec (spec section 4, GC-1, GC-3, GC-4, GC-6,
GC-10, GC-12, GC-13), not from the state's secrecy markers.

Hidden, by the spec's table of section 4 and the rules it cites:

* the landscape cards in another seat's hand (spec 4: "owner only; everyone sees the count"), including
  the random start card of GC-1.6 and a card drawn as a reward (GC-6.2);
* the order of the landscape deck (spec 4, GC-12.1: face down, its size public);
* the order of the goods deck (spec 4, GC-1.3: face down, size public);
* the order of the bonus deck and the bonus cards another seat holds (GC-1.2, GC-6.4, D-7: known to
  the owner only until final scoring, the count public);
* the faces of the scoring deck (GC-1.7, spec 4: faces hidden, but the back of every remaining card is
  public, since the stack order by back is fixed);
* the seed and the salt (GC-13.1: chance comes from the service, clients never choose it).

So for a seat, every landscape card it does not hold and that lies in another hand or in the deck could
be any other such card: a twin re-deals them among those places, each keeping its size (hand counts are
public). Landscape cards of one type are interchangeable (spec 3.1, section 5.1), so re-dealing them is
re-dealing types. A twin shuffles the goods deck, re-deals the other seats' bonus cards and the bonus
deck among themselves (while they are secret), shuffles the scoring deck within each back, and changes
the seed and salt. It keeps everything the rules make public: the board, the pairs, markers and price
(GC-4.1, GC-4.3), the discard pile (GC-12.1, D-19), goods display and goods held (GC-6.5), keys, coins,
VP (D-19), the scoring card and the removed ones (GC-3.1), and the seat's own hand and bonus cards.

A spectator (``None``) sees only what is public: every hand and every seat's bonus cards are re-dealt.

The rules show a seat (``disclosed``): the scoring card turned up (GC-3.1, ``scoring_card_revealed``),
the pairs dealt face up from the deck (GC-4.1, ``pairs_dealt``), the goods display refilled face up
(GC-6.5, ``goods_refilled``), the landscape card it draws itself
(GC-6.2, ``card_drawn``), the bonus card it draws itself (GC-6.4, ``bonus_drawn``), and every seat's
bonus cards at final scoring (GC-10.3, ``bonus_revealed``). Nothing in this game is a sealed choice:
bids, builds, payments and discards are made in the open (GC-4.5, GC-5.3, GC-9.1), so there is no
``alternative``.
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.golden_city.components import SCORING_CARDS
from rulesets.golden_city.state import GoldenCityState, bonus_revealed
from rulesets.testing.noninterference import Secrets, Viewer, redealt, reseeded


def others(state: GoldenCityState, viewer: Viewer) -> list[int]:
    """The seats whose hands and bonus cards ``viewer`` does not see (all of them for a spectator)."""
    return [seat for seat in range(len(state.players)) if seat != viewer]


def twin(state: GoldenCityState, viewer: Viewer, rnd: random.Random) -> GoldenCityState:
    hidden = others(state, viewer)
    # Spec 4, GC-1.6, GC-6.2, GC-12.1: other hands and the deck's order.
    redealt([state.players[seat].hand for seat in hidden] + [state.landscape_deck], rnd)
    # Spec 4, GC-1.3: the goods deck's order (the display is face up).
    rnd.shuffle(state.goods_deck)
    # GC-1.2, GC-6.4, D-7: other seats' bonus cards and the bonus deck, until final scoring (GC-10.3).
    if not bonus_revealed(state):
        redealt([state.players[seat].bonus for seat in hidden] + [state.bonus_deck], rnd)
    # GC-1.7, spec 4: the faces of the scoring deck, each back among itself (the backs' order is public).
    backs: dict[int, list[int]] = {}
    for index, card in enumerate(state.scoring_deck):
        backs.setdefault(SCORING_CARDS[card].back, []).append(index)
    for places in backs.values():
        faces = [state.scoring_deck[i] for i in places]
        rnd.shuffle(faces)
        for i, card in zip(places, faces):
            state.scoring_deck[i] = card
    reseeded(state, rnd)  # GC-13.1
    return state


#: GC-3.1 the scoring card turned up; GC-4.1 the pairs dealt face up; GC-10.3 bonus cards shown at the end.
SHOWN_TO_ALL = frozenset({"scoring_card_revealed", "pairs_dealt", "goods_refilled", "bonus_revealed"})
#: GC-6.2 a landscape card drawn, GC-6.4 a bonus card drawn: shown to the drawer.
SHOWN_TO_DRAWER = frozenset({"card_drawn", "bonus_drawn"})


def disclosed(event: dict[str, Any], viewer: Viewer) -> bool:
    kind = event["type"]
    return kind in SHOWN_TO_ALL or (kind in SHOWN_TO_DRAWER and viewer is not None and event["player"] == viewer)


SECRETS: Secrets[GoldenCityState] = Secrets(twin=twin, disclosed=disclosed)
