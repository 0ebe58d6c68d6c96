"""Solenia's actions (spec section 3): a msgspec tagged union on ``type``.

Every action names its ``player`` (a 0-based seat). Optional parameters have one
canonical form: an omitted resource mix, ``{}`` and ``{"wood": 0}`` decode to the
same value, ``advance: 1`` on a value-0 card decodes as no ``advance`` (the move the
card makes anyway), and the permanent resources named for a delivery are kept
sorted. So each distinct move is one value, which is what ``legal_actions`` lists
and what ``apply`` accepts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Union

import msgspec

from rulesets.core import Count, PublicStruct

from .components import CARDS, PERMANENT_SOURCES, RESOURCES, Resource

#: a resource by name (components.py checks the file names the same four).
ResourceName = Resource
if TYPE_CHECKING:
    #: the checker knows a slot id as text; the schema knows the ids the file gives permanent resources.
    PermanentId = str
else:
    PermanentId = Literal[tuple(PERMANENT_SOURCES)]


class _Param(PublicStruct, omit_defaults=True, gc=False):
    """Base of every action part: public once taken (SOL-H.4), its defaults left out of its one canonical
    form, and acyclic, so untracked by the garbage collector."""


class ResourceMix(_Param, kw_only=True):
    """A number of each resource; absent means 0."""

    wood: Count = 0
    wheat: Count = 0
    stone: Count = 0
    water: Count = 0


if tuple(ResourceMix.__struct_fields__) != RESOURCES:
    raise RuntimeError("actions.ResourceMix must name exactly the resources of solenia.components.json")

#: A lengthening payment. Permanent-resource ids (``day_C``...) are accepted by the schema
#: only so that the rules can refuse them with ``permanent_not_allowed_for_lengthening``
#: (spec section 3.5, check 9).
if TYPE_CHECKING:
    #: the checker sees the resources; the slot-id counts, made from the file, are there to be refused.
    LengthenPayment = ResourceMix
else:
    LengthenPayment = msgspec.defstruct(
        "LengthenPayment", [(slot_id, Count, 0) for slot_id in PERMANENT_SOURCES], bases=(ResourceMix,),
        module=__name__, kw_only=True, forbid_unknown_fields=True, omit_defaults=True)


class Space(_Param, kw_only=True):
    """A board space by (col, row); off-board values are refused by the rules (SOL-1.3.1)."""

    col: int
    row: int


class DeliveryChoice(_Param, kw_only=True):
    """The delivery tile completed at a city, and how (SOL-5, SOL-8)."""

    tile: str
    payment: ResourceMix = msgspec.field(default_factory=ResourceMix)
    #: winter: permanent resources (by the id of the slot that gave them) used for this tile.
    permanent: list[PermanentId] = []
    #: winter only: the slot the tile goes into.
    slot: str | None = None
    #: the resource chosen from a B slot.
    reward_choice: ResourceName | None = None

    def __post_init__(self) -> None:
        self.permanent.sort()  # the set is what matters; one canonical order


class PlayCard(_Param, tag="play_card", tag_field="type", kw_only=True):
    player: int
    card: str
    space: Space
    lengthen_payment: LengthenPayment = msgspec.field(default_factory=LengthenPayment)
    delivery: DeliveryChoice | None = None
    #: spaces the airship advances; only a value-0 card may name it (spec section 3.5, check 8).
    #: Absent is not the same as 1: ``advance: 1`` on any other card is refused.
    advance: Count | None = None
    overflow_discard: ResourceMix = msgspec.field(default_factory=ResourceMix)

    def __post_init__(self) -> None:
        # A 0-card advances 1 with or without saying so: one value for that move. The
        # printed value decides (SOL-6.1); an unknown card is left for the hand check.
        if self.advance == 1:
            card = CARDS.get(self.card)
            if card is not None and card.value == 0:
                self.advance = None


class DiscardToAdvance(_Param, tag="discard_to_advance", tag_field="type", kw_only=True):
    player: int
    card: str


class DiscardOverflow(_Param, tag="discard_overflow", tag_field="type", kw_only=True):
    player: int
    discard: ResourceMix


class ChooseImprovement(_Param, tag="choose_improvement", tag_field="type", kw_only=True):
    """``{"level": 1, "tile": "L1_..."}`` or ``{"level": 3, "pair": 0}`` (spec section 3.4)."""

    player: int
    level: Literal[1, 3]
    tile: str | None = None
    pair: Count | None = None

    def __post_init__(self) -> None:
        if self.level == 1 and (self.tile is None or self.pair is not None):
            raise ValueError("a level-1 choice names a 'tile' and no 'pair'")
        if self.level == 3 and (self.pair is None or self.tile is not None):
            raise ValueError("a level-3 choice names a 'pair' index and no 'tile'")


Action = Union[PlayCard, DiscardToAdvance, DiscardOverflow, ChooseImprovement]
