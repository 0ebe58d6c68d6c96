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


def _signing_key(text: str) -> str | None:
    parse_signing_key(text)  # refuse a key that is not one at startup, not at the first record
    return text.strip() or None


#: key -> (default, parser of the environment's text).
SETTINGS: dict[str, tuple[Any, Callable[[str], Any]]] = {
    # Largest request body accepted; bigger ones get 413 before any parsing.
    "MAX_BODY_BYTES": (1 * MIB, _positive_int),
    # Browser origins allowed by CORS; empty (the default) sends no CORS headers, "*" allows any.
    "CORS_ORIGINS": ([], _origins),
    "LOG_LEVEL": ("INFO", lambda text: text.strip().upper()),
    # Sessions: Redis when set, an in-process store otherwise.
    "REDIS_URL": (None, _optional_str),
    "SESSION_KEY_PREFIX": ("referee", lambda text: text.strip()),
    "SESSION_IDLE_SECONDS": (86400, _positive_int),
    # A long-poll holds a sync worker the whole time: keep it under GUNICORN_TIMEOUT (30),
    # or gunicorn kills the worker mid-wait.
    "SESSION_WAIT_MAX_SECONDS": (20, _positive_int),
    # Sealed states: URL-safe base64 32-byte keys, comma-separated; the first seals, all open (rotation).
    # Unset: sealed states are off (the endpoints say how to turn them on).
    "STATE_SEALING_KEYS": ([], parse_keys),
    # Signed game records: an Ed25519 key (32 bytes, URL-safe base64, or a PKCS#8 PEM). Unset: no records.
    "GAME_RECORD_SIGNING_KEY": (None, _signing_key),
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
