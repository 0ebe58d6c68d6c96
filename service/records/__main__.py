"""``python -m service.records new-key``: print a fresh ``GAME_RECORD_SIGNING_KEY``.

Apart from the package for the reason ``service/sealing/__main__.py`` gives.
"""

from __future__ import annotations

import argparse
from typing import Sequence

from . import new_signing_key


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.records", description="Game-record signing keys.")
    parser.add_argument("command", choices=["new-key"], help="new-key: print a fresh GAME_RECORD_SIGNING_KEY")
    parser.parse_args(argv)
    print(new_signing_key())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
