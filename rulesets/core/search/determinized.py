"""The search: determinized Monte Carlo with UCB1 at the root, over many determinizations.

The seat's candidate actions are its legal actions in the first determinization (its own
hand and the public state decide them, so every sample agrees on them; a candidate a later
sample refuses is not tried there), narrowed by the game's ``search_candidates`` where its lists
are long. Playout *i* plays in determinization ``i % D``, sampled
from the view when first needed: a candidate chosen by UCB1 among those that sample
allows, then the game's playout policy to the end of the game or to the game's cut-off,
then the value for the seat (``value.of``). Candidates are ranked by visits, then value.

With the game's ``evaluate`` (and ``rollout_depth``), every candidate is first valued one ply
deep in the first sample (that value its first visit), only the ``SHORTLIST`` best are played
out further, and playouts stop after ``rollout_depth`` actions, valued by ``evaluate``.

Only the view, the seed's ``random.Random`` and the work meter decide what happens, so
the answer is a function of (view, seat, seed, work): no state, no clock.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import msgspec

from ..simulation import rollout
from .budget import COPY_UNITS, DETERMINIZATION_UNITS, Meter
from .value import of as value_of

#: UCB1's exploration constant: values in [0, 1] that sit near 0.5 (a margin squashed, value.py) need a small one.
EXPLORATION = 0.2
#: how many playouts share one determinization before the next is sampled (at most ``MAX_DETERMINIZATIONS``),
#: unless the game says (``Ruleset.playouts_per_determinization``).
PLAYOUTS_PER_DETERMINIZATION = 4
MAX_DETERMINIZATIONS = 64
#: a playout that has not ended after this many actions is valued where it stands.
LONGEST_PLAYOUT = 5000
#: with an evaluation: how many candidates, the best one ply deep, the playouts share.
SHORTLIST = 4
#: actions a playout plays between two looks at the clock's safety stop.
STRETCH = 16


@dataclass
class Arm:
    action: Any
    key: bytes
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class Outcome:
    arms: list[Arm]
    determinizations: int
    playouts: int


class _Sample:
    __slots__ = ("state", "legal", "allowed")

    def __init__(self, state: Any, legal: list[Any], allowed: frozenset[bytes]) -> None:
        self.state = state
        self.legal = legal
        self.allowed = allowed


def search(ruleset: Any, view: dict[str, Any], player: int, rnd: random.Random, meter: Meter) -> Outcome:
    """Run the search from ``view`` for ``player``; raise ``ValueError`` when the seat has no legal action."""
    encode = msgspec.json.encode
    samples: list[_Sample] = []

    def sample() -> _Sample:
        state = ruleset.determinize(view, player, random.Random(rnd.getrandbits(64)))
        legal = ruleset.legal_actions(state, player)
        meter.charge(DETERMINIZATION_UNITS)
        made = _Sample(state, legal, frozenset(encode(action) for action in legal))
        samples.append(made)
        return made

    first = sample()
    if not first.legal:
        raise ValueError(f"seat {player} has no legal action in this position")
    arms = _candidates(ruleset, first, player, rnd)
    if len(arms) == 1:
        return Outcome(arms, 1, 0)

    if ruleset.has_evaluation:
        arms = _shortlist(ruleset, first.state, player, arms, meter)
    depth = ruleset.rollout_depth if ruleset.has_evaluation else LONGEST_PLAYOUT
    policy = ruleset.playout_action
    per_sample = ruleset.playouts_per_determinization or PLAYOUTS_PER_DETERMINIZATION
    playouts = 0
    while meter.more():
        index = playouts // per_sample
        if index < MAX_DETERMINIZATIONS:
            current = samples[index] if index < len(samples) else sample()
        else:
            current = samples[playouts % len(samples)]
        arm = _choose(arms, current.allowed, playouts)
        if arm is None:  # this sample refuses every candidate: charged, so the plan still ends
            meter.charge(COPY_UNITS)
            playouts += 1
            meter.done += 1
            continue
        state = ruleset.copy_state(current.state)
        start = state.move
        ruleset.play_trusted(state, arm.action)
        if not _played_out(ruleset, state, rnd, depth, policy, meter):
            break  # the clock's safety stop came mid-playout: that playout counts for nothing
        arm.visits += 1
        arm.total += value_of(ruleset, state, player)
        meter.charge(COPY_UNITS + state.move - start)
        playouts += 1
        meter.done += 1
    return Outcome(arms, len(samples), playouts)


def _candidates(ruleset: Any, first: _Sample, player: int, rnd: random.Random) -> list[Arm]:
    """The root's arms: the game's ``search_candidates`` among the first sample's legal actions (each once,
    only legal ones; all of them when the game's choice keeps none)."""
    encode = msgspec.json.encode
    arms: list[Arm] = []
    seen: set[bytes] = set()
    for action in ruleset.search_candidates(first.state, player, first.legal, rnd):
        key = encode(action)
        if key in first.allowed and key not in seen:
            seen.add(key)
            arms.append(Arm(action, key))
    return arms or [Arm(action, encode(action)) for action in first.legal]


def _shortlist(ruleset: Any, state: Any, player: int, arms: list[Arm], meter: Meter) -> list[Arm]:
    """With the game's evaluation: each candidate valued one ply deep in the first sample, that value kept
    as its first visit, and only the ``SHORTLIST`` best searched further (a playout budget spread over a
    hundred candidates would tell none of them apart)."""
    scored: list[Arm] = []
    for arm in arms:
        if scored and meter.late():
            break  # the safety stop: the candidates valued so far are all there is
        after = ruleset.copy_state(state)
        ruleset.play_trusted(after, arm.action)
        arm.visits, arm.total = 1, value_of(ruleset, after, player)
        meter.charge(COPY_UNITS + 1)
        scored.append(arm)
    arms = scored
    best = {id(arm) for arm in sorted(arms, key=lambda arm: -arm.mean)[:SHORTLIST]}  # stable: ties keep the order
    return [arm for arm in arms if id(arm) in best]


def _played_out(ruleset: Any, state: Any, rnd: random.Random, depth: int, policy: Any, meter: Meter) -> bool:
    """Play ``state`` out (to the end or ``depth`` actions) in stretches of ``STRETCH`` actions, the safety
    stop looked at between them (a whole playout of a long game can take tens of ms); False: it came."""
    flow = ruleset.flow
    left = depth
    while left > 0 and not flow.is_over(state):
        before = state.move
        rollout(ruleset, state, rnd, max_actions=min(STRETCH, left), policy=policy)
        left -= state.move - before
        if meter.late():
            return False
    return True


def _choose(arms: list[Arm], allowed: frozenset[bytes], played: int) -> Arm | None:
    """UCB1 among the candidates this determinization allows (an untried one first, in list order)."""
    best: Arm | None = None
    best_score = -math.inf
    log_n = math.log(played + len(arms) + 1)
    for arm in arms:
        if arm.key not in allowed:
            continue
        if arm.visits == 0:
            return arm
        score = arm.mean + EXPLORATION * math.sqrt(log_n / arm.visits)
        if score > best_score:
            best, best_score = arm, score
    return best


def ranked(arms: list[Arm]) -> list[Arm]:
    """Most visited first, then the higher value, then the order the game listed them (stable)."""
    return sorted(arms, key=lambda arm: (-arm.visits, -arm.mean))
