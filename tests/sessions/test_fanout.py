"""One Redis subscription per worker process, fanned out to every waiter (issue #21).

Against a real redis-server and the test Redis Cluster: hundreds of long-polls through
the Flask app with a pool of 10 connections all answer; the process holds one
subscription and a bounded number of connections while they wait; waiters hear only
their own session; the subscriber comes back after CLIENT KILL."""

from __future__ import annotations

import os
import threading
import time

import pytest
import redis

from service.sessions.fanout import Hub, Waiter, parse_note
from service.sessions.memory_store import MemoryStore

from .conftest import IDLE_SECONDS, open_store

POLLS = 300
POOL = 10


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def wait_until(check, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def server_clients(backend: dict, name: str) -> list[dict]:
    """CLIENT LIST entries named ``name``, on the server or on every node of the cluster."""
    if backend["REDIS_CLUSTER"]:
        with redis.RedisCluster.from_url(backend["REDIS_URL"]) as cluster:
            found = []
            for node in cluster.get_nodes():
                with redis.Redis(host=node.host, port=node.port) as one:
                    found += [c for c in one.client_list() if c.get("name") == name]
            return found
    with redis.Redis.from_url(backend["REDIS_URL"]) as one:
        return [c for c in one.client_list() if c.get("name") == name]


def subscribed(entry: dict) -> bool:
    return int(entry.get("sub", 0)) + int(entry.get("psub", 0)) + int(entry.get("ssub", 0)) > 0


# ---------------------------------------------------------------------- the Flask app


@pytest.fixture
def small_pool_app(backend, key_prefix, card_nim):
    from service import create_app

    app = create_app({**backend, "SESSION_KEY_PREFIX": key_prefix, "SESSION_WAIT_MAX_SECONDS": 20,
                      "REDIS_MAX_CONNECTIONS": POOL, "SESSION_LONG_POLLS_PER_CLIENT": 1000})
    yield app
    app.extensions["sessions"].store.close()


@pytest.mark.parametrize("backend", ["redis", "cluster"], indirect=True)
def test_300_long_polls_on_a_pool_of_10_all_answer_after_one_action(small_pool_app, backend):
    app = small_pool_app
    store = app.extensions["sessions"].store
    client = app.test_client()
    created = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "seed": "fanout"}).json
    sid, tokens = created["session_id"], created["seat_tokens"]
    path = f"/v1/sessions/{sid}"
    answers: list = []
    lock = threading.Lock()

    def poll(seat: int) -> None:
        answer = app.test_client().get(f"{path}?wait_version=0&wait_seconds=15", headers=bearer(tokens[seat]))
        with lock:
            answers.append(answer)

    threads = [threading.Thread(target=poll, args=(i % 2,)) for i in range(POLLS)]
    for thread in threads:
        thread.start()
    channel = store.keys(sid).channel
    wait_until(lambda: store.fanout.hub.count(channel) == POLLS or len(answers) > 0, 30, "every poll waiting")
    assert not answers, [(a.status_code, a.json) for a in answers[:3]]
    wait_until(lambda: store.fanout.subscribed(channel), 5, "the subscription")

    held = server_clients(backend, store.client_name)
    assert len(held) <= POOL, held
    assert len([c for c in held if subscribed(c)]) == 1, held  # one subscription for all 300

    acted = client.post(f"{path}/actions", json={"action": {"type": "draw", "player": created["first_player"]}},
                        headers=bearer(tokens[created["first_player"]]))
    assert acted.status_code == 200, acted.json
    started = time.monotonic()
    for thread in threads:
        thread.join(20)
    assert time.monotonic() - started < 4  # woken by the message, not by a 5 s recheck or the 15 s timeout
    statuses = [a.status_code for a in answers]
    assert statuses == [200] * POLLS, {s: statuses.count(s) for s in set(statuses)}
    assert {a.json["version"] for a in answers} == {1}
    assert len(server_clients(backend, store.client_name)) <= POOL
    assert store.fanout.hub.count() == 0


# ---------------------------------------------------------------------- the store


@pytest.mark.parametrize("backend", ["redis", "cluster"], indirect=True)
def test_nothing_subscribes_until_someone_listens(redis_store):
    created = redis_store.create("lazy", b"{}", b"{}")
    assert created and redis_store.commit("lazy", 0, b"{}", b"{}", "w1").applied
    assert redis_store.fanout.shards() == {}


@pytest.fixture(params=["memory", "redis", "cluster"])
def any_store(request, key_prefix):
    if request.param == "memory":
        yield MemoryStore(IDLE_SECONDS)
        return
    if request.param == "cluster":
        backend = {"REDIS_URL": request.getfixturevalue("redis_cluster").url, "REDIS_CLUSTER": True}
    else:
        backend = {"REDIS_URL": request.getfixturevalue("redis_url"), "REDIS_CLUSTER": False}
    store = open_store(backend, key_prefix)
    yield store
    store.close()


def test_listeners_hear_only_their_own_session(any_store):
    store = any_store
    ids = [f"own-{i}" for i in range(6)]  # on a cluster these spread over the masters
    for sid in ids:
        assert store.create(sid, b"{}", b"{}")
    heard: dict[str, list] = {sid: [] for sid in ids}
    listeners = {sid: (lambda note, sid=sid: heard[sid].append(note)) for sid in ids}
    with _listening(store, listeners):
        if hasattr(store, "fanout"):
            wait_until(lambda: all(store.fanout.subscribed(store.keys(s).channel) for s in ids), 10,
                       "every subscription")
        for sid in ids:
            heard[sid].clear()  # the confirmations' "look again"
        assert store.commit(ids[0], 0, b"{}", b"{}", "a").applied
        assert store.commit(ids[3], 0, b"{}", b"{}", "b").applied
        assert store.commit(ids[3], 1, b"{}", b"{}", "c").applied
        wait_until(lambda: heard[ids[0]] == [1] and heard[ids[3]] == [1, 2], 5, "the commits")
        store.delete(ids[5])
        wait_until(lambda: heard[ids[5]] == [None], 5, "the delete")
        time.sleep(0.2)
    assert {sid: notes for sid, notes in heard.items() if notes} == {ids[0]: [1], ids[3]: [1, 2], ids[5]: [None]}


class _listening:
    def __init__(self, store, listeners: dict) -> None:
        self.contexts = [store.listen(sid, listener) for sid, listener in listeners.items()]

    def __enter__(self):
        for context in self.contexts:
            context.__enter__()

    def __exit__(self, *exc):
        for context in reversed(self.contexts):
            context.__exit__(*exc)


def test_waiters_on_different_sessions_each_wake_only_for_their_own(any_store):
    store = any_store
    for sid in ("mine", "theirs"):
        assert store.create(sid, b"{}", b"{}")
    ended: dict[str, float] = {}

    def wait(sid: str, timeout: float) -> None:
        started = time.monotonic()
        store.wait_for_change(sid, 0, timeout)
        ended[sid] = time.monotonic() - started

    threads = [threading.Thread(target=wait, args=("mine", 5)), threading.Thread(target=wait, args=("theirs", 1.5))]
    for thread in threads:
        thread.start()
    time.sleep(0.3)
    assert store.commit("mine", 0, b"{}", b"{}", "m").applied
    threads[0].join(6)
    assert ended["mine"] < 1.0
    threads[1].join(6)
    assert 1.4 < ended["theirs"] < 2.5  # its own timeout: the other session's commit did not end it


@pytest.mark.parametrize("backend", ["redis", "cluster"], indirect=True)
def test_the_subscriber_comes_back_after_client_kill_and_later_commits_wake(redis_store, backend, redis_cluster_or_none):
    store = redis_store
    assert store.create("killed", b"{}", b"{}")
    channel = store.keys("killed").channel
    waiter = Waiter()
    with store.listen("killed", waiter):
        wait_until(lambda: store.fanout.subscribed(channel), 5, "the subscription")
        before = _subscriber_ids(backend, store.client_name, redis_cluster_or_none, "{killed}")
        assert len(before) == 1
        assert _kill_subscribers(backend, store.client_name, redis_cluster_or_none, "{killed}") == 1
        wait_until(lambda: len(_subscriber_ids(backend, store.client_name, redis_cluster_or_none, "{killed}")
                               - before) == 1 and store.fanout.subscribed(channel), 10, "the new subscription")
        waiter.wait(0)  # the renewed confirmation's "look again"
        assert store.commit("killed", 0, b"{}", b"{}", "k").applied
        started = time.monotonic()
        assert waiter.wait(3) == 1
        assert time.monotonic() - started < 1.0
    # a long-poll on it after the kill: woken by a commit, well before its recheck timer
    done: list[float] = []

    def poll() -> None:
        started = time.monotonic()
        store.wait_for_change("killed", 1, 10)
        done.append(time.monotonic() - started)

    thread = threading.Thread(target=poll)
    thread.start()
    wait_until(lambda: store.fanout.subscribed(channel), 5, "the subscription again")
    assert store.commit("killed", 1, b"{}", b"{}", "k2").applied
    thread.join(5)
    assert done and done[0] < 2.0


@pytest.fixture
def redis_cluster_or_none(backend, request):
    return request.getfixturevalue("redis_cluster") if backend["REDIS_CLUSTER"] else None


def _server_of(backend: dict, cluster, hashtag: str) -> redis.Redis:
    return cluster.master_of(hashtag).client() if cluster is not None else redis.Redis.from_url(backend["REDIS_URL"])


def _subscriber_ids(backend: dict, name: str, cluster, hashtag: str) -> set[int]:
    with _server_of(backend, cluster, hashtag) as one:
        return {c["id"] for c in one.client_list() if c.get("name") == name and subscribed(c)}


def _kill_subscribers(backend: dict, name: str, cluster, hashtag: str) -> int:
    """CLIENT KILL every subscribed connection named ``name`` on the server holding ``hashtag``."""
    ids = _subscriber_ids(backend, name, cluster, hashtag)
    with _server_of(backend, cluster, hashtag) as one:
        for cid in ids:
            one.client_kill_filter(_id=cid)
    return len(ids)


def test_a_waiter_never_hangs_past_its_timeout_while_the_subscriber_is_down(key_prefix):
    store = open_store({"REDIS_URL": "redis://127.0.0.1:1/0", "REDIS_CLUSTER": False}, key_prefix)
    try:
        started = time.monotonic()
        store.wait_for_change("nowhere", 0, 1.2)
        assert 1.1 < time.monotonic() - started < 2.5
    finally:
        store.close()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_starts_its_own_subscriber(redis_store):
    store = redis_store
    assert store.create("forked", b"{}", b"{}")
    with store.listen("forked", Waiter()):
        wait_until(lambda: store.fanout.subscribed(store.keys("forked").channel), 5, "the parent's subscription")
        pid = os.fork()
        if pid == 0:  # the child: the parent's loop did not come along; its own starts on first use
            code = 1
            try:
                waiter = Waiter()
                with store.listen("forked", waiter):
                    assert store.fanout.hub.count() == 1
                    deadline = time.monotonic() + 5
                    while not store.fanout.subscribed(store.keys("forked").channel):
                        assert time.monotonic() < deadline
                        time.sleep(0.02)
                    waiter.wait(0)
                    assert store.commit("forked", 0, b"{}", b"{}", "f").applied
                    assert waiter.wait(3) == 1
                code = 0
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0


# ---------------------------------------------------------------------- the pieces


def test_a_waiter_reports_the_highest_version_heard_and_none_to_look_again():
    waiter = Waiter()
    assert waiter.wait(0.01) is None
    waiter(3)
    waiter(2)
    assert waiter.wait(1) == 3
    waiter(None)
    assert waiter.wait(1) is None


def test_a_broken_listener_does_not_starve_the_others():
    hub = Hub()
    heard = []

    def broken(note):
        raise RuntimeError("broken")

    with hub.listening("s", broken), hub.listening("s", heard.append):
        hub.publish("s", 4)
        hub.publish("other", 5)
    assert heard == [4] and hub.count() == 0


def test_change_payloads():
    assert parse_note(b"7") == 7 and parse_note(b"deleted") is None and parse_note(None) is None


@pytest.mark.parametrize("backend", ["redis", "cluster"], indirect=True)
def test_a_channel_lingers_for_the_next_poll_then_is_dropped(redis_store, backend, redis_cluster_or_none,
                                                            monkeypatch):
    from service.sessions import fanout as fanout_module

    monkeypatch.setattr(fanout_module, "LINGER_SECONDS", 0.5)
    store = redis_store
    assert store.create("linger", b"{}", b"{}")
    channel = store.keys("linger").channel
    with store.listen("linger", Waiter()):
        wait_until(lambda: store.fanout.subscribed(channel), 5, "the subscription")
    time.sleep(0.2)  # several turns of the subscriber loop, less than the linger
    waiter = Waiter()
    with store.listen("linger", waiter):  # back soon: still subscribed, no new confirmation needed
        assert store.fanout.subscribed(channel)
        assert store.commit("linger", 0, b"{}", b"{}", "l").applied
        assert waiter.wait(2) == 1
    wait_until(lambda: not _subscriber_ids(backend, store.client_name, redis_cluster_or_none, "{linger}"), 5,
               "the channel dropped once nobody listens")
    assert len(store.fanout.shards()) == 1 and next(iter(store.fanout.shards().values())).connects == 1


def test_under_a_gunicorn_gevent_worker_200_polls_on_a_pool_of_10_all_answer(redis_url, key_prefix, tmp_path):
    """The same through gunicorn's gevent worker: the subscriber loop is a greenlet there."""
    import http.client
    import json

    from bench._common import GunicornServer

    polls = 200
    with GunicornServer(workers=1, log_path=str(tmp_path / "gunicorn.log"), env={
            "REDIS_URL": redis_url, "SESSION_KEY_PREFIX": key_prefix, "REDIS_MAX_CONNECTIONS": str(POOL),
            "SESSION_LONG_POLLS_PER_CLIENT": "1000", "SESSION_WAIT_MAX_SECONDS": "20", "LOG_LEVEL": "WARNING"}) as server:
        def call(method, path, body=None, token=None, timeout=10.0):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
            headers = {"Content-Type": "application/json"}
            if token:
                headers["Authorization"] = f"Bearer {token}"
            try:
                conn.request(method, path, json.dumps(body) if body is not None else None, headers)
                response = conn.getresponse()
                return response.status, json.loads(response.read() or b"null")
            finally:
                conn.close()

        _, created = call("POST", "/v1/sessions", {"game": "solenia", "players": 2})
        sid = created["session_id"]
        moves = [(token, call("GET", f"/v1/sessions/{sid}/legal-actions", token=token)[1]["actions"])
                 for token in created["seat_tokens"]]
        token, actions = next((t, a) for t, a in moves if a)
        answers: list = []

        def poll() -> None:
            answers.append(call("GET", f"/v1/sessions/{sid}?wait_version=0&wait_seconds=15", timeout=30))

        threads = [threading.Thread(target=poll) for _ in range(polls)]
        for thread in threads:
            thread.start()
        time.sleep(1)  # every poll in; their own rechecks come 5 s after they began
        assert not answers
        name = f"{key_prefix}:sessions"
        with redis.Redis.from_url(redis_url) as one:
            held = [c for c in one.client_list() if c.get("name") == name]
        assert len(held) <= POOL and len([c for c in held if subscribed(c)]) == 1, held
        status, _ = call("POST", f"/v1/sessions/{sid}/actions", {"action": actions[0]}, token=token)
        assert status == 200
        started = time.monotonic()
        for thread in threads:
            thread.join(20)
        assert time.monotonic() - started < 2.5  # the message woke them, not a recheck
    statuses = [status for status, _ in answers]
    assert statuses == [200] * polls, {s: statuses.count(s) for s in set(statuses)}
    assert {body["version"] for _, body in answers} == {1}
