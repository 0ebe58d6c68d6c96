"""MOZ-9: final scoring and the winners."""

from __future__ import annotations

from rulesets.core import ScoreItem, ScoreSheet

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


def score_items(player: Player) -> list[ScoreItem]:
    """MOZ-9.6: VP tokens + gems (3 = 1 VP, counting a private hand) + top levels + powers."""
    return [ScoreItem(category="vp_tokens", rule="MOZ-9.6", points=player.vp),
            ScoreItem(category="gem_cards", rule="MOZ-9.3", points=gem_cards(player) // GEMS_PER_VP, secret=True),
            ScoreItem(category="top_levels", rule="MOZ-9.4", points=top_level_vp(player)),
            ScoreItem(category="powers", rule="MOZ-9.5", points=power_vp(player))]


def remainder(player: Player) -> int:
    """MOZ-9.3: the cards left over after the exchange (the tie-break, MOZ-9.7)."""
    return gem_cards(player) % GEMS_PER_VP


def score_sheet(state: ZavandorState) -> ScoreSheet:
    return [score_items(player) for player in state.players]


def tie_break(state: ZavandorState, seat: int) -> tuple[int, ...]:
    """MOZ-9.7: among the tied, the larger remainder; still tied, shared."""
    return (remainder(state.players[seat]),)
