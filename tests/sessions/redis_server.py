"""A private redis-server for the session tests: on a free loopback port, torn down after.

Never the shared server on 6379. With ``persistent=True`` it keeps an append-only
file (fsync on every write) in its own temporary directory, so a test can kill it
and start it again on the same port and prove that nothing acknowledged was lost.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

import redis


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def redis_binary() -> str:
    found = shutil.which("redis-server")
    if found is None:
        raise RuntimeError("redis-server is not on PATH (CI installs it; locally: apt-get install redis-server)")
    return found


class RedisServer:
    def __init__(self, *, persistent: bool = False, port: int | None = None) -> None:
        self.port = port or free_port()
        self.persistent = persistent
        self.dir = tempfile.mkdtemp(prefix="referee-redis-")
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def command(self) -> list[str]:
        args = [redis_binary(), "--port", str(self.port), "--bind", "127.0.0.1", "--dir", self.dir,
                "--save", "", "--daemonize", "no", "--loglevel", "warning", "--logfile", ""]
        if self.persistent:
            args += ["--appendonly", "yes", "--appendfsync", "always"]
        else:
            args += ["--appendonly", "no"]
        return args

    def start(self) -> "RedisServer":
        self.process = subprocess.Popen(self.command(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        client = redis.Redis(port=self.port, socket_timeout=0.5, socket_connect_timeout=0.5)
        try:
            while True:
                try:
                    if client.ping():
                        return self
                except (redis.ConnectionError, redis.TimeoutError, redis.exceptions.BusyLoadingError):
                    pass
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server did not start on port {self.port}")
                time.sleep(0.02)
        finally:
            client.close()

    def restart(self) -> "RedisServer":
        """Start again on the same port with the same directory (and so the same append-only file)."""
        self.kill()
        return self.start()

    def kill(self) -> None:
        """Stop it hard (SIGKILL), as a crash would."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def pause(self) -> None:
        """Freeze it (SIGSTOP): connections open, nothing answers, as a hung server would."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)  # a paused server cannot act on SIGTERM
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        shutil.rmtree(self.dir, ignore_errors=True)

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=2)


def external_url() -> str | None:
    return os.environ.get("REDIS_URL") or None
