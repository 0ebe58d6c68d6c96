"""Request heads that never end, under real gunicorn with the project's gunicorn.conf.py
(service/gevent_worker.py): each is cut at HEAD_READ_SECONDS, in total however it trickles,
and more of them than the worker has connection slots do not make it deaf."""

from __future__ import annotations

import http.client
import socket
import threading
import time

import pytest

from bench._common import GunicornServer

PARTIAL_HEAD = b"GET /healthz HTTP/1.1\r\nHost: x\r\n"  # and never the blank line that ends it
SLOTS = 50


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """HEAD_READ_SECONDS=1; keep-alive on, so a connection serves several requests."""
    log = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    with GunicornServer(workers=1, log_path=str(log), env={
            "HEAD_READ_SECONDS": "1", "GUNICORN_KEEPALIVE": "5", "LOG_LEVEL": "WARNING"}) as running:
        yield running


@pytest.fixture(scope="module")
def small_server(tmp_path_factory):
    """Few slots and a head deadline far past the test: only making room can keep it answering."""
    log = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    with GunicornServer(workers=1, log_path=str(log), env={
            "HEAD_READ_SECONDS": "120", "GUNICORN_WORKER_CONNECTIONS": str(SLOTS),
            "LOG_LEVEL": "WARNING"}) as running:
        yield running


def read_until_closed(sock: socket.socket, limit: float) -> bytes:
    """Everything the server sends until it closes; fails if it has not closed by ``limit`` s."""
    sock.settimeout(limit)
    received = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            raise AssertionError(f"the server kept the connection open past {limit} s: {received[:200]!r}")
        except ConnectionResetError:
            return received
        if not chunk:
            return received
        received += chunk


def healthz(port: int, timeout: float = 5) -> tuple[int, float]:
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", "/healthz")
        response = conn.getresponse()
        response.read()
        return response.status, time.monotonic() - started
    finally:
        conn.close()


def test_a_head_that_never_ends_is_cut_at_head_read_seconds(server):
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    try:
        started = time.monotonic()
        sock.sendall(PARTIAL_HEAD)
        received = read_until_closed(sock, limit=6)
        elapsed = time.monotonic() - started
    finally:
        sock.close()
    assert 0.8 < elapsed < 3, elapsed
    assert received.startswith(b"HTTP/1.1 408 "), received[:200]
    assert b'"code":"head_timeout"' in received and b"Connection: close" in received


def test_a_connection_that_sends_nothing_is_cut_too(server):
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    try:
        started = time.monotonic()
        received = read_until_closed(sock, limit=6)
    finally:
        sock.close()
    assert 0.8 < time.monotonic() - started < 3
    assert received.startswith(b"HTTP/1.1 408 ")


def test_the_deadline_is_for_the_whole_head_not_each_read(server):
    """A whole head, a byte every 0.3 s: every read arrives well within the second, the head
    (~40 bytes, ~12 s) does not."""
    head = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    closed = threading.Event()
    sent = []

    def trickle():
        for byte in head:
            if closed.wait(0.3):
                return
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                return
            sent.append(byte)

    sender = threading.Thread(target=trickle, daemon=True)
    started = time.monotonic()
    sender.start()
    try:
        received = read_until_closed(sock, limit=8)
        elapsed = time.monotonic() - started
    finally:
        closed.set()
        sender.join(5)
        sock.close()
    assert 0.8 < elapsed < 3, elapsed
    assert len(sent) < len(head)
    assert received.startswith(b"HTTP/1.1 408 ") and b'"code":"head_timeout"' in received


def test_normal_requests_and_keep_alive_still_work(server):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        for _ in range(3):
            conn.request("GET", "/healthz")
            response = conn.getresponse()
            response.read()
            assert response.status == 200
            time.sleep(0.6)
        # 1.8 s on one connection, past HEAD_READ_SECONDS: the deadline starts again with each head
        sock = conn.sock
        conn.request("POST", "/v1/games/solenia/apply", b"{}", {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        assert response.status == 422 and conn.sock is sock  # still the first connection
    finally:
        conn.close()


def test_an_idle_kept_alive_connection_is_cut_at_the_next_heads_deadline(server):
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    try:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        received = read_until_closed(sock, limit=6)
    finally:
        sock.close()
    assert received.startswith(b"HTTP/1.1 200 ")
    assert b"HTTP/1.1 408 " in received  # the answer, then the next head's 408, then the close


def test_more_unfinished_heads_than_slots_leave_room_for_health_checks(small_server):
    port = small_server.port
    heads = []
    try:
        for _ in range(SLOTS + 30):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(PARTIAL_HEAD)
            heads.append(sock)
        time.sleep(0.5)
        for _ in range(5):
            status, seconds = healthz(port)
            assert status == 200 and seconds < 3
        # the room was made by the oldest heads, told why
        first = read_until_closed(heads[0], limit=5)
        assert first.startswith(b"HTTP/1.1 408 ") and b'"code":"head_evicted"' in first
        # and a head sent in time on a full worker is served, not taken for a slow one
        for sock in heads[-5:]:
            sock.sendall(b"\r\n")
            assert read_until_closed(sock, limit=5).startswith(b"HTTP/1.1 200 ")
    finally:
        for sock in heads:
            sock.close()
