"""Spec 3.0's ``invalid_parameters``: a field naming an unknown id (space, area, card, level,
resource) or a value the action's form forbids (``pawns`` other than 1 off a bonus space).

The spec checks this after ``game_over`` and before ``unknown_player``, ``wrong_phase``
and ``not_your_turn``; the phase table runs it there (``check_parameters``), so the
handlers may take every id as known.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import RulesetError, Worded

from .actions import (BuildBuilding, BuildRoad, BuildTempleBlock, DiscardFortune, FortunePayment, MarketBuy,
                      MarketSell, PlacePawn, PlayFortune, ResolvePawn)
from .components import AREAS, BUILDING_CARDS, FORTUNE_CARDS, RESOURCES, TEMPLE_LEVEL
from .refusals import (INVALID_PARAMETERS, NOT_A_BUILDING_CARD, NOT_A_FORTUNE_CARD, NOT_A_RESOURCE, NOT_A_RESOURCE_OF,
                       NOT_A_SPACE, NOT_A_TEMPLE_LEVEL, NOT_AN_AREA, PAWNS_ONLY_ON_BONUS, ROAD_NAMES_TWO_AREAS)
from .spaces import BONUS, parse


def _refuse(field: str, problem: Worded) -> RulesetError:
    return INVALID_PARAMETERS(field=field, problem=problem, context={"field": field})


def _payment(payment: list[FortunePayment]) -> None:
    for index, entry in enumerate(payment):
        if entry.card not in FORTUNE_CARDS:
            raise _refuse(f"fortune_payment[{index}].card", NOT_A_FORTUNE_CARD(card=entry.card))
        if entry.as_ is not None and entry.as_ not in RESOURCES:
            raise _refuse(f"fortune_payment[{index}].as", NOT_A_RESOURCE(resource=entry.as_))


def check(action: Any) -> None:
    if isinstance(action, (PlacePawn, ResolvePawn)):
        parsed = parse(action.space)
        if parsed is None:
            raise _refuse("space", NOT_A_SPACE(space=action.space))
        if isinstance(action, PlacePawn) and parsed[0] != BONUS and action.pawns not in (None, 1):
            raise _refuse("pawns", PAWNS_ONLY_ON_BONUS())
    elif isinstance(action, (MarketSell, MarketBuy)):
        if action.resource not in RESOURCES:
            raise _refuse("resource", NOT_A_RESOURCE_OF(resource=action.resource, resources=", ".join(RESOURCES)))
    elif isinstance(action, BuildBuilding):
        if action.card not in BUILDING_CARDS:
            raise _refuse("card", NOT_A_BUILDING_CARD(card=action.card))
        if action.site is not None and action.site not in AREAS:
            raise _refuse("site", NOT_AN_AREA(area=action.site))
        _payment(action.fortune_payment)
    elif isinstance(action, BuildTempleBlock):
        if action.level not in TEMPLE_LEVEL:
            raise _refuse("level", NOT_A_TEMPLE_LEVEL(level=action.level, levels=", ".join(TEMPLE_LEVEL)))
        for resource in action.any_payment:
            if resource not in RESOURCES:
                raise _refuse("any_payment", NOT_A_RESOURCE(resource=resource))
        _payment(action.fortune_payment)
    elif isinstance(action, BuildRoad):
        if len(action.areas) != 2 or any(area not in AREAS for area in action.areas):
            raise _refuse("areas", ROAD_NAMES_TWO_AREAS())
        _payment(action.fortune_payment)
    elif isinstance(action, PlayFortune):
        if action.card not in FORTUNE_CARDS:
            raise _refuse("card", NOT_A_FORTUNE_CARD(card=action.card))
    elif isinstance(action, DiscardFortune):
        for index, card in enumerate(action.cards):
            if card not in FORTUNE_CARDS:
                raise _refuse(f"cards[{index}]", NOT_A_FORTUNE_CARD(card=card))
