"""``bench/revisions.py``'s worker runs this checkout's bench code on another checkout's rules.

A benchmark is not a test (its figures are not asserted); what is tested is that each side
of the comparison really runs its own revision's code, which a mistake in import order
would silently break (both sides would then time the same code and agree).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKER = ROOT / "bench" / "_revision_worker.py"


@pytest.fixture
def other_checkout(tmp_path):
    tree = tmp_path / "other"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), "HEAD"],
                   check=True, capture_output=True)
    yield tree
    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True)


def test_the_worker_times_the_figures_on_the_other_checkouts_rules(other_checkout):
    timed = subprocess.run([sys.executable, str(WORKER), str(other_checkout), "solenia", "2", "{}"], input="1\n",
                           capture_output=True, text=True, timeout=120)
    assert timed.returncode == 0, timed.stderr
    ready, figures = timed.stdout.splitlines()
    ready_items = dict(item.split("=", 1) for item in ready.split())
    assert int(ready_items["positions"]) > 0
    assert Path(ready_items["rules"]) == (other_checkout / "rulesets").resolve()
    values = dict(item.split("=") for item in figures.split())
    assert set(values) == {"floor", "apply", "request", "legal"} and all(float(v) > 0 for v in values.values())


def test_the_worker_refuses_a_directory_without_the_rules(tmp_path):
    refused = subprocess.run([sys.executable, str(WORKER), str(tmp_path), "solenia", "2", "{}"], input="",
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode != 0
