"""MOZ-2.8 / 2.9: upgradeable items (family track, pack dragon, improvement cards) and their levels.

An item produces only what its current level shows; its printed values are read from the
components (``Item.levels``), never from rule code.
"""

from __future__ import annotations

from typing import Iterator

from .components import CARDS, DRAGON_ITEM, DRAGON_TARGET, FAMILY_ITEM, FAMILY_TARGET, Item, Level
from .state import MineCard, Player


def item_of(target: str) -> Item:
    if target == FAMILY_TARGET:
        return FAMILY_ITEM
    if target == DRAGON_TARGET:
        return DRAGON_ITEM
    return CARDS[target]


def mine_card(player: Player, card: str) -> MineCard | None:
    for held in player.mine:
        if held.card == card:
            return held
    return None


def level_of(player: Player, target: str) -> int | None:
    """The current level of one of his items, or None if he does not own it."""
    if target == FAMILY_TARGET:
        return player.family
    if target == DRAGON_TARGET:
        return player.pack_dragon
    held = mine_card(player, target)
    return None if held is None else held.level


def raise_level(player: Player, target: str) -> int:
    """MOZ-2.9: a cube on the next level; the new level."""
    if target == FAMILY_TARGET:
        player.family += 1
        return player.family
    if target == DRAGON_TARGET:
        player.pack_dragon += 1
        return player.pack_dragon
    held = mine_card(player, target)
    assert held is not None
    held.level += 1
    return held.level


def items(player: Player) -> Iterator[tuple[str, Item, int]]:
    """Every item he owns: (target id, printed item, current level)."""
    yield FAMILY_TARGET, FAMILY_ITEM, player.family
    yield DRAGON_TARGET, DRAGON_ITEM, player.pack_dragon
    for held in player.mine:
        yield held.card, CARDS[held.card], held.level


def printed(item: Item, level: int) -> Level | None:
    return item.levels.get(level)


def at_top(item: Item, level: int) -> bool:
    return level >= item.top_level


def power_active(item: Item, level: int) -> bool:
    """A power works from the level the data name ("top": the top level only)."""
    if item.power is None:
        return False
    start = item.power.active_from_level
    return level >= (item.top_level if start == "top" else start)
