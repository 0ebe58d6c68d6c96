"""The store contract, held against both backends: the in-process one and real Redis."""

from __future__ import annotations

import threading
import time

import pytest

from service.sessions.memory_store import MemoryStore
from service.sessions.store import SessionGone

SID = "A" * 22


def test_create_then_snapshot_reads_version_zero(store):
    assert store.create(SID, b"meta", b"state-0")
    snap = store.snapshot(SID)
    assert (snap.meta, snap.state, snap.version) == (b"meta", b"state-0", 0)
    assert store.read_log(SID).entries == []


def test_create_refuses_a_taken_id(store):
    assert store.create(SID, b"meta", b"s")
    assert not store.create(SID, b"other", b"other")
    assert store.snapshot(SID).meta == b"meta"


def test_unknown_session_reads_as_none_and_commit_says_gone(store):
    assert store.snapshot(SID) is None
    assert store.read_log(SID) is None
    with pytest.raises(SessionGone):
        store.commit(SID, 0, b"s", b"e", "w1")
    assert store.delete(SID) is False


def test_commit_lands_state_version_and_log_together(store):
    store.create(SID, b"m", b"s0")
    outcome = store.commit(SID, 0, b"s1", b"e1", "w1")
    assert outcome.applied and outcome.version == 1
    outcome = store.commit(SID, 1, b"s2", b"e2", "w2")
    assert outcome.applied and outcome.version == 2
    snap = store.snapshot(SID)
    assert (snap.state, snap.version) == (b"s2", 2)
    log = store.read_log(SID)
    assert (log.version, log.entries) == (2, [b"e1", b"e2"])
    assert store.read_log(SID, 1).entries == [b"e2"]
    assert store.read_log(SID, 5).entries == []


def test_stale_commit_changes_nothing_and_reports_the_current_version(store):
    store.create(SID, b"m", b"s0")
    store.commit(SID, 0, b"s1", b"e1", "w1")
    outcome = store.commit(SID, 0, b"late", b"late", "w2")
    assert not outcome.applied and outcome.version == 1
    assert store.snapshot(SID).state == b"s1"
    assert store.read_log(SID).entries == [b"e1"]


def test_a_retried_write_id_reports_success_without_applying_twice(store):
    store.create(SID, b"m", b"s0")
    first = store.commit(SID, 0, b"s1", b"e1", "same")
    again = store.commit(SID, 0, b"s1", b"e1", "same")
    assert first.applied and again.applied and again.version == 1
    assert store.read_log(SID).entries == [b"e1"]


def test_delete_removes_everything(store):
    store.create(SID, b"m", b"s0")
    store.commit(SID, 0, b"s1", b"e1", "w1")
    assert store.delete(SID) is True
    assert store.snapshot(SID) is None and store.read_log(SID) is None
    assert store.create(SID, b"fresh", b"s0")
    assert store.read_log(SID).entries == []


def test_many_threads_racing_on_one_version_land_exactly_once(store):
    store.create(SID, b"m", b"s0")
    barrier = threading.Barrier(16)
    outcomes = []

    def racer(n):
        barrier.wait()
        outcomes.append(store.commit(SID, 0, f"s{n}".encode(), f"e{n}".encode(), f"w{n}"))

    threads = [threading.Thread(target=racer, args=(n,)) for n in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    winners = [o for o in outcomes if o.applied]
    assert len(winners) == 1 and all(o.version == 1 for o in outcomes)
    log = store.read_log(SID)
    assert len(log.entries) == 1 and store.snapshot(SID).state == log.entries[0].replace(b"e", b"s")


def test_wait_returns_early_on_a_commit_and_times_out_otherwise(store):
    store.create(SID, b"m", b"s0")
    started = time.monotonic()
    store.wait_for_change(SID, 0, 0.3)
    assert 0.25 <= time.monotonic() - started < 2
    writer = threading.Timer(0.2, lambda: store.commit(SID, 0, b"s1", b"e1", "w1"))
    writer.start()
    started = time.monotonic()
    store.wait_for_change(SID, 0, 5)
    assert time.monotonic() - started < 2
    writer.join()  # the waiter may wake on the notice before the writer has read its reply
    assert store.snapshot(SID).version == 1
    started = time.monotonic()
    store.wait_for_change(SID, 0, 5)  # already past: no wait at all
    assert time.monotonic() - started < 0.5


def test_wait_ends_when_the_session_is_deleted(store):
    store.create(SID, b"m", b"s0")
    deleter = threading.Timer(0.2, lambda: store.delete(SID))
    deleter.start()
    started = time.monotonic()
    store.wait_for_change(SID, 0, 5)
    assert time.monotonic() - started < 2
    deleter.join()  # before the fixture closes the store under the deleting thread


def test_memory_store_expires_idle_sessions_and_writes_refresh_them():
    now = [1000.0]
    store = MemoryStore(60, clock=lambda: now[0])
    store.create(SID, b"m", b"s0")
    now[0] += 50
    assert store.expires_in(SID) == pytest.approx(10)
    store.commit(SID, 0, b"s1", b"e1", "w1")
    assert store.expires_in(SID) == pytest.approx(60)
    now[0] += 59
    assert store.snapshot(SID).version == 1
    now[0] += 2
    assert store.snapshot(SID) is None
    with pytest.raises(SessionGone):
        store.commit(SID, 1, b"s2", b"e2", "w2")
