"""The real service under gunicorn, on a free loopback port, for tests that need many processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

from .redis_server import free_port

REPO = Path(__file__).resolve().parents[2]


class GunicornServer:
    def __init__(self, *, workers: int, env: dict[str, str], app: str = "service:create_app()",
                 timeout: int = 60) -> None:
        self.port = free_port()
        self.workers = workers
        self.timeout = timeout
        self.app = app
        self.env = {**os.environ, **env}
        self.log = tempfile.NamedTemporaryFile(prefix="referee-gunicorn-", suffix=".log", delete=False)
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> "GunicornServer":
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        self.process = subprocess.Popen(
            [gunicorn, "--bind", f"127.0.0.1:{self.port}", "--workers", str(self.workers),
             "--worker-class", "sync", "--timeout", str(self.timeout), self.app],
            cwd=REPO, env=self.env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited early:\n{self.output()}")
            try:
                if requests.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self
            except requests.RequestException:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"gunicorn did not answer within {timeout} s:\n{self.output()}")

    def output(self) -> str:
        return Path(self.log.name).read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)
        self.log.close()
        os.unlink(self.log.name)
