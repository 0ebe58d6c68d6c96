"""``python -m service.webhooks.worker``: RQ's worker on the webhook and bot queues, with its scheduler.

One process works both queues (``webhooks`` first, then ``bots``): a delivery is short, and
a bot turn takes ``BOT_BUDGET_MS``; give a busy server more of these processes, or name the
queues one works (``python -m service.webhooks.worker bots``). The scheduler is what moves a
failed delivery back onto the queue when its backoff ends, and a turn timer's job onto the
bot queue when its seat's time runs out; both wait in Redis, so a restart loses neither.
It reads the service's own settings (WEBHOOK_REDIS_URL or REDIS_URL, REDIS_CLUSTER,
SESSION_KEY_PREFIX, WEBHOOK_ALLOWED_HOSTS, WEBHOOK_TIMEOUT_SECONDS, BOT_BUDGET_MS), so run
it with the same environment as the service.
"""

from __future__ import annotations

import sys

import redis
from rq import Worker

from ..bots.turns import BOT_QUEUE
from ..config import ConfigError, load_config
from ..logs import configure_logging
from .queue import QUEUE_NAME

QUEUES = (QUEUE_NAME, BOT_QUEUE)


def queue_url(config: dict) -> str:
    url = config.get("WEBHOOK_REDIS_URL") or (None if config.get("REDIS_CLUSTER") else config.get("REDIS_URL"))
    if not url:
        raise ConfigError("the webhook worker needs WEBHOOK_REDIS_URL, or REDIS_URL naming a plain Redis "
                          "(without Redis, the service delivers webhooks and plays bots itself)")
    return url


def queues(names: list[str]) -> list[str]:
    unknown = [name for name in names if name not in QUEUES]
    if unknown:
        raise ConfigError(f"unknown queue {unknown[0]!r}: the worker works {', '.join(QUEUES)}")
    return names or list(QUEUES)


def main(argv: list[str] | None = None) -> int:
    config = load_config()
    configure_logging(config["LOG_LEVEL"])
    names = queues(sys.argv[1:] if argv is None else argv)
    if BOT_QUEUE in names:
        from ..bots.worker import warm

        warm()
    worker = Worker(names, connection=redis.Redis.from_url(queue_url(config)))
    worker.work(with_scheduler=True, logging_level=config["LOG_LEVEL"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
