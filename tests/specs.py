"""Where the rules specs are, for the tests that hold a game's data (rule texts, error tables) to them.

The specs live beside the repository, not in it (``../shared/rules/<game>.md``, as CI lays them
out); ``TABLETOP_RULES_DIR`` names another folder. A test that needs one skips when it is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

_BESIDE_THE_REPOSITORY = Path(__file__).resolve().parent.parent.parent / "shared" / "rules"


def spec_file(game: str) -> Path:
    folder = os.environ.get("TABLETOP_RULES_DIR")
    return (Path(folder) if folder else _BESIDE_THE_REPOSITORY) / f"{game}.md"
