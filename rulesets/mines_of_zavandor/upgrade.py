"""MOZ-6: the upgrade phase: one level per item per phase, no skipping, exact payment from the hand,
king-dependent costs (MOZ-6.6), VP tokens as a cost (MOZ-6.7) and the Idol of the Blue Fox (MOZ-6.9)."""

from __future__ import annotations

from typing import Mapping

from .actions import EndUpgrades, Upgrade
from .cards import by_gem, discard, shortfall, sorted_set, take_set_from_hand
from .components import GEMS, HALLS
from .events import Events, TurnPassed, Upgraded
from .income import check_marker_target
from .items import item_of, items, power_active, printed, raise_level
from .refusals import (ALREADY_UPGRADED_THIS_PHASE, CARD_NOT_IN_HAND, CARD_SET_ASIDE, INSUFFICIENT_VP,
                       LEVEL_SKIP_FORBIDDEN, NO_GEMS, NOTHING, PAYMENT_MISMATCH)
from .rounds import end_round, next_in_order
from .state import Player, ZavandorState
from .wording import gems as worded_gems, missing_cards

#: MOZ-6.9: the gem a card with the ``sapphire_wild`` power lets stand in for the others (the lowest).
WILD_GEM = GEMS[0]
#: MOZ-6.3: each item is raised at most one level per upgrade phase
UPGRADES_PER_PHASE = 1


def cost_of(state: ZavandorState, target: str, level: int) -> tuple[dict[str, int], int]:
    """The gems (king symbols resolved for the king's hall, MOZ-6.6) and VP tokens of a level's cost."""
    shown = printed(item_of(target), level)
    cost = dict(shown.cost or {}) if shown is not None else {}
    gems = dict.fromkeys(GEMS, 0)
    for gem in GEMS:
        gems[gem] += cost.get(gem, 0)
    for gem, count in HALLS[state.king].king_cost.items():
        gems[gem] += count * cost.get("king", 0)
    return {gem: count for gem, count in gems.items() if count}, cost.get("vp", 0)


def has_wild(player: Player) -> bool:
    """MOZ-6.9: an Idol of the Blue Fox at or above the level its power starts."""
    return any(item.power is not None and item.power.id == "sapphire_wild" and power_active(item, level)
               for _target, item, level in items(player))


def payment_matches(paid: Mapping[str, int], required: Mapping[str, int], wild: bool) -> bool:
    """Spec 3.6: per gem, carts ignored; with the Idol, sapphires may stand in for the other gems."""
    if not wild:
        return dict(paid) == dict(required)
    others = [gem for gem in GEMS if gem != WILD_GEM]
    if any(paid.get(gem, 0) > required.get(gem, 0) for gem in others):
        return False
    stand_ins = sum(required.get(gem, 0) - paid.get(gem, 0) for gem in others)
    return paid.get(WILD_GEM, 0) == required.get(WILD_GEM, 0) + stand_ins


def check_upgrade(state: ZavandorState, action: Upgrade) -> tuple[dict[str, int], int]:
    """The checks of spec 3.6 in their order; the required gems and VP."""
    player = state.players[action.player]
    level = check_marker_target(player, action.target, "MOZ-6.2")
    if action.target in player.upgraded:
        raise ALREADY_UPGRADED_THIS_PHASE(target=action.target, context={"target": action.target},
                                          explain={"limit": {"upgrades": UPGRADES_PER_PHASE},
                                                   "have": {"upgrades": player.upgraded.count(action.target)}})
    if action.level != level + 1:
        raise LEVEL_SKIP_FORBIDDEN(target=action.target, level=level, next_level=level + 1,
                                   context={"target": action.target, "next_level": level + 1},
                                   explain={"needed": {"level": level + 1}, "offered": {"level": action.level}})
    for kind, count in action.pay.items():
        held, aside = player.hand.get(kind, 0), player.set_aside.get(kind, 0)
        if held < count <= held + aside:
            raise CARD_SET_ASIDE(card=kind, context={"card": kind},
                                 explain={"needed": {kind: count}, "have": {kind: held}, "set_aside": {kind: aside}})
    missing = shortfall(player.hand, action.pay)
    if missing is not None:
        raise CARD_NOT_IN_HAND(missing=missing_cards(*missing), context={"card": missing[0]},
                               explain={"needed": dict(action.pay),
                                        "have": {kind: player.hand.get(kind, 0) for kind in action.pay}})
    gems, vp = cost_of(state, action.target, action.level)
    if vp > player.vp:
        raise INSUFFICIENT_VP(vp=vp, held=player.vp, context={"vp": vp},
                              explain={"needed": {"vp": vp}, "have": {"vp": player.vp}})
    paid, wild = by_gem(action.pay), has_wild(player)
    if not payment_matches(paid, gems, wild):
        explain: dict[str, object] = {"needed": gems, "offered": paid}
        if wild:  # MOZ-6.9: the Idol lets sapphires stand in, so "needed" is not the only match
            explain["stand_in"] = WILD_GEM
        raise PAYMENT_MISMATCH(level=action.level, target=action.target, cost=worded_gems(gems, NO_GEMS),
                               paid=worded_gems(paid, NOTHING), context={"cost": gems}, explain=explain)
    return gems, vp


def upgrade(state: ZavandorState, action: Upgrade) -> Events:
    check_upgrade(state, action)
    _, vp = cost_of(state, action.target, action.level)
    player = state.players[action.player]
    take_set_from_hand(player, action.pay)
    discard(state, action.pay)  # MOZ-2.6
    player.vp -= vp
    level = raise_level(player, action.target)
    player.upgraded.append(action.target)
    return [Upgraded(player=action.player, target=action.target, level=level, paid=sorted_set(action.pay),
                     vp_paid=vp)]


def end_upgrades(state: ZavandorState, action: EndUpgrades) -> Events:
    """MOZ-6.1: the next player; after the last, the end of the round (MOZ-2.10) or of the game (MOZ-9)."""
    events: Events = []
    following = next_in_order(state, action.player)
    if following is not None:
        state.active = following
        events.append(TurnPassed(step="upgrade", player=following))
    else:
        end_round(state, events)
    return events
