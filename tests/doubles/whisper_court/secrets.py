"""What a Whisper Court seat may not know, written from its rules (rules.json), not from its markers.

WC-2.1: the deck's order and the card set aside are seen by nobody. WC-3.1: a hand is its
holder's (it draws, it plays); WC-4.2 and 4.3: a Seer or a Duelist shows a hand to one other
seat, who remembers it. So for a seat, every card it has neither held, played nor been shown
could be any other such card: a twin renames those unknown cards among themselves, wherever
they lie (the other hands still in the round, the deck, the card aside, and what the other
seats remember having seen), and draws the rest of the round from a new seed.

The rules show a seat: the cards it draws or is shown (WC-3.1, 4.2, 4.3, 4.5), a hand laid face
up (WC-4.5, 5.1), the hands shown at the end of a round and who won it (WC-5.2).
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.testing.noninterference import Secrets, Viewer, reseeded

from .game import CourtState


def unknown_cards(state: CourtState, viewer: Viewer) -> list[str]:
    """The cards ``viewer`` has not held, played or been shown this round, in the places it cannot see."""
    known = set(state.players[viewer].seen) if viewer is not None else set()
    hidden = [card for seat, player in enumerate(state.players) if seat != viewer and not player.out
              for card in player.hand]
    return [card for card in [*hidden, *state.deck, *state.aside] if card not in known]


def twin(state: CourtState, viewer: Viewer, rnd: random.Random) -> CourtState:
    unknown = unknown_cards(state, viewer)
    renamed = dict(zip(unknown, rnd.sample(unknown, len(unknown))))

    def rename(cards: list[str]) -> list[str]:
        return [renamed.get(card, card) for card in cards]

    for seat, player in enumerate(state.players):
        if seat != viewer:
            player.hand = rename(player.hand)
            player.seen = rename(player.seen)  # what another seat remembers is its own
    state.deck, state.aside = rename(state.deck), rename(state.aside)
    reseeded(state, rnd)
    return state


#: WC-3.1, 4.2, 4.3, 4.5: a card shown to this seat; WC-4.5, 5.1: a hand laid face up; WC-5.2: the round's end.
SHOWN_TO_ALL = frozenset({"discarded", "round_ended"})


def disclosed(event: dict[str, Any], viewer: Viewer) -> bool:
    return event["type"] in SHOWN_TO_ALL or (event["type"] == "card_seen" and viewer in event["visible_to"])


SECRETS: Secrets[CourtState] = Secrets(twin=twin, disclosed=disclosed)
