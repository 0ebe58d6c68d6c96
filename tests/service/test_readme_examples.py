"""Every shell example in the README runs as written against a live gunicorn, and answers what it shows.

``readme_examples`` says how an example states its expected answer. The examples run in
one bash session, in README order, with ``curl`` wrapped so that each call's status and body
are kept; the server is the README's own (``gunicorn.conf.py``, one worker, in-process
sessions) with the sealing and record keys set, on a free port in place of 8000.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench._common import GunicornServer
from service.records import new_signing_key
from service.sealing import new_key

from . import readme_examples as rx

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"

# Each curl call appends "<file prefix> <exit code>" to the log; each example first appends its marker.
CURL_WRAPPER = r"""
curl() {
  local out
  out=$(mktemp "$CALLS/call.XXXXXX")
  command curl -sS -o "$out.body" -w '%{http_code}' "$@" > "$out.status"
  local rc=$?
  printf 'call %s %s\n' "$out" "$rc" >> "$CALLS/log"
  cat "$out.body"
  return $rc
}
"""


def script_of(examples: list[rx.Example], base_url: str) -> str:
    parts = ["set -eo pipefail", CURL_WRAPPER]
    for number, example in enumerate(examples):
        parts.append(f"printf 'example {number}\\n' >> \"$CALLS/log\"")
        parts.append(example.source.replace(rx.BASE_URL, base_url))
    parts.append("printf 'done\\n' >> \"$CALLS/log\"")
    return "\n".join(parts) + "\n"


def calls_by_example(log_text: str, count: int) -> tuple[list[list[tuple[int, bytes, int]]], int, bool]:
    """Each example's curl calls as (status, body, curl's exit code), the last example begun, and
    whether the script got to its end."""
    calls: list[list[tuple[int, bytes, int]]] = [[] for _ in range(count)]
    current, finished = -1, False
    for line in log_text.splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "example":
            current = int(rest)
        elif kind == "call":
            prefix, rc = rest.rsplit(" ", 1)
            status_text = Path(prefix + ".status").read_text().strip()
            calls[current].append((int(status_text or 0), Path(prefix + ".body").read_bytes(), int(rc)))
        elif kind == "done":
            finished = True
    return calls, current, finished


def readme_examples() -> list[rx.Example]:
    found = []
    for block, (line, text) in enumerate(rx.blocks(README.read_text())):
        found += rx.examples(line, text, block)
    return found


def test_the_readme_has_examples_to_run():
    examples = readme_examples()
    assert len(rx.blocks(README.read_text())) >= 15
    assert sum(example.comment is not None for example in examples) >= 30


@pytest.fixture(scope="module")
def ran(tmp_path_factory):
    if not (shutil.which("jq") and shutil.which("curl")):
        if os.environ.get("CI") == "1":
            pytest.fail("the README's examples need curl and jq")
        pytest.skip("the README's examples need curl and jq")
    examples = readme_examples()
    work = tmp_path_factory.mktemp("readme")
    calls_dir = work / "calls"
    calls_dir.mkdir()
    env = {"STATE_SEALING_KEYS": new_key(), "GAME_RECORD_SIGNING_KEY": new_signing_key(), "REDIS_URL": "",
           "LOG_LEVEL": "WARNING"}
    with GunicornServer(workers=1, env=env, log_path=str(work / "gunicorn.log")) as server:
        shell_env = {**os.environ, "CALLS": str(calls_dir),
                     # `python -m service.sealing` in an example is this checkout's, in this virtualenv
                     "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])}
        shell = subprocess.run(["bash", "-c", script_of(examples, server.url)], cwd=ROOT, env=shell_env,
                               capture_output=True, text=True, timeout=600)
    calls, reached, finished = calls_by_example((calls_dir / "log").read_text(), len(examples))
    return examples, calls, reached, finished, shell


def test_every_example_runs_to_the_end_without_an_error(ran):
    examples, _, reached, finished, shell = ran
    where = examples[reached] if reached >= 0 else None
    assert shell.returncode == 0 and finished, (
        f"bash stopped (exit {shell.returncode}) in the example at README line {where and where.line}:\n"
        f"{where and where.source}\nstderr: {shell.stderr[-2000:]}")
    assert shell.stderr == "", shell.stderr[-2000:]


def test_every_example_answers_the_status_and_shape_it_shows(ran):
    examples, calls, _, _, _ = ran
    wrong = []
    for example, made in zip(examples, calls):
        where = f"README line {example.line}: {example.source.strip()[:160]}"
        promises = example.status is not None or example.shape is not None
        if promises and not made:
            wrong.append(f"{where}\n  shows an answer but calls no curl")
            continue
        for status, body, rc in made:
            if rc != 0:
                wrong.append(f"{where}\n  curl failed with exit code {rc}")
        described = made[-1:] if promises else []
        for status, body, _ in made[:len(made) - len(described)]:
            if status >= 400:
                wrong.append(f"{where}\n  a call shows no answer and got HTTP {status}: {body[:300]!r}")
        for status, body, _ in described:
            expected = example.status
            if (status != expected) if expected is not None else not 200 <= status < 300:
                wrong.append(f"{where}\n  answered HTTP {status}, the README shows "
                             f"{expected or 'a 2xx'}: {body[:300]!r}")
                continue
            shape = example.shape
            if shape is None:
                continue
            try:
                answer = json.loads(body)
            except ValueError:
                wrong.append(f"{where}\n  shows JSON but answered {body[:200]!r}")
                continue
            wrong += [f"{where}\n  {problem}" for problem in rx.mismatches(shape, answer)]
    assert not wrong, "\n".join(wrong)
