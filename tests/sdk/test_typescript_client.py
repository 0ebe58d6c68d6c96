"""TypeScript types generated from ``openapi.yaml`` (openapi-typescript, default options) and
a probe file a frontend would write: ``tsc --strict`` compiles it, its ``@ts-expect-error``
probes meet their errors, and compiled to JavaScript it sets up and plays one action of every
game against a live server.

The Node packages install from ``tests/sdk/typescript/package-lock.json`` (``npm ci``, which
``.ci/run`` does). Without them, or without Node, these tests skip, except under ``CI=1``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bench._common import GunicornServer
from service.spec import COMMITTED
from tests.sessions.real_games import real_rulesets

PROBE_DIR = Path(__file__).resolve().parent / "typescript"
BIN = PROBE_DIR / "node_modules" / ".bin"
UNUSED_DIRECTIVE = "TS2578"  # "Unused '@ts-expect-error' directive."


def _missing_tools() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not (BIN / "tsc").exists() or not (BIN / "openapi-typescript").exists():
        return f"the Node packages are not installed: npm ci --prefix {PROBE_DIR}"
    return None


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    missing = _missing_tools()
    if missing:
        if os.environ.get("CI") == "1":
            pytest.fail(missing)
        pytest.skip(missing)
    work = tmp_path_factory.mktemp("typescript")
    for name in ("probe.ts", "tsconfig.json"):
        shutil.copy(PROBE_DIR / name, work / name)
    (work / "package.json").write_text(json.dumps({"type": "module", "private": True}))
    (work / "node_modules").symlink_to(PROBE_DIR / "node_modules", target_is_directory=True)
    return work


@pytest.fixture(scope="module")
def generated(workdir):
    done = subprocess.run([str(BIN / "openapi-typescript"), str(COMMITTED), "-o", str(workdir / "api.d.ts")],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "NO_COLOR": "1"})
    return done


def _tsc(workdir: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / "tsc"), "-p", str(workdir / "tsconfig.json"), *args],
                          capture_output=True, text=True, timeout=300, cwd=workdir)


def test_the_generator_reports_nothing_but_its_banner(generated):
    assert generated.returncode == 0, generated.stdout + generated.stderr
    lines = [line for line in (generated.stdout + generated.stderr).splitlines() if line.strip()]
    # openapi-typescript prints its name and version, then the file it wrote; anything else
    # (a warning, an unresolved reference) is a line more.
    assert len(lines) == 2 and "openapi-typescript" in lines[0] and "api.d.ts" in lines[1], lines


def test_the_probe_compiles_strictly_and_every_probe_meets_its_error(workdir, generated):
    compiled = _tsc(workdir, "--noEmit")
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr


def test_a_loosened_type_makes_its_probe_fail(workdir, generated):
    # The probes can fail: with Java's phase a plain string again (as the document had it),
    # the directive expecting an error there meets none, and tsc says so.
    types = (workdir / "api.d.ts").read_text()
    loosened = re.sub(r'"java\.Phase": [^;]+;', '"java.Phase": string;', types)
    assert loosened != types
    (workdir / "api.d.ts").write_text(loosened)
    try:
        compiled = _tsc(workdir, "--noEmit")
    finally:
        (workdir / "api.d.ts").write_text(types)
    assert compiled.returncode != 0 and UNUSED_DIRECTIVE in compiled.stdout, compiled.stdout


def test_the_compiled_probe_plays_one_action_of_every_game(workdir, generated, tmp_path):
    assert _tsc(workdir).returncode == 0  # emits out/probe.js
    with GunicornServer(workers=1, env={"LOG_LEVEL": "WARNING"}, log_path=str(tmp_path / "gunicorn.log")) as server:
        ran = subprocess.run(["node", str(workdir / "out" / "probe.js")], capture_output=True, text=True,
                             timeout=120, env={**os.environ, "REFEREE_URL": server.url})
    assert ran.returncode == 0, ran.stdout + ran.stderr
    phases = json.loads(ran.stdout)
    games = ["solenia", "java", "golden_city", "kingdom_of_solomon", "mines_of_zavandor"]
    assert sorted(games) == sorted(r.id for r in real_rulesets())
    for game, phase in zip(games, phases):
        ruleset = next(r for r in real_rulesets() if r.id == game)
        assert phase in {p.name for p in ruleset.flow.phases}, (game, phase)
