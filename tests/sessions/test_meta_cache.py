"""A worker keeps each session's meta after the first read (``Sessions._open``): what another
worker does to the session must still show at once. Two ``Sessions`` on one store stand for
two workers; each test runs on the memory store, a real redis-server and the cluster."""

from __future__ import annotations

import orjson
import pytest

from service.sessions.errors import NotAuthenticated, SessionNotFound, VersionConflict
from service.sessions.logic import Sessions

SEED = "meta-cache-seed"


@pytest.fixture
def workers(store, card_nim):
    return Sessions(store, wait_max_seconds=1), Sessions(store, wait_max_seconds=1)


def _turn(store, sid):
    return orjson.loads(store.snapshot(sid).state)["turn"]


def _draw(sessions, body, sid, expected):
    seat = _turn(sessions.store, sid)
    return sessions.act(sid, body["seat_tokens"][seat], {"type": "draw", "player": seat}, expected)


def test_a_session_deleted_by_another_worker_is_gone_here_though_its_meta_was_kept(workers):
    here, there = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    _draw(here, body, sid, 0)  # here has read (and keeps) the meta now
    seat = _turn(here.store, sid)
    there.delete(sid, body["owner_token"])
    with pytest.raises(SessionNotFound):
        here.read(sid, body["seat_tokens"][0])
    with pytest.raises(SessionNotFound):
        here.act(sid, body["seat_tokens"][seat], {"type": "draw", "player": seat}, 1)


def test_versions_written_by_another_worker_are_read_fresh(workers):
    here, there = workers
    body = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    assert _draw(here, body, sid, 0).version == 1
    assert _draw(there, body, sid, 1).version == 2
    with pytest.raises(VersionConflict) as conflict:
        _draw(here, body, sid, 1)  # here last saw version 1: the store says 2
    assert conflict.value.current == 2
    assert _draw(here, body, sid, 2).version == 3
    assert here.read(sid, None).version == there.read(sid, None).version == 3


def test_tokens_are_checked_against_the_kept_meta_as_against_the_stored_one(workers):
    here, _ = workers
    body = here.create("card_nim", 2, SEED).body
    other = here.create("card_nim", 2, SEED).body
    sid = body["session_id"]
    here.read(sid, None)
    with pytest.raises(NotAuthenticated):
        here.read(sid, other["seat_tokens"][0])
    assert here.read(sid, body["seat_tokens"][1]).body["seat"] == 1


def test_the_kept_metas_are_bounded_and_a_dropped_one_is_read_again(workers, monkeypatch):
    here, _ = workers
    monkeypatch.setattr(here._metas, "size", 2)
    bodies = [here.create("card_nim", 2, SEED).body for _ in range(3)]
    for body in bodies:
        here.read(body["session_id"], None)
    assert len(here._metas) == 2 and bodies[0]["session_id"] not in here._metas
    assert here.read(bodies[0]["session_id"], bodies[0]["seat_tokens"][0]).body["seat"] == 0
