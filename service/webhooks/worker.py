"""``python -m service.webhooks.worker``: RQ's worker on the webhook queue, with its scheduler.

The scheduler is what moves a failed delivery back onto the queue when its backoff ends.
It reads the service's own settings (WEBHOOK_REDIS_URL or REDIS_URL, WEBHOOK_ALLOWED_HOSTS,
WEBHOOK_TIMEOUT_SECONDS), so run it with the same environment as the service.
"""

from __future__ import annotations

import sys

import redis
from rq import Worker

from ..config import ConfigError, load_config
from ..logs import configure_logging
from .queue import QUEUE_NAME


def queue_url(config: dict) -> str:
    url = config.get("WEBHOOK_REDIS_URL") or (None if config.get("REDIS_CLUSTER") else config.get("REDIS_URL"))
    if not url:
        raise ConfigError("the webhook worker needs WEBHOOK_REDIS_URL, or REDIS_URL naming a plain Redis "
                          "(without Redis, the service delivers webhooks itself)")
    return url


def main() -> int:
    config = load_config()
    configure_logging(config["LOG_LEVEL"])
    worker = Worker([QUEUE_NAME], connection=redis.Redis.from_url(queue_url(config)))
    worker.work(with_scheduler=True, logging_level=config["LOG_LEVEL"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
