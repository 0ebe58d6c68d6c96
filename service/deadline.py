"""A deadline on a blocking read, where the worker can enforce one.

Under gunicorn's gevent workers (the default) a client that sends its body a byte a
second costs only a greenlet, but it would keep that greenlet and one of the worker's
connections for as long as it liked. ``gevent.Timeout`` interrupts the read wherever
it blocks. Without gevent's patched sockets (the Flask test client, ``flask run``, the
sync and gthread workers) nothing can interrupt a read from outside, and the deadline
is not enforced; gunicorn's worker timeout bounds a sync worker instead.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Iterator


class ReadTimedOut(Exception):
    def __init__(self, seconds: float) -> None:
        super().__init__(f"the read took longer than {seconds:g} s")
        self.seconds = seconds


def enforceable() -> bool:
    """True inside a gevent worker: its sockets yield to the hub, which can cut a read short."""
    monkey = sys.modules.get("gevent.monkey")
    return monkey is not None and monkey.is_module_patched("socket")


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise :class:`ReadTimedOut` if the block is still blocked after ``seconds``, where that can be enforced."""
    if not enforceable():
        yield
        return
    import gevent

    timer = gevent.Timeout(seconds)
    timer.start()
    try:
        yield
    except gevent.Timeout as expired:
        if expired is not timer:
            raise
        raise ReadTimedOut(seconds) from None
    finally:
        timer.close()
