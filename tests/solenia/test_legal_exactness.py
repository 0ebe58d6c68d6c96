"""``legal_actions`` lists exactly what ``apply`` accepts, and every state on the way loads back.

The core playout samples listed actions and nudges top-level fields; here every
listed action of sampled positions is varied in its nested parameters too (each
resource of each mix by one, every slot, every reward choice, every permanent
resource toggled, every space, the advance), and each variant must be accepted
exactly when it is listed.
"""

from __future__ import annotations

import random

import pytest

from rulesets.core import to_builtins
from rulesets.core.host import canonical_json
from rulesets.solenia.components import PERMANENT_SOURCES, RESOURCES, WINTER_SLOT_BY_ID
from rulesets.testing import assert_exact

from .scenario import R

SLOTS = [None, *WINTER_SLOT_BY_ID, "day_1"]


def _bump(mix, resource, delta):
    out = dict(mix or {})
    out[resource] = out.get(resource, 0) + delta
    return out if out[resource] >= 0 else None


def variants(act):
    act = to_builtins(act)
    out = []
    if act["type"] == "play_card":
        for key in ("lengthen_payment", "overflow_discard"):
            for resource in RESOURCES:
                for delta in (-1, 1):
                    bumped = _bump(act.get(key), resource, delta)
                    if bumped is not None:
                        out.append({**act, key: bumped})
        out += [{**act, "advance": n} for n in (0, 1, 2)]
        out += [{**act, "space": {"col": c, "row": r}} for c in range(5) for r in range(5)]
        delivery = act.get("delivery")
        if delivery:
            for resource in RESOURCES:
                for delta in (-1, 1):
                    bumped = _bump(delivery.get("payment"), resource, delta)
                    if bumped is not None:
                        out.append({**act, "delivery": {**delivery, "payment": bumped}})
            bare = {k: v for k, v in delivery.items() if k not in ("slot", "reward_choice")}
            out += [{**act, "delivery": {**bare, **({"slot": s} if s else {}),
                                         **({"reward_choice": delivery["reward_choice"]}
                                            if "reward_choice" in delivery else {})}} for s in SLOTS]
            out += [{**act, "delivery": {**{k: v for k, v in delivery.items() if k != "reward_choice"},
                                         **({"reward_choice": c} if c else {})}} for c in [None, *RESOURCES]]
            for slot_id in PERMANENT_SOURCES:
                toggled = sorted(set(delivery.get("permanent", [])) ^ {slot_id})
                out.append({**act, "delivery": {**delivery, "permanent": toggled}})
            out.append({k: v for k, v in act.items() if k != "delivery"})
    elif act["type"] == "discard_overflow":
        for resource in RESOURCES:
            for delta in (-1, 1):
                bumped = _bump(act["discard"], resource, delta)
                if bumped is not None:
                    out.append({**act, "discard": bumped})
    return out


@pytest.mark.parametrize("options", [{}, {"board_side": "winter"}, {"board_side": "winter", "improvements": True}],
                         ids=["summer", "winter", "improvements"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_sol_h_7_listed_actions_are_exactly_the_accepted_ones(players, options):
    """SOL-H.7 / spec 3.9: near variants of listed actions are accepted iff listed; every state reloads."""
    for seed in range(2):
        state = R.setup(players, seed, options)
        chooser = random.Random(seed)
        while not R.status(state).game_over:
            assert canonical_json(R.load_state(to_builtins(state))) == canonical_json(state)
            seat = R.status(state).active_players[0]
            menu = R.legal_actions(state, seat)
            listed = {canonical_json(a) for a in menu}
            assert len(listed) == len(menu), "an action is listed twice"
            candidates = [raw for act in chooser.sample(menu, min(3, len(menu))) for raw in variants(act)]
            assert_exact(R, state, candidates, [seat], require_listed=False)
            state, _ = R.apply(state, chooser.choice(menu))
