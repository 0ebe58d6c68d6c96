"""gunicorn's gevent worker with a deadline on the request head, and room kept for new clients.

gunicorn's gevent worker reads a request's head itself, before the application sees
anything, and with ``keepalive = 0`` (gunicorn.conf.py's) it waits for that head as long
as the client likes: ``timeout`` only watches the worker's heartbeat, ``graceful_timeout``
only applies at shutdown, and ``keepalive`` bounds only the wait for a *next* request.
A client that sends ``GET /healthz HTTP/1.1\\r\\nHost: x\\r\\n`` and then nothing holds a
connection slot for good, and ``worker_connections`` of them make the worker deaf (new
connections wait in the listen backlog behind them).

:class:`HeadDeadlineWorker` adds two things, nothing else changes:

* **A deadline on the head.** From the moment a connection is taken (and, on a kept-alive
  connection, from the end of each answer) its next head must be whole within
  ``HEAD_READ_SECONDS``, in total, however it trickles in. Past it the client is sent a
  ``408`` problem (``head_timeout``) and the connection is closed.
* **The oldest unfinished head makes room.** When a new connection takes the worker's last
  free slot, the connection that has been sending its head the longest is dropped the same
  way (``408``, ``head_evicted``), so the worker keeps accepting: a real client's head
  arrives in one packet, milliseconds after it connects, and is never the oldest one, while
  a slow-head client has to outpace the worker's whole slot count to keep a head alive.
  Requests past their head (bodies, answers, long-polls) are never dropped to make room;
  bodies have ``BODY_READ_SECONDS``, long-polls their per-client cap.

The setting is read in the worker, after gevent has patched the standard library: this
module imports nothing of the ``service`` package at import time, because gunicorn loads
the worker class in the master process, before any patching (gunicorn.conf.py loads it by
its file path for the same reason).
"""

from __future__ import annotations

import os
from collections import OrderedDict
from typing import Any

import gevent
from gunicorn.http.errors import NoMoreData  # type: ignore[import-untyped]  # gunicorn has no type hints
from gunicorn.workers.ggevent import GeventWorker  # type: ignore[import-untyped]


class HeadReadCut(NoMoreData):
    """Thrown into a connection's greenlet where it waits for the head: gunicorn's handler
    takes it as a client gone (``NoMoreData``), logs it at debug level and closes the socket."""

    def __init__(self, reason: str) -> None:
        super().__init__(b"")
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


def _answer(code: str, detail: str) -> bytes:
    body = (f'{{"type":"urn:tabletop-referee:problem:{code}","title":"Request timeout","status":408,'
            f'"detail":"{detail}","code":"{code}"}}').encode()
    return (b"HTTP/1.1 408 Request Timeout\r\nContent-Type: application/problem+json\r\n"
            b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(body)) + body


class _Connection:
    """One accepted connection; ``timer`` is set while its head is awaited."""

    __slots__ = ("client", "greenlet", "heads", "timer")

    def __init__(self, greenlet: Any, client: Any, heads: OrderedDict[Any, _Connection]) -> None:
        self.greenlet = greenlet
        self.client = client
        self.heads = heads  # the unfinished heads of this connection's listener, oldest first
        self.timer: Any = None


class HeadDeadlineWorker(GeventWorker):
    head_read_seconds: float

    def run(self) -> None:
        # gevent has patched the standard library by now (init_process), so the service's
        # settings module (and with it the package) may be imported.
        from service.config import SETTINGS

        default, parse = SETTINGS["HEAD_READ_SECONDS"]
        text = os.environ.get("HEAD_READ_SECONDS")
        # A value that does not parse stops the worker here, as load_config stops the app.
        self.head_read_seconds = default if text is None else parse(text)
        self._connections: dict[Any, _Connection] = {}
        self._heads: dict[int, OrderedDict[Any, _Connection]] = {}
        self._open: dict[int, int] = {}
        self._timeout_answer = _answer("head_timeout", "The request head did not arrive within "
                                       f"{self.head_read_seconds:g} s.")
        self._evicted_answer = _answer("head_evicted", "The request head was still arriving when the "
                                       "server needed the connection for another client.")
        super().run()

    # ------------------------------------------------------------------ gunicorn's hooks
    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        key = id(listener)
        heads = self._heads.setdefault(key, OrderedDict())
        self._open[key] = self._open.get(key, 0) + 1
        connection = _Connection(gevent.getcurrent(), client, heads)
        self._connections[connection.greenlet] = connection
        try:
            if self._open[key] >= self.worker_connections and heads:
                # This connection took the worker's last slot (the server stops accepting
                # until one frees): the oldest unfinished head gives its slot up.
                _, oldest = heads.popitem(last=False)  # not picked twice; cut if still on its head
                gevent.get_hub().loop.run_callback(self._cut, oldest, self._evicted_answer, "evicted")
            self._start_head(connection)
            super().handle(listener, client, addr)
        finally:
            self._end_head(connection)
            self._connections.pop(connection.greenlet, None)
            self._open[key] -= 1

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> None:
        connection = self._connections.get(gevent.getcurrent())
        if connection is not None:
            self._end_head(connection)  # the head is whole: the body has BODY_READ_SECONDS
        try:
            super().handle_request(listener_name, req, sock, addr)
        finally:
            if connection is not None and self.cfg.keepalive:
                self._start_head(connection)  # the next request's head, on a kept-alive connection

    def handle_http2(self, listener: Any, client: Any, addr: Any, *args: Any, **kwargs: Any) -> None:
        connection = self._connections.get(gevent.getcurrent())
        if connection is not None:
            self._end_head(connection)  # HTTP/2 multiplexes streams; only the preface was a head
        super().handle_http2(listener, client, addr, *args, **kwargs)

    # ------------------------------------------------------------------ the deadline
    def _start_head(self, connection: _Connection) -> None:
        self._end_head(connection)
        timer = gevent.get_hub().loop.timer(self.head_read_seconds)
        connection.timer = timer
        connection.heads[connection.greenlet] = connection
        timer.start(self._expire, connection, timer)

    def _end_head(self, connection: _Connection) -> None:
        timer, connection.timer = connection.timer, None
        if timer is not None:
            timer.stop()
            timer.close()
        connection.heads.pop(connection.greenlet, None)

    def _expire(self, connection: _Connection, timer: Any) -> None:
        """The hub's timer callback: the head is late."""
        if connection.timer is timer:
            self._cut(connection, self._timeout_answer, "deadline")

    def _cut(self, connection: _Connection, answer: bytes, why: str) -> None:
        """In the hub: a 408 if the socket takes it at once (it never waits), then the head
        read is ended by ``HeadReadCut`` where the connection's greenlet waits."""
        if connection.greenlet.dead or connection.timer is None:
            return  # the head arrived, or the connection ended, while this was queued
        self._end_head(connection)
        try:
            connection.client.send(answer, 0, 0.0)
        except OSError:
            pass
        connection.greenlet.throw(HeadReadCut(f"request head cut ({why})"))
