"""Sealed tokens (service.sealing): what opens, and every way a token is refused."""

from __future__ import annotations

import base64

import pytest

from service.config import ConfigError, load_config
from service.sealing import TABLE_ID_BYTES, TOKEN_PREFIX, InvalidSeal, Sealer, new_key, parse_keys

STATE = b'{"game":"java","rules_version":"1.0","rng":{"seed":"s3cr3t","counter":4}}' * 20
TABLE = bytes(range(TABLE_ID_BYTES))


def body(token: str) -> bytearray:
    text = token[len(TOKEN_PREFIX):]
    return bytearray(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))


def token_of(raw: bytes) -> str:
    return TOKEN_PREFIX + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


@pytest.fixture
def sealer():
    return Sealer(tuple(parse_keys(new_key())))


def test_a_sealed_state_opens_to_the_same_bytes_and_hides_them(sealer):
    token = sealer.seal(STATE, "java", "1.0", TABLE)
    assert token.startswith(TOKEN_PREFIX) and "s3cr3t" not in token
    assert sealer.open(token, "java", "1.0") == (TABLE, STATE)
    assert len(token) < len(STATE)  # compressed before it is encrypted
    assert sealer.seal(STATE, "java", "1.0", TABLE) != token  # a fresh nonce every time


@pytest.mark.parametrize("where", [0, 4, 16, 40, -1])  # key id, nonce, ciphertext, tag
def test_any_changed_byte_is_refused(sealer, where):
    raw = body(sealer.seal(STATE, "java", "1.0", TABLE))
    raw[where] ^= 0x01
    with pytest.raises(InvalidSeal):
        sealer.open(token_of(raw), "java", "1.0")


@pytest.mark.parametrize("keep", [0, 10, 31, -1])
def test_a_truncated_token_is_refused(sealer, keep):
    raw = body(sealer.seal(STATE, "java", "1.0", TABLE))
    with pytest.raises(InvalidSeal):
        sealer.open(token_of(raw[:keep]), "java", "1.0")


@pytest.mark.parametrize("token", ["", "v1.", "v1.AAAA", "v2.!!!!", "v2.AAAA", "not a token", "v2." + "A" * 80])
def test_garbage_is_refused(sealer, token):
    with pytest.raises(InvalidSeal):
        sealer.open(token, "java", "1.0")


def test_a_token_opens_only_for_its_game_and_rules_version(sealer):
    token = sealer.seal(STATE, "java", "1.0", TABLE)
    for game, version in [("solenia", "1.0"), ("java", "1.1"), ("jav", "a1.0")]:
        with pytest.raises(InvalidSeal):
            sealer.open(token, game, version)


def test_keys_rotate_the_first_seals_every_one_opens():
    old, new = new_key(), new_key()
    before = Sealer(tuple(parse_keys(old)))
    during = Sealer(tuple(parse_keys(f"{new}, {old}")))
    after = Sealer(tuple(parse_keys(new)))
    sealed_before = before.seal(STATE, "java", "1.0", TABLE)
    assert during.open(sealed_before, "java", "1.0").plain == STATE
    sealed_during = during.seal(STATE, "java", "1.0", TABLE)
    assert after.open(sealed_during, "java", "1.0").plain == STATE  # sealed with the new key
    with pytest.raises(InvalidSeal):
        after.open(sealed_before, "java", "1.0")  # the old key is gone
    with pytest.raises(InvalidSeal):
        before.open(sealed_during, "java", "1.0")


@pytest.mark.parametrize("text", ["short", "AAAA", base64.urlsafe_b64encode(b"x" * 16).decode(), "bad*chars"])
def test_a_malformed_key_stops_the_service_at_startup(text):
    with pytest.raises(ConfigError, match="STATE_SEALING_KEYS"):
        load_config({"STATE_SEALING_KEYS": text})


def test_unset_keys_mean_sealing_off():
    assert load_config({})["STATE_SEALING_KEYS"] == []
    assert len(load_config({"STATE_SEALING_KEYS": f"{new_key()},{new_key()}"})["STATE_SEALING_KEYS"]) == 2


def test_a_sealer_never_shows_its_keys(sealer):
    assert all(base64.urlsafe_b64encode(key).decode().rstrip("=") not in repr(sealer) for key in sealer.keys)
    assert "keys" not in repr(sealer)


def _seal_with_length(sealer, remainder: int) -> str:
    """A token whose base64 body length leaves ``remainder`` modulo 4 (the state padded until it does)."""
    for extra in range(64):
        token = sealer.seal(STATE + b" " * extra, "java", "1.0", TABLE)
        if len(token[len(TOKEN_PREFIX):]) % 4 == remainder:
            return token
    raise AssertionError("no such length")


@pytest.mark.parametrize("remainder", [0, 2, 3])
def test_a_token_has_one_spelling_a_final_newline_is_refused(sealer, remainder):
    """Issue #20's find: ``$`` in the base64 pattern matched before a final newline, so ``token + "\\n"``
    opened when the body's length was a multiple of 4. One token, one spelling."""
    token = _seal_with_length(sealer, remainder)
    sealer.open(token, "java", "1.0")
    for spelling in (token + "\n", token + "=", token + "\r\n", " " + token):
        with pytest.raises(InvalidSeal):
            sealer.open(spelling, "java", "1.0")


@pytest.mark.parametrize("remainder", [2, 3])
def test_unused_bits_of_the_last_character_are_refused(sealer, remainder):
    """Issue #20's find: the last base64 character carries bits no byte uses; another value of them decoded
    to the same bytes. A token spelled other than as it was sealed is refused."""
    token = _seal_with_length(sealer, remainder)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    # 2 characters carry 1 byte (4 spare bits), 3 carry 2 bytes (2 spare): the lowest bit is spare in both.
    twin = token[:-1] + alphabet[alphabet.index(token[-1]) ^ 1]
    assert base64.urlsafe_b64decode(twin[len(TOKEN_PREFIX):] + "=" * (-len(twin[len(TOKEN_PREFIX):]) % 4)) == \
        body(token), "the twin must decode to the same bytes (a spare bit flipped)"
    with pytest.raises(InvalidSeal):
        sealer.open(twin, "java", "1.0")


def test_a_v1_token_holding_the_state_alone_no_longer_opens(sealer):
    """v1 tokens sealed the state's JSON without a table id: no seat keys could be made for them."""
    v2 = body(sealer.seal(STATE, "java", "1.0", TABLE))
    with pytest.raises(InvalidSeal):
        sealer.open("v1." + token_of(v2)[len(TOKEN_PREFIX):], "java", "1.0")


def test_the_table_id_is_sealed_with_the_state_and_must_have_its_length(sealer):
    other = bytes(TABLE_ID_BYTES)
    assert sealer.open(sealer.seal(STATE, "java", "1.0", other), "java", "1.0").table == other
    for wrong in (b"", TABLE[:-1], TABLE + b"x"):
        with pytest.raises(ValueError):
            sealer.seal(STATE, "java", "1.0", wrong)


def test_seat_keys_are_per_game_seat_and_table_and_rotate_with_the_keys():
    old, new = new_key(), new_key()
    before, during, stranger = (Sealer(tuple(parse_keys(text))) for text in (old, f"{new},{old}", new))
    key = before.seat_key("java", "1.0", TABLE, 0)
    assert len(key) == 43 and "=" not in key and before.is_seat_key(key, "java", "1.0", TABLE, 0)
    others = [("java", "1.0", TABLE, 1), ("java", "1.1", TABLE, 0), ("solenia", "1.0", TABLE, 0),
              ("java", "1.0", bytes(TABLE_ID_BYTES), 0)]
    assert all(not before.is_seat_key(key, *where) for where in others)
    assert len({before.seat_key(*where) for where in others} | {key}) == 5
    assert during.is_seat_key(key, "java", "1.0", TABLE, 0)  # made under the old key, still listed
    assert during.is_seat_key(during.seat_key("java", "1.0", TABLE, 0), "java", "1.0", TABLE, 0)
    assert not stranger.is_seat_key(key, "java", "1.0", TABLE, 0)  # the old key is gone
    for garbage in ("", "!!", key + "A", key[:-1], key + "\n"):
        assert not before.is_seat_key(garbage, "java", "1.0", TABLE, 0)


def test_a_seat_key_is_not_a_function_of_the_sealing_key_alone():
    """The seat-key root is derived (HKDF, its own label): it is neither the AES key nor a key id."""
    sealer = Sealer(tuple(parse_keys(new_key())))
    root = sealer._seat_roots[0]
    assert root != sealer.keys[0] and len(root) == 32
