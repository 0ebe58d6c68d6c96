"""How much a search may do: a time budget turned into a fixed amount of work before it starts.

The answer must be the same for the same request and seed, and come within the budget. A
wall-clock cut-off would make the answer depend on the machine's load, so the budget is
turned into *work units* up front: one unit per action a playout plays (``state.move``
counts them), plus fixed costs for a playout's copy and for making a determinization,
all counted, never timed. The units a millisecond buys come from ``pace.json``: measured
per game on the reference machine (``python bench/bots.py --calibrate``), the search plans
for ``PLANNED_SHARE`` of the budget.

A search shares its process with other requests (a gevent worker serves many at once): between
playouts, and every few actions inside one, it calls the meter's ``pause`` (the service gives
``time.sleep(0)``, which lets the worker's other requests run), and its deadline counts from when
the request arrived, not from when the search got the processor.

A safety stop still watches the clock (at those same moments):
it ends the search ``SAFETY_SLACK_MS`` after the budget, which on the reference machine is
never reached (the plan ends near ``PLANNED_SHARE`` of it); a playout it interrupts counts for nothing. Only
a machine or a moment far slower than the calibration trips it; the answer then still comes
in time, the search says so (``cut_short``), and that answer is not reproducible.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable

#: the share of the budget the planned work should take on the reference machine.
PLANNED_SHARE = 0.5
#: work units charged for copying a determinization before a playout.
COPY_UNITS = 1
#: work units charged for sampling one determinization (decode, consistency check, legal actions).
DETERMINIZATION_UNITS = 4
#: a game missing from pace.json: a slow game's pace, so the budget holds.
DEFAULT_UNITS_PER_MS = 5.0


@lru_cache(maxsize=None)
def _pace() -> dict[str, float]:
    table: dict[str, float] = json.loads((Path(__file__).with_name("pace.json")).read_text())["units_per_ms"]
    return table


def units_for(game: str, budget_ms: int) -> int:
    """The work a search of ``game`` may plan in ``budget_ms`` (at least one playout's worth)."""
    return max(1, int(_pace().get(game, DEFAULT_UNITS_PER_MS) * budget_ms * PLANNED_SHARE))


@dataclass
class Meter:
    """Counts a search's work against its plan; ``stop_at`` is the clock's safety stop (None: none)."""

    units: int
    playouts: int | None = None
    stop_at: float | None = None
    spent: int = 0
    done: int = 0
    cut_short: bool = False
    started: float = field(default_factory=time.perf_counter)
    #: called at every look at the clock: gives the processor to the process's other work a moment
    pause: Callable[[], None] | None = None

    def charge(self, units: int) -> None:
        self.spent += units

    def more(self) -> bool:
        """Whether another playout is planned (and the safety stop has not come)."""
        if self.playouts is not None:
            if self.done >= self.playouts:
                return False
        elif self.spent >= self.units:
            return False
        return not self.late()

    def late(self) -> bool:
        """Whether the clock's safety stop has come (then the search is cut short)."""
        if self.pause is not None:
            self.pause()
        if self.stop_at is not None and time.perf_counter() >= self.stop_at:
            self.cut_short = True
        return self.cut_short

    def elapsed_ms(self) -> float:
        return (time.perf_counter() - self.started) * 1000.0


def share_processor() -> None:
    """A ``pause`` for a search serving requests: ``time.sleep(0)`` lets the process's other threads run,
    and under gevent (whose monkey-patching makes it a yield to the hub) its other requests."""
    time.sleep(0)


#: how far past the budget the safety stop lets a search run (the answer's allowance is 50 ms in all).
SAFETY_SLACK_MS = 10.0


def meter(game: str, budget_ms: int, playouts: int | None, clock_slack_ms: float = SAFETY_SLACK_MS, *,
          arrived: float | None = None, pause: Callable[[], None] | None = None) -> Meter:
    """The meter of one search: a fixed playout count when given (no clock at all), else the budget's units.

    ``arrived`` (a ``time.perf_counter()`` reading) is when the request came: the safety stop counts from it,
    so time a request waited for the processor is time its search does not get. ``pause`` is the meter's."""
    started = time.perf_counter()
    if playouts is not None:
        return Meter(units=0, playouts=playouts, started=started, pause=pause)
    origin = started if arrived is None else min(arrived, started)
    return Meter(units=units_for(game, budget_ms), started=started, pause=pause,
                 stop_at=origin + (budget_ms + clock_slack_ms) / 1000.0)
