"""A pytest plugin: the refusal catalogues against every refusal the suite provokes.

Over a whole run (no selection), it fails the run when

* a rules or setup refusal (``IllegalAction``, ``InvalidSetup``) was made by hand instead of
  through a catalogue entry, or a state or action refusal names a code no catalogue lists;
* a catalogue entry of a registered game (or core, or Card Nim) was never raised by any test.

Each xdist worker records what it saw and hands it to the controller, which judges once all
workers are done. A partial run (``-k``, ``-m``, named files) only records.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import pytest

from rulesets.core import errors
from rulesets.core.errors import InvalidAction, InvalidState, RulesetError

_seen: set[tuple[str, str, str]] = set()  # entries raised: (code, message, rules)
_codes: set[str] = set()  # every state and action refusal's code made by hand (core's decoding, consistency)
_strays: set[tuple[str, str, str | None]] = set()  # (kind, code, rule) made by hand where an entry must word it


def _key(entry: Any) -> tuple[str, str, str]:
    return entry.code, entry.message, ",".join(entry.rules)


_MAKERS = (os.path.join("rulesets", "core", "errors.py"), os.path.join("rulesets", "core", "refusals.py"))


def _made_by_a_test() -> bool:
    """The refusal was made in a test module (a test's own toy game), not by a game or core."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.endswith(_MAKERS):
        frame = frame.f_back
    return frame is not None and f"{os.sep}tests{os.sep}" in frame.f_code.co_filename


def _observe(refusal: RulesetError, entry: Any) -> None:
    if entry is not None:
        _seen.add(_key(entry))
    elif _made_by_a_test():
        return  # a test's own toy game, or a test building a refusal to hand to the service
    elif isinstance(refusal, (InvalidState, InvalidAction)):
        _codes.add(refusal.code)
    else:
        _strays.add((type(refusal).__name__, refusal.code, refusal.rule))


def pytest_configure(config: pytest.Config) -> None:
    errors.observer = _observe
    config.stash[_RESULTS] = {"seen": set(), "codes": set(), "strays": set()}


def pytest_unconfigure(config: pytest.Config) -> None:
    errors.observer = None


_RESULTS = pytest.StashKey[dict]()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    if hasattr(config, "workerinput"):  # an xdist worker: hand what it saw to the controller
        config.workeroutput["refusals"] = json.dumps(
            {"seen": sorted(_seen), "codes": sorted(_codes), "strays": sorted(map(list, _strays))})
        return
    results = config.stash[_RESULTS]
    results["seen"] |= _seen
    results["codes"] |= _codes
    results["strays"] |= _strays
    if not _whole_run(config):
        return
    problems = _judge(results)
    if problems:
        config.stash[_PROBLEMS] = problems
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_PROBLEMS = pytest.StashKey[list]()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    raw = getattr(node, "workeroutput", {}).get("refusals")
    if raw is None:
        return
    data = json.loads(raw)
    results = node.config.stash[_RESULTS]
    results["seen"] |= {tuple(item) for item in data["seen"]}
    results["codes"] |= set(data["codes"])
    results["strays"] |= {tuple(item) for item in data["strays"]}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--judge-refusals", action="store_true",
                     help="judge the refusal catalogues even on a partial run")


def _whole_run(config: pytest.Config) -> bool:
    option = config.option
    if option.judge_refusals:
        return True
    if getattr(option, "keyword", "") or getattr(option, "markexpr", "") or getattr(option, "deselect", None):
        return False
    if getattr(option, "lf", False):
        return False
    args = [arg.rstrip("/") for arg in config.args]
    return not args or args == [path.rstrip("/") for path in config.getini("testpaths")] or args == ["."]


def catalogues() -> list[tuple[str, Any]]:
    """(owner, entry) for every catalogue the suite must cover: core's, every game's, the doubles'."""
    from rulesets import all_rulesets
    from rulesets.core.refusals import CORE
    from tests import doubles

    out = [("core", entry) for entry in CORE]
    for ruleset in [*all_rulesets(), *doubles.games()]:
        out += [(ruleset.id, entry) for entry in ruleset.refusals]
    return out


def _judge(results: dict) -> list[str]:
    problems = [f"{kind}({code!r}, rule {rule}) made by hand: word it through its catalogue entry"
                for kind, code, rule in sorted(results["strays"], key=repr)]
    known = {entry.code for _, entry in catalogues()}
    problems += [f"code {code!r} raised but listed in no catalogue" for code in sorted(results["codes"] - known)]
    for owner, entry in catalogues():
        by_code = entry.error in (InvalidState, InvalidAction) and entry.code in results["codes"]
        if _key(entry) not in {tuple(item) for item in results["seen"]} and not by_code:
            problems.append(f"{owner}: catalogue entry {entry.code!r} ({', '.join(entry.rules) or 'core'}) "
                            "is raised by no test")
    return problems


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    problems = config.stash.get(_PROBLEMS, None)
    if problems:
        terminalreporter.section("refusal catalogues", sep="=", red=True, bold=True)
        for line in problems:
            terminalreporter.line(line, red=True)
        terminalreporter.line(f"{len(problems)} refusal catalogue problem(s)", red=True)
