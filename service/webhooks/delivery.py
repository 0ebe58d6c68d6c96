"""One attempt at one delivery: check the address again, sign, POST, and judge the answer.

A 2xx answer delivers; anything else (another status, a redirect, which is never followed,
a timeout, a refused address) raises :class:`DeliveryFailed`, and the queue retries.
"""

from __future__ import annotations

import http.client
import socket
import ssl
from dataclasses import dataclass
from typing import Any

import structlog

from .addresses import AddressPolicy, HostNotAllowed, Target
from .signing import signed_headers

log = structlog.get_logger("service.webhooks")


@dataclass(frozen=True)
class Delivery:
    """What the queue keeps of one delivery between attempts (the secret included: it signs each)."""

    webhook_id: str
    url: str
    secret: str
    body: bytes
    event: str
    session_id: str
    version: int

    def to_job(self) -> dict[str, Any]:
        return {**self.__dict__, "body": self.body.decode()}

    @classmethod
    def from_job(cls, job: dict[str, Any]) -> "Delivery":
        return cls(**{**job, "body": job["body"].encode()})

    def describe(self) -> str:
        """What logs and the queue may say of it: never the secret, the body or the URL's path."""
        return f"webhook {self.event} v{self.version} of session {self.session_id} ({self.webhook_id})"


class DeliveryFailed(Exception):
    """This attempt did not deliver; a later one may."""


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """HTTPS to the checked address, with the certificate still checked against the host name."""

    def __init__(self, target: Target, timeout: float) -> None:
        super().__init__(target.host, target.port, timeout=timeout, context=ssl.create_default_context())
        self._address = target.address

    def connect(self) -> None:
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)  # type: ignore[attr-defined]


class _PinnedHTTPConnection(http.client.HTTPConnection):
    def __init__(self, target: Target, timeout: float) -> None:
        super().__init__(target.host, target.port, timeout=timeout)
        self._address = target.address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


def attempt(delivery: Delivery, policy: AddressPolicy, timeout: float) -> int:
    """POST ``delivery`` once; the receiver's status when it is a 2xx, else :class:`DeliveryFailed`."""
    try:
        target = policy.check(delivery.url)
    except HostNotAllowed as refused:
        log.warning("webhook_refused", delivery=delivery.describe(), code=refused.code)
        raise DeliveryFailed(f"{delivery.describe()}: {refused.code}") from None
    connection_class = _PinnedHTTPSConnection if target.scheme == "https" else _PinnedHTTPConnection
    connection = connection_class(target, timeout)
    headers = {**signed_headers(delivery.secret, delivery.webhook_id, delivery.body),
               "Content-Type": "application/json", "User-Agent": "tabletop-referee-webhooks"}
    try:
        connection.request("POST", target.path, body=delivery.body, headers=headers)
        response = connection.getresponse()
        response.read(64 * 1024)  # the answer's body is not ours to keep; read a little so the socket closes cleanly
        status = response.status
    except (OSError, http.client.HTTPException) as error:
        log.warning("webhook_failed", delivery=delivery.describe(), error=type(error).__name__)
        raise DeliveryFailed(f"{delivery.describe()}: {type(error).__name__}") from None
    finally:
        connection.close()
    if not 200 <= status < 300:
        log.warning("webhook_failed", delivery=delivery.describe(), status=status)
        raise DeliveryFailed(f"{delivery.describe()}: HTTP {status}")
    log.info("webhook_delivered", delivery=delivery.describe(), status=status)
    return status
