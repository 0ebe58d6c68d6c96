"""service.deadline: enforced only where gevent can interrupt a read."""

from __future__ import annotations

import subprocess
import sys

from service.deadline import deadline, enforceable


def test_without_gevent_patching_the_deadline_is_not_enforced():
    assert not enforceable()
    with deadline(0.001):
        sum(range(100000))  # longer than the deadline, and nothing interrupts it


def test_under_gevent_a_blocked_read_is_cut_short():
    program = """
from gevent import monkey; monkey.patch_all()
import socket, time
from service.deadline import ReadTimedOut, deadline, enforceable
assert enforceable()
left, right = socket.socketpair()
started = time.monotonic()
try:
    with deadline(0.3):
        left.recv(1)
except ReadTimedOut as late:
    assert late.seconds == 0.3
    print(round(time.monotonic() - started, 1))
"""
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=30, check=True)
    assert 0.2 <= float(out.stdout) < 5
