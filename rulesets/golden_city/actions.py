"""The Golden City's actions (spec 3.5 to 3.8): ``bid``, ``build``, ``end_turn``, ``discard``.

Each distinct move has one canonical form, so ``legal_actions`` and ``apply`` agree
byte for byte: payment slots are sorted (the cards inside a slot, then the slots), a
discard names only the types it discards, in sorted order, and absent optional fields
are omitted. Malformed contents (an unknown landscape, a slot of three cards, a negative
count) are left for the rules to refuse with the spec's ``payment_malformed``.
"""

from __future__ import annotations

from typing import Union

from rulesets.core import PublicStruct


class _Action(PublicStruct, kw_only=True, omit_defaults=True):
    """Base of every action: absent optional fields are omitted, so each move has one wire form."""


class Bid(_Action, tag="bid", tag_field="type"):
    """GC-4.5: place the bid marker on pair ``pair``; ``expected_price`` guards against a stale view."""

    player: int
    pair: int
    expected_price: int | None = None


class Build(_Action, tag="build", tag_field="type"):
    """GC-5: place one post on ``space``, paying ``payment`` (one list of landscape types per slot)."""

    player: int
    space: str
    payment: list[list[str]] = []
    use_key: bool = False
    black: bool = False
    goods_pick: str | None = None
    #: only under the public-choice reading of bonus cards (D-7's correction path).
    bonus_pick: str | None = None

    def __post_init__(self) -> None:
        for slot in self.payment:
            slot.sort()
        self.payment.sort()


class EndTurn(_Action, tag="end_turn", tag_field="type"):
    """GC-5.1: finish the build turn (after 0, 1 or 2 builds)."""

    player: int


class Discard(_Action, tag="discard", tag_field="type"):
    """GC-9.1: discard down to the hand limit; ``cards`` maps a landscape type to a count."""

    player: int
    cards: dict[str, int] = {}

    def __post_init__(self) -> None:
        self.cards = {kind: count for kind, count in sorted(self.cards.items()) if count != 0}


Action = Union[Bid, Build, EndTurn, Discard]
