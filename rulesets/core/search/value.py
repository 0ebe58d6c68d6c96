"""What a playout's end is worth to the searching seat, in [0, 1].

At the game's end: a win counts 1 (a shared win 1/winners), a loss 0, and the score margin
over the best other seat moves it by at most ``MARGIN_WEIGHT`` (so a search prefers winning
by more and losing by less, yet never trades a win for a margin). Before the end (a playout
cut off at the game's ``rollout_depth``): the game's own ``evaluate``.
"""

from __future__ import annotations

from typing import Any, Sequence

MARGIN_WEIGHT = 0.1
#: the score margin at which the margin term is half spent.
MARGIN_SCALE = 10.0


def of(ruleset: Any, state: Any, player: int) -> float:
    if not ruleset.flow.is_over(state):
        value = ruleset.evaluate(state, player)
        return 0.5 if value is None else float(value)
    scores = ruleset.final_scores(state)
    winners = ruleset.winners(state, scores)
    won = 1.0 / len(winners) if player in winners else 0.0
    return (1.0 - MARGIN_WEIGHT) * won + MARGIN_WEIGHT * margin(scores, player)


def margin(scores: Sequence[float], player: int) -> float:
    """The seat's lead over the best other seat, squashed into [0, 1] (0.5: level)."""
    others = [score for seat, score in enumerate(scores) if seat != player]
    if not others:
        return 0.5
    lead = scores[player] - max(others)
    return 0.5 + 0.5 * lead / (abs(lead) + MARGIN_SCALE)
