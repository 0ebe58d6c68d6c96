"""What a Card Nim seat may not know, from its rules (card_nim's docstring, CN-1 to CN-5).

CN-1 deals each seat two cards from the shuffled deck; CN-4: everyone learns that a seat drew,
only that seat learns the card. So for a seat, the cards in the other hands and in the deck
could be any of those cards, in any order: a twin re-deals them among those places, each
keeping its size, and changes the seed and salt. The rules show a seat the card it draws.
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.testing.noninterference import Secrets, Viewer, redealt, reseeded


def twin(state: Any, viewer: Viewer, rnd: random.Random) -> Any:
    redealt([player.hand for seat, player in enumerate(state.players) if seat != viewer] + [state.deck], rnd)
    reseeded(state, rnd)
    return state


def disclosed(event: dict[str, Any], viewer: Viewer) -> bool:
    return event["type"] == "card_drawn" and event["player"] == viewer  # CN-4


SECRETS: Secrets[Any] = Secrets(twin=twin, disclosed=disclosed)
