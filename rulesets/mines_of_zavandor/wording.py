"""The values the game's refusals word into their sentences, built from the catalogue's phrases
(``refusals.py``), so that a refusal in zh-Hans reads its values in Chinese too: a card the hand
lacks, the halls the king may go to, the gems of a cost or a payment. Ids (kinds, gems, halls)
stay as they are. Each joining phrase carries the item it adds ("{gems}, {count} {gem} card(s)"), so its
translation is words, not a bare punctuation mark."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rulesets.core import Phrase, Worded

from .components import GEMS
from .refusals import CARDS_YOU_HOLD, GEM_COUNT, MORE_GEMS, ONE_CARD, ONE_CARD_BEYOND_BID, OR_HALL


def gems(counts: Mapping[str, int], none: Phrase) -> Any:
    """Gem cards counted per gem, gems low to high ("1 sapphire card(s), 2 ruby card(s)"); ``none`` worded
    when there is none."""
    present = [(gem, counts[gem]) for gem in GEMS if counts.get(gem)]
    if not present:
        return none()
    (gem, count), *rest = present
    worded: Worded = GEM_COUNT(count=count, gem=gem)
    for gem, count in rest:
        worded = MORE_GEMS(gems=worded, count=count, gem=gem)
    return worded


def halls(ids: Sequence[str], none: Phrase) -> Any:
    """Hall ids as alternatives ("U1 or L1"); ``none`` worded when there is none."""
    if not ids:
        return none()
    worded: Any = ids[0]
    for hall in ids[1:]:
        worded = OR_HALL(halls=worded, hall=hall)
    return worded


def missing_cards(kind: str, count: int, held: int) -> Worded:
    """MOZ-2.5: what the hand lacks of ``kind``: "one wood.ruby card", "2 iron.ruby cards (you hold 1)"."""
    if count == 1 and not held:
        return ONE_CARD(kind=kind)
    return CARDS_YOU_HOLD(count=count, kind=kind, held=held)


def missing_beyond_bid(kind: str) -> Worded:
    """MOZ-2.5 / MOZ-5.2: a card to stage beyond those of its kind already in the bid."""
    return ONE_CARD_BEYOND_BID(kind=kind)
