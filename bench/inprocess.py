"""In-process cost of refereeing Solenia, against the floor of any stateless service.

    python bench/inprocess.py [--quick]

For mid-game positions (the middle fifth of a seeded random game) it measures:

* apply: ``load_state`` from builtins (decode + consistency checks), ``apply``
  (copy + rules) and ``dump`` of the result, i.e. the ruleset's share of a request;
  and the whole request path with orjson parsing and encoding around it;
* lean: what a request could pay with msgspec end to end: the JSON bytes decoded
  straight into the typed state, consistency checks, the rules run on that fresh
  copy (no defensive copy: nobody else holds it), and the answer encoded by msgspec;
* legal_actions: ``load_state`` + ``legal_actions`` + ``dump`` of the list;

each beside the floor, orjson ``loads`` + ``dumps`` of the same state's JSON bytes,
as a ratio. Then full random games per second (uniform choice among the legal
actions, no contract checks) for each player count and board option.

Every figure is the best of several rounds of a mean, so background load on a
shared machine inflates it as little as possible; ratios are taken within one run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

import msgspec
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets import get_ruleset  # noqa: E402
from rulesets.core import to_builtins  # noqa: E402

R = get_ruleset("solenia")
STATE_DECODER = msgspec.json.Decoder(R.State)
ENCODER = msgspec.json.Encoder()

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("summer 2p", 2, {}),
    ("summer 3p", 3, {}),
    ("summer 4p", 4, {}),
    ("solo 1p", 1, {}),
    ("winter 4p", 4, {"board_side": "winter"}),
    ("winter+impr 4p", 4, {"board_side": "winter", "improvements": True}),
]


def play_game(players: int, seed: Any, options: dict[str, Any]) -> list[tuple[Any, Any]]:
    """A seeded random game: every (state, action) pair on the way."""
    chooser = random.Random(f"bench/{players}/{seed}")
    state = R.setup(players, seed, options)
    pairs = []
    while not R.status(state).game_over:
        seat = R.status(state).active_players[0]
        action = chooser.choice(R.legal_actions(state, seat))
        pairs.append((state, action))
        state, _ = R.apply(state, action)
    return pairs


def best_mean(run: Callable[[], None], calls: int, rounds: int) -> float:
    """Seconds per call: the best of ``rounds`` means over ``calls`` calls."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            run()
        best = min(best, (time.perf_counter() - start) / calls)
    return best


def measure_positions(players: int, options: dict[str, Any], games: int, rounds: int) -> dict[str, float]:
    """Mean microseconds per mid-game position for each figure."""
    positions = []
    for seed in range(games):
        pairs = play_game(players, f"mid-{seed}", options)
        middle = pairs[2 * len(pairs) // 5: 3 * len(pairs) // 5]
        for state, action in middle:
            raw = orjson.dumps(to_builtins(state))
            positions.append((raw, orjson.loads(raw), to_builtins(action), R.status(state).active_players[0]))

    def each(body: Callable[[bytes, Any, Any, int], None]) -> Callable[[], None]:
        def run() -> None:
            for raw, builtins, action, seat in positions:
                body(raw, builtins, action, seat)
        return run

    def floor(raw, builtins, action, seat):
        orjson.dumps(orjson.loads(raw))

    def apply_share(raw, builtins, action, seat):
        after, events = R.apply(R.load_state(builtins), action)
        R.dump(after)

    def apply_request(raw, builtins, action, seat):
        after, events = R.apply(R.load_state(orjson.loads(raw)), action)
        orjson.dumps({"state": R.dump(after), "events": events})

    def lean_request(raw, builtins, action, seat):
        state = STATE_DECODER.decode(raw)
        R.check_consistency(state)
        typed = R.load_action(action)
        R.check_seat(state, typed.player, "$.player")
        events = R.perform(state, typed)
        ENCODER.encode({"state": state, "events": events})

    def legal_share(raw, builtins, action, seat):
        R.dump(R.legal_actions(R.load_state(builtins), seat))

    figures = {}
    for name, body in [("floor", floor), ("apply", apply_share), ("apply_request", apply_request),
                       ("lean", lean_request), ("legal", legal_share)]:
        figures[name] = best_mean(each(body), 3, rounds) / len(positions) * 1e6
    figures["positions"] = len(positions)
    figures["state_bytes"] = sum(len(p[0]) for p in positions) / len(positions)
    return figures


def games_per_second(players: int, options: dict[str, Any], seconds: float) -> tuple[float, float]:
    """Random games per second and actions per game."""
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds or games < 3:
        chooser = random.Random(games)
        state = R.setup(players, games, options)
        while not R.status(state).game_over:
            menu = R.legal_actions(state, R.status(state).active_players[0])
            state, _ = R.apply(state, chooser.choice(menu))
            actions += 1
        games += 1
    return games / (time.perf_counter() - start), actions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions and rounds (a smoke run)")
    args = parser.parse_args()
    games, rounds, seconds = (1, 2, 0.5) if args.quick else (4, 5, 3.0)

    print(f"Solenia in-process, rules {R.rules_version}, Python {sys.version.split()[0]}")
    print("mean per mid-game position, microseconds; floor = orjson loads + dumps of the same state")
    print(f"{'config':16} {'bytes':>6} {'floor':>7} {'apply':>8} {'ratio':>6} {'request':>8} {'ratio':>6} "
          f"{'lean':>8} {'ratio':>6} {'legal':>8} {'ratio':>6}")
    for name, players, options in CONFIGS:
        f = measure_positions(players, options, games, rounds)
        print(f"{name:16} {f['state_bytes']:6.0f} {f['floor']:7.1f} {f['apply']:8.1f} {f['apply'] / f['floor']:5.1f}x "
              f"{f['apply_request']:8.1f} {f['apply_request'] / f['floor']:5.1f}x "
              f"{f['lean']:8.1f} {f['lean'] / f['floor']:5.1f}x "
              f"{f['legal']:8.1f} {f['legal'] / f['floor']:5.1f}x")
    print()
    print("full random games (uniform over legal_actions, apply each; no contract checks)")
    print(f"{'config':16} {'games/s':>8} {'actions/game':>13} {'actions/s':>10}")
    for name, players, options in CONFIGS:
        rate, per_game = games_per_second(players, options, seconds)
        print(f"{name:16} {rate:8.1f} {per_game:13.1f} {rate * per_game:10.0f}")


if __name__ == "__main__":
    main()
