"""What the Docker image's build rests on, checked without a Docker engine.

constraints.txt must pin every package ``pip install .`` brings in (the project's
dependencies and theirs, and the build backend), each at a version the project accepts;
the Dockerfile must install with it and give its user a home, where gunicorn 25.1+ opens
its control socket. ``tools/check_image_steps.sh`` runs the image's steps by hand.
"""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text()
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def pins() -> dict[str, Version]:
    found = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9_.\-]+)==([A-Za-z0-9_.+!\-]+)", line)
        assert match, f"constraints.txt: not a pin (name==version): {line!r}"
        name = canonicalize_name(match.group(1))
        assert name not in found, f"constraints.txt pins {name} twice"
        found[name] = Version(match.group(2))
    return found


def runtime_closure() -> set[str]:
    """Every package the project's dependencies need here (markers evaluated, no extras), by name."""
    seen: set[str] = set()
    todo = [Requirement(text) for text in PROJECT["project"]["dependencies"]]
    while todo:
        requirement = todo.pop()
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue
        name = canonicalize_name(requirement.name)
        if name in seen:
            continue
        seen.add(name)
        for text in metadata.requires(requirement.name) or []:
            todo.append(Requirement(text))
    return seen


def test_every_project_dependency_is_pinned_at_a_version_it_accepts():
    pinned = pins()
    for text in PROJECT["project"]["dependencies"] + PROJECT["build-system"]["requires"]:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"constraints.txt does not pin {name}"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"constraints.txt pins {name}=={pinned[name]}, outside the project's {requirement.specifier}")


def test_the_pins_cover_everything_the_dependencies_bring_in():
    missing = runtime_closure() - set(pins())
    assert not missing, f"constraints.txt leaves these unpinned: {sorted(missing)}"


def test_the_image_installs_with_the_constraints():
    assert re.search(r"^COPY [^\n]*\bconstraints\.txt\b", DOCKERFILE, re.M), "the Dockerfile never copies constraints.txt"
    installs = re.findall(r"^RUN ([^\n]*\bpip install\b[^\n]*)", DOCKERFILE, re.M)
    assert installs, "the Dockerfile installs nothing"
    # PIP_CONSTRAINT, unlike -c, also reaches the isolated environment that builds the project
    assert all("PIP_CONSTRAINT=/app/constraints.txt pip install" in line for line in installs), installs


def test_the_images_user_has_a_home_for_gunicorns_control_socket():
    useradd = re.search(r"useradd ([^\n\\]*)", DOCKERFILE)
    assert useradd, "the Dockerfile makes no user"
    flags = useradd.group(1).split()
    assert "--no-create-home" not in flags and ("--create-home" in flags or "-m" in flags), flags
    assert "--home-dir" in flags and flags[flags.index("--home-dir") + 1] == "/home/referee", flags
    assert re.search(r"^USER referee$", DOCKERFILE, re.M)
