"""Sealed states: a whole game state a client may carry but neither read nor change.

A stateless client holds the full state, and the full state holds the seed and every
deck's order. Sealed, the state travels as one opaque token instead: its JSON,
compressed (zlib), encrypted and authenticated with AES-256-GCM-SIV under a key only
the servers know, with the game id and rules version bound in as associated data, so
a token opens only for the game and rules it was made for.

Token: ``v2.`` then URL-safe base64 (no padding) of ``key id (4) | nonce (12) |
ciphertext and tag``. The key id (a hash of the key, not the key) picks the key to
open with, so several keys can be configured at once: the first seals, every one
opens, and keys rotate by putting a new one first and dropping the old one once no
token sealed under it is still in play.

What is sealed is ``table id (16) | the state's JSON``. The table id is the sealed
game's own random identifier: drawn once, when a sealed game is set up, and sealed
again unchanged into every later token of that game. Nothing in the state could
serve: the seed and salt may be the client's choice, and both are revealed at the end.
(``v1.`` tokens held the state's JSON alone; they no longer open.)

Seat keys bind a seat to a sealed game: HMAC-SHA256, under a key derived from a
sealing key (HKDF-SHA256, its own ``info`` label, so it is never the AES key), of the
game id, rules version, table id and seat. Nothing is stored: the server recomputes a
seat's key from the token it opens. A key made under any configured sealing key is
accepted, so a rotation keeps every seat key of the games in play.

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
import hmac
import os
import re
import secrets
import zlib
from dataclasses import dataclass, field
from typing import NamedTuple, Sequence

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCMSIV
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

TOKEN_PREFIX = "v2."
KEY_BYTES = 32
KEY_ID_BYTES = 4
NONCE_BYTES = 12
#: The sealed game's random identifier, sealed ahead of the state's JSON.
TABLE_ID_BYTES = 16
#: Bound of a state's JSON once inflated: a safety net, since only a key holder can make a token.
MAX_PLAIN_BYTES = 16 * 1024 * 1024
#: zlib level 1: most of level 9's ratio on game JSON at a fraction of its time.
COMPRESSION_LEVEL = 1
_ASSOCIATED_DATA_TAG = b"tabletop-referee/sealed-state/v2"
_KEY_ID_TAG = b"tabletop-referee/sealing-key-id/v1"
#: HKDF's info: the seat-key root is a key of its own, never the AES key.
_SEAT_KEY_INFO = b"tabletop-referee/seat-key/v1"
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


def new_table_id() -> bytes:
    """A fresh sealed game's identifier (drawn at a sealed setup, kept for the game's life)."""
    return secrets.token_bytes(TABLE_ID_BYTES)


def key_id(key: bytes) -> bytes:
    return hashlib.sha256(_KEY_ID_TAG + key).digest()[:KEY_ID_BYTES]


def associated_data(game: str, rules_version: str) -> bytes:
    return b"\x00".join((_ASSOCIATED_DATA_TAG, game.encode(), rules_version.encode()))


def seat_key_root(key: bytes) -> bytes:
    """The key seat keys are made under, derived from a sealing key (domain-separated by HKDF's info)."""
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_SEAT_KEY_INFO).derive(key)


def _seat_message(game: str, rules_version: str, table: bytes, seat: int) -> bytes:
    """Each part length-prefixed: no other (game, version, table, seat) spells the same bytes."""
    parts = (game.encode(), rules_version.encode(), table, str(seat).encode())
    return b"".join(len(part).to_bytes(4, "big") + part for part in parts)


def _seat_mac(root: bytes, game: str, rules_version: str, table: bytes, seat: int) -> bytes:
    return hmac.new(root, _seat_message(game, rules_version, table, seat), hashlib.sha256).digest()


class Opened(NamedTuple):
    """What a token holds: its game's table id and the state's JSON."""

    table: bytes
    plain: bytes


@dataclass(frozen=True)
class Sealer:
    """Seals with the first key, opens with any."""

    keys: tuple[bytes, ...] = field(repr=False)  # never in a log line or a traceback
    _ciphers: dict[bytes, AESGCMSIV] = field(init=False, repr=False, compare=False)
    _sealing_id: bytes = field(init=False, repr=False, compare=False)
    _seat_roots: tuple[bytes, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.keys:
            raise SealingKeyError("a Sealer needs at least one key")
        object.__setattr__(self, "_ciphers", {key_id(key): AESGCMSIV(key) for key in reversed(self.keys)})
        object.__setattr__(self, "_sealing_id", key_id(self.keys[0]))
        object.__setattr__(self, "_seat_roots", tuple(seat_key_root(key) for key in self.keys))

    def seal(self, plain_json: bytes, game: str, rules_version: str, table: bytes) -> str:
        """A token of the state's JSON for the game whose table id is ``table`` (:func:`new_table_id`)."""
        if len(table) != TABLE_ID_BYTES:
            raise ValueError(f"a table id is {TABLE_ID_BYTES} bytes")
        nonce = os.urandom(NONCE_BYTES)
        packed = zlib.compress(table + plain_json, COMPRESSION_LEVEL)
        sealed = self._ciphers[self._sealing_id].encrypt(nonce, packed, associated_data(game, rules_version))
        body = self._sealing_id + nonce + sealed
        return TOKEN_PREFIX + base64.urlsafe_b64encode(body).decode().rstrip("=")

    def open(self, token: str, game: str, rules_version: str) -> Opened:
        """The table id and the state's JSON; :class:`InvalidSeal` for anything this referee did not seal
        for that game."""
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
        if inflater.unconsumed_tail or not inflater.eof or len(plain) < TABLE_ID_BYTES:
            raise InvalidSeal()
        return Opened(plain[:TABLE_ID_BYTES], plain[TABLE_ID_BYTES:])

    def seat_key(self, game: str, rules_version: str, table: bytes, seat: int) -> str:
        """The seat's key in that sealed game (under the sealing key), as a client sends it."""
        mac = _seat_mac(self._seat_roots[0], game, rules_version, table, seat)
        return base64.urlsafe_b64encode(mac).decode().rstrip("=")

    def is_seat_key(self, presented: str, game: str, rules_version: str, table: bytes, seat: int) -> bool:
        """Whether ``presented`` is the seat's key under any configured key. Every key is tried, whichever
        matches, and compared in constant time: the answer's timing says nothing of how close a guess was."""
        try:
            raw = _unb64(presented)
        except (binascii.Error, ValueError):
            raw = b""
        found = False
        for root in self._seat_roots:
            found |= hmac.compare_digest(raw, _seat_mac(root, game, rules_version, table, seat))
        return found
