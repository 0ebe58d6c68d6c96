"""``legal_actions`` is exact: over states of seeded games, every action of a wide candidate set (every space,
resource, border, site, level, reward, choice and card; payments with no fortune card, one, or two) is
accepted by ``apply`` exactly when it (or its canonical spelling) is listed."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product

import pytest

from rulesets.kingdom_of_solomon.components import (ACTION_SPACES, AREA_IDS, BONUS_SPACES, BORDERS, BUILDING_CARDS,
                                                    FORTUNE_CARDS, HAND_LIMIT, RESOURCES, SITES, TEMPLE_LEVELS, TEMPLE_REWARDS)
from rulesets.kingdom_of_solomon.resolution import WITH_CHOICE, effect_of
from rulesets.testing import assert_exact

from .playouts import play
from .scenario import R


def _choices(state, seat, space):
    effect, params = effect_of(space)
    yield None
    yield {}
    if effect not in WITH_CHOICE:
        yield {"resources": ["gold"]}
        return
    count = int(params.get("count", 1))
    if effect == "any_resource":
        for size in range(count + 2):
            for combo in combinations_with_replacement(RESOURCES, size):
                yield {"resources": list(combo)}
    elif effect == "steal_resource":
        yield {"resources": []}
        for target in range(len(state.players)):
            for size in range(count + 1):
                for combo in combinations_with_replacement(RESOURCES, size):
                    yield {"target": target, "resources": list(combo)}
    elif effect == "trade_resource":
        pairs = [{"give": g, "take": t} for g in RESOURCES for t in RESOURCES]
        for size in range(count + 1):
            for combo in product(pairs, repeat=size):
                yield {"trades": list(combo)}
    elif effect == "free_road":
        for border in BORDERS:
            yield {"road": list(border)}
    elif effect == "tax_collector":
        others = [s for s in range(len(state.players)) if s != seat]
        for size in range(len(others) + 1):
            for who in combinations(others, size):
                for kinds in product(RESOURCES, repeat=size):
                    yield {"take": {str(w): k for w, k in zip(who, kinds)}}


def candidates(state, seat):
    out = []
    spaces = ([f"area:{a}" for a in AREA_IDS] + [f"action:{s}" for s in ACTION_SPACES]
              + [f"bonus:{b}" for b in BONUS_SPACES] + [f"card:{c}" for c in BUILDING_CARDS])
    out += [{"type": "place_pawn", "player": seat, "space": s} for s in spaces]
    for pawn in state.pawns:
        if pawn.owner == seat:
            for choice in _choices(state, seat, pawn.space):
                action = {"type": "resolve_pawn", "player": seat, "space": pawn.space}
                out.append(action if choice is None else {**action, "choice": choice})
    for r in RESOURCES:
        out += [{"type": "market_sell", "player": seat, "resource": r}, {"type": "market_buy", "player": seat,
                                                                        "resource": r}]
    out += [{"type": "market_pass", "player": seat}, {"type": "end_building_turn", "player": seat},
            {"type": "confirm_final_scoring", "player": seat}]
    out += [{"type": "build_road", "player": seat, "areas": list(b)} for b in BORDERS]
    for card in filter(None, state.display):
        out.append({"type": "build_building", "player": seat, "card": card})
        out += [{"type": "build_building", "player": seat, "card": card, "site": s} for s in sorted(SITES)]
    for level in TEMPLE_LEVELS:
        for combo in combinations_with_replacement(RESOURCES, level.any):
            anys = {r: combo.count(r) for r in RESOURCES if combo.count(r)}
            for reward in TEMPLE_REWARDS:
                action = {"type": "build_temple_block", "player": seat, "level": level.id, "reward": reward}
                out.append({**action, "any_payment": anys} if anys else action)
    hand = state.players[seat].hand
    singles = []
    for card in hand:
        printed = FORTUNE_CARDS[card].params.get("resource")
        if printed == "any":
            singles += [[{"card": card, "as": r}] for r in RESOURCES]
        elif printed is not None:
            singles += [[{"card": card}], [{"card": card, "as": printed}]]
    if len(hand) >= 2:
        singles.append([{"card": c} for c in sorted(hand)[:2]])
    payable = [a for a in out if a["type"] in ("build_road", "build_temple_block", "build_building")]
    out += [{**a, "fortune_payment": pay} for a in payable for pay in singles]
    for card in hand:
        out.append({"type": "play_fortune", "player": seat, "card": card})
        out += [{"type": "play_fortune", "player": seat, "card": card, "choice": {"resource": r}} for r in RESOURCES]
    if len(hand) > HAND_LIMIT:
        out += [{"type": "discard_fortune", "player": seat, "cards": list(c)}
                for c in combinations(sorted(hand), len(hand) - HAND_LIMIT)]
    return out


def canonical(raw):
    """The spec's other spelling of a move, as listed: ``choice: {}`` is no choice for effects without one."""
    if raw["type"] == "resolve_pawn" and raw.get("choice") == {} and effect_of(raw["space"])[0] not in WITH_CHOICE:
        return {k: v for k, v in raw.items() if k != "choice"}
    return raw


@pytest.mark.parametrize("players,options", [(2, {}), (3, {"variant_all_bonus": True}), (4, {})])
def test_listed_exactly_what_apply_accepts(players, options):
    game = play(players, "exact", options)
    state = R.setup(players, "exact", options)
    probed = 0
    for step, action in enumerate(game.actions):
        if step % 9 == 0:
            probed += assert_exact(R, state, lambda seat, now=state: candidates(now, seat), canonical=canonical)
        state, _ = R.apply(state, action)
    assert probed > 1000
