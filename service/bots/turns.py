"""Where bot turns and turn timers wait to run: RQ on Redis, or a timer in this process.

After every commit the sessions room asks for one of two things: "play this version now"
(a bot seat is to act) or "look at this version in N seconds" (a human seat's timer).
Either way the job names only the session and the version it was scheduled for; when it
runs it re-reads the session and does nothing if the version has moved on (the seat acted
in time, or another job played first), so a stale or repeated job is harmless.

:class:`RQTurns` puts jobs on the ``bots`` queue of the webhook queue's Redis; timers are
RQ scheduled jobs (``enqueue_in``), kept in Redis, so they survive a restart of the
service or the worker. ``python -m service.webhooks.worker`` works both queues and runs
RQ's scheduler. :class:`LocalTurns` (the in-process store) runs each job on a timer
thread, a greenlet under gunicorn's gevent worker, and hands the search itself to gevent's
native thread pool there so the hub keeps serving requests while a bot thinks.
"""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any, Callable, Protocol, TypeVar

import structlog

BOT_QUEUE = "bots"
#: How long RQ keeps a bot job that failed (for an operator to look at), in seconds.
FAILED_TTL_SECONDS = 86400

log = structlog.get_logger("service.bots")
T = TypeVar("T")


class TurnRunner(Protocol):
    def play_soon(self, session_id: str, version: int) -> None:
        """Run the session's turn at ``version`` as soon as a worker is free."""

    def check_at(self, session_id: str, version: int, delay_seconds: float) -> None:
        """Run it after ``delay_seconds`` (a timer); stale by then if the version moved."""

    def think(self, choose: Callable[[], T]) -> T:
        """Run the (CPU-bound) choice of a bot's action where it holds no client's request."""


#: The RQ job, named rather than imported: the worker process's sessions play the turn, and the
#: sessions room (which imports this module) is the worker's to build, not this module's.
PLAY_TURN_JOB = "service.bots.worker.play_turn_job"


class RQTurns:
    def __init__(self, connection: Any, name: str = BOT_QUEUE) -> None:
        from rq import Queue

        self.queue = Queue(name, connection=connection)

    def play_soon(self, session_id: str, version: int) -> None:
        self.queue.enqueue(PLAY_TURN_JOB, session_id, version, description=f"bot turn {session_id}@{version}",
                           result_ttl=0, failure_ttl=FAILED_TTL_SECONDS)

    def check_at(self, session_id: str, version: int, delay_seconds: float) -> None:
        self.queue.enqueue_in(timedelta(seconds=max(0.0, delay_seconds)), PLAY_TURN_JOB, session_id, version,
                              description=f"turn timer {session_id}@{version}", result_ttl=0,
                              failure_ttl=FAILED_TTL_SECONDS)

    def think(self, choose: Callable[[], T]) -> T:
        return choose()  # the worker process holds no request


def _under_gevent() -> bool:
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return False
    return bool(monkey.is_module_patched("threading"))


class LocalTurns:
    """Jobs on timer threads of this process; ``play`` is the sessions room's ``play_turn``."""

    def __init__(self) -> None:
        self.play: Callable[[str, int], Any] | None = None

    def play_soon(self, session_id: str, version: int) -> None:
        self.check_at(session_id, version, 0.0)

    def check_at(self, session_id: str, version: int, delay_seconds: float) -> None:
        timer = threading.Timer(max(0.0, delay_seconds), self._run, (session_id, version))
        timer.daemon = True
        timer.name = "bot-turn"
        timer.start()

    def _run(self, session_id: str, version: int) -> None:
        assert self.play is not None, "LocalTurns.play is set when the sessions room is made"
        try:
            self.play(session_id, version)
        except Exception as error:  # a bug or an outage must not end silently: say which session
            log.error("bot_turn_failed", session_id=session_id, version=version, error=type(error).__name__)

    def think(self, choose: Callable[[], T]) -> T:
        if _under_gevent():
            import gevent

            return gevent.get_hub().threadpool.apply(choose)  # a native thread: the hub keeps serving
        return choose()
