"""Event streams on a Redis Cluster across a failover of the session's master (issue #21).

Streams of every seat (and a spectator's) follow a Solenia session through the Flask app
on a cluster of its own; the master holding the session is killed (SIGKILL) mid-game.
Some streams stay connected across it (the worker's sharded subscription has to follow
the slot to the promoted replica); the others are dropped at the kill and reconnect as
EventSource does, with ``Last-Event-ID``, retrying while the answer is 503. Every stream
must end up with every version once, in order, and the seat's current view."""

from __future__ import annotations

import time

import jsonpatch
import orjson
import pytest

from .redis_cluster import RedisClusterHarness

HEARTBEAT_SECONDS = 1


def bearer(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


@pytest.fixture
def own_cluster():
    """A cluster of this test's own: it kills a master."""
    cluster = RedisClusterHarness().start()
    try:
        yield cluster
    finally:
        cluster.stop()


def make_app(cluster, replicas: int):
    from service import create_app

    # 1.5 s for a replica's acknowledgement, as in test_cluster's failover test.
    return create_app({"REDIS_URL": cluster.url, "REDIS_CLUSTER": True, "REDIS_WAIT_REPLICAS": replicas,
                       "REDIS_WAIT_TIMEOUT_MS": 1500, "SESSION_KEY_PREFIX": "streamfail",
                       "SESSION_STREAM_HEARTBEAT_SECONDS": HEARTBEAT_SECONDS, "SESSION_STREAMS_PER_CLIENT": 20})


@pytest.fixture
def cluster_app(own_cluster):
    app = make_app(own_cluster, 1)
    yield app
    app.extensions["sessions"].store.close()


@pytest.fixture
def unreplicated_app(own_cluster):
    """Another worker that confirms a write once its master has it: it can play while the
    promoted replica is alone, so streams must deliver versions written before the old master is back."""
    app = make_app(own_cluster, 0)
    yield app
    app.extensions["sessions"].store.close()


class Follower:
    """A seat's stream as an EventSource keeps it: messages over any number of connections,
    the last id received sent as Last-Event-ID on the next one."""

    def __init__(self, web, sid: str, token: str | None) -> None:
        self.web, self.sid, self.token = web, sid, token
        self.versions: list[int] = []
        self.view = None
        self.connections = 0
        self.response = None
        self.chunks = None
        self.whole_due = True

    def connect(self, deadline: float) -> None:
        headers = bearer(self.token)
        if self.versions:
            headers["Last-Event-ID"] = str(self.versions[-1])
        while True:
            response = self.web.get(f"/v1/sessions/{self.sid}/stream", headers=headers, buffered=False)
            if response.status_code == 200:
                break
            assert response.status_code == 503, (response.status_code, response.get_data())
            response.close()
            assert time.monotonic() < deadline, "the stream could not be opened again after the failover"
            time.sleep(0.2)
        self.response, self.chunks = response, iter(response.response)
        self.connections += 1
        self.whole_due = True

    def drop(self) -> None:
        self.response.close()
        self.response = self.chunks = None

    def read_until(self, version: int, deadline: float) -> None:
        while not self.versions or self.versions[-1] < version:
            assert time.monotonic() < deadline, f"stream stuck after {self.versions[-1:]}, waiting for {version}"
            text = next(self.chunks).decode()  # a heartbeat or a retry comment at least every second
            if not text.startswith("id: "):
                continue
            head, data = text.strip().split("\n")
            body = orjson.loads(data[len("data: "):])
            if self.whole_due:  # a connection's first message: the whole view
                assert "view" in body, body
                self.whole_due = False
            self.view = body["view"] if "view" in body else jsonpatch.apply_patch(self.view, body["view_patch"])
            self.versions.append(int(head[4:]))


def test_streams_resume_across_a_failover_of_the_sessions_master(own_cluster, cluster_app, unreplicated_app):
    web = cluster_app.test_client()
    created = web.post("/v1/sessions", json={"game": "solenia", "players": 2, "seed": "stream-failover"}).json
    sid, tokens = created["session_id"], created["seat_tokens"]
    store = cluster_app.extensions["sessions"].store
    confirmed: list[int] = []

    def play_one(web=web) -> bool:
        """One action by whoever is to act; False when it was not confirmed."""
        read = web.get(f"/v1/sessions/{sid}")
        if read.status_code != 200:
            time.sleep(0.1)
            return False
        seat = read.json["status"]["active_players"][0]
        actions = web.get(f"/v1/sessions/{sid}/legal-actions", headers=bearer(tokens[seat]))
        if actions.status_code != 200:
            return False
        answer = web.post(f"/v1/sessions/{sid}/actions", headers=bearer(tokens[seat]),
                          json={"action": actions.json["actions"][0], "expected_version": read.json["version"]})
        if answer.status_code != 200:
            assert answer.status_code in (503, 409), answer.json  # unconfirmed, or an unconfirmed one landed
            time.sleep(0.1)
            return False
        confirmed.append(answer.json["version"])
        return True

    deadline = time.monotonic() + 90
    kept = [Follower(web, sid, tokens[0]), Follower(web, sid, tokens[1]), Follower(web, sid, None)]
    dropped = [Follower(web, sid, tokens[0]), Follower(web, sid, tokens[1])]
    followers = kept + dropped
    for follower in followers:
        follower.connect(deadline)
        follower.read_until(0, deadline)
    for _ in range(4):
        assert play_one()
        for follower in followers:
            follower.read_until(confirmed[-1], deadline)

    # The second worker meets the cluster before the kill, as a running worker has: its client
    # holds the slot map. Made lazily after it, from a URL that may name the killed node, it could
    # find no node to ask and would answer 503 until that node is back.
    alone = unreplicated_app.test_client()
    assert alone.get(f"/v1/sessions/{sid}").status_code == 200
    doomed = own_cluster.master_of(store.keys(sid).state)
    doomed.kill()
    for follower in dropped:
        follower.drop()
    while own_cluster.master_of(store.keys(sid).state) is doomed:
        assert time.monotonic() < deadline, "no replica took over"
        play_one()
    for follower in dropped:  # as EventSource does: again, with the last id it holds
        follower.connect(deadline)
    before = len(confirmed)
    while len(confirmed) < before + 2:  # on the promoted replica, before the old master is back
        assert time.monotonic() < deadline, "the promoted replica took no write"
        play_one(alone)
    for follower in followers:
        follower.read_until(confirmed[-1], deadline)
    doomed.start()  # back as the new master's replica: writes can be confirmed again
    own_cluster.wait_healthy()
    before = len(confirmed)
    while len(confirmed) < before + 4:
        assert time.monotonic() < deadline, "play never resumed after the failover"
        play_one()

    final = store.read_log(sid).version
    sessions = cluster_app.extensions["sessions"]
    session = sessions._open(sid)
    for follower, seat in zip(followers, [0, 1, None, 0, 1]):
        follower.read_until(final, deadline)
        assert follower.versions == list(range(final + 1)), "a version missed or repeated"
        assert follower.view == orjson.loads(orjson.dumps(session.ruleset.view(session.state(), seat)))
    assert [f.connections for f in dropped] == [2, 2]
    assert all(f.connections == 1 for f in kept)
    assert set(confirmed) <= set(range(1, final + 1))
    for follower in followers:
        follower.drop()
