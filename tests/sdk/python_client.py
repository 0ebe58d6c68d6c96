"""The Python client as a frontend team would generate it: ``openapi-python-client``, default
options but the picture content types (``CONFIG``, which the README gives), from the committed
``openapi.yaml``, into a temporary directory."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from service.spec import COMMITTED

PACKAGE = "tabletop_referee_client"
#: Reads image/svg+xml and image/png answers as bytes; the generator knows no image types.
CONFIG = Path(__file__).resolve().parent / "openapi-python-client.yaml"
#: All the generator says when the document gives it nothing to complain about.
CLEAN_OUTPUT = "Generating {path}"


def generate(into: Path) -> tuple[str, Path]:
    """Run the generator; answer what it printed (stdout and stderr) and the client's directory."""
    output = into / "client"
    done = subprocess.run([sys.executable, "-m", "openapi_python_client", "generate", "--path", str(COMMITTED),
                           "--output-path", str(output), "--config", str(CONFIG)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return (done.stdout + done.stderr).strip(), output


def load(output: Path) -> ModuleType:
    """Import the generated package (its dependencies, httpx and attrs, come with the generator)."""
    sys.path.insert(0, str(output))
    importlib.invalidate_caches()
    return importlib.import_module(PACKAGE)


def camel(game_id: str) -> str:
    """The class-name prefix the generator makes of a ``<game>.`` component namespace."""
    return "".join(part.capitalize() for part in game_id.split("_"))


def operation(package: ModuleType, tag: str, operation_id: str) -> ModuleType:
    """An operation's module: ``sync``, ``sync_detailed`` and their async twins."""
    return importlib.import_module(f"{package.__name__}.api.{tag}.{operation_id}")


def model(package: ModuleType, name: str) -> type:
    return getattr(importlib.import_module(f"{package.__name__}.models"), name)
