"""Seeded random playouts of whole games (``rulesets.testing.playout``), shared by the per-player-count files.

Each game checks the contract at every step (listed actions accepted, nudged ones refused,
apply pure and deterministic) and, here, that it ends in 11 to 13 rounds (AMB-26), reloads
unchanged, and that trading and bidding were played by several seats at once.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulesets.core import to_builtins
from rulesets.core.host import canonical_json
from rulesets.testing.playout import Playout, random_playout
from rulesets.mines_of_zavandor.components import PATH

from .players import eager
from .scenario import R

SIMULTANEOUS = {"trading": {"trade_draft_open", "trade_draft_give", "trade_draft_ask", "trade_draft_undo",
                            "trade_draft_cancel", "trade_propose", "trade_accept", "trade_reject", "trade_withdraw",
                            "bank_trade", "finish_trading"},
                "bidding": {"bid_add", "bid_remove", "bid_commit"}}


def interleaved(actions: list[dict[str, Any]], step: str) -> int:
    """How many times a seat acted in a simultaneous step right after another seat did, within the step."""
    kinds = SIMULTANEOUS[step]
    count, last = 0, None
    for action in actions:
        if action["type"] not in kinds:
            last = None
            continue
        if last is not None and last != action["player"]:
            count += 1
        last = action["player"]
    return count


def play(players: int, seed: Any, *, eager_players: bool, **kwargs: Any) -> Playout:
    options = {"max_trade_proposals_per_phase": 1 + (hash(str(seed)) % 4)} if players == 3 else {}
    playout = random_playout(R, players, seed, options, pick=eager if eager_players else None,
                             setup_kwargs={"first_player": None if seed % 2 else seed % players}, **kwargs)
    state = playout.state
    status = R.status(state)
    assert status.game_over and len(status.scores) == players and status.winners
    assert state.king == PATH.coronation
    assert min(PATH.moves_to_coronation) <= state.round <= max(PATH.moves_to_coronation), state.round
    assert canonical_json(R.load_state(to_builtins(state))) == canonical_json(state)
    return playout


def bulk(players: int, games: int, first_seed: int = 0) -> Counter[str]:
    """``games`` seeded games, half uniformly random, half eager; what was seen across them."""
    seen: Counter[str] = Counter()
    for seed in range(first_seed, first_seed + games):
        playout = play(players, seed, eager_players=bool(seed % 2), sample_legal=1, nudges=2)
        seen[f"rounds={playout.state.round}"] += 1
        seen["trading interleaved"] += interleaved(playout.actions, "trading") > 0
        seen["bidding interleaved"] += interleaved(playout.actions, "bidding") > 0
        seen["out of turn"] += playout.out_of_turn
        types = {a["type"] for a in playout.actions}
        for kind in ("trade_accept", "bank_trade", "choose_reward", "upgrade", "use_one_time", "place_marker"):
            seen[kind] += kind in types
        if seed % 29 == 0:
            replayed = R.replay(players, seed, playout.options, playout.actions,
                                first_player=None if seed % 2 else seed % players)
            assert canonical_json(replayed) == canonical_json(playout.state)
    return seen


def assert_coverage(seen: Counter[str], games: int) -> None:
    """Every route length occurs; several seats acted at once in most games; the main actions were played."""
    for rounds in PATH.moves_to_coronation:
        assert seen[f"rounds={rounds}"] > 0, seen
    assert seen["trading interleaved"] >= games * 0.8 and seen["bidding interleaved"] >= games * 0.8, seen
    for kind in ("trade_accept", "bank_trade", "choose_reward", "upgrade", "use_one_time"):
        assert seen[kind] > 0, (kind, seen)
