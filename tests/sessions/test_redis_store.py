"""What only the Redis store can show: key layout, hash tags, expiry, failing fast."""

from __future__ import annotations

import time

import pytest
from redis.crc import key_slot

from service.sessions.redis_store import RedisStore, SessionKeys, check_prefix
from service.sessions.store import StoreUnavailable

from .redis_server import RedisServer, free_port

SID = "Zq3-_x" + "b" * 16


def test_every_key_of_a_session_is_under_the_prefix_with_one_hash_tag(redis_store, redis_client, key_prefix):
    redis_store.create(SID, b"m", b"s0")
    redis_store.commit(SID, 0, b"s1", b"e1", "w1")
    found = sorted(k.decode() for k in redis_client.scan_iter(f"{key_prefix}:*"))
    assert found == [f"{key_prefix}:{{{SID}}}:{part}" for part in ("log", "meta", "state")]
    assert len({key_slot(k.encode()) for k in found + [SessionKeys(key_prefix, SID).channel]}) == 1


def test_sessions_spread_over_slots():
    slots = {key_slot(SessionKeys("referee", f"{n:022d}").state.encode()) for n in range(50)}
    assert len(slots) > 40


@pytest.mark.parametrize("bad", ["", "a{b", "a}b", "with space"])
def test_a_prefix_that_would_break_the_hash_tag_is_refused(bad):
    with pytest.raises(ValueError):
        check_prefix(bad)


def test_state_is_a_hash_with_version_and_the_log_a_list(redis_store, redis_client):
    redis_store.create(SID, b"m", b"s0")
    redis_store.commit(SID, 0, b"s1", b"e1", "w1")
    keys = redis_store.keys(SID)
    assert redis_client.type(keys.state) == b"hash" and redis_client.type(keys.log) == b"list"
    assert redis_client.hget(keys.state, "version") == b"1"
    assert redis_client.lrange(keys.log, 0, -1) == [b"e1"]


def test_every_write_refreshes_the_idle_expiry_on_every_key(redis_url, redis_client, key_prefix):
    store = RedisStore.from_url(redis_url, prefix=key_prefix, idle_seconds=500)
    store.create(SID, b"m", b"s0")
    keys = store.keys(SID)
    assert 495 <= redis_client.ttl(keys.meta) <= 500 and 495 <= redis_client.ttl(keys.state) <= 500
    store.commit(SID, 0, b"s1", b"e1", "w1")
    for key in keys.all():  # pretend most of the idle time has passed
        redis_client.expire(key, 7)
    store.commit(SID, 1, b"s2", b"e2", "w2")
    assert all(495 <= redis_client.ttl(k) <= 500 for k in keys.all())
    for key in keys.all():
        redis_client.expire(key, 7)
    assert store.commit(SID, 0, b"x", b"x", "w3").applied is False  # a refused write refreshes nothing
    assert all(redis_client.ttl(k) <= 7 for k in keys.all())
    store.close()


def test_an_idle_session_expires_whole(redis_url, redis_client, key_prefix):
    store = RedisStore.from_url(redis_url, prefix=key_prefix, idle_seconds=1)
    store.create(SID, b"m", b"s0")
    store.commit(SID, 0, b"s1", b"e1", "w1")
    time.sleep(1.3)
    assert store.snapshot(SID) is None
    assert list(redis_client.scan_iter(f"{key_prefix}:*")) == []
    store.close()


def test_a_session_missing_a_piece_reads_as_gone(redis_store, redis_client):
    redis_store.create(SID, b"m", b"s0")
    redis_client.delete(redis_store.keys(SID).meta)
    assert redis_store.snapshot(SID) is None
    with pytest.raises(LookupError):
        redis_store.commit(SID, 0, b"s1", b"e1", "w1")
    assert redis_client.lrange(redis_store.keys(SID).log, 0, -1) == []


def test_nothing_listening_fails_fast_as_unavailable(key_prefix):
    store = RedisStore.from_url(f"redis://127.0.0.1:{free_port()}/0", prefix=key_prefix, idle_seconds=60)
    started = time.monotonic()
    for call in (store.ping, lambda: store.snapshot(SID), lambda: store.commit(SID, 0, b"s", b"e", "w")):
        with pytest.raises(StoreUnavailable):
            call()
    assert time.monotonic() - started < 1.5
    store.close()


def test_a_hung_server_fails_within_the_socket_timeout(key_prefix):
    server = RedisServer().start()
    store = RedisStore.from_url(server.url, prefix=key_prefix, idle_seconds=60)
    try:
        store.create(SID, b"m", b"s0")
        server.pause()
        started = time.monotonic()
        with pytest.raises(StoreUnavailable):
            store.snapshot(SID)
        assert time.monotonic() - started < 2.5
        server.resume()
        assert store.snapshot(SID).version == 0
    finally:
        store.close()
        server.stop()


def test_a_write_no_replica_confirms_is_refused_but_a_refusal_needs_no_replica(redis_url, key_prefix):
    """WAIT: with replicas required and none there, a write that landed is still not confirmed
    (503: re-read to see it); a commit that wrote nothing (a stale version) answers as usual."""
    store = RedisStore.from_url(redis_url, prefix=key_prefix, idle_seconds=60, wait_replicas=1,
                                wait_timeout_ms=50)
    try:
        with pytest.raises(StoreUnavailable, match="0 of the 1 replica"):
            store.create(SID, b"m", b"s0")
        assert store.snapshot(SID).version == 0  # it landed, unconfirmed
        with pytest.raises(StoreUnavailable):
            store.commit(SID, 0, b"s1", b"e1", "w1")
        with pytest.raises(StoreUnavailable):  # the same write again: already landed, still unconfirmed
            store.commit(SID, 0, b"s1", b"e1", "w1")
        assert store.read_log(SID).entries == [b"e1"]
        assert store.commit(SID, 0, b"s1", b"e2", "w2").applied is False  # stale: nothing to replicate
        assert store.create(SID, b"m", b"s0") is False  # taken: nothing written
    finally:
        store.close()
