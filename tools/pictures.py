"""Write (or check) the committed golden pictures of seeded positions of every game.

    python -m tools.pictures            # rewrite them after a drawing change you mean
    python -m tools.pictures --check    # exit 1 naming each picture that no longer matches

Each game gets, from one seeded random game at three seats (two where it has no more):
the set-up as seat 0 sees it, the middle as seat 0 and as a spectator (and seat 1 in the
dark theme), and the end as a spectator. Open the changed files before committing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rulesets.core.drawing import picture
from rulesets.core.host import all_rulesets
from rulesets.testing.playout import random_playout

ROOT = Path(__file__).resolve().parent.parent
SEED = "pictures"


def players_of(ruleset: Any) -> int:
    return 3 if ruleset.min_players <= 3 <= ruleset.max_players else min(ruleset.max_players, 2)


def goldens(ruleset: Any) -> dict[str, str]:
    """File name -> SVG, for ``ruleset``'s seeded positions."""
    players = players_of(ruleset)
    actions = random_playout(ruleset, players, SEED, sample_legal=0, nudges=0).actions
    wanted = {0: [("setup_seat0", 0, "light")],
              len(actions) // 2: [("mid_seat0", 0, "light"), ("mid_spectator", None, "light"),
                                  ("mid_seat1_dark", 1, "dark")],
              len(actions): [("end_spectator", None, "light")]}
    state, out = ruleset.setup(players, SEED), {}
    for step in range(len(actions) + 1):
        if step:
            state, _ = ruleset.apply(state, actions[step - 1])
        for name, seat, theme in wanted.get(step, []):
            last = actions[step - 1] if step else None
            out[f"{name}.svg"] = picture(ruleset, state, seat, theme=theme, last_action=last)
    return out


def folder_of(ruleset: Any) -> Path:
    return ROOT / "tests" / ruleset.id / "pictures"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    arguments = parser.parse_args()
    stale = []
    for ruleset in all_rulesets():
        if arguments.game and ruleset.id not in arguments.game:
            continue
        folder = folder_of(ruleset)
        for name, document in goldens(ruleset).items():
            path = folder / name
            if arguments.check:
                if not path.exists() or path.read_text() != document:
                    stale.append(str(path.relative_to(ROOT)))
            else:
                folder.mkdir(parents=True, exist_ok=True)
                path.write_text(document)
    for name in stale:
        print(f"stale: {name} (python -m tools.pictures, then look at the pictures)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
