"""MOZ-9: final scoring and the winners."""

from __future__ import annotations

from .cards import size
from .components import GEMS_PER_VP
from .items import at_top, items, power_active
from .state import Player, ZavandorState

#: ``altar_vp_bonus`` counts these categories (spec 5.7).
ALTAR_CATEGORIES = frozenset({"altar", "shrine"})


def gem_cards(player: Player) -> int:
    """MOZ-9.2: set-aside cards count with the hand (they have returned by the end)."""
    return size(player.hand) + size(player.set_aside)


def top_level_vp(player: Player) -> int:
    """MOZ-9.4: each item at its top level scores its printed VP."""
    return sum(item.vp_at_top for _target, item, level in items(player) if at_top(item, level))


def power_vp(player: Player) -> int:
    """MOZ-9.5: +1 VP per own altar or shrine at top level, for each druid whose power is active."""
    altars = sum(1 for _target, item, level in items(player)
                 if item.category in ALTAR_CATEGORIES and at_top(item, level))
    druids = sum(1 for _target, item, level in items(player)
                 if item.power is not None and item.power.id == "altar_vp_bonus" and power_active(item, level))
    return altars * druids


def score(player: Player) -> int:
    """MOZ-9.6: VP tokens + gems (3 = 1 VP) + top levels + powers."""
    return player.vp + gem_cards(player) // GEMS_PER_VP + top_level_vp(player) + power_vp(player)


def remainder(player: Player) -> int:
    """MOZ-9.3: the cards left over after the exchange (the tie-break, MOZ-9.7)."""
    return gem_cards(player) % GEMS_PER_VP


def final_scores(state: ZavandorState) -> list[int]:
    return [score(player) for player in state.players]


def winners(state: ZavandorState, scores: list[int]) -> list[int]:
    """MOZ-9.7: the highest score; among the tied, the larger remainder; still tied, shared."""
    best = max(scores)
    tied = [seat for seat, value in enumerate(scores) if value == best]
    most = max(remainder(state.players[seat]) for seat in tied)
    return [seat for seat in tied if remainder(state.players[seat]) == most]
