"""Digests of seeded whole games, to prove a refactor keeps every result byte for byte.

    python -m tools.golden_playouts GAME > before.txt   # on the old code
    python -m tools.golden_playouts GAME | diff before.txt -   # on the new: no output

Each line is one seeded game (player count, seed) and the SHA-256 of every state and every
event list the game went through, in canonical JSON.
"""

from __future__ import annotations

import argparse
import hashlib

from rulesets.core.host import canonical_json, get_ruleset
from rulesets.testing.playout import random_playout


def digests(game: str, seeds: int) -> list[str]:
    ruleset = get_ruleset(game)
    lines = []
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        for seed in range(seeds):
            playout = random_playout(ruleset, players, f"golden-{seed}", sample_legal=0, nudges=0)
            digest = hashlib.sha256()
            state = ruleset.replay(players, f"golden-{seed}", {}, [])
            digest.update(canonical_json(state))
            for action in playout.actions:
                state, events = ruleset.apply(state, action)
                digest.update(canonical_json(state))
                digest.update(canonical_json(events))
            lines.append(f"{players}p seed {seed}: {len(playout.actions)} actions {digest.hexdigest()}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seeds", type=int, default=12)
    arguments = parser.parse_args()
    print("\n".join(digests(arguments.game, arguments.seeds)))


if __name__ == "__main__":
    main()
