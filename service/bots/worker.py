"""The bot job's view of the service: one sessions room per worker process, made from its environment.

``python -m service.webhooks.worker`` works the ``bots`` queue beside the webhook queue, so
the worker must see the same settings as the service (REDIS_URL, REDIS_CLUSTER,
SESSION_KEY_PREFIX, WEBHOOK_REDIS_URL, BOT_BUDGET_MS). Its commits go through the same
compare-and-set as a seat's request, and announce (webhooks, the next bot turn or timer)
as any commit does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..sessions.logic import Sessions

_sessions: "Sessions | None" = None


def worker_sessions() -> "Sessions":
    global _sessions
    if _sessions is None:
        from ..config import load_config
        from ..sessions import make_sessions

        _sessions = make_sessions(load_config())
    return _sessions


def play_turn_job(session_id: str, version: int) -> int | None:
    """The RQ job (``service.bots.turns.PLAY_TURN_JOB``): this process's sessions play the turn."""
    return worker_sessions().play_turn(session_id, version)


def warm() -> None:
    """Load every ruleset and the sessions room once in the worker's main process: RQ forks a work
    horse per job, and each horse starts from this process's memory instead of importing games anew."""
    from rulesets.core.registry import all_rulesets

    all_rulesets()
    worker_sessions()


def reset() -> None:
    """Forget the process's sessions room (tests that change the environment between workers)."""
    global _sessions
    if _sessions is not None:
        _sessions.store.close()
    _sessions = None
