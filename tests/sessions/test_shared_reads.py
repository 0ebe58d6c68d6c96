"""service.sessions.shared_reads: concurrent readers share a read, and never get one that began before they asked."""

from __future__ import annotations

import threading
import time

from service.sessions.shared_reads import SharedReads


def test_callers_arriving_during_a_read_share_the_next_one_not_the_running_one():
    reads = SharedReads()
    started, release = [threading.Event() for _ in range(2)], [threading.Event() for _ in range(2)]
    value = {"now": 0}
    calls = []

    def fetch():
        number = len(calls)
        calls.append(number)
        seen = value["now"]  # what the store holds when the read begins
        started[min(number, 1)].set()
        release[min(number, 1)].wait(5)
        return seen

    answers = {}
    first = threading.Thread(target=lambda: answers.setdefault("first", reads.read("k", fetch)))
    first.start()
    assert started[0].wait(5)
    value["now"] = 1  # a write lands after the first read began: later callers must see it
    late = [threading.Thread(target=lambda i=i: answers.setdefault(f"late{i}", reads.read("k", fetch)))
            for i in range(5)]
    for thread in late:
        thread.start()
    time.sleep(0.1)
    release[0].set()
    assert started[1].wait(5)
    release[1].set()
    for thread in [first, *late]:
        thread.join(5)
    assert answers["first"] == 0
    assert all(answers[f"late{i}"] == 1 for i in range(5)), answers  # none got the read that began before it asked
    assert len(calls) == 2  # five late callers, one read between them


def test_an_error_reaches_every_caller_of_that_read_and_the_next_caller_reads_again():
    reads = SharedReads()
    outcomes = []

    def failing():
        raise ConnectionError("down")

    try:
        reads.read("k", failing)
    except ConnectionError as exc:
        outcomes.append(str(exc))
    assert outcomes == ["down"]
    assert reads.read("k", lambda: 7) == 7
    assert reads.made == 2


def test_a_store_snapshot_read_by_many_long_polls_at_once_is_few_redis_reads(redis_store, monkeypatch):
    redis_store.create("AAAAAAAAAAAAAAAAAAAAAB", b"{}", b"{}")
    trips = []
    pipeline = redis_store.client.pipeline
    monkeypatch.setattr(redis_store.client, "pipeline", lambda *a, **k: trips.append(1) or pipeline(*a, **k))
    gate = threading.Barrier(50)
    got = []

    def reader():
        gate.wait(5)
        got.append(redis_store.snapshot("AAAAAAAAAAAAAAAAAAAAAB").version)

    threads = [threading.Thread(target=reader) for _ in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert got == [0] * 50
    assert len(trips) < 50 / 2, f"{len(trips)} Redis reads for 50 concurrent snapshots"
