"""Sealed states: a whole game state a client may carry but neither read nor change.

A stateless client holds the full state, and the full state holds the seed and every
deck's order. Sealed, the state travels as one opaque token instead: its JSON,
compressed (zlib), encrypted and authenticated with AES-256-GCM-SIV under a key only
the servers know, with the game id and rules version bound in as associated data, so
a token opens only for the game and rules it was made for.

Token: ``v1.`` then URL-safe base64 (no padding) of ``key id (4) | nonce (12) |
ciphertext and tag``. The key id (a hash of the key, not the key) picks the key to
open with, so several keys can be configured at once: the first seals, every one
opens, and keys rotate by putting a new one first and dropping the old one once no
token sealed under it is still in play.

Why GCM-SIV and not plain GCM: nonces are random, and with plain GCM two seals that
happened to draw the same nonce under one key would leak the key stream and allow
forgeries; GCM-SIV only reveals that the two plaintexts were equal.

This module knows tokens and keys, nothing about HTTP (``service.sealed_states`` does).
Sealing does not stop a client from posting an older token again: that forks the game
at an earlier point. Sessions (``/v1/sessions``) are the answer when that matters.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import re
import secrets
import zlib
from dataclasses import dataclass, field
from typing import Sequence

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCMSIV

TOKEN_PREFIX = "v1."
KEY_BYTES = 32
KEY_ID_BYTES = 4
NONCE_BYTES = 12
#: Bound of a state's JSON once inflated: a safety net, since only a key holder can make a token.
MAX_PLAIN_BYTES = 16 * 1024 * 1024
#: zlib level 1: most of level 9's ratio on game JSON at a fraction of its time.
COMPRESSION_LEVEL = 1
_ASSOCIATED_DATA_TAG = b"tabletop-referee/sealed-state/v1"
_KEY_ID_TAG = b"tabletop-referee/sealing-key-id/v1"
_BASE64URL = re.compile(r"[A-Za-z0-9_-]+")
#: nonce and the AEAD tag: the smallest token body that could hold anything at all.
_MIN_BODY = KEY_ID_BYTES + NONCE_BYTES + 16


class InvalidSeal(Exception):
    """A token this referee cannot open: altered, cut, for another game, or under an unknown key.

    Deliberately without detail: which of those it was is of use only to a forger.
    """


class SealingKeyError(ValueError):
    """``STATE_SEALING_KEYS`` holds something that is not a key."""


def new_key() -> str:
    """A fresh key, as ``STATE_SEALING_KEYS`` takes it."""
    return base64.urlsafe_b64encode(secrets.token_bytes(KEY_BYTES)).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    """The bytes of unpadded URL-safe base64, spelt exactly as :func:`base64.urlsafe_b64encode` spells them:
    a final newline, padding or other values of the last character's spare bits would be other spellings
    of the same bytes, and a token has one."""
    if not _BASE64URL.fullmatch(text):
        raise binascii.Error("not URL-safe base64")
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if base64.urlsafe_b64encode(raw).decode().rstrip("=") != text:
        raise binascii.Error("not the canonical spelling")
    return raw


def parse_keys(text: str | Sequence[str] | None) -> list[bytes]:
    """Comma-separated URL-safe base64 keys (32 bytes each), the sealing one first."""
    if text is None:
        return []
    parts = text.split(",") if isinstance(text, str) else list(text)
    keys = []
    for position, part in enumerate(p.strip() for p in parts):
        if not part:
            continue
        try:
            key = _unb64(part.rstrip("="))
        except (binascii.Error, ValueError):
            raise SealingKeyError(f"key {position + 1} is not URL-safe base64") from None
        if len(key) != KEY_BYTES:
            raise SealingKeyError(f"key {position + 1} is {len(key)} bytes; each key must be {KEY_BYTES} "
                                  "(make one with: python -m service.sealing new-key)")
        keys.append(key)
    return keys


def key_id(key: bytes) -> bytes:
    return hashlib.sha256(_KEY_ID_TAG + key).digest()[:KEY_ID_BYTES]


def associated_data(game: str, rules_version: str) -> bytes:
    return b"\x00".join((_ASSOCIATED_DATA_TAG, game.encode(), rules_version.encode()))


@dataclass(frozen=True)
class Sealer:
    """Seals with the first key, opens with any."""

    keys: tuple[bytes, ...] = field(repr=False)  # never in a log line or a traceback
    _ciphers: dict[bytes, AESGCMSIV] = field(init=False, repr=False, compare=False)
    _sealing_id: bytes = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.keys:
            raise SealingKeyError("a Sealer needs at least one key")
        object.__setattr__(self, "_ciphers", {key_id(key): AESGCMSIV(key) for key in reversed(self.keys)})
        object.__setattr__(self, "_sealing_id", key_id(self.keys[0]))

    def seal(self, plain_json: bytes, game: str, rules_version: str) -> str:
        nonce = os.urandom(NONCE_BYTES)
        packed = zlib.compress(plain_json, COMPRESSION_LEVEL)
        sealed = self._ciphers[self._sealing_id].encrypt(nonce, packed, associated_data(game, rules_version))
        body = self._sealing_id + nonce + sealed
        return TOKEN_PREFIX + base64.urlsafe_b64encode(body).decode().rstrip("=")

    def open(self, token: str, game: str, rules_version: str) -> bytes:
        """The state's JSON bytes; :class:`InvalidSeal` for anything this referee did not seal for that game."""
        if not isinstance(token, str) or not token.startswith(TOKEN_PREFIX):
            raise InvalidSeal()
        try:
            body = _unb64(token[len(TOKEN_PREFIX):])
        except (binascii.Error, ValueError):
            raise InvalidSeal() from None
        if len(body) < _MIN_BODY:
            raise InvalidSeal()
        cipher = self._ciphers.get(body[:KEY_ID_BYTES])
        if cipher is None:
            raise InvalidSeal()
        nonce = body[KEY_ID_BYTES:KEY_ID_BYTES + NONCE_BYTES]
        try:
            packed = cipher.decrypt(nonce, body[KEY_ID_BYTES + NONCE_BYTES:], associated_data(game, rules_version))
        except InvalidTag:
            raise InvalidSeal() from None
        inflater = zlib.decompressobj()
        try:
            plain = inflater.decompress(packed, MAX_PLAIN_BYTES)
        except zlib.error:
            raise InvalidSeal() from None
        if inflater.unconsumed_tail or not inflater.eof:
            raise InvalidSeal()
        return plain
