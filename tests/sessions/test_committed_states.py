"""A worker starts an action from the state it committed last (``service.sessions.committed_states``)
instead of reading it again; whatever another worker did meanwhile must still count. Two
``Sessions`` on one store stand for two workers; each test runs on the memory store, a real
redis-server and the cluster."""

from __future__ import annotations

import orjson
import pytest

from rulesets.core.host import IllegalAction
from service.sessions.committed_states import CommittedStates
from service.sessions.errors import SessionNotFound, VersionConflict
from service.sessions.logic import Sessions
from service.sessions.store import Current

SEED = "committed-states-seed"


class CountingReads:
    """The store, counting the reads of a session's state (``current`` and ``snapshot``)."""

    def __init__(self, store) -> None:
        self._store = store
        self.reads = 0

    def __getattr__(self, name):
        return getattr(self._store, name)

    def current(self, session_id):
        self.reads += 1
        return self._store.current(session_id)

    def snapshot(self, session_id):
        self.reads += 1
        return self._store.snapshot(session_id)


@pytest.fixture
def workers(store, card_nim):
    return Sessions(CountingReads(store), wait_max_seconds=1), Sessions(store, wait_max_seconds=1)


def _stored(store, sid):
    snapshot = store.snapshot(sid)
    return snapshot.version, orjson.loads(snapshot.state)


def _draw(sessions, body, sid, expected, seat=None):
    seat = _stored(sessions.store, sid)[1]["turn"] if seat is None else seat
    return sessions.act(sid, body["seat_tokens"][seat], {"type": "draw", "player": seat}, expected)


def test_an_action_after_this_workers_own_commit_reads_nothing(workers):
    here, _ = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    seats = [_stored(here.store, sid)[1]["turn"]]
    _draw(here, body, sid, 0, seats[0])
    seats.append(_stored(here.store, sid)[1]["turn"])
    reads = here.store.reads
    assert _draw(here, body, sid, 1, seats[1]).version == 2
    assert here.store.reads == reads  # started from the state it wrote at version 1
    version, state = _stored(here.store, sid)
    assert version == 2 and len(here.store.read_log(sid).entries) == 2


def test_another_workers_commit_makes_the_next_action_here_read_again_and_land(workers):
    here, there = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    _draw(here, body, sid, 0)  # here now holds the state at version 1
    _draw(there, body, sid, 1)
    # The expected version is the store's (2), not the one here holds (1): it lands, on the new state.
    assert _draw(here, body, sid, 2).version == 3
    # Without an expected version: here holds 3 but the store is at 4; the commit is refused, read again, lands.
    _draw(there, body, sid, 3)
    _, before = _stored(there.store, sid)
    assert _draw(here, body, sid, None).version == 5
    version, after = _stored(there.store, sid)
    entries = [orjson.loads(raw) for raw in there.store.read_log(sid).entries]
    assert version == 5 and [entry["version"] for entry in entries] == [1, 2, 3, 4, 5]
    assert entries[-1]["seat"] == before["turn"]  # judged on the store's state at 4, not here's copy at 3


def test_a_seat_whose_turn_came_elsewhere_is_not_refused_by_the_stale_copy(workers):
    here, there = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    _draw(here, body, sid, 0)
    first_mover = _stored(there.store, sid)[1]["turn"]
    _draw(there, body, sid, None)  # here still holds version 1, where it is first_mover's turn
    now = _stored(there.store, sid)[1]["turn"]
    assert now != first_mover
    assert _draw(here, body, sid, None, seat=now).version == 3
    with pytest.raises(IllegalAction):  # twice in a row: refused on the store's state too, a real refusal
        _draw(here, body, sid, None, seat=now)
    assert _stored(there.store, sid)[0] == 3


def test_a_version_another_worker_has_moved_past_is_still_a_conflict(workers):
    here, there = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    _draw(here, body, sid, 0)
    _draw(there, body, sid, 1)
    with pytest.raises(VersionConflict) as conflict:
        _draw(here, body, sid, 1)  # here holds version 1, but the store is at 2
    assert conflict.value.current == 2
    assert _stored(there.store, sid)[0] == 2


def test_a_session_deleted_elsewhere_is_gone_for_an_action_started_from_the_copy(workers):
    here, there = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    _draw(here, body, sid, 0)
    seat = _stored(there.store, sid)[1]["turn"]
    there.delete(sid, body["owner_token"])
    with pytest.raises(SessionNotFound):
        _draw(here, body, sid, 1, seat)
    with pytest.raises(SessionNotFound):  # and the copy is dropped with it
        _draw(here, body, sid, None, seat)


def test_the_copies_are_bounded_oldest_first():
    kept = CommittedStates(2)
    for name in ("a", "b", "c"):
        kept.put(name, Current(name.encode(), 1))
    assert kept.get("a") is None and kept.get("b").state == b"b" and kept.get("c").state == b"c"
    kept.put("b", Current(b"b2", 2))  # written again: the newest now
    kept.put("d", Current(b"d", 1))
    assert kept.get("c") is None and kept.get("b").version == 2 and len(kept) == 2


def test_the_first_action_on_a_session_created_here_reads_nothing(workers):
    here, _ = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    seat = _stored(here.store, sid)[1]["turn"]
    reads = here.store.reads
    assert _draw(here, body, sid, 0, seat).version == 1
    assert here.store.reads == reads


def test_a_session_created_here_and_first_played_elsewhere_is_read_again_here(workers):
    here, there = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    _draw(there, body, sid, 0)
    with pytest.raises(VersionConflict) as conflict:
        _draw(here, body, sid, 0)
    assert conflict.value.current == 1
    assert _draw(here, body, sid, None).version == 2
