"""Signed game records: a finished session as one document anyone can check.

A record holds everything a replay needs (players, options, seating, the seed and the
salt that open the seed's commitment, every action in full) and what the game came to
(scores, winners, a digest of the final state). The service signs it with Ed25519
(``GAME_RECORD_SIGNING_KEY``) and publishes its public key at
``/.well-known/tabletop-referee/game-record-key`` as a JSON Web Key Set, so a player or
a tournament can keep the record and check later that this referee issued it, and
``POST /v1/games/{game}/verify`` replays it.

What is signed is the record's canonical JSON: keys sorted, no whitespace, UTF-8 (a
record holds no floats, so this is also RFC 8785's form). The document::

    {"record": {...}, "signature": {"alg": "EdDSA", "kid": "<key id>", "value": "<base64url>"}}

The key id is the key's RFC 7638 JWK thumbprint.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass
from typing import Any, Mapping

import orjson
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from rulesets.core.host import canonical_json

RECORD_FORMAT = "tabletop-referee/game-record/v1"
ALGORITHM = "EdDSA"
SEED_BYTES = 32


class RecordKeyError(ValueError):
    """``GAME_RECORD_SIGNING_KEY`` is not a key."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_signing_key() -> str:
    """A fresh key as ``GAME_RECORD_SIGNING_KEY`` takes it: a 32-byte Ed25519 seed, URL-safe base64."""
    raw = Ed25519PrivateKey.generate().private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
                                                     serialization.NoEncryption())
    return _b64(raw)


def parse_signing_key(text: str | None) -> Ed25519PrivateKey | None:
    """A 32-byte Ed25519 private key in URL-safe base64, or a PKCS#8 PEM; blank: none."""
    if text is None or not text.strip():
        return None
    text = text.strip()
    if text.startswith("-----BEGIN"):
        try:
            key = serialization.load_pem_private_key(text.encode(), password=None)
        except (ValueError, TypeError):
            raise RecordKeyError("not a readable unencrypted PEM private key") from None
        if not isinstance(key, Ed25519PrivateKey):
            raise RecordKeyError("the PEM key is not an Ed25519 key")
        return key
    try:
        raw = _unb64(text)
    except (binascii.Error, ValueError):
        raise RecordKeyError("not URL-safe base64") from None
    if len(raw) != SEED_BYTES:
        raise RecordKeyError(f"an Ed25519 key is {SEED_BYTES} bytes, not {len(raw)} "
                             "(make one with: python -m service.records new-key)")
    return Ed25519PrivateKey.from_private_bytes(raw)


def _public_raw(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def key_id(key: Ed25519PublicKey) -> str:
    """RFC 7638 thumbprint: SHA-256 of the JWK's required members, in order, without whitespace."""
    members = {"crv": "Ed25519", "kty": "OKP", "x": _b64(_public_raw(key))}
    return _b64(hashlib.sha256(orjson.dumps(members, option=orjson.OPT_SORT_KEYS)).digest())


def signed_bytes(record: Mapping[str, Any]) -> bytes:
    return canonical_json(record)


def final_state_digest(state: Any) -> str:
    return "sha256:" + hashlib.sha256(canonical_json(state)).hexdigest()


@dataclass(frozen=True)
class RecordSigner:
    private_key: Ed25519PrivateKey

    @property
    def public_key(self) -> Ed25519PublicKey:
        return self.private_key.public_key()

    @property
    def kid(self) -> str:
        return key_id(self.public_key)

    def jwks(self) -> dict[str, Any]:
        return {"keys": [{"kty": "OKP", "crv": "Ed25519", "x": _b64(_public_raw(self.public_key)),
                          "kid": self.kid, "alg": ALGORITHM, "use": "sig"}]}

    def sign(self, record: Mapping[str, Any]) -> dict[str, Any]:
        value = self.private_key.sign(signed_bytes(record))
        return {"record": dict(record), "signature": {"alg": ALGORITHM, "kid": self.kid, "value": _b64(value)}}

    def check(self, record: Mapping[str, Any], signature: Mapping[str, Any]) -> str | None:
        """Why the signature does not hold, or None when this referee's key made it over this record."""
        if signature.get("alg") != ALGORITHM:
            return f"the signature's alg is not {ALGORITHM}"
        if signature.get("kid") != self.kid:
            return "the record was signed with a key this referee does not hold"
        value = signature.get("value")
        try:
            raw = _unb64(value) if isinstance(value, str) else b""
        except (binascii.Error, ValueError):
            raw = b""
        try:
            self.public_key.verify(raw, signed_bytes(record))
        except (InvalidSignature, ValueError):
            return "the signature does not match the record: it was altered, or signed by another key"
        return None
