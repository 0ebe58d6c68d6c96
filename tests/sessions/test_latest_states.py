"""A worker starts an action from the session's state as it last read or committed it
(``Sessions._open_to_act``) instead of reading it again; whatever happened elsewhere meanwhile
must still count. Two ``Sessions`` on one store stand for two workers; each test runs on the
memory store, a real redis-server and the cluster.

The copy is safe only because the commit is bound to the very state it was computed from
(its write id) and to the bots note as read: the store-level tests hold each backend to that."""

from __future__ import annotations

from typing import Any, Callable

import orjson
import pytest

from rulesets.core.host import IllegalAction
from service.sessions.errors import NotPermitted, SessionNotFound, VersionConflict
from service.sessions.logic import BOTS_NOTE, Sessions
from service.sessions.store import Current

SEED = "latest-states-seed"
SID = "B" * 22


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


class RecordedTurns:
    """A turn runner that only records what it was asked: no bot plays by itself here."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int]] = []

    def play_soon(self, session_id: str, version: int) -> None:
        self.asked.append((session_id, version))

    def check_at(self, session_id: str, version: int, delay_seconds: float) -> None:
        self.asked.append((session_id, version))

    def think(self, choose: Callable[[], Any]) -> Any:
        return choose()


@pytest.fixture
def workers(store, card_nim):
    return (Sessions(CountingReads(store), wait_max_seconds=1, turns=RecordedTurns()),
            Sessions(store, wait_max_seconds=1, turns=RecordedTurns()))


def _stored(store, sid):
    snapshot = store.snapshot(sid)
    return snapshot.version, orjson.loads(snapshot.state)


def _draw(sessions, body, sid, expected, seat=None):
    seat = _stored(sessions.store, sid)[1]["turn"] if seat is None else seat
    return sessions.act(sid, body["seat_tokens"][seat], {"type": "draw", "player": seat}, expected)


def _take(sessions, body, sid, seat, expected, stones=1):
    return sessions.act(sid, body["seat_tokens"][seat], {"type": "take", "player": seat, "stones": stones}, expected)


# ---------------------------------------------------------------- the worker's copy
def test_an_action_after_this_workers_own_commit_reads_nothing(workers):
    here, _ = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    reads = here.store.reads
    _draw(here, body, sid, 0, body["status"]["active_players"][0])  # from the state create wrote
    second = _stored(here.store, sid)[1]["turn"]
    reads = here.store.reads
    assert _draw(here, body, sid, 1, second).version == 2
    assert here.store.reads == reads  # started from the state it committed at version 1
    assert _stored(here.store, sid)[0] == 2 and len(here.store.read_log(sid).entries) == 2


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
    version, _ = _stored(there.store, sid)
    entries = [orjson.loads(raw) for raw in there.store.read_log(sid).entries]
    assert version == 5 and [entry["version"] for entry in entries] == [1, 2, 3, 4, 5]
    assert entries[-1]["seat"] == before["turn"]  # judged on the store's state at 4, not here's copy at 3


def test_a_refusal_of_an_outdated_copy_is_judged_again_on_the_store(workers):
    here, there = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    _draw(here, body, sid, 0)
    _draw(there, body, sid, 1)  # here's copy (version 1) names the other seat's turn
    mover = _stored(there.store, sid)[1]["turn"]
    # Not a 409 from here's copy, not CN-2 (not your turn) either: on the store's state it is this seat's turn.
    assert _draw(here, body, sid, None, mover).version == 3
    # A refusal that stands on the store's state is still a refusal.
    waiting = 1 - _stored(there.store, sid)[1]["turn"]
    with pytest.raises(IllegalAction):
        _draw(here, body, sid, 3, waiting)
    with pytest.raises(VersionConflict) as conflict:
        _draw(here, body, sid, 2)
    assert conflict.value.current == 3


def test_a_state_written_again_at_the_same_version_is_not_taken_for_the_kept_copy(workers):
    """A session re-created under its id (as after a failover that lost writes, which another worker then
    made again differently): the same version, another state. The action must be judged on that one."""
    here, there = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    _, state = _stored(there.store, sid)
    meta = there.store.snapshot(sid).meta
    assert there.store.delete(sid)
    assert there.store.create(sid, meta, orjson.dumps({**state, "heap": state["heap"] + 5}))
    seat = state["turn"]
    assert _take(here, body, sid, seat, 0).version == 1
    _, after = _stored(there.store, sid)
    assert after["heap"] == state["heap"] + 5 - 1  # taken from the heap written again, not here's copy of the old


def test_a_seat_handed_to_a_bot_elsewhere_may_not_act_from_the_kept_copy(workers):
    here, there = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    seat = body["status"]["active_players"][0]
    reads = here.store.reads
    there.hand_to_bot(sid, body["owner_token"], seat)
    assert here.store.reads == reads and BOTS_NOTE in there.store.current(sid).notes
    with pytest.raises(NotPermitted) as refused:
        _draw(here, body, sid, 0, seat)
    assert refused.value.code == "seat_played_by_bot"
    assert _stored(there.store, sid)[0] == 0 and there.store.read_log(sid).entries == []


def test_a_session_deleted_elsewhere_is_gone_for_the_kept_copy(workers):
    here, there = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    there.delete(sid, body["owner_token"])
    with pytest.raises(SessionNotFound):
        _draw(here, body, sid, 0, body["status"]["active_players"][0])


def test_the_kept_copies_are_bounded(workers, monkeypatch):
    here, _ = workers
    monkeypatch.setattr(here._latest, "size", 2)
    bodies = [here.create("card_nim", 2, SEED).body for _ in range(3)]
    assert len(here._latest) == 2 and bodies[0]["session_id"] not in here._latest
    body = bodies[0]
    reads = here.store.reads
    assert _draw(here, body, body["session_id"], 0, body["status"]["active_players"][0]).version == 1
    assert here.store.reads == reads + 1  # the dropped copy is read again


# ---------------------------------------------------------------- the store's promise
def test_create_names_the_first_state_and_each_commit_names_its_own(store):
    assert store.create(SID, b"m", b"s0", "first")
    assert store.current(SID).write == "first" and store.snapshot(SID).current.write == "first"
    assert store.commit(SID, 0, b"s1", b"e1", "second", based_on=store.current(SID)).applied
    assert store.current(SID) == Current(b"s1", 1, "second", {})
    assert store.create("C" * 22, b"m", b"s0")  # unnamed: the store draws a name
    assert store.current("C" * 22).write not in (None, "", "first", "second")


def test_a_commit_based_on_another_state_at_the_same_version_changes_nothing(store):
    store.create(SID, b"m", b"s0", "w0")
    read = store.current(SID)
    assert store.delete(SID) and store.create(SID, b"m", b"again", "w0-again")
    outcome = store.commit(SID, 0, b"s1", b"e1", "w1", based_on=read)
    assert (outcome.applied, outcome.version, outcome.stale) == (False, 0, True)
    assert store.current(SID).state == b"again" and store.read_log(SID).entries == []
    # The same commit based on the state that is there lands.
    assert store.commit(SID, 0, b"s1", b"e1", "w1", based_on=store.current(SID)).applied


def test_a_commit_based_on_notes_that_changed_since_changes_nothing(store):
    store.create(SID, b"m", b"s0", "w0")
    read = store.current(SID)
    assert store.swap_note(SID, "bots", 0, None, b'{"seats":[1]}')
    assert store.swap_note(SID, "other", 0, None, b"x")
    # Bound to the bots note as read (absent): refused; a note not named does not matter.
    outcome = store.commit(SID, 0, b"s1", b"e1", "w1", based_on=read, notes=("bots",))
    assert (outcome.applied, outcome.stale) == (False, True)
    assert store.current(SID).version == 0 and store.read_log(SID).entries == []
    assert store.commit(SID, 0, b"s1", b"e1", "w1", based_on=read, notes=("other-absent",)).applied
    fresh = store.current(SID)
    assert fresh.notes == {"bots": b'{"seats":[1]}', "other": b"x"}
    assert store.commit(SID, 1, b"s2", b"e2", "w2", based_on=fresh, notes=("bots", "other")).applied


def test_a_stale_base_is_told_apart_from_a_version_that_moved(store):
    store.create(SID, b"m", b"s0", "w0")
    read = store.current(SID)
    store.commit(SID, 0, b"s1", b"e1", "w1")
    outcome = store.commit(SID, 0, b"late", b"late", "w2", based_on=read)
    assert (outcome.applied, outcome.version, outcome.stale) == (False, 1, False)
