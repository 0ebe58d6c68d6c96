"""In-process cost of refereeing a game, against the floor of any stateless service.

    python bench/inprocess.py [--game solenia] [--quick]

For mid-game positions (the middle fifth of seeded random games) of each player count
and board option, two figures, each beside the floor (orjson ``loads`` + ``dumps`` of
the same state's JSON bytes) as a ratio:

(a) apply: the contract call ``ruleset.apply(state, action)`` on a decoded state and
    action. It includes the defensive copy (the input is never mutated) and the rules;
    the target is within 3x of the floor.
(b) request: what the stateless service does with a request body ``{"state", "action"}``
    (``service.envelopes`` and the ``apply`` view): the bytes decoded in one pass into
    the typed state and action (after the guard against overlong numbers), the game
    and rules version checked, the consistency checks, the seat check, the rules run
    in place on that fresh state, the status, and the answer encoded by msgspec.

Then ``legal_actions`` on a decoded state (for reference), and full random games per
second (uniform choice among the legal actions, no contract checks).

Every figure is the best of several rounds of a mean, so background load on a shared
machine inflates it as little as possible; ratios are taken within one run.
"""

from __future__ import annotations

import argparse
import heapq
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

import orjson

# Run as a script, this directory comes first on the path, where bench/http.py would
# shadow the standard library's http (which Flask, under service, imports).
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from rulesets import get_ruleset  # noqa: E402
from rulesets.core import to_builtins
from service.encoding import encode  # noqa: E402
from service.envelopes import decode_bytes  # noqa: E402
from service.schemas import StateAndActionRequest  # noqa: E402

TARGET_RATIO = 3.0
R: Any = None  # the ruleset measured (set by main from --game)

#: configurations beyond "every player count with default options", per game
EXTRA_CONFIGS: dict[str, list[tuple[str, int, dict[str, Any]]]] = {
    "solenia": [
        ("winter 4p", 4, {"board_side": "winter"}),
        ("winter+impr 4p", 4, {"board_side": "winter", "improvements": True}),
    ],
    "mines_of_zavandor": [
        ("4p 2 drafts", 4, {"max_trade_proposals_per_phase": 2}),
    ],
}


def configs(ruleset: Any) -> list[tuple[str, int, dict[str, Any]]]:
    counts = [(f"{players}p", players, {}) for players in range(ruleset.min_players, ruleset.max_players + 1)]
    return counts + EXTRA_CONFIGS.get(ruleset.id, [])


def one_of(chooser: random.Random, items: list[Any]) -> Any:
    """A random item; a single one is taken without a draw (so one-actor games replay as before)."""
    return items[0] if len(items) == 1 else chooser.choice(items)


def play_game(players: int, seed: Any, options: dict[str, Any]) -> list[tuple[Any, Any]]:
    """A seeded random game: every (state, action) pair on the way."""
    chooser = random.Random(f"bench/{players}/{seed}")
    state = R.setup(players, seed, options)
    pairs = []
    while not R.status(state).game_over:
        seat = one_of(chooser, [p for p in R.status(state).active_players if R.legal_actions(state, p)])
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


def request(body: bytes) -> bytes:
    """The stateless ``apply`` request path (``service.games.apply``) minus Flask: bytes in, answer out."""
    envelope = decode_bytes(body, StateAndActionRequest, R)
    if envelope is None:
        raise AssertionError("every bench body takes the service's typed path")
    state = R.load_state(envelope["state"])  # a typed state: the consistency checks
    action = envelope["action"]
    R.check_seat(state, action.player, "$.player")
    after, events = R.apply(state, action, in_place=True)
    return encode({"state": after, "events": events, "status": R.status(after)})


def mid_game_positions(players: int, options: dict[str, Any], games: int) -> list[tuple]:
    """(state JSON, request body, decoded state, action, seat) at the middle fifth of seeded random games."""
    positions = []
    for seed in range(games):
        pairs = play_game(players, f"mid-{seed}", options)
        for state, action in pairs[2 * len(pairs) // 5: 3 * len(pairs) // 5]:
            state_json = orjson.dumps(to_builtins(state))
            body = orjson.dumps({"state": to_builtins(state), "action": to_builtins(action)})
            decoded = R.load_state(orjson.loads(state_json))
            positions.append((state_json, body, decoded, R.load_action(to_builtins(action)), action.player))
    return positions


def floor(state_json, body, decoded, action, seat):
    orjson.dumps(orjson.loads(state_json))


def contract_apply(state_json, body, decoded, action, seat):
    R.apply(decoded, action)


def stateless_request(state_json, body, decoded, action, seat):
    request(body)


def legal(state_json, body, decoded, action, seat):
    R.legal_actions(decoded, seat)


#: each figure, run on one position (``bench/revisions.py`` times the same ones)
FIGURES: dict[str, Callable[..., None]] = {
    "floor": floor, "apply": contract_apply, "request": stateless_request, "legal": legal}


def measure_positions(players: int, options: dict[str, Any], games: int, rounds: int) -> dict[str, float]:
    """Mean microseconds per mid-game position for each figure."""
    positions = mid_game_positions(players, options, games)

    def each(body: Callable[..., Any]) -> Callable[[], None]:
        def run() -> None:
            for position in positions:
                body(*position)
        return run

    figures = {name: best_mean(each(run), 3, rounds) / len(positions) * 1e6 for name, run in FIGURES.items()}
    figures["positions"] = len(positions)
    figures["state_bytes"] = sum(len(p[0]) for p in positions) / len(positions)
    return figures


def games_per_second(players: int, options: dict[str, Any], seconds: float) -> tuple[float, float, float]:
    """Random games per second, actions per game, and the slowest legal_actions call met (ms).

    The 50 slowest calls are timed again (best of 5) afterwards, so a pause of the machine does not
    pass for the game's cost."""
    start = time.perf_counter()
    games = actions = 0
    slow: list[tuple[float, int, Any, int]] = []  # a heap of the slowest calls: (seconds, tiebreak, state, seat)
    while time.perf_counter() - start < seconds or games < 3:
        chooser = random.Random(games)
        state = R.setup(players, games, options)
        while not R.status(state).game_over:
            menus = []
            for seat in R.status(state).active_players:
                asked = time.perf_counter()
                menu = R.legal_actions(state, seat)
                entry = (time.perf_counter() - asked, len(slow) + actions, state, seat)
                if len(slow) < 50:
                    heapq.heappush(slow, entry)
                elif entry[0] > slow[0][0]:
                    heapq.heapreplace(slow, entry)
                if menu:
                    menus.append(menu)
            state, _ = R.apply(state, chooser.choice(one_of(chooser, menus)))
            actions += 1
        games += 1
    rate = games / (time.perf_counter() - start)
    slowest = max(best_mean(lambda: R.legal_actions(state, seat), 1, 5) for _, _, state, seat in slow)
    return rate, actions / games, slowest * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="solenia", help="a ruleset id (default solenia)")
    parser.add_argument("--quick", action="store_true", help="fewer positions and rounds (a smoke run)")
    args = parser.parse_args()
    games, rounds, seconds = (1, 2, 0.5) if args.quick else (4, 7, 3.0)
    global R
    R = get_ruleset(args.game)

    print(f"{R.title} in-process, rules {R.rules_version}, Python {sys.version.split()[0]}")
    print("mean microseconds per mid-game position; floor = orjson loads + dumps of the same state's JSON;")
    print("(a) apply = ruleset.apply(state, action) on a decoded state (defensive copy + rules);")
    print("(b) request = bytes -> typed decode -> consistency -> seat -> rules in place -> status -> encode")
    print(f"{'config':16} {'pos':>4} {'bytes':>6} {'floor':>7} {'(a) apply':>10} {'ratio':>6} "
          f"{'(b) request':>12} {'ratio':>6} {'legal':>8} {'ratio':>6}")
    worst = 0.0
    for name, players, options in configs(R):
        f = measure_positions(players, options, games, rounds)
        worst = max(worst, f["apply"] / f["floor"])
        print(f"{name:16} {f['positions']:4d} {f['state_bytes']:6.0f} {f['floor']:7.1f} "
              f"{f['apply']:10.1f} {f['apply'] / f['floor']:5.2f}x "
              f"{f['request']:12.1f} {f['request'] / f['floor']:5.2f}x "
              f"{f['legal']:8.1f} {f['legal'] / f['floor']:5.2f}x")
    verdict = "meets" if worst <= TARGET_RATIO else "MISSES"
    print(f"(a) worst ratio {worst:.1f}x: {verdict} the target of {TARGET_RATIO:g}x the floor on every configuration")
    print()
    print("full random games (uniform over legal_actions, apply each; no contract checks)")
    print(f"{'config':16} {'games/s':>8} {'actions/game':>13} {'actions/s':>10} {'slowest legal ms':>17}")
    for name, players, options in configs(R):
        rate, per_game, slowest = games_per_second(players, options, seconds)
        print(f"{name:16} {rate:8.1f} {per_game:13.1f} {rate * per_game:10.0f} {slowest:17.2f}")


if __name__ == "__main__":
    main()
