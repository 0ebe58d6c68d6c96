"""Turn webhooks: a session's subscribers are told, signed, when a seat is to act and when the game ends.

``signing`` makes the secret and signs; ``addresses`` says where a webhook may go;
``payloads`` writes what it carries (a spectator's share only); ``delivery`` makes one
attempt; ``queue`` keeps deliveries between attempts (RQ on Redis, or a thread);
``worker`` runs RQ's worker. :class:`Webhooks` is all the sessions room sees of it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import orjson
import structlog

from .addresses import AddressPolicy, HostNotAllowed
from .delivery import Delivery
from .payloads import EVENTS, events_for, payload
from .queue import DeliveryQueue
from .signing import new_secret

__all__ = ["EVENTS", "Webhooks", "WebhookRefused", "WebhooksUnavailable", "make_webhooks"]

log = structlog.get_logger("service.webhooks")


class WebhookRefused(Exception):
    """A subscription at creation that the address policy refuses."""

    def __init__(self, index: int, code: str, detail: str) -> None:
        super().__init__(detail)
        self.index, self.code, self.detail = index, code, detail


class WebhooksUnavailable(Exception):
    """This server cannot keep a durable queue (a Redis Cluster store without WEBHOOK_REDIS_URL)."""


@dataclass(frozen=True)
class Subscriptions:
    """What a session keeps of its webhooks: the targets, and the secret that signs for them."""

    targets: list[dict[str, Any]]
    secret: str


class Webhooks:
    def __init__(self, policy: AddressPolicy, queue: DeliveryQueue | None) -> None:
        self.policy, self.queue = policy, queue

    def subscribe(self, requested: Sequence[Mapping[str, Any]]) -> Subscriptions:
        """Check each URL against the policy now (it is checked again at every attempt)."""
        if self.queue is None:
            raise WebhooksUnavailable(
                "Webhooks need a plain Redis for their queue, and this server's session store is a Redis "
                "Cluster, which RQ cannot use: the operator sets WEBHOOK_REDIS_URL to turn them on.")
        for index, target in enumerate(requested):
            try:
                self.policy.check(target["url"])
            except HostNotAllowed as refused:
                raise WebhookRefused(index, refused.code, str(refused)) from None
        return Subscriptions([{"url": t["url"], "events": sorted(set(t["events"]))} for t in requested],
                             new_secret())

    def committed(self, *, session_id: str, game: str, version: int, targets: Sequence[Mapping[str, Any]],
                  secret: str, status: Mapping[str, Any], spectator_view: Any,
                  revealed: Mapping[str, Any]) -> None:
        """A version was committed: queue what it announces to each target that asked for it."""
        assert self.queue is not None  # a session has targets only if subscribe() found a queue
        for event in events_for(status):
            body = orjson.dumps(payload(event, session_id=session_id, game=game, version=version, status=status,
                                        spectator_view=spectator_view, revealed=revealed))
            for target in targets:
                if event not in target["events"]:
                    continue
                delivery = Delivery(webhook_id=f"msg_{secrets.token_urlsafe(16)}", url=target["url"], secret=secret,
                                    body=body, event=event, session_id=session_id, version=version)
                try:
                    self.queue.put(delivery)
                except Exception as error:  # the version has landed: losing its notice must not undo the answer
                    log.error("webhook_enqueue_failed", delivery=delivery.describe(), error=type(error).__name__)


def make_webhooks(config: Mapping[str, Any]) -> Webhooks:
    """RQ on WEBHOOK_REDIS_URL, else on the session store's Redis; in memory without Redis."""
    policy = AddressPolicy(config["WEBHOOK_ALLOWED_HOSTS"])
    retry_seconds = config["WEBHOOK_RETRY_SECONDS"]
    url = config.get("WEBHOOK_REDIS_URL") or (None if config.get("REDIS_CLUSTER") else config.get("REDIS_URL"))
    if url:
        import redis

        from .queue import RQQueue

        return Webhooks(policy, RQQueue(redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2),
                                        retry_seconds))
    if config.get("REDIS_URL"):
        return Webhooks(policy, None)  # a cluster store: see WebhooksUnavailable
    from .queue import ThreadQueue

    return Webhooks(policy, ThreadQueue(policy, float(config["WEBHOOK_TIMEOUT_SECONDS"]), retry_seconds))
