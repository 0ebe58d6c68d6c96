"""SOL-7: final scoring (summer SOL-7.3, winter SOL-7.4 with SOL-8.3 and SOL-9.5) and
the winners (SOL-7.5); in the solo game, the rating (SOL-10.4)."""

from __future__ import annotations

from typing import Any

from rulesets.core import ScoreItem, ScoreSheet

from .components import (PAIR_BONUS, RATING_THRESHOLDS, RESOURCES_PER_STAR, TILES, WINTER_SLOTS, EndgameIconCount,
                         EndgamePerOwnCardOnBoard, EndgamePerPair, EndgamePerStored, EndgamePerTile,
                         EndgamePerTileWithIcon, EndgameVp)
from .improvements import LEVEL3_PARTS, part_effects
from . import resources as res
from .state import PlayerBoard, SoleniaState
from .winter import slot_power


def completed_tiles(player: PlayerBoard) -> list[str]:
    """Tiles in either row's slots, plus those kept beside a full row (SOL-5.7)."""
    return [t for t in player.day_slots if t] + [t for t in player.night_slots if t] + list(player.extra_tiles)


def pair_bonus(pairs: int) -> int:
    """SOL-7.3 item 3: the k-th pair scores the k-th printed value (1, 2, 3, 4, then 0)."""
    return sum(PAIR_BONUS[:pairs])


def _winter_powers(player: PlayerBoard, tiles: list[str]) -> int:
    """SOL-8.3: D (stars per icon of a resource, capped) and F (flat stars) of filled slots."""
    total = 0
    for row in ("day", "night"):
        slots = player.day_slots if row == "day" else player.night_slots
        for slot in WINTER_SLOTS[row]:
            if slots[slot.index] is None:
                continue
            power = slot_power(player.improvements, slot.id)
            if isinstance(power, EndgameIconCount):
                icons = sum(getattr(TILES[t].cost, power.resource) for t in tiles)
                total += min(power.cap, icons * power.vp_per_icon)
            elif isinstance(power, EndgameVp):
                total += power.vp
    return total


def _improvement_points(state: SoleniaState, seat: int, tiles: list[str], days: int, nights: int) -> int:
    """SOL-9.5: the end-game effects of active level-3 halves."""
    player = state.players[seat]
    held = player.improvements
    stored = res.vector(player.storage)
    total = 0
    for part in held.active:
        if part not in LEVEL3_PARTS.values():
            continue
        for effect in part_effects(held, part):
            if isinstance(effect, EndgamePerPair):
                total += effect.vp * min(days, nights)
            elif isinstance(effect, EndgamePerTile):
                total += effect.vp * (days if effect.row == "day" else nights)
            elif isinstance(effect, EndgamePerStored):
                total += effect.vp * stored[res.INDEX[effect.resource]]
            elif isinstance(effect, EndgamePerTileWithIcon):
                total += effect.vp * sum(1 for t in tiles if getattr(TILES[t].cost, effect.resource) > 0)
            elif isinstance(effect, EndgamePerOwnCardOnBoard):
                total += effect.vp * sum(1 for c in state.board.cards if c.owner == seat)
    return total


def breakdown(state: SoleniaState, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    tiles = completed_tiles(player)
    days = sum(1 for t in tiles if TILES[t].kind == "day")
    nights = len(tiles) - days
    out: dict[str, Any] = {
        "player": seat,
        "stars": player.stars,
        "tiles": sum(TILES[t].vp for t in tiles),
        # Permanent resources are not storage and never count here (D-8).
        "resources": res.total(player.storage) // RESOURCES_PER_STAR,
    }
    if state.options.board_side == "summer":
        out["pairs"] = pair_bonus(min(days, nights))
    else:
        out["powers"] = _winter_powers(player, tiles)
        out["improvements"] = _improvement_points(state, seat, tiles, days, nights)
    out["total"] = sum(v for k, v in out.items() if k != "player")
    if state.solo is not None:
        out["rating"] = rating(out["total"])
    return out


def final_scores(state: SoleniaState) -> list[dict[str, Any]]:
    return [breakdown(state, seat) for seat in range(len(state.players))]


#: the breakdown's parts as the rulebook's scoring categories, with the rules that score them
_CATEGORIES = {"stars": ("gold_stars", "SOL-7.3"), "tiles": ("delivery_tiles", "SOL-7.3"),
               "resources": ("stored_resources", "SOL-7.3"), "pairs": ("pair_bonus", "SOL-7.3"),
               "powers": ("winter_powers", "SOL-8.3"), "improvements": ("improvements", "SOL-9.5")}


def score_sheet(state: SoleniaState) -> ScoreSheet:
    """SOL-7.3 / SOL-7.4: the breakdown's parts, item by item; every part is public (SOL-H)."""
    return [[ScoreItem(category=_CATEGORIES[part][0], rule=_CATEGORIES[part][1], points=points)
             for part, points in entry.items() if part in _CATEGORIES]
            for entry in final_scores(state)]


def winners(totals: list[int]) -> list[int]:
    """SOL-7.5: every player on the highest total; no tie-break."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def rating(total: int) -> str:
    """SOL-10.4 (ASSUMED): the label of the highest threshold reached."""
    label = RATING_THRESHOLDS[0][1]
    for minimum, name in RATING_THRESHOLDS:
        if total >= minimum:
            label = name
    return label
