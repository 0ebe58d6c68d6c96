"""A stream per seat, and a spectator's, over seeded games of every real game, through HTTP, on the
in-process store, a real redis-server and the test Redis Cluster.

At every version, each stream's message is checked against what the same seat is answered by
the plain endpoints at that version, never against the stream's own code:

* every stream gets every version once, in order (``id:`` and ``version``);
* the view, whole on the first message and patched (RFC 6902) after, equals ``GET /v1/sessions/{id}``
  for that seat (the read is core's redaction), and the status equals its status;
* the entry (type, seat, action, events) equals that version's entry in the seat's ``GET .../log``;
* no message holds a string the seat may not know: one of another seat's private events, or one
  of the stored state's, unless the seat's view or its log shows it; before the game-over message
  that includes the seed and the salt, which the game-over message then reveals.

One seat's stream is dropped mid-game and reopened with ``Last-Event-ID``: it gets exactly the
versions it missed, the first one whole. Each game runs at its smallest and its largest seat count;
a whole game at the smallest, the first ``PREFIX`` versions at the largest.
"""

from __future__ import annotations

import copy
import random
import time

import jsonpatch
import orjson
import pytest

from rulesets.core.host import Ruleset

from .real_games import real_rulesets
from .sse import Stream, bearer, open_stream

GAMES = real_rulesets()
MAX_STEPS = 3000
#: versions played at a game's largest seat count (a whole game at its smallest): whole games at
#: four seats took 2 (Solenia) to 11 (Java) times as long
PREFIX = 120
#: the versions at which one stream drops and at which it comes back
DROP_AT, BACK_AT = 4, 8


def counts(ruleset: Ruleset) -> list[int]:
    low, high = ruleset.player_range(ruleset.resolve_options({}))
    return sorted({low, high})


CASES = [pytest.param(ruleset, players, id=f"{ruleset.id}-{players}") for ruleset in GAMES for players in counts(ruleset)]


def live_app(kind: str, request, key_prefix: str, **settings):
    from service import create_app

    config: dict = {"SESSION_KEY_PREFIX": key_prefix, "SESSION_STREAM_HEARTBEAT_SECONDS": 1,
                    "SESSION_STREAMS_PER_CLIENT": 16, **settings}
    if kind == "redis":
        config.update(REDIS_URL=request.getfixturevalue("redis_url"), REDIS_CLUSTER=False)
    elif kind == "cluster":
        config.update(REDIS_URL=request.getfixturevalue("redis_cluster").url, REDIS_CLUSTER=True)
    else:
        assert kind == "memory", kind
    return create_app(config)


@pytest.fixture(params=["memory", "redis", "cluster"])
def games_app(request, key_prefix):
    application = live_app(request.param, request, key_prefix)
    yield application
    application.extensions["sessions"].store.close()


def strings(value) -> set[str]:
    """Every string in a JSON value, keys included."""
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found |= strings(key) | strings(item)
    elif isinstance(value, list):
        for item in value:
            found |= strings(item)
    return found


def message_strings(data: dict) -> set[str]:
    """The strings a message holds; a patch's paths count by their segments (a key could be a card)."""
    found = strings({key: value for key, value in data.items() if key != "view_patch"})
    for operation in data.get("view_patch", []):
        found |= strings(operation.get("value"))
        for path in (operation.get("path"), operation.get("from")):
            found |= set((path or "").split("/")[1:])
    return found


def private_to_others(events: list[dict], seat: int | None) -> list[dict]:
    return [event for event in events if event.get("visible_to") is not None and seat not in event["visible_to"]]


class Seat:
    """One stream and what the plain endpoints answered its seat at each version."""

    def __init__(self, seat: int | None, token: str | None) -> None:
        self.seat, self.token = seat, token
        self.stream: Stream | None = None
        self.view = None  # the view as the stream's messages built it
        self.expected: dict[int, dict] = {}  # version -> {"view", "status", "entry", "allowed"}
        self.log_strings: set[str] = set()
        self.others_private: set[str] = set()  # the strings of every private event so far not meant for it
        self.held = -1  # the last version its stream delivered
        self.private_checked = 0  # strings of others' private events this seat's messages were searched for


class Game:
    def __init__(self, app, ruleset: Ruleset, players: int) -> None:
        self.web, self.store, self.ruleset, self.players = app.test_client(), app.extensions["sessions"].store, ruleset, players
        self.seed = f"stream-{ruleset.id}-{players}"
        created = self.web.post("/v1/sessions", json={"game": ruleset.id, "players": players, "seed": self.seed})
        assert created.status_code == 201, created.json
        self.sid, self.tokens = created.json["session_id"], created.json["seat_tokens"]
        self.base = f"/v1/sessions/{self.sid}"
        self.salt = orjson.loads(self.store.snapshot(self.sid).state)["rng"]["salt"]
        self.seats = [Seat(seat, token) for seat, token in enumerate(self.tokens)] + [Seat(None, None)]
        self.version = 0
        self.over = False

    def record(self) -> None:
        """What each seat is answered at the current version, before any stream message is read."""
        raw_state = orjson.loads(self.store.snapshot(self.sid).state)
        if self.version:
            raw_entry = orjson.loads(self.store.read_log(self.sid, self.version - 1).entries[0])
        for seat in self.seats:
            if self.version:
                seat.others_private |= strings(private_to_others(raw_entry["events"], seat.seat))
            read = self.web.get(self.base, headers=bearer(seat.token)).json
            assert read["version"] == self.version
            entry = None
            if self.version:
                log = self.web.get(f"{self.base}/log?since={self.version - 1}", headers=bearer(seat.token)).json
                (entry,) = log["entries"]
                seat.log_strings |= strings(entry)
            allowed = strings(read["view"]) | strings(read["status"]) | seat.log_strings
            secret = strings(raw_state) | seat.others_private
            if read["status"]["game_over"]:
                secret -= {"seed", self.seed, "salt", self.salt}  # the end reveals them; the message must hold them
            seat.expected[self.version] = {"view": read["view"], "status": read["status"], "entry": entry,
                                           "forbidden": secret - allowed,
                                           "private": seat.others_private - allowed}
        self.over = self.seats[0].expected[self.version]["status"]["game_over"]

    def check(self, seat: Seat, version: int, data: dict, whole: bool) -> None:
        expected = seat.expected[version]
        known = seat.view  # what the seat held: a patch's paths name its parts
        assert data["version"] == version
        if whole:
            assert "view" in data and "view_patch" not in data
            seat.view = data["view"]
        else:
            assert "view" not in data, "a patch was due"
            seat.view = jsonpatch.apply_patch(copy.deepcopy(known), data["view_patch"])
        assert seat.view == expected["view"], (self.ruleset.id, seat.seat, version)
        assert data["status"] == expected["status"]
        entry = expected["entry"]
        if entry is None:
            assert (data["type"], data["seat"], data["action"], data["events"]) == ("start", None, None, [])
        else:
            assert {key: data[key] for key in ("type", "seat", "action", "events")} == \
                {key: entry[key] for key in ("type", "seat", "action", "events")}
        leaked = (message_strings(data) - strings(known)) & expected["forbidden"]
        assert not leaked, (self.ruleset.id, seat.seat, version, sorted(leaked)[:5])
        seat.private_checked += len(expected["private"])
        text = orjson.dumps(data).decode()
        if expected["status"]["game_over"]:
            assert (data["seed"], data["salt"]) == (self.seed, self.salt)
        else:
            assert self.seed not in text and self.salt not in text and "seed" not in data

    def read(self, seat: Seat) -> None:
        """The stream's next message: the next version, checked."""
        version, data = seat.stream.next()
        assert version == seat.held + 1, (seat.seat, version, seat.held)  # once each, in order
        self.check(seat, version, data, whole=seat.held < 0)
        seat.held = version

    def play(self, chooser: random.Random) -> None:
        menus = {seat: self.web.get(f"{self.base}/legal-actions", headers=bearer(self.tokens[seat])).json["actions"]
                 for seat in self.seats[0].expected[self.version]["status"]["active_players"]}
        seat = chooser.choice([s for s, menu in menus.items() if menu])
        acted = self.web.post(f"{self.base}/actions", json={"action": chooser.choice(menus[seat]),
                                                            "expected_version": self.version},
                              headers=bearer(self.tokens[seat]))
        assert acted.status_code == 200, acted.json
        self.version = acted.json["version"]


@pytest.mark.parametrize("ruleset, players", CASES)
def test_a_stream_per_seat_over_a_seeded_game(games_app, ruleset, players):
    game = Game(games_app, ruleset, players)
    chooser = random.Random(game.seed)
    limit = PREFIX if players == counts(ruleset)[-1] and players > counts(ruleset)[0] else MAX_STEPS
    dropped = game.seats[-2]  # the last seat's stream drops and resumes
    for seat in game.seats:
        seat.stream = open_stream(game.web, game.sid, seat.token)
    started = time.monotonic()
    game.record()
    while True:
        for seat in game.seats:
            if seat.stream is not None:
                game.read(seat)
        if game.version == DROP_AT:
            dropped.stream.close()
            dropped.stream = None
        if game.version == BACK_AT:
            dropped.stream = open_stream(game.web, game.sid, dropped.token, **{"Last-Event-ID": str(DROP_AT)})
            for version in range(DROP_AT + 1, BACK_AT + 1):  # exactly the missed versions, the first whole
                got, data = dropped.stream.next()
                assert got == version
                game.check(dropped, version, data, whole=version == DROP_AT + 1)
                dropped.held = version
        if game.over or game.version >= limit:
            break
        game.play(chooser)
        game.record()
    assert game.version > BACK_AT
    if game.over:
        for seat in game.seats:
            assert seat.stream.rest() == []  # the game-over message is the last
    else:
        assert limit < MAX_STEPS, f"{ruleset.id}: no end after {MAX_STEPS} actions"
    for seat in game.seats:
        seat.stream.close()
    print(f"{ruleset.id}-{players}: {game.version} versions{' (whole game)' if game.over else ''} in "
          f"{time.monotonic() - started:.1f} s; private strings searched for: "
          f"{[seat.private_checked for seat in game.seats]}")


@pytest.mark.parametrize("kind", ["redis", "cluster"])
def test_a_ticket_of_a_real_game_works_once_and_expires(request, key_prefix, kind):
    """A ticket opens its seat's stream of a real game once; used again, or after its time, it is refused."""
    app = live_app(kind, request, key_prefix, SESSION_STREAM_TICKET_SECONDS=1)
    try:
        game = Game(app, GAMES[0], 2)
        game.record()
        tickets = game.web.post(f"{game.base}/stream-tickets", headers=bearer(game.tokens[1]))
        assert tickets.status_code == 201 and tickets.json["seat"] == 1, tickets.json
        ticket = tickets.json["ticket"]
        seat = game.seats[1]
        seat.stream = Stream(game.web.get(f"{game.base}/stream?ticket={ticket}", buffered=False))
        game.read(seat)  # seat 1's whole view, no more
        seat.stream.close()
        again = game.web.get(f"{game.base}/stream?ticket={ticket}")
        assert again.status_code == 401 and again.json["code"] == "invalid_token", again.json
        late = game.web.post(f"{game.base}/stream-tickets", headers=bearer(game.tokens[0])).json["ticket"]
        time.sleep(1.5)
        expired = game.web.get(f"{game.base}/stream?ticket={late}")
        assert expired.status_code == 401 and expired.json["code"] == "invalid_token", expired.json
    finally:
        app.extensions["sessions"].store.close()
