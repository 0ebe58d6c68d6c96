"""What a Solenia seat may not know, written from the spec's section 4 (SOL-H.1 to SOL-H.6), not from the
state's markers.

What a seat may not know:

* SOL-H.1: another seat's hand (it sees the hand's size). A hand is dealt from its owner's own 16 cards
  (SOL-1.4 step 5, every colour's deck alike, D-16) and drawn privately (SOL-2.3 step 2, ``card_drawn``
  goes to the drawer only), so for any seat but the owner the owner's hand and deck together could be any
  of the owner's cards not on the board or in its discard pile (SOL-H.2: the contents are worked out from
  the public composition, the order is not).
* SOL-H.2: the order of every personal deck, the seat's own included (its contents it can work out).
* SOL-H.3: the order of the day and the night delivery decks (their counts are public).
* SOL-H.5: the Rival deck of the solo game (SOL-10.1, a count only) and the random source.
* SOL-H.6: the seed (and the service's salt): what is left of every draw (deck orders, the solo die,
  SOL-10.3 step 1) is what nobody may know.

So a ``twin`` for ``viewer``: re-deals each other seat's hand and deck among themselves (the hand keeps
its size, the cards stay that seat's colour), shuffles the viewer's own deck (its hand it keeps), shuffles
both delivery decks and the Rival deck, and draws a new seed and salt. A spectator (None) sees no hand:
every seat's hand and deck are re-dealt. Every count the rules make public stays (hand, deck, delivery
and Rival deck sizes, SOL-H.1 to H.5); every public place stays as it is (SOL-H.4: the board and its
owners, storage, stars, tiles, permanent resources, improvements, discard piles, the displays, the
Rival's discard and the tiles it threw out, the draft's offer).

What the rules show a seat (``disclosed``):

* SOL-2.3 step 2 / SOL-H.1: the cards it draws itself (``card_drawn`` addressed to it);
* SOL-5.6: a display refilled face up from the top of a delivery deck (``display_refilled``), for all;
* SOL-10.3 step 1 / SOL-H.4: the Rival card revealed from the top of the Rival deck and the die roll
  (``rival_card_revealed``), for all.

Nothing else an event carries may differ: a card played is named by the action (SOL-3), the draw's size
is public (``cards_drawn``, SOL-H.1, SOL-H.2). Solenia has no sealed choice (every action is public once
taken, SOL-H.4), so there is no ``alternative``.
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.solenia.state import SoleniaState
from rulesets.testing.noninterference import Secrets, Viewer, redealt, reseeded


def twin(state: SoleniaState, viewer: Viewer, rnd: random.Random) -> SoleniaState:
    for seat, player in enumerate(state.players):
        if seat == viewer:
            rnd.shuffle(player.deck)  # SOL-H.2: its own deck's order is hidden from it too
        else:
            redealt([player.hand, player.deck], rnd)  # SOL-H.1, SOL-H.2
    rnd.shuffle(state.delivery.day_deck)  # SOL-H.3
    rnd.shuffle(state.delivery.night_deck)
    if state.solo is not None:
        rnd.shuffle(state.solo.rival_deck)  # SOL-H.5, SOL-10.1
    reseeded(state, rnd)  # SOL-H.6
    return state


#: SOL-5.6: a refill shows the deck's top tile to all; SOL-10.3 step 1: the Rival card and the roll.
SHOWN_TO_ALL = frozenset({"display_refilled", "rival_card_revealed"})


def disclosed(event: dict[str, Any], viewer: Viewer) -> bool:
    if event["type"] in SHOWN_TO_ALL:
        return True
    return event["type"] == "card_drawn" and viewer is not None and event["player"] == viewer  # SOL-H.1


SECRETS: Secrets[SoleniaState] = Secrets(twin=twin, disclosed=disclosed)
