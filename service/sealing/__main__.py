"""``python -m service.sealing new-key``: print a fresh key for ``STATE_SEALING_KEYS``.

The command lives apart from the package it runs: ``python -m`` on a module that the
``service`` package itself imports (the app imports sealing) would run a second copy of it
beside the one in ``sys.modules``, and say so in a ``RuntimeWarning``.
"""

from __future__ import annotations

import argparse
from typing import Sequence

from . import new_key


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.sealing", description="Sealed-state keys.")
    parser.add_argument("command", choices=["new-key"], help="new-key: print a fresh key for STATE_SEALING_KEYS")
    parser.parse_args(argv)
    print(new_key())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
