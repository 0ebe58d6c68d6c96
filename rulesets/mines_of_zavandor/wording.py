"""The values the game's refusals word into their sentences, built from the catalogue's phrases
(``refusals.py``), so that a refusal in zh-Hans reads its values in Chinese too: a card the hand
lacks, a list of halls, the gems of a cost or a payment. Ids (kinds, gems, halls) stay as they are."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rulesets.core import Worded
from rulesets.core.refusals import Phrase

from .components import GEMS
from .refusals import CARDS_YOU_HOLD, GEM_COUNT, LIST_PAIR, ONE_CARD, ONE_CARD_BEYOND_BID


def listed(items: Sequence[Any], none: Phrase) -> Any:
    """The items joined the locale's way ("a, b, c" / "a、b、c"); ``none`` worded when there is none."""
    if not items:
        return none()
    if len(items) == 1:
        return items[0]
    return LIST_PAIR(first=items[0], rest=listed(items[1:], none))


def gems(counts: Mapping[str, int], none: Phrase) -> Any:
    """Gem counts, gems low to high ("1 sapphire, 2 ruby")."""
    return listed([GEM_COUNT(count=counts[gem], gem=gem) for gem in GEMS if counts.get(gem)], none)


def missing_cards(kind: str, count: int, held: int) -> Worded:
    """MOZ-2.5: what the hand lacks of ``kind``: "one wood.ruby card", "2 iron.ruby cards (you hold 1)"."""
    if count == 1 and not held:
        return ONE_CARD(kind=kind)
    return CARDS_YOU_HOLD(count=count, kind=kind, held=held)


def missing_beyond_bid(kind: str) -> Worded:
    """MOZ-2.5 / MOZ-5.2: a card to stage beyond those of its kind already in the bid."""
    return ONE_CARD_BEYOND_BID(kind=kind)
