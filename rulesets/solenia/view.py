"""SOL-H.1 to H.5: what one seat (or a spectator) may see.

Hidden: other players' hands (a count remains), every personal deck including the
viewer's own (SOL-H.2: nobody knows a deck's order), both delivery decks, the Rival
deck, and the random source (seed and counter). Everything else is public (SOL-H.4).
"""

from __future__ import annotations

from typing import Any

from rulesets.core import to_builtins

from .state import SoleniaState


def view(state: SoleniaState, viewer: int | None) -> dict[str, Any]:
    out = to_builtins(state)
    del out["rng"]
    out["viewer"] = viewer
    for seat, player in enumerate(out["players"]):
        hand = player.pop("hand")
        player["hand_count"] = len(hand)
        if seat == viewer:
            player["hand"] = hand
        player["deck_count"] = len(player.pop("deck"))
    delivery = out["delivery"]
    delivery["day_deck_count"] = len(delivery.pop("day_deck"))
    delivery["night_deck_count"] = len(delivery.pop("night_deck"))
    if out.get("solo") is not None:
        out["solo"]["rival_deck_count"] = len(out["solo"].pop("rival_deck"))
    return out
