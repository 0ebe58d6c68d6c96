"""Rewrite (or check) the committed ``openapi.yaml``.

    python -m service.openapi            # rewrite openapi.yaml at the repository root
    python -m service.openapi --check    # exit 1 when it differs from the generated document

It builds the app as production does, with the games the registry ships with, so a
test double registered elsewhere never reaches the file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from . import create_app
from .spec import COMMITTED, document_yaml


def generated_document() -> str:
    return document_yaml(create_app({"LOG_LEVEL": "WARNING"}).extensions["referee_api"])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.openapi", description="Rewrite or check openapi.yaml.")
    parser.add_argument("path", nargs="?", default=str(COMMITTED), help="where to write (default: openapi.yaml)")
    parser.add_argument("--check", action="store_true", help="exit 1 if the file differs from the generated one")
    args = parser.parse_args(argv)

    text = generated_document()
    target = Path(args.path)
    if args.check:
        if not target.exists() or target.read_text() != text:
            print(f"{target} is stale: regenerate it with python -m service.openapi", file=sys.stderr)
            return 1
        return 0
    target.write_text(text)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
