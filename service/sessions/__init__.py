"""Server-held games: the server keeps the full state, each seat holds a secret token.

``store`` is the promise every backend keeps; ``redis_store`` and ``memory_store``
keep it; ``tokens`` makes and checks the secrets; ``logic`` is what a session does;
``routes`` only translates it to HTTP. :func:`init_app` wires it all into the app.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

import structlog

from ..bots.turns import LocalTurns, TurnRunner
from ..config import ConfigError
from ..webhooks import make_webhooks
from .logic import Sessions
from .memory_store import MemoryStore, shared_by_several_workers
from .store import SessionStore, StoreUnavailable


def make_store(config: Mapping[str, Any]) -> SessionStore:
    """Redis when ``REDIS_URL`` is set (shared by every worker and host; a cluster with
    ``REDIS_CLUSTER``), else this process's memory."""
    idle = int(config["SESSION_IDLE_SECONDS"])
    if config.get("REDIS_CLUSTER") and not config.get("REDIS_URL"):
        raise ConfigError("REDIS_CLUSTER: set REDIS_URL to one node of the cluster")
    if config.get("REDIS_URL"):
        from .redis_store import RedisStore

        cluster = bool(config.get("REDIS_CLUSTER"))
        wait_replicas = config.get("REDIS_WAIT_REPLICAS")
        return RedisStore.from_url(config["REDIS_URL"], prefix=config["SESSION_KEY_PREFIX"], idle_seconds=idle,
                                   cluster=cluster, wait_replicas=(1 if cluster else 0) if wait_replicas is None
                                   else int(wait_replicas), wait_timeout_ms=int(config["REDIS_WAIT_TIMEOUT_MS"]),
                                   max_connections=int(config.get("REDIS_MAX_CONNECTIONS", 50)))
    return MemoryStore(idle, max_sessions=int(config["SESSION_MAX_COUNT"]))


def make_turns(config: Mapping[str, Any]) -> TurnRunner | None:
    """Bot turns and timers on RQ, on the webhook queue's Redis (WEBHOOK_REDIS_URL, else a plain REDIS_URL);
    on timer threads without Redis; None on a Redis Cluster store without WEBHOOK_REDIS_URL (RQ cannot
    use a cluster), where sessions with bots or timers are refused."""
    url = config.get("WEBHOOK_REDIS_URL") or (None if config.get("REDIS_CLUSTER") else config.get("REDIS_URL"))
    if url:
        import redis

        from ..bots.turns import RQTurns

        return RQTurns(redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2))
    if config.get("REDIS_URL"):
        return None
    return LocalTurns()


def make_sessions(config: Mapping[str, Any], store: SessionStore | None = None) -> Sessions:
    """The sessions room a process runs on ``config``: the service's, or the bot worker's."""
    return Sessions(make_store(config) if store is None else store,
                    wait_max_seconds=float(config["SESSION_WAIT_MAX_SECONDS"]),
                    waits_per_client=int(config["SESSION_LONG_POLLS_PER_CLIENT"]),
                    webhooks=make_webhooks(config), turns=make_turns(config),
                    bot_budget_ms=int(config["BOT_BUDGET_MS"]))


def readiness_check(store: SessionStore) -> Callable[[], tuple[str, bool, str]]:
    def sessions_store() -> tuple[str, bool, str]:
        try:
            store.ping()
        except StoreUnavailable as exc:
            return "sessions", False, f"{store.describe()}: {exc}"
        return "sessions", True, store.describe()

    return sessions_store


def init_app(app, api) -> None:
    """Mount ``/v1/sessions`` on ``api``, with its store and its readiness check."""
    from .routes import SECURITY_SCHEME, blp

    store = make_store(app.config)
    if isinstance(store, MemoryStore) and shared_by_several_workers():
        structlog.get_logger("service.sessions").warning(
            "in_process_session_store_under_gunicorn",
            detail="sessions are per worker process; set REDIS_URL to share them across workers")
    app.extensions["sessions"] = make_sessions(app.config, store)
    from .stream import SessionStreams

    app.extensions["session_streams"] = SessionStreams(
        app.extensions["sessions"], heartbeat_seconds=float(app.config["SESSION_STREAM_HEARTBEAT_SECONDS"]),
        ticket_seconds=int(app.config["SESSION_STREAM_TICKET_SECONDS"]),
        per_client=int(app.config["SESSION_STREAMS_PER_CLIENT"]),
        per_worker=int(app.config["SESSION_STREAMS_PER_WORKER"]))
    app.extensions.setdefault("readiness_checks", []).append(readiness_check(store))
    api.spec.components.security_scheme(SECURITY_SCHEME, {
        "type": "http", "scheme": "bearer",
        "description": "A session token from POST /v1/sessions: a seat's, or the owner's.",
    })
    api.register_blueprint(blp)
