"""Where deliveries wait between attempts, with backoff: RQ on Redis, or a thread in memory.

RQ keeps each delivery as a job in Redis until a worker (``python -m service.webhooks.worker``)
delivers it or runs out of retries, so a restart of the service or the worker loses none.
Without Redis, :class:`ThreadQueue` keeps them in this process: same attempts and backoff,
but a restart loses whatever is waiting.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from typing import Any, Protocol, Sequence

import structlog

from .addresses import AddressPolicy
from .delivery import Delivery, DeliveryFailed, attempt

QUEUE_NAME = "webhooks"
#: How long RQ keeps a job that used up its retries (for an operator to look at), in seconds.
FAILED_TTL_SECONDS = 7 * 86400

log = structlog.get_logger("service.webhooks")


class DeliveryQueue(Protocol):
    def put(self, delivery: Delivery) -> None: ...


def worker_settings() -> tuple[AddressPolicy, float]:
    """The policy and timeout of the process that delivers, read from its own environment."""
    from ..config import load_config

    config = load_config()
    return AddressPolicy(config["WEBHOOK_ALLOWED_HOSTS"]), float(config["WEBHOOK_TIMEOUT_SECONDS"])


def deliver_job(job: dict[str, Any]) -> int:
    """The RQ job: one attempt; raising lets ``rq.Retry`` schedule the next."""
    policy, timeout = worker_settings()
    return attempt(Delivery.from_job(job), policy, timeout)


class RQQueue:
    def __init__(self, connection: Any, retry_seconds: Sequence[int], name: str = QUEUE_NAME) -> None:
        from rq import Queue

        self.queue = Queue(name, connection=connection)
        self.retry_seconds = list(retry_seconds)

    def put(self, delivery: Delivery) -> None:
        from rq import Retry

        retry = Retry(max=len(self.retry_seconds), interval=self.retry_seconds) if self.retry_seconds else None
        # The description is what RQ logs of a job: ours names no secret (the default would be its arguments).
        self.queue.enqueue(deliver_job, delivery.to_job(), retry=retry, job_id=delivery.webhook_id,
                           description=delivery.describe(), failure_ttl=FAILED_TTL_SECONDS, result_ttl=3600)


class ThreadQueue:
    """Deliveries held in this process and sent by one background thread (a greenlet under gevent)."""

    def __init__(self, policy: AddressPolicy, timeout: float, retry_seconds: Sequence[int]) -> None:
        self.policy, self.timeout, self.retry_seconds = policy, timeout, list(retry_seconds)
        self._due: list[tuple[float, int, Delivery, int]] = []
        self._order = itertools.count()
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None

    def put(self, delivery: Delivery) -> None:
        self._schedule(delivery, 0, 0.0)

    def _schedule(self, delivery: Delivery, tries: int, delay: float) -> None:
        with self._wake:
            heapq.heappush(self._due, (time.monotonic() + delay, next(self._order), delivery, tries))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="webhook-deliveries", daemon=True)
                self._thread.start()
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._due or self._due[0][0] > time.monotonic():
                    self._wake.wait(None if not self._due else self._due[0][0] - time.monotonic())
                _, _, delivery, tries = heapq.heappop(self._due)
            try:
                attempt(delivery, self.policy, self.timeout)
            except DeliveryFailed:
                if tries < len(self.retry_seconds):
                    self._schedule(delivery, tries + 1, float(self.retry_seconds[tries]))
                else:
                    log.warning("webhook_given_up", delivery=delivery.describe(), attempts=tries + 1)
            except Exception as error:  # a bug must not end the thread that delivers every later webhook
                log.error("webhook_delivery_crashed", delivery=delivery.describe(), error=type(error).__name__)
