"""Slow clients and long-polls under real gunicorn, configured by the project's gunicorn.conf.py:
they must not take the workers that short requests need.

Under the old model (sync workers, or one worker of 8 threads) the clients held here
take every worker and thread, and /healthz goes unanswered until they let go; the
bounds below are generous, so the test is about starvation, not speed
(bench/slow_clients.py measures the latencies)."""

from __future__ import annotations

import http.client
import re
import socket
import threading
import time

import orjson
import pytest

from bench._common import GunicornServer

SLOW_CLIENTS = 12
LONG_POLLS = 12


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One worker, in-process sessions: the size the old default gave 8 threads."""
    log = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    with GunicornServer(workers=1, log_path=str(log), env={
            "SESSION_WAIT_MAX_SECONDS": "20", "LOG_LEVEL": "WARNING"}) as running:
        yield running


def get(port, path, timeout, source="127.0.0.1"):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def test_slow_bodies_and_long_polls_leave_room_for_health_checks(server):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("POST", "/v1/sessions", orjson.dumps({"game": "solenia", "players": 2}),
                 {"Content-Type": "application/json"})
    session_id = orjson.loads(conn.getresponse().read())["session_id"]
    conn.close()

    stop = threading.Event()
    slow_sockets = []
    for i in range(SLOW_CLIENTS):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        sock.sendall(b"POST /v1/games/solenia/apply HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000\r\n\r\n{")  # then nothing more: a body that never finishes
        slow_sockets.append(sock)
    poll_answers = []

    def long_poll(index):
        poll_answers.append(get(server.port, f"/v1/sessions/{session_id}?wait_version=0&wait_seconds=8",
                                timeout=30, source=f"127.0.1.{index + 1}")[0])

    pollers = [threading.Thread(target=long_poll, args=(i,), daemon=True) for i in range(LONG_POLLS)]
    try:
        for thread in pollers:
            thread.start()
        time.sleep(1.0)  # every slow client and long-poll is in the server's hands
        assert not poll_answers, "the long-polls were answered before their wait was up"
        for _ in range(5):
            started = time.monotonic()
            status, _ = get(server.port, "/healthz", timeout=5)
            assert status == 200 and time.monotonic() - started < 3
        assert not poll_answers
    finally:
        stop.set()
        for sock in slow_sockets:
            sock.close()
        for thread in pollers:
            thread.join(15)
    assert poll_answers == [200] * LONG_POLLS  # each waited its 8 s and was answered


@pytest.fixture(scope="module")
def impatient_server(tmp_path_factory):
    log = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    with GunicornServer(workers=1, log_path=str(log), env={"BODY_READ_SECONDS": "2", "LOG_LEVEL": "WARNING"}) as running:
        yield running


def answered(received: bytes) -> bool:
    head, separator, body = received.partition(b"\r\n\r\n")
    length = re.search(rb"(?i)content-length: (\d+)", head)
    return bool(separator and length and len(body) >= int(length.group(1)))


def test_a_body_still_arriving_after_body_read_seconds_gets_408(impatient_server):
    sock = socket.create_connection(("127.0.0.1", impatient_server.port), timeout=10)
    started = time.monotonic()
    try:
        sock.sendall(b"POST /v1/games/solenia/apply HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{")
        received = b""
        while not answered(received):
            try:
                sock.sendall(b" ")  # a byte now and then, never the whole body
            except OSError:
                pass
            sock.settimeout(0.5)
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                assert time.monotonic() - started < 8, "no answer to a body that never finished"
                continue
            if not chunk:
                break
            received += chunk
    finally:
        sock.close()
    assert received.startswith(b"HTTP/1.1 408"), received[:200]
    assert b'"code":"body_timeout"' in received
    assert 1.5 < time.monotonic() - started < 8
    # a body that arrives in time is judged as usual
    conn = http.client.HTTPConnection("127.0.0.1", impatient_server.port, timeout=10)
    conn.request("POST", "/v1/games/solenia/apply", b"{}", {"Content-Type": "application/json"})
    assert conn.getresponse().status == 422
    conn.close()
