"""Warnings that must say something true: the key commands print a key and nothing else, and
the in-process session store warns only when several gunicorn workers would each hold their own."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bench._common import GunicornServer
from service.records import parse_signing_key
from service.sealing import parse_keys
from service.sessions.memory_store import GUNICORN_WORKERS_ENV, shared_by_several_workers

STORE_WARNING = b"in_process_session_store_under_gunicorn"


@pytest.mark.parametrize(("module", "parse"), [("service.sealing", parse_keys), ("service.records", parse_signing_key)])
def test_a_key_command_prints_a_key_and_no_warning(module, parse):
    # -W error turns any warning (runpy's about a module found in sys.modules) into a failure
    ran = subprocess.run([sys.executable, "-W", "error", "-m", module, "new-key"], capture_output=True, text=True,
                         timeout=60)
    assert (ran.returncode, ran.stderr) == (0, "")
    assert parse(ran.stdout.strip())  # one key the service takes


@pytest.mark.parametrize(("environ", "modules", "shared"), [
    ({}, {}, False),  # not under gunicorn: flask run, tests
    ({GUNICORN_WORKERS_ENV: "1"}, {"gunicorn": object()}, False),
    ({GUNICORN_WORKERS_ENV: "2"}, {"gunicorn": object()}, True),
    ({GUNICORN_WORKERS_ENV: "8"}, {"gunicorn": object()}, True),
    ({}, {"gunicorn": object()}, True),  # gunicorn without our config file: the count is unknown
    ({GUNICORN_WORKERS_ENV: "two"}, {"gunicorn": object()}, True),
])
def test_the_store_counts_as_shared_only_with_several_workers(environ, modules, shared):
    assert shared_by_several_workers(environ, modules) is shared


@pytest.mark.parametrize(("workers", "warned"), [(1, False), (2, True)])
def test_gunicorn_warns_about_in_process_sessions_only_with_several_workers(tmp_path, workers, warned):
    log = tmp_path / "gunicorn.log"
    with GunicornServer(workers=workers, env={"REDIS_URL": "", "LOG_LEVEL": "INFO"}, log_path=str(log)):
        pass
    text = log.read_bytes()
    assert b"Booting worker" in text  # the log is gunicorn's, read after startup
    assert (STORE_WARNING in text) is warned, text.decode(errors="replace")[-2000:]
