"""Gem cards as CardSets (kind -> count, spec 0), and the moves between zones (MOZ-2.5, MOZ-2.6).

Every change of a hand goes through :func:`add_to_hand` / :func:`take_from_hand`, which keep
the public backs (``hand_backs``) in step with the private hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Mapping

from .components import CART_INDEX, CART_OF, GEM_OF, GEMS, KINDS
from .state import CardSet, GiveEntry, Player, ZavandorState


def add(cards: CardSet, kind: str, count: int = 1) -> None:
    if count:
        cards[kind] = cards.get(kind, 0) + count


def remove(cards: CardSet, kind: str, count: int = 1) -> None:
    left = cards[kind] - count
    if left:
        cards[kind] = left
    else:
        del cards[kind]


def add_set(cards: CardSet, more: Mapping[str, int]) -> None:
    for kind, count in more.items():
        add(cards, kind, count)


def size(cards: Mapping[str, int]) -> int:
    return sum(cards.values())


def by_gem(cards: Mapping[str, int]) -> dict[str, int]:
    """Cards counted per gem, carts ignored (zero gems omitted)."""
    out: Counter[str] = Counter()
    for kind, count in cards.items():
        out[GEM_OF[kind]] += count
    return {gem: out[gem] for gem in GEMS if out[gem]}


def by_cart(cards: Mapping[str, int]) -> dict[str, int]:
    out: Counter[str] = Counter()
    for kind, count in cards.items():
        out[CART_OF[kind]] += count
    return dict(sorted(out.items(), key=lambda item: CART_INDEX[item[0]]))


def contains(cards: Mapping[str, int], wanted: Mapping[str, int]) -> bool:
    return all(cards.get(kind, 0) >= count for kind, count in wanted.items())


def shortfall(cards: Mapping[str, int], wanted: Mapping[str, int]) -> tuple[str, int, int] | None:
    """The first kind of ``wanted`` that ``cards`` lack, as (kind, count wanted, count held); None when
    nothing is missing."""
    for kind, count in wanted.items():
        held = cards.get(kind, 0)
        if held < count:
            return kind, count, held
    return None


def sorted_set(cards: Mapping[str, int]) -> CardSet:
    """A CardSet in the canonical order of kinds (carts low to high, then gems)."""
    return {kind: cards[kind] for kind in KINDS if cards.get(kind)}


# ---------------------------------------------------------------- hands
def add_to_hand(player: Player, kind: str, count: int = 1) -> None:
    add(player.hand, kind, count)
    add(player.hand_backs, CART_OF[kind], count)


def take_from_hand(player: Player, kind: str, count: int = 1) -> None:
    remove(player.hand, kind, count)
    remove(player.hand_backs, CART_OF[kind], count)


def take_set_from_hand(player: Player, cards: Mapping[str, int]) -> None:
    for kind, count in cards.items():
        take_from_hand(player, kind, count)


def reserved(player: Player) -> dict[str, int]:
    """MOZ-4.4: the cards in his draft or open offer (the draft's give entries; the offer's give side)."""
    out: dict[str, int] = {}
    if player.draft is not None:
        for entry in player.draft.entries:
            if isinstance(entry, GiveEntry):
                out[entry.card] = out.get(entry.card, 0) + 1
    return out


def free_cards(state: ZavandorState, seat: int) -> dict[str, int]:
    """His hand minus the cards reserved in his draft or open offer (MOZ-4.4)."""
    player = state.players[seat]
    held = dict(player.hand)
    for source in (reserved(player), *(offer.give for offer in state.offers if offer.proposer == seat)):
        for kind, count in source.items():
            held[kind] = held.get(kind, 0) - count
    return {kind: count for kind, count in held.items() if count > 0}


# ---------------------------------------------------------------- discard piles (MOZ-2.6)
def discard(state: ZavandorState, cards: Mapping[str, int]) -> None:
    """Spent cards go face up onto the discard pile of the cart on their back."""
    for kind, count in cards.items():
        add(state.supply[CART_INDEX[CART_OF[kind]]].discard, kind, count)

