"""Standard Webhooks signatures: the per-session secret and the three headers of one attempt.

The library (``standardwebhooks``) signs; this module only decides what is signed. Each
attempt is signed at its own time, so a retry an hour later still passes a receiver's
five-minute timestamp tolerance, while its ``webhook-id`` stays the delivery's.
"""

from __future__ import annotations

import base64
import secrets
from datetime import datetime, timezone

from standardwebhooks import Webhook

SECRET_PREFIX = "whsec_"
SECRET_BYTES = 32


def new_secret() -> str:
    """``whsec_`` + base64 of 32 random bytes, as the specification writes a symmetric secret."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


def signed_headers(secret: str, webhook_id: str, body: bytes, now: datetime | None = None) -> dict[str, str]:
    """The headers that let the receiver check ``body`` came from us, unchanged, just now."""
    sent_at = (now or datetime.now(timezone.utc)).replace(microsecond=0)
    return {
        "webhook-id": webhook_id,
        "webhook-timestamp": str(int(sent_at.timestamp())),
        "webhook-signature": Webhook(secret).sign(webhook_id, sent_at, body.decode()),
    }
