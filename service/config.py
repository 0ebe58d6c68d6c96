"""Settings from the environment, overridable by ``create_app(config=...)``.

Every key is documented in the README's configuration table; keep the two in step.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Mapping

from .records import parse_signing_key
from .sealing import parse_keys

MIB = 1024 * 1024


def _bool(text: str) -> bool:
    value = text.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off", ""):
        return False
    raise ValueError(f"expected a boolean (1/0, true/false, yes/no, on/off), got {text!r}")


def _origins(text: str) -> list[str]:
    return [origin.strip() for origin in text.split(",") if origin.strip()]


def _optional_str(text: str) -> str | None:
    return text.strip() or None


def _positive_int(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise ValueError(f"expected a positive integer, got {text!r}")
    return value


def _optional_count(text: str) -> int | None:
    if not text.strip():
        return None
    value = int(text)
    if value < 0:
        raise ValueError(f"expected 0 or more, got {text!r}")
    return value
def _allowed_hosts(text: str) -> list[str]:
    from .webhooks.addresses import parse_allowed_hosts

    parse_allowed_hosts(text)  # a typo in a CIDR stops the service at startup, not at the first webhook
    return _origins(text)


def _seconds_list(text: str) -> list[int]:
    values = [int(part) for part in text.split(",") if part.strip()]
    if any(value < 0 for value in values):
        raise ValueError(f"expected seconds (0 or more), comma-separated, got {text!r}")
    return values


def _signing_key(text: str) -> str | None:
    parse_signing_key(text)  # refuse a key that is not one at startup, not at the first record
    return text.strip() or None


#: key -> (default, parser of the environment's text).
SETTINGS: dict[str, tuple[Any, Callable[[str], Any]]] = {
    # Largest request body accepted; bigger ones get 413 before any parsing.
    "MAX_BODY_BYTES": (1 * MIB, _positive_int),
    # Longest a request body may take to arrive (gevent workers); 408 past it.
    "BODY_READ_SECONDS": (30, _positive_int),
    # Longest a request head (request line and headers) may take to arrive, in all (the gevent
    # worker, service/gevent_worker.py, enforces it before the app sees the request); 408 past it.
    "HEAD_READ_SECONDS": (10, _positive_int),
    # Browser origins allowed by CORS; empty (the default) sends no CORS headers, "*" allows any.
    "CORS_ORIGINS": ([], _origins),
    "LOG_LEVEL": ("INFO", lambda text: text.strip().upper()),
    # Sessions: Redis when set, an in-process store otherwise.
    "REDIS_URL": (None, _optional_str),
    # REDIS_URL names one node of a Redis Cluster; the client finds the others.
    "REDIS_CLUSTER": (False, _bool),
    # Replicas that must hold a session write before it is confirmed (Redis WAIT);
    # unset: 1 on a cluster (a failover then loses no confirmed write), 0 otherwise.
    "REDIS_WAIT_REPLICAS": (None, _optional_count),
    "REDIS_WAIT_TIMEOUT_MS": (500, _positive_int),
    # Redis connections one worker process holds at most (per node on a cluster), its one
    # change subscription included; long-polls take none of their own.
    "REDIS_MAX_CONNECTIONS": (50, _positive_int),
    "SESSION_KEY_PREFIX": ("referee", lambda text: text.strip()),
    "SESSION_IDLE_SECONDS": (86400, _positive_int),
    # The in-process store's cap (Redis is capped by its own maxmemory); past it, creating is a 503.
    "SESSION_MAX_COUNT": (10000, _positive_int),
    # Longest long-poll; gevent workers hold it for a greenlet's cost (see gunicorn.conf.py).
    "SESSION_WAIT_MAX_SECONDS": (20, _positive_int),
    # Long-polls one client address may hold open at once in one worker process; 429 past it.
    "SESSION_LONG_POLLS_PER_CLIENT": (4, _positive_int),
    # Event streams (GET /v1/sessions/{id}/stream): a ": ping" comment this often while nothing happens;
    # streams one client address may hold open in one worker, and all clients together; 429 past either.
    "SESSION_STREAM_HEARTBEAT_SECONDS": (15, _positive_int),
    "SESSION_STREAMS_PER_CLIENT": (4, _positive_int),
    "SESSION_STREAMS_PER_WORKER": (1000, _positive_int),
    # How long a stream ticket (POST /v1/sessions/{id}/stream-tickets) stays good; it works once.
    "SESSION_STREAM_TICKET_SECONDS": (60, _positive_int),
    # Most actions one replay takes: a random playout of the longest game (Java) runs ~1,400.
    "MAX_REPLAY_ACTIONS": (5000, _positive_int),
    # Sealed states: URL-safe base64 32-byte keys, comma-separated; the first seals, all open (rotation).
    # Unset: sealed states are off (the endpoints say how to turn them on).
    "STATE_SEALING_KEYS": ([], parse_keys),
    # Signed game records: an Ed25519 key (32 bytes, URL-safe base64, or a PKCS#8 PEM). Unset: no records.
    "GAME_RECORD_SIGNING_KEY": (None, _signing_key),
    # Turn webhooks (service/webhooks): hosts, addresses and CIDR blocks a webhook may reach although
    # they are not public (loopback, private, link-local...); public addresses need no listing.
    "WEBHOOK_ALLOWED_HOSTS": (["*"], _allowed_hosts),
    # A plain Redis for the webhook queue; unset: the session store's (a cluster store needs this one).
    "WEBHOOK_REDIS_URL": (None, _optional_str),
    # Seconds before each retry of a failed delivery (so 1 + their count attempts in all).
    "WEBHOOK_RETRY_SECONDS": ([10, 60, 300, 1800, 7200], _seconds_list),
    # Connect and read timeout of one delivery attempt.
    "WEBHOOK_TIMEOUT_SECONDS": (5, _positive_int),
    # How long a bot seat (or a timed-out seat's stand-in) searches for its move, in milliseconds.
    "BOT_BUDGET_MS": (300, _positive_int),
    # Mounts POST /bench/echo, the framework floor bench/http.py compares against.
    "BENCH_ECHO": (False, _bool),
}


class ConfigError(ValueError):
    """An environment variable that cannot be understood; the service refuses to start."""


def load_config(environ: Mapping[str, str] | None = None, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Defaults, then the environment, then ``overrides`` (already typed, as tests pass them)."""
    environ = os.environ if environ is None else environ
    config: dict[str, Any] = {}
    for key, (default, parse) in SETTINGS.items():
        if key in environ:
            try:
                config[key] = parse(environ[key])
            except ValueError as exc:
                raise ConfigError(f"{key}: {exc}") from None
        else:
            config[key] = default
    if overrides:
        config.update(overrides)
    if isinstance(config["CORS_ORIGINS"], str):
        config["CORS_ORIGINS"] = _origins(config["CORS_ORIGINS"])
    return config
