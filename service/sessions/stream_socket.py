"""A stream's connection as its session's feed writes to it, past the WSGI layers.

A commit in a session with thousands of open streams would otherwise wake every stream's
greenlet, each to resume its generator, pass its text through werkzeug's and gunicorn's
iterators and send it: ~0.2 ms of worker CPU per stream, a second for 5,000 of them. The
send itself costs ~10 us. So while a stream waits, its feed writes the message straight to
its socket (:mod:`service.sessions.feed`), without waking it.

That needs the socket and the framing the server uses for the response. gunicorn hands the
socket to the application (``environ["gunicorn.socket"]``) and frames a response without a
``Content-Length`` in chunks on HTTP/1.1 and not at all on HTTP/1.0 (``Response.is_chunked``);
anything else (another server, TLS, a HEAD) gets no writer and its stream sends everything
through the WSGI iterator, as before.

A write from the feed never waits: the socket takes the whole framed message at once, or
the stream's own greenlet is woken to finish it (:meth:`SocketWriter.finish`), waiting as
long as the client makes it, as a write through gunicorn would.
"""

from __future__ import annotations

import socket
import ssl
from typing import Any

_FRAMINGS = {"HTTP/1.0": False, "HTTP/1.1": True}  # chunked?


class SocketWriter:
    __slots__ = ("_chunked", "_now", "_sock")

    def __init__(self, sock: Any, chunked: bool) -> None:
        self._sock = sock
        self._chunked = chunked
        # gevent's socket waits on a full buffer unless its timeout is 0; a plain one does not
        # wait with MSG_DONTWAIT (gunicorn's threaded workers).
        if type(sock).__module__.startswith("gevent"):
            self._now = lambda data: sock.send(data, 0, 0.0)
        else:
            self._now = lambda data: sock.send(data, socket.MSG_DONTWAIT)

    @property
    def chunked(self) -> bool:
        return self._chunked

    @classmethod
    def of(cls, environ: dict[str, Any]) -> SocketWriter | None:
        """The request's writer, or None when the server is not one whose framing is known."""
        sock = environ.get("gunicorn.socket")
        chunked = _FRAMINGS.get(environ.get("SERVER_PROTOCOL", ""))
        if (sock is None or chunked is None or isinstance(sock, ssl.SSLSocket) or "SSL" in type(sock).__name__
                or not str(environ.get("SERVER_SOFTWARE", "")).startswith("gunicorn")
                or environ.get("REQUEST_METHOD") != "GET"):
            return None
        return cls(sock, chunked)

    def frame(self, text: bytes) -> bytes:
        """``text`` as the response's body carries it (one chunk on HTTP/1.1)."""
        return b"%X\r\n%s\r\n" % (len(text), text) if self._chunked else text

    def offer(self, data: bytes) -> int:
        """How many bytes of ``data`` (framed) the socket took without waiting; OSError when the
        connection is broken."""
        try:
            return int(self._now(data))
        except (BlockingIOError, InterruptedError):
            return 0

    def finish(self, data: bytes) -> None:
        """The rest of a framed write, on the stream's own greenlet: waits as long as it takes."""
        self._sock.sendall(data)
