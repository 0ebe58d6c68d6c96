"""Search: a move for a seat, from what that seat may know and nothing else.

``suggest(ruleset, view, player, budget_ms=300, seed=None)`` answers a :class:`Suggestion`:
at most five of the seat's legal actions, the best first, each with the mean value its
playouts reached (``value``, in [0, 1] for that seat) and how many playouts tried it
(``visits``), and what the search did (``searched``). It is handed the seat's VIEW
(``ruleset.view(state, player)``), never the state: it samples full states consistent with
the view (determinizations) and plays them out (:mod:`.determinized`). The answer depends
on the view, the seat, the seed and the budget only (:mod:`.budget` turns the budget into a
fixed amount of work), so two states the seat cannot tell apart get the same answer.

What a game supplies (hooks on ``Ruleset``, see ``rulesets.core.contract``):

* ``determinize(view, viewer, rnd) -> state`` (required): a full typed state consistent
  with the view. Write it with :mod:`.sampling`::

      def determinize(self, view, viewer, rnd):
          raw = sampling.opened(view)                       # a copy, without "viewer"
          for seat, player in enumerate(raw["players"]):    # one kind of component at a time:
              pool = sampling.unseen(ALL_CARDS_OF[seat],    #   all of them ...
                                     player.get("hand", []), player["discard"])  # ... minus every one shown
              holes = [(player, name) for name in ("hand", "deck") if sampling.hole(player, name)]
              sampling.deal(pool, rnd, holes)               # dealt by the view's <field>_count
          return self.load_state(sampling.finished(raw, rnd))  # fresh rng; refuses a hole left open

  The pools are written from the rules (where a component can be seen), as the game's
  twin in ``tests/<game>/secrets.py`` says what the seat may not know. Solenia and Golden
  City are the worked examples (``rulesets/solenia/sampling.py``, ``rulesets/golden_city/sampling.py``).
* ``playout_action(state, player, rnd)`` (optional): the playout policy; by default the
  game's ``random_action``. Override where uniform play is weak.
* ``evaluate(state, player) -> float in [0, 1]`` and ``rollout_depth`` (optional): a
  cut-off's value (score difference plus what the rules make valuable); with both, a
  playout stops after ``rollout_depth`` actions. By default playouts run to the game's end,
  valued by ``final_scores`` and ``winners`` (:mod:`.value`).
* ``rulesets/core/search/pace.json``: the game's work units per millisecond
  (``python bench/bots.py --calibrate``); a game missing there is budgeted as a slow one.

Then ``rulesets.testing.search.check_blind`` and ``check_legal`` prove the game's bot over
seeded games (see ``tests/solenia/test_search.py``).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from ..codec import canonical_json, to_builtins
from . import sampling, value
from .budget import meter, share_processor
from .determinized import ranked, search

__all__ = ["MAX_SUGGESTIONS", "NoLegalAction", "NotSearchable", "Scored", "Searched", "Suggestion", "sampling",
           "share_processor", "suggest", "value"]

MAX_SUGGESTIONS = 5


class NotSearchable(NotImplementedError):
    """The game has no ``determinize`` hook: it cannot be searched from a view."""


class NoLegalAction(ValueError):
    """The seat has nothing to do now (not its turn, or the game is over)."""


@dataclass(frozen=True)
class Scored:
    action: Any  # JSON builtins
    value: float
    visits: int


@dataclass(frozen=True)
class Searched:
    determinizations: int
    playouts: int
    elapsed_ms: float
    #: the clock's safety stop ended the search before its planned work (the answer is not reproducible)
    cut_short: bool = False


@dataclass(frozen=True)
class Suggestion:
    suggestions: list[Scored] = field(default_factory=list)
    searched: Searched = field(default_factory=lambda: Searched(0, 0, 0.0))

    def to_builtins(self) -> dict[str, Any]:
        return {"suggestions": [{"action": s.action, "value": s.value, "visits": s.visits} for s in self.suggestions],
                "searched": {"determinizations": self.searched.determinizations, "playouts": self.searched.playouts,
                             "elapsed_ms": self.searched.elapsed_ms, "cut_short": self.searched.cut_short}}


def suggest(ruleset: Any, view: dict[str, Any], player: int, *, budget_ms: int = 300,
            seed: int | str | None = None, playouts: int | None = None,
            arrived: float | None = None, pause: Callable[[], None] | None = None) -> Suggestion:
    """The seat's best legal actions from its ``view``, searched within ``budget_ms``.

    ``seed`` fixes the search's chance (None: one derived from the view, so a position
    always gets the same answer). ``playouts`` replaces the budget by a fixed playout count
    (no clock at all: for tests and benchmarks). ``arrived`` and ``pause`` are the meter's
    (:func:`.budget.meter`): the budget counted from the request's arrival, and the processor
    shared with the process's other requests. Raises ``NotSearchable`` for a game without
    a ``determinize`` hook and ``NoLegalAction`` when the seat has nothing to do.
    """
    if not ruleset.searchable:
        raise NotSearchable(f"{ruleset.id} cannot be searched yet: it has no determinize hook "
                            "(sampling a full state from a seat's view)")
    if view.get("viewer") != player:
        raise ValueError(f"the view is seat {view.get('viewer')}'s, not seat {player}'s")
    rnd = random.Random(_seed_text(view, seed))
    work = meter(ruleset.id, budget_ms, playouts, arrived=arrived, pause=pause)
    try:
        outcome = search(ruleset, view, player, rnd, work)
    except ValueError as none_left:
        raise NoLegalAction(str(none_left)) from None
    best = ranked(outcome.arms)[:MAX_SUGGESTIONS]
    return Suggestion(
        suggestions=[Scored(to_builtins(arm.action), round(arm.mean, 6), arm.visits) for arm in best],
        searched=Searched(outcome.determinizations, outcome.playouts, round(work.elapsed_ms(), 3), work.cut_short))


def _seed_text(view: dict[str, Any], seed: int | str | None) -> str:
    if seed is not None:
        return f"suggest\x1f{type(seed).__name__}\x1f{seed}"
    return "suggest\x1fview\x1f" + hashlib.blake2b(canonical_json(view), digest_size=16).hexdigest()
