"""What a Kingdom of Solomon seat may not know, written from the rules spec (KOS-6, spec 4), not from the markers.

Kept from a seat:

* KOS-6.1 and spec 4 ("visible to the holder only"): which fortune cards another seat holds; how many it
  holds is public.
* Spec 4 ("visible to nobody"): the order of the building deck and of the fortune deck (KOS-1.7); their
  sizes are public. What is in the fortune deck is whatever is neither in the seat's hand, on the face-up
  discard pile nor in another hand, so the deck and the other hands share one pool of unknown cards.
* Spec 4 (random events, all from the seed): the seed and salt, which decide every later draw, reshuffle
  (KOS-6.7) and refill (KOS-9.3).

So a twin for a seat re-deals the fortune cards of the other hands and of the fortune deck among those
places, each keeping its size (the seat's own hand and the discard pile stay), shuffles the building deck,
and draws a new seed and salt. A spectator (None) holds nothing: every hand is re-dealt with the deck.

Shown by the rules (``disclosed``):

* KOS-5.9, 5.13, 6.1 and spec 4: the cards a seat draws, to that seat (``fortune_card_drawn``);
* KOS-9.3: the display refilled face up from the top of the building deck, to all (``display_refilled``);
* KOS-10.4 and 6.8: final scoring counts each fortune card still in hand, and its totals are public
  (``game_ended``). Once the game is over (its status carries those scores) a twin renames the unknown cards
  only among cards of one ``end_vp``, so every seat's total stays what the rules announced.

What a seat learns of a card it plays, pays with (KOS-6.4 b) or discards (KOS-9.1) is public: it lies face
up on the discard pile in both states. Left out, on purpose: after a reshuffle (KOS-6.7) a seat knows which
cards make the new deck (the former discard pile) until they are drawn; the state keeps no trace of that
moment, so the twin re-deals the deck with the other hands as always. That only widens the twins: a seat
could tell such a twin apart only from a card it later draws, which is a disclosure.
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.kingdom_of_solomon.components import FORTUNE_CARDS
from rulesets.kingdom_of_solomon.state import KosState
from rulesets.testing.noninterference import Secrets, Viewer, redealt, reseeded


def unknown_places(state: KosState, viewer: Viewer) -> list[list[str]]:
    """The places of fortune cards ``viewer`` cannot see: the other seats' hands and the fortune deck."""
    return [player.hand for seat, player in enumerate(state.players) if seat != viewer] + [state.fortune_deck]


def _renamed_by_end_vp(places: list[list[str]], rnd: random.Random) -> None:
    """The unknown cards renamed among those of the same printed end VP (KOS-6.8), in place."""
    by_vp: dict[int, list[str]] = {}
    for place in places:
        for card in place:
            by_vp.setdefault(FORTUNE_CARDS[card].end_vp, []).append(card)
    renamed: dict[str, str] = {}
    for cards in by_vp.values():
        renamed.update(zip(cards, rnd.sample(cards, len(cards))))
    for place in places:
        place[:] = [renamed[card] for card in place]


def twin(state: KosState, viewer: Viewer, rnd: random.Random) -> KosState:
    places = unknown_places(state, viewer)
    if state.phase == "game_over":
        _renamed_by_end_vp(places, rnd)  # KOS-10.4: the announced totals hold
    else:
        redealt(places, rnd)  # KOS-6.1, spec 4
    rnd.shuffle(state.building_deck)  # spec 4: the deck order is nobody's
    reseeded(state, rnd)
    return state


def disclosed(event: dict[str, Any], viewer: Viewer) -> bool:
    kind = event["type"]
    if kind == "fortune_card_drawn":
        return viewer is not None and event["player"] == viewer  # KOS-6.1: the drawer sees its cards
    return kind in ("display_refilled", "game_ended")  # KOS-9.3 face up; KOS-10.4 final scores


SECRETS: Secrets[KosState] = Secrets(twin=twin, disclosed=disclosed)
