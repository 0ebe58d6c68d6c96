"""The type checker over the whole code base, as CI runs it: strict on ``rulesets`` (the
pyproject's per-module flags), mypy's default on ``service``; zero errors.

Types are part of the author's kit (``py.typed`` ships them): a game author's editor and
mypy read them, so an error here is a broken promise to every game, ours or not.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("mypy", reason="mypy is in the test extra")


def test_mypy_finds_no_error_in_rulesets_or_service():
    with tempfile.TemporaryDirectory() as cache:
        run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", cache, "rulesets", "service"],
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
