"""The feed's pump: while a stream waits, its session's feed writes its messages to its socket
(service/sessions/stream_socket.py), and its own generator sleeps (issue #21's 5,000 streams).

Each stream here is served as gunicorn serves one: a thread iterates the stream's generator and
writes every item to the server's end of a socket pair, chunked (HTTP/1.1) or raw (HTTP/1.0),
then ends the body; the stream was opened with a writer on that socket, so the feed may write to
it too. The client's end is read as the wire: chunks, then server-sent events. The expectations
are the issue's, checked against the plain endpoints: every version once and in order, each
seat's view (whole first, then patched) equal to its read, no other seat's private event, and a
resume with Last-Event-ID giving exactly the versions after it. The pump must have done the
writing (``feed.pumped``), or the test proves nothing about it."""

from __future__ import annotations

import copy
import socket
import threading
import time

import jsonpatch
import orjson
import pytest

from service.sessions.stream_socket import SocketWriter

from .conftest import app_on_memory_or_redis
from .sse import bearer
from .test_stream import create, full_view, play_one, wait_subscribed


@pytest.fixture(params=["memory", "redis"])
def pump_app(request, key_prefix, card_nim):
    with app_on_memory_or_redis(request, {"SESSION_KEY_PREFIX": key_prefix, "SESSION_STREAM_HEARTBEAT_SECONDS": 1,
                                          "SESSION_STREAMS_PER_CLIENT": 20}) as application:
        yield application


class Trickle:
    """A connection whose buffer takes at most ``most`` bytes of a write at once (0: none, as a
    full one), the way a client that reads slowly makes its socket; waiting writes go through."""

    def __init__(self, sock: socket.socket, most: int) -> None:
        self.sock, self.most = sock, most

    def send(self, data: bytes, flags: int = 0) -> int:
        if not self.most:
            raise BlockingIOError
        return self.sock.send(data[:self.most], flags)

    def sendall(self, data: bytes) -> None:
        self.sock.sendall(data)


class WireStream:
    """A stream served over a socket pair as gunicorn would serve it, read by its client."""

    def __init__(self, app, sid: str, token: str | None, *, chunked: bool, last_event_id: str | None = None,
                 trickle: int | None = None) -> None:
        self.server, self.client = socket.socketpair()
        self.client.settimeout(5)
        self.chunked = chunked
        self.buffer = b""
        self.ended = threading.Event()
        messages, self.release = app.extensions["session_streams"].open(
            sid, token, None, last_event_id, "wire-client",
            SocketWriter(self.server if trickle is None else Trickle(self.server, trickle), chunked))
        self.thread = threading.Thread(target=self._serve, args=(messages,), daemon=True)
        self.thread.start()

    def _serve(self, messages) -> None:
        writer = SocketWriter(self.server, self.chunked)
        try:
            for item in messages:  # gunicorn's loop: each item written whole before the next is asked for
                self.server.sendall(writer.frame(item))
            if self.chunked:
                self.server.sendall(b"0\r\n\r\n")
        except OSError:
            pass
        finally:
            if hasattr(messages, "close"):
                messages.close()
            self.release()
            self.server.close()
            self.ended.set()

    def _fill(self) -> bool:
        data = self.client.recv(65536)
        self.buffer += data
        return bool(data)

    def _body(self) -> bytes | None:
        """The next piece of the body: a chunk, or what raw bytes came; None at its end."""
        if not self.chunked:
            if not self.buffer and not self._fill():
                return None
            piece, self.buffer = self.buffer, b""
            return piece
        while b"\r\n" not in self.buffer:
            assert self._fill(), "the connection closed inside a chunk's size"
        size_line, rest = self.buffer.split(b"\r\n", 1)
        size = int(size_line, 16)
        while len(rest) < size + 2:
            assert self._fill(), "the connection closed inside a chunk"
            rest = self.buffer.split(b"\r\n", 1)[1]
        assert rest[size:size + 2] == b"\r\n", "a chunk without its CRLF"
        self.buffer = rest[size + 2:]
        return rest[:size] if size else None

    text = b""

    def event(self) -> bytes | None:
        """The next server-sent event (or comment), None once the body ended."""
        while b"\n\n" not in self.text:
            piece = self._body()
            if piece is None:
                assert not self.text, "the body ended inside an event"
                return None
            self.text += piece
        event, self.text = self.text.split(b"\n\n", 1)
        return event

    def next(self):
        """The next message with an id: (version, data); heartbeats skipped (three in a row: none is due)."""
        pings = 0
        while True:
            event = self.event()
            assert event is not None, "the stream ended where a message was due"
            if event.startswith(b": ping"):
                pings += 1
                assert pings < 3, "no message where one was due"
            if event.startswith(b"id: "):
                head, data = event.split(b"\n")
                return int(head[4:]), orjson.loads(data[len(b"data: "):])

    def close(self) -> None:
        self.client.close()
        self.ended.wait(5)


def check_message(app, sid, seat, data, view, version, result, *, latest=True):
    """The message against the plain endpoints (its view against the seat's read when ``version``
    is the session's latest); the seat's view after it."""
    assert data["version"] == version
    if view is None:
        assert "view" in data
        view = data["view"]
    else:
        assert "view" not in data, "a patch was due"
        view = jsonpatch.apply_patch(copy.deepcopy(view), data["view_patch"])
    if latest:
        assert view == full_view(app, sid, seat)
    for event in data["events"]:  # nobody sees another seat's private event
        assert event.get("visible_to") is None or seat in event["visible_to"], (seat, event)
    if result is not None and data["seat"] == seat:
        assert data["events"] == result["events"]
    return view


@pytest.mark.parametrize("chunked", [True, False], ids=["http11-chunked", "http10-raw"])
def test_the_pump_writes_every_version_once_in_order_to_every_waiting_stream(pump_app, chunked):
    web = pump_app.test_client()
    created = create(web)
    sid = created["session_id"]
    seats = [0, 0, 1, 2, None]  # two streams of seat 0 share its messages; a spectator's
    tokens = [created["seat_tokens"][seat] if seat is not None else None for seat in seats]
    streams = [WireStream(pump_app, sid, token, chunked=chunked) for token in tokens]
    views = [None] * len(streams)
    for index, stream in enumerate(streams):
        version, data = stream.next()
        assert version == 0
        views[index] = check_message(pump_app, sid, seats[index], data, None, 0, None)
    wait_subscribed(pump_app, sid)
    feed = pump_app.extensions["session_streams"].feeds.get(sid)
    versions = 0
    private_seen = 0
    while True:
        deadline = time.monotonic() + 5
        while feed.parked_now() < len(streams):  # every stream waiting, so the pump is the writer
            assert time.monotonic() < deadline, "the streams never parked"
            time.sleep(0.005)
        pumped = feed.pumped
        result = play_one(web, created, prefer="draw" if versions % 2 else None)
        versions += 1
        for index, stream in enumerate(streams):
            version, data = stream.next()
            assert version == versions, "a version missed, repeated or out of order"
            views[index] = check_message(pump_app, sid, seats[index], data, views[index], versions, result)
            private_seen += any(e.get("visible_to") is not None for e in data["events"])
        deadline = time.monotonic() + 2  # the client may read a message before the pump counts it
        while feed.pumped - pumped < len(streams) and time.monotonic() < deadline:
            time.sleep(0.005)
        assert feed.pumped - pumped == len(streams), "the pump did not write this version to every stream"
        if result["status"]["game_over"]:
            break
    assert private_seen, "no private event ever reached its seat: the test proves nothing about them"
    for stream in streams:  # the game-over message is the last: the body ends
        assert stream.event() is None
        stream.close()
    assert pump_app.extensions["session_streams"].feeds.get(sid) is None


def test_a_resumed_stream_gets_exactly_the_missed_versions_then_the_pumps(pump_app):
    web = pump_app.test_client()
    created = create(web)
    sid, token = created["session_id"], created["seat_tokens"][1]
    first = WireStream(pump_app, sid, token, chunked=True)
    view = check_message(pump_app, sid, 1, first.next()[1], None, 0, None)
    for version in range(1, 3):
        result = play_one(web, created, prefer="draw")
        view = check_message(pump_app, sid, 1, first.next()[1], view, version, result)
    first.close()
    missed = [play_one(web, created) for _ in range(2)]
    again = WireStream(pump_app, sid, token, chunked=True, last_event_id="2")
    view = None  # a connection's first message is whole
    for version, result in zip((3, 4), missed):
        got, data = again.next()
        assert got == version
        view = check_message(pump_app, sid, 1, data, view, version, result, latest=version == 4)
    feed = pump_app.extensions["session_streams"].feeds.get(sid)
    deadline = time.monotonic() + 5
    while not feed.parked_now():
        assert time.monotonic() < deadline, "the resumed stream never parked"
        time.sleep(0.005)
    pumped = feed.pumped
    result = play_one(web, created)
    got, data = again.next()
    deadline = time.monotonic() + 2
    while feed.pumped == pumped and time.monotonic() < deadline:
        time.sleep(0.005)
    assert got == 5 and feed.pumped == pumped + 1, "the resumed stream's next version was not the pump's"
    check_message(pump_app, sid, 1, data, view, 5, result)
    again.close()


def test_heartbeats_come_from_the_pump_while_the_session_is_quiet(pump_app):
    web = pump_app.test_client()
    created = create(web)
    stream = WireStream(pump_app, created["session_id"], created["seat_tokens"][0], chunked=True)
    assert stream.next()[0] == 0
    feed = pump_app.extensions["session_streams"].feeds.get(created["session_id"])
    pings = [stream.event() for _ in range(2)]  # one a second (SESSION_STREAM_HEARTBEAT_SECONDS)
    assert pings == [b": ping", b": ping"]
    deadline = time.monotonic() + 2  # the client may read a heartbeat before the pump counts it
    while feed.heartbeats < 2 and time.monotonic() < deadline:
        time.sleep(0.005)
    assert feed.heartbeats >= 2, "the stream's own timer sent them, not the pump"
    stream.close()


@pytest.mark.parametrize("most", [40, 0], ids=["part-at-once", "nothing-at-once"])
def test_a_socket_that_does_not_take_a_whole_message_at_once_gets_it_from_its_own_stream(pump_app, most):
    """A client that reads slowly: the pump's write stops short (or cannot start), the stream's own
    thread finishes the message (or sends it), and nothing is lost, repeated or torn."""
    web = pump_app.test_client()
    created = create(web)
    sid, token = created["session_id"], created["seat_tokens"][0]
    stream = WireStream(pump_app, sid, token, chunked=True, trickle=most)
    view = check_message(pump_app, sid, 0, stream.next()[1], None, 0, None)
    feed = pump_app.extensions["session_streams"].feeds.get(sid)
    for version in range(1, 7):
        deadline = time.monotonic() + 5
        while not feed.parked_now():  # waiting: the pump tries first
            assert time.monotonic() < deadline, "the stream never parked"
            time.sleep(0.005)
        pumped = feed.pumped
        result = play_one(web, created, prefer="draw")
        got, data = stream.next()
        assert got == version
        view = check_message(pump_app, sid, 0, data, view, version, result)
        # A message the pump began counts as its; one it could not begin, as the stream's.
        assert feed.pumped - pumped == (1 if most else 0)
        if result["status"]["game_over"]:
            break
    stream.close()


@pytest.mark.parametrize("http_version", ["HTTP/1.1", "HTTP/1.0"])
def test_under_gunicorn_the_pumps_writes_keep_the_responses_framing(redis_url, key_prefix, tmp_path, http_version):
    """gunicorn's own gevent worker: the pump writes chunks on HTTP/1.1 (http.client decodes them
    and fails on a torn one) and raw bytes on HTTP/1.0; heartbeats and every version arrive."""
    import http.client

    from bench._common import GunicornServer
    from bench.streams import call

    with GunicornServer(workers=1, log_path=str(tmp_path / "gunicorn.log"), env={
            "REDIS_URL": redis_url, "SESSION_KEY_PREFIX": key_prefix, "SESSION_STREAM_HEARTBEAT_SECONDS": "1",
            "LOG_LEVEL": "WARNING"}) as server:
        _, created = call(server.port, "POST", "/v1/sessions", {"game": "solenia", "players": 2, "seed": "pump"})
        sid, tokens = created["session_id"], created["seat_tokens"]
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        connection._http_vsn_str = http_version  # http.client's own switch for the request line
        connection._http_vsn = 11 if http_version == "HTTP/1.1" else 10
        connection.request("GET", f"/v1/sessions/{sid}/stream", headers=bearer(tokens[0]))
        response = connection.getresponse()
        assert response.status == 200
        assert response.getheader("Transfer-Encoding") == ("chunked" if http_version == "HTTP/1.1" else None)
        events: list[bytes] = []
        text = b""

        def read_until(done) -> None:
            nonlocal text
            while not done():
                piece = response.read1(65536)
                assert piece, "the stream ended early"
                text += piece
                while b"\n\n" in text:
                    event, text = text.split(b"\n\n", 1)
                    events.append(event)

        read_until(lambda: any(e.startswith(b"id: 0\n") for e in events))
        read_until(lambda: events.count(b": ping") >= 2)  # quiet: the pump's heartbeats
        for version in range(1, 6):
            for token in tokens:
                _, menu = call(server.port, "GET", f"/v1/sessions/{sid}/legal-actions", token=token)
                if menu["actions"]:
                    status, _ = call(server.port, "POST", f"/v1/sessions/{sid}/actions",
                                     {"action": menu["actions"][0], "expected_version": version - 1}, token)
                    assert status == 200
                    break
            read_until(lambda: any(e.startswith(b"id: %d\n" % version) for e in events))
        ids = [int(e[4:e.index(b"\n")]) for e in events if e.startswith(b"id: ")]
        assert ids == list(range(6))
        for event in events:
            if event.startswith(b"id: "):
                orjson.loads(event.split(b"data: ", 1)[1])  # whole, untorn JSON
        connection.close()
