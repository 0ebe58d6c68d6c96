"""Sealed states against plain ones: ``apply`` throughput and the token's size, for every game.

    python -m bench.sealed                     # every registered game, in-process
    python -m bench.sealed --game java --seconds 2
    python -m bench.sealed --http              # under gunicorn, like bench/http.py

By default in-process, through the Flask test client (the whole request path: body
checks, envelope decoding, rules, answer encoding; no sockets, so the load generator's
noise stays out of a ratio of two in-process figures); ``--http`` runs the same pairs
against gunicorn on loopback (``bench._common``). For each game it takes the state in
the middle of a seeded random game and the action played there, seals that state with
a fresh key, and times ``POST /v1/games/<game>/apply`` with ``{"state", "action"}``
against the same with ``{"sealed_state", "action", "seat_key"}``, alternating runs so both share
the machine's noise; the ratio is the median of the back-to-back pairs.

Floors, measured in the same run: sealed apply at least 70% of plain apply's
requests/s, and the sealed token at most 1.5x the size of the state's JSON.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import orjson

from bench._common import GunicornServer, post_json_load
from bench.http import mid_game_request
from rulesets import all_rulesets, get_ruleset
from rulesets.core.host import new_salt
from service import create_app
from service.sealing import Sealer, new_key, new_table_id, parse_keys

SPEED_FLOOR = 0.70
SIZE_CEILING = 1.5


def requests_per_second(client, url: str, body: bytes, seconds: float) -> float:
    done, start = 0, time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        response = client.post(url, data=body, content_type="application/json")
        if response.status_code != 200:
            raise RuntimeError(f"{url}: {response.status_code} {response.get_data(as_text=True)[:300]}")
        done += 1
    return done / (time.perf_counter() - start)


def bodies(game: str, key: str) -> tuple[int, bytes, bytes, int, int]:
    """Players, the plain and the sealed ``apply`` bodies of one mid-game position, and the two states' sizes."""
    ruleset = get_ruleset(game)
    players = min(max(ruleset.min_players, 3), ruleset.max_players)
    plain = orjson.loads(mid_game_request(players=players, seed=f"bench-sealed-{game}", game=game))
    plain["state"]["rng"]["salt"] = new_salt()  # as the service's setup makes them
    state_json = orjson.dumps(plain["state"])
    sealer, table = Sealer(tuple(parse_keys(key))), new_table_id()
    token = sealer.seal(state_json, ruleset.id, ruleset.rules_version, table)
    seat_key = sealer.seat_key(ruleset.id, ruleset.rules_version, table, plain["action"]["player"])
    sealed_body = orjson.dumps({"sealed_state": token, "action": plain["action"], "seat_key": seat_key})
    return players, orjson.dumps(plain), sealed_body, len(state_json), len(token)


def measure(game: str, seconds: float, rounds: int, server: GunicornServer | None, key: str,
            connections: int) -> dict:
    players, plain_body, sealed_body, state_bytes, token_bytes = bodies(game, key)
    if server is None:
        client = create_app({"LOG_LEVEL": "WARNING", "STATE_SEALING_KEYS": key}).test_client()
        url = f"/v1/games/{game}/apply"

        def rps(body: bytes, length: float) -> float:
            return requests_per_second(client, url, body, length)
    else:
        url = f"{server.url}/v1/games/{game}/apply"

        def rps(body: bytes, length: float) -> float:
            result = post_json_load(url, body, seconds=length, connections=connections)
            if result.errors:
                raise RuntimeError(f"{url}: {result.errors} errors")
            return result.rps
    for body in (plain_body, sealed_body):  # warm-up: caches, decoders, first-request setup
        rps(body, min(0.5, seconds))
    pairs = []
    for _ in range(rounds):
        plain_rps = rps(plain_body, seconds)
        sealed_rps = rps(sealed_body, seconds)
        pairs.append((plain_rps, sealed_rps))
    return {
        "game": game, "players": players,
        "plain_rps": statistics.median(p for p, _ in pairs), "sealed_rps": statistics.median(s for _, s in pairs),
        "speed_ratio": statistics.median(s / p for p, s in pairs),
        "state_bytes": state_bytes, "token_bytes": token_bytes, "size_ratio": token_bytes / state_bytes,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.sealed", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a ruleset id (repeatable; default: every registered game)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each measured run (default 1)")
    parser.add_argument("--rounds", type=int, default=5, help="plain/sealed run pairs per game (default 5)")
    parser.add_argument("--http", action="store_true", help="under gunicorn on loopback instead of in-process")
    parser.add_argument("--connections", type=int, default=8, help="--http: concurrent connections (default 8)")
    args = parser.parse_args(argv)
    games = args.game or [ruleset.id for ruleset in all_rulesets()]
    key = new_key()
    if args.http:
        with GunicornServer(env={"STATE_SEALING_KEYS": key, "LOG_LEVEL": "WARNING"}) as server:
            print(f"under gunicorn at {server.url}, {args.connections} connections")
            return report(games, lambda game: measure(game, args.seconds, args.rounds, server, key, args.connections))
    print("in-process, Flask test client")
    return report(games, lambda game: measure(game, args.seconds, args.rounds, None, key, args.connections))


def report(games: list[str], measured) -> int:
    ok = True
    print(f"{'game':<20}{'plain apply/s':>14}{'sealed apply/s':>16}{'ratio':>8}   "
          f"{'state JSON B':>12}{'token B':>9}{'size':>7}")
    for game in games:
        row = measured(game)
        fast, small = row["speed_ratio"] >= SPEED_FLOOR, row["size_ratio"] <= SIZE_CEILING
        ok = ok and fast and small
        print(f"{game:<20}{row['plain_rps']:>14.0f}{row['sealed_rps']:>16.0f}{row['speed_ratio']:>7.0%}"
              f"{'' if fast else '!'}   {row['state_bytes']:>12}{row['token_bytes']:>9}{row['size_ratio']:>6.2f}x"
              f"{'' if small else '!'}")
    print(f"floors: sealed apply >= {SPEED_FLOOR:.0%} of plain apply's requests/s; "
          f"token <= {SIZE_CEILING}x the state's JSON ({'met' if ok else 'NOT met: see !'})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
