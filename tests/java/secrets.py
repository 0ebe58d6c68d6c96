"""What a Java seat may not know, written from the rules (spec Part 4, JAVA-1.5, 9.x, 10.x), not from the markers.

Secret (spec 4.1, 4.2):

* JAVA-1.5, spec 4.1: each seat's festival-card hand is secret from the other seats (its size is public);
  a spectator sees no hand.
* JAVA-1.5, 9.2, spec 4.1: the order of the face-down deck is secret from everybody (its size is public),
  the seat that draws from it included until it draws.
* JAVA-9.4, 14.6, spec 4.3: every reshuffle of the discard pile comes from the seeded random source, so
  the seed (and the commitment's salt) is nobody's to know: what is left of the draws is the deck's order.

So for a seat, every card neither in its own hand nor face up, in the discard pile or on the festival
table could be any other such card: a twin re-deals the cards of the other seats' hands and of the deck
among those places (each keeping its size, which is public), and takes a new seed and salt. Cards are
unique ids nothing else in the state refers to, so a re-deal is a renaming among the unknown cards.

Shown by the rules (``disclosed``):

* JAVA-9.2, spec 4.2: the card a seat takes goes to its hand, named to it alone (``card_drawn``);
* JAVA-9.3: the card turned face up when the face-up card is taken is everybody's to see
  (``face_up_replaced``), so it may be any card that was in the deck;
* JAVA-10.6: eligibility at a festival's declaration depends on who holds a matching card, and the
  rules make it public: the queue of eligible seats is on the table (``festival_declared``'s
  ``eligible``), and a festival with no eligible co-participant ends at once;
* JAVA-10.11 (spec 4.2: "evident from the players' inability to play"): an automatic tie depends on the
  hands of the players still in; a tie that ends the festival (``festival_resolved`` with ``tie``) is
  what every seat is shown then.

Left out: the state does not say which cards in another seat's hand it took face up (JAVA-9.2: that card
is public knowledge); the twin re-deals those too, a larger set of twins than the rules allow, which is
safe, since the property only gets harder to hold.
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.java.state import JavaState
from rulesets.testing.noninterference import Secrets, Viewer, redealt, reseeded


def twin(state: JavaState, viewer: Viewer, rnd: random.Random) -> JavaState:
    """The other hands and the deck re-dealt among themselves, a new seed and salt."""
    unseen = [player.hand for seat, player in enumerate(state.players) if seat != viewer]
    redealt([*unseen, state.cards.deck], rnd)
    reseeded(state, rnd)
    return state


#: JAVA-9.3: the new face-up card; JAVA-10.6: the eligible seats at a declaration.
SHOWN_TO_ALL = frozenset({"face_up_replaced", "festival_declared"})


def disclosed(event: dict[str, Any], viewer: Viewer) -> bool:
    kind = event["type"]
    if kind == "card_drawn":  # JAVA-9.2: to the taker only
        return viewer is not None and event["player"] == viewer
    if kind == "festival_resolved":  # JAVA-10.11: an automatic tie shows who could play on
        return bool(event["tie"])
    return kind in SHOWN_TO_ALL


SECRETS: Secrets[JavaState] = Secrets(twin=twin, disclosed=disclosed)
