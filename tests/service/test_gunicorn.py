"""The service under real gunicorn workers, configured by the project's ``gunicorn.conf.py``:
what the WSGI test client cannot show (sockets, chunked bodies, several processes
sharing Prometheus metrics)."""

from __future__ import annotations

import http.client
import json
import re
import socket
import threading
from pathlib import Path

import pytest

from bench._common import GunicornServer

MIB = 1024 * 1024


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    log = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    with GunicornServer("tests.service.live_app:create_app()", workers=2,
                        env={"BENCH_ECHO": "1", "LOG_LEVEL": "INFO"}, log_path=str(log)) as running:
        running.log = log
        yield running


def request(server, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def post_json(server, path, payload, headers=None):
    return request(server, "POST", path, json.dumps(payload).encode(),
                   {"Content-Type": "application/json", **(headers or {})})


def raw_exchange(server, head: bytes, body_chunks):
    """Send a request by hand (the body from a thread, as a client streaming it would) and
    read the answer; the server may answer, and close, before the body is all sent."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)

    def send():
        try:
            sock.sendall(head)
            for chunk in body_chunks:
                sock.sendall(chunk)
        except OSError:
            pass  # the server answered and closed early: that is the point

    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    received = b""
    try:
        while b"\r\n\r\n" not in received:
            chunk = sock.recv(65536)
            if not chunk:
                break
            received += chunk
        head_end = received.find(b"\r\n\r\n")
        length = int(re.search(rb"(?i)content-length: (\d+)", received[:head_end]).group(1))
        while len(received) < head_end + 4 + length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            received += chunk
    finally:
        sock.close()
        sender.join(timeout=10)
    status = int(received.split(b" ", 2)[1])
    return status, json.loads(received[head_end + 4:head_end + 4 + length])


def test_play_over_real_http(server):
    status, headers, body = post_json(server, "/v1/games/card_nim/setup", {"players": 2, "seed": 1},
                                      {"X-Request-ID": "live-1"})
    assert status == 200 and headers["X-Request-ID"] == "live-1"
    state = json.loads(body)["state"]
    status, _, body = post_json(server, "/v1/games/card_nim/apply",
                                {"state": state, "action": {"type": "take", "player": 0, "stones": 2}})
    assert status == 200 and json.loads(body)["state"]["heap"] == state["heap"] - 2
    assert b'"request_id":"live-1"' in server.log.read_bytes()


def test_declared_five_mib_body_is_413(server):
    body = b"[" * (5 * MIB)
    head = (f"POST /v1/games/card_nim/apply HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    status, problem = raw_exchange(server, head, [body[i:i + 65536] for i in range(0, len(body), 65536)])
    assert status == 413 and problem["code"] == "body_too_large"


def test_chunked_five_mib_body_is_413(server):
    chunk = b"x" * 65536
    frames = [b'10\r\n{"state": "xxxxx\r\n'] + [b"%x\r\n%s\r\n" % (len(chunk), chunk)] * 80 + [b"0\r\n\r\n"]
    head = (b"POST /bench/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n")
    status, problem = raw_exchange(server, head, frames)
    assert status == 413 and problem["code"] == "body_too_large"


def test_small_chunked_body_is_read(server):
    payload = b'{"chunked": true}'
    head = (b"POST /bench/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
    status, echoed = raw_exchange(server, head, [b"%x\r\n%s\r\n0\r\n\r\n" % (len(payload), payload)])
    assert status == 200 and echoed == {"chunked": True}


def test_metrics_are_multiprocess_and_sum_every_worker(server):
    def healthz_count() -> float:
        _, _, text = request(server, "GET", "/metrics")
        match = re.search(rb'referee_http_request_duration_seconds_count\{method="GET",status="200",'
                          rb'url_rule="/healthz"\} ([0-9.e+]+)', text)
        return float(match.group(1)) if match else 0.0

    before = healthz_count()
    for _ in range(40):
        request(server, "GET", "/healthz")
    assert healthz_count() - before == 40
    # Each worker writes its own files; /metrics above summed them.
    files = {path.name for path in Path(server.metrics_dir).iterdir()}
    assert any(name.startswith("histogram_") for name in files), files
