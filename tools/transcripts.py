"""Write (or check) the committed per-seat transcripts of seeded games (``rulesets.testing.transcript``).

    python -m tools.transcripts            # rewrite every game's transcript after a change you mean
    python -m tools.transcripts --check    # exit 1 naming each transcript that no longer matches

Review the diff before committing: it is what each seat is now told differently.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rulesets.core.host import all_rulesets
from rulesets.testing.transcript import transcript

ROOT = Path(__file__).resolve().parent.parent
SEED = "transcript"


def players_of(ruleset: Any) -> int:
    """Three seats, or two for a game that has no more (the issue's choice of game)."""
    return 3 if ruleset.min_players <= 3 <= ruleset.max_players else min(ruleset.max_players, 2)


def path_of(ruleset: Any) -> Path:
    folder = ROOT / "tests" / ruleset.id
    if ruleset.id == "whisper_court":
        folder = ROOT / "tests" / "doubles" / "whisper_court"
    return folder / f"transcript_{players_of(ruleset)}p.txt"


def games() -> list[Any]:
    sys.path.insert(0, str(ROOT))
    from tests.doubles import whisper_court

    return [*all_rulesets(), whisper_court.RULESET]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    arguments = parser.parse_args()
    stale = []
    for ruleset in games():
        text, path = transcript(ruleset, players_of(ruleset), SEED), path_of(ruleset)
        if arguments.check:
            if not path.exists() or path.read_text() != text:
                stale.append(str(path.relative_to(ROOT)))
        else:
            path.write_text(text)
    for name in stale:
        print(f"stale: {name} (python -m tools.transcripts, then review the diff)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
