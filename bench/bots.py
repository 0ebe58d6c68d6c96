"""The bots of issue 23: simulation speed beside apply's, the time a search takes, and strength.

    python bench/bots.py [--game solenia] [--games 20] [--budget 200] [--part speed,time,strength] [--calibrate]

For every game with a ``determinize`` hook (the games a bot can play):

* speed: rollout actions/s (``random_action`` + ``play_trusted``) beside ``apply``'s on the
  same seeded positions (``bench/simulation.py``'s positions and runners), per player count;
  the ratio is measured in the same run;
* time: ``suggest`` at ``--budget`` ms at positions spread over seeded games: the elapsed
  times' median, p99 and maximum beside the budget plus 50 ms the issue allows, and how many
  searches the clock's safety stop cut short (their answers are not reproducible);
* strength: 2 and 3 players, ``--games`` seeded games each (seed ``bots/<opponent>/<players>/<n>``,
  the bot in seat ``n % players``), the bot at ``--budget`` ms a move against uniform random
  play (target: it wins 90%) and against a one-ply greedy player (the action whose result has
  the best score for it now, ``final_scores``, each listed action played on a copy through
  ``play_trusted``, which tests/core/test_simulation.py holds equal to ``apply``; target 60%). A win is a place among the winners.
  ``--jobs N`` plays N games at once (one process each; the search's budget is a fixed amount of
  work, so a loaded processor changes the time a move takes, not the move); the lost games' seeds
  are printed, and with ``--max-actions`` a game that has not ended by then counts as not won.

``--calibrate`` measures the work units a millisecond buys per game (what
``rulesets/core/search/pace.json`` holds) and prints them; it changes no file.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Callable

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from bench.simulation import by_apply, by_rollout, positions, rate  # noqa: E402
from rulesets import all_rulesets, get_ruleset  # noqa: E402
from rulesets.core.search import suggest  # noqa: E402
from rulesets.core.search.budget import meter  # noqa: E402
from rulesets.core.search.determinized import search  # noqa: E402
from rulesets.core.simulation import acting_seats  # noqa: E402

SLACK_MS = 50
RANDOM_TARGET, GREEDY_TARGET = 0.9, 0.6
Player = Callable[[Any, Any, int, random.Random], Any]


def uniform(ruleset: Any, state: Any, seat: int, rnd: random.Random) -> Any:
    actions = ruleset.legal_actions(state, seat)
    return rnd.choice(actions) if actions else None


def greedy(ruleset: Any, state: Any, seat: int, rnd: random.Random) -> Any:
    """One ply: the action after which the seat's score (``final_scores`` now) is highest; ties at random."""
    best: list[Any] = []
    best_score = None
    for action in ruleset.legal_actions(state, seat):
        after = ruleset.copy_state(state)  # a listed action: the trusted path ends where apply ends
        ruleset.play_trusted(after, action)
        score = ruleset.final_scores(after)[seat]
        if best_score is None or score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return rnd.choice(best) if best else None


def bot(budget_ms: int, seed: str) -> Player:
    def play(ruleset: Any, state: Any, seat: int, rnd: random.Random) -> Any:
        found = suggest(ruleset, ruleset.view(state, seat), seat, budget_ms=budget_ms, seed=f"{seed}/{state.move}")
        return ruleset.load_action(found.suggestions[0].action)
    return play


def play_game(ruleset: Any, players: int, seed: str, seats: list[Player],
              max_actions: int | None = None, ended: list[Any] | None = None) -> list[int] | None:
    """A whole game, each seat played by its player; answers the winners (None: still going after ``max_actions``).
    ``ended`` (a list) receives the last state."""
    state = ruleset.setup(players, seed)
    rnd = random.Random(seed)
    while True:
        if ended is not None:
            ended[:] = [state]
        awaited = list(acting_seats(ruleset, state))
        if not awaited:
            break
        if max_actions is not None and state.move >= max_actions:
            return None
        rnd.shuffle(awaited)
        for seat in awaited:
            action = seats[seat](ruleset, state, seat, rnd)
            if action is not None:
                state, _ = ruleset.apply(state, action)
                break
        else:
            raise RuntimeError(f"{ruleset.id}: no awaited seat acted")
    return ruleset.winners(state, ruleset.final_scores(state))


OPPONENTS: dict[str, Player] = {"random": uniform, "greedy": greedy}


def strength_game(game: str, opponent: str, players: int, n: int, budget_ms: int,
                  max_actions: int | None) -> tuple[str, str]:
    """One seeded strength game (a process of its own under ``--jobs``): its seed and how it went for the bot,
    printed as it ends (with the final scores, the bot's seat, the actions and the time it took)."""
    ruleset = get_ruleset(game)
    seed = f"bots/{opponent}/{players}/{n}"
    seats: list[Player] = [OPPONENTS[opponent]] * players
    seats[n % players] = bot(budget_ms, seed)
    began = time.perf_counter()
    ended: list[Any] = []
    winners = play_game(ruleset, players, seed, seats, max_actions, ended)
    how = "capped" if winners is None else "won" if (n % players) in winners else "lost"
    state = ended[0]
    print(f"    game {seed}: bot in seat {n % players}, {how}; scores {ruleset.final_scores(state)}, "
          f"{state.move} actions, {time.perf_counter() - began:.0f} s", flush=True)
    return seed, how


def speed(ruleset: Any) -> None:
    for players in range(max(2, ruleset.min_players), ruleset.max_players + 1):
        starts = positions(ruleset, players, 2)
        fast = rate(by_rollout, ruleset, starts, 3)
        slow = rate(by_apply, ruleset, starts, 1)
        print(f"  speed {ruleset.id:12} {players}p  rollout {fast:9,.0f}/s  apply {slow:8,.0f}/s  {fast / slow:4.1f}x")


def timing(ruleset: Any, budget_ms: int) -> None:
    for players in (2, 3):
        elapsed, cut = [], 0
        for index, state in enumerate(positions(ruleset, players, 2)):
            for seat in acting_seats(ruleset, state):
                found = suggest(ruleset, ruleset.view(state, seat), seat, budget_ms=budget_ms, seed=index)
                elapsed.append(found.searched.elapsed_ms)
                cut += found.searched.cut_short
        elapsed.sort()
        p99 = elapsed[min(len(elapsed) - 1, int(len(elapsed) * 0.99))]
        print(f"  time  {ruleset.id:12} {players}p  {len(elapsed)} searches at {budget_ms} ms: median "
              f"{statistics.median(elapsed):.0f} ms, p99 {p99:.0f} ms, max {elapsed[-1]:.0f} ms "
              f"(allowed {budget_ms + SLACK_MS}); cut short {cut}")


def strength(ruleset: Any, games: int, budget_ms: int, jobs: int, max_actions: int | None,
             opponents: list[str]) -> None:
    targets = {"random": RANDOM_TARGET, "greedy": GREEDY_TARGET}
    for name in opponents:
        target = targets[name]
        for players in (2, 3):
            began = time.perf_counter()
            tasks = [(ruleset.id, name, players, n, budget_ms, max_actions) for n in range(games)]
            if jobs > 1:
                with ProcessPoolExecutor(jobs) as pool:
                    results = list(pool.map(strength_game, *zip(*tasks)))
            else:
                results = [strength_game(*task) for task in tasks]
            won = sum(how == "won" for _, how in results)
            capped = [seed for seed, how in results if how == "capped"]
            lost = [seed for seed, how in results if how == "lost"]
            share = won / games
            print(f"  bot vs {name:6} {ruleset.id:12} {players}p  won {won}/{games} = {share:4.0%} "
                  f"(target {target:.0%}: {'meets' if share >= target else 'MISSES'}); seeds "
                  f"{results[0][0]}..{results[-1][0]}, bot in seat n % {players}; {time.perf_counter() - began:.0f} s"
                  + (f"; lost: {', '.join(lost)}" if lost else "")
                  + (f"; not ended by action {max_actions}: {', '.join(capped)}" if capped else ""))


def calibrate(ruleset: Any) -> None:
    rates = []
    for players in (2, 3):
        for state in positions(ruleset, players, 2):
            seat = acting_seats(ruleset, state)[0]
            work = meter(ruleset.id, 300, 40)
            began = time.perf_counter()
            search(ruleset, ruleset.view(state, seat), seat, random.Random(0), work)
            took = (time.perf_counter() - began) * 1000
            if work.done:
                rates.append(work.spent / took)
    print(f"  pace  {ruleset.id:12} work units/ms: min {min(rates):.1f}, median {statistics.median(rates):.1f} "
          f"over {len(rates)} positions (pace.json: the min or below)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="one ruleset id (default: every game with a determinize hook)")
    parser.add_argument("--games", type=int, default=20, help="strength games per opponent and player count")
    parser.add_argument("--budget", type=int, default=200, help="the bot's budget a move, ms")
    parser.add_argument("--part", default="speed,time,strength", help="which parts to run")
    parser.add_argument("--calibrate", action="store_true", help="measure the pace (work units/ms) only")
    parser.add_argument("--jobs", type=int, default=1, help="strength games played at once, one process each")
    parser.add_argument("--max-actions", type=int, default=None,
                        help="a strength game still going after this many actions counts as not won (printed)")
    parser.add_argument("--opponents", default="random,greedy", help="the strength part's opponents")
    args = parser.parse_args()
    rulesets = [get_ruleset(args.game)] if args.game else [r for r in all_rulesets() if r.searchable]
    parts = set(args.part.split(","))
    print(f"bots: Python {sys.version.split()[0]}; budget {args.budget} ms a move; {args.games} games per line")
    for ruleset in rulesets:
        if not ruleset.searchable:
            print(f"  {ruleset.id}: no determinize hook, no bot")
            continue
        if args.calibrate:
            calibrate(ruleset)
            continue
        if "speed" in parts:
            speed(ruleset)
        if "time" in parts:
            timing(ruleset, args.budget)
        if "strength" in parts:
            strength(ruleset, args.games, args.budget, args.jobs, args.max_actions, args.opponents.split(","))


if __name__ == "__main__":
    main()
