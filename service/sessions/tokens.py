"""Seat and owner tokens: bearer secrets that are never stored in the clear.

A token is 32 random bytes (256 bits) from :mod:`secrets`, URL-safe base64. The
store keeps only its SHA-256 digest: a token is high-entropy, so a plain fast hash
is enough (no salt or slow KDF is needed against guessing), and a leaked store does
not hand out seats. Digests are compared with :func:`hmac.compare_digest` so the
time a comparison takes says nothing about how much of a guess was right.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Sequence

TOKEN_BYTES = 32


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def matches(token_digest: str, stored_digest: str) -> bool:
    return hmac.compare_digest(token_digest.encode("ascii"), stored_digest.encode("ascii"))


@dataclass(frozen=True)
class Caller:
    """Who is asking: a seat, the session's owner, or an anonymous spectator."""

    seat: int | None = None
    owner: bool = False

    @property
    def role(self) -> str:
        if self.seat is not None:
            return "seat"
        return "owner" if self.owner else "spectator"


SPECTATOR = Caller()


def identify(token: str, seat_digests: Sequence[str], owner_digest: str) -> Caller | None:
    """The caller a presented token stands for, or None when it belongs to nobody here.

    Every stored digest is compared, whatever matched first, so the answer's timing
    does not tell which seat (if any) a guess came close to.
    """
    presented = digest(token)
    found: Caller | None = None
    for seat, stored in enumerate(seat_digests):
        if matches(presented, stored) and found is None:
            found = Caller(seat=seat)
    if matches(presented, owner_digest) and found is None:
        found = Caller(owner=True)
    return found
