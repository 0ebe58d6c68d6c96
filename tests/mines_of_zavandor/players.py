"""Ways for random playouts to choose among the legal actions.

Uniformly random players rarely bid three cards of a gem, so their mines stay nearly empty.
``eager`` weighs each action type instead (one type chosen by weight, then one of its actions
at random): it bids and upgrades readily, takes cards, trades now and then, so games fill
mines, reach top levels, use the Idol and the druids, and run the decks dry.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

#: relative weight of each action type when it is on the menu
WEIGHTS = {
    "collect_income": 1, "place_marker": 3, "forfeit_markers": 0.2, "use_one_time": 1, "end_one_time_step": 1,
    "trade_draft_open": 0.6, "trade_draft_give": 1, "trade_draft_ask": 1, "trade_draft_undo": 0.2,
    "trade_draft_cancel": 0.1, "trade_propose": 3, "trade_accept": 6, "trade_reject": 0.5, "trade_withdraw": 0.2,
    "bank_trade": 0.4, "finish_trading": 0.6,
    "bid_add": 5, "bid_remove": 0.3, "bid_commit": 1,
    "choose_reward": 1, "move_king": 1, "upgrade": 6, "end_upgrades": 1,
}


def eager(chooser: random.Random, menu: list[Any]) -> Any:
    by_type: dict[str, list[Any]] = defaultdict(list)
    for action in menu:
        by_type[action.__struct_config__.tag].append(action)
    kinds = sorted(by_type)
    kind = chooser.choices(kinds, weights=[WEIGHTS[k] for k in kinds])[0]
    options = by_type[kind]
    if kind == "choose_reward":
        cards = [a for a in options if a.take == "card"]
        if cards and chooser.random() < 0.85:
            return chooser.choice(cards)
    return chooser.choice(options)
