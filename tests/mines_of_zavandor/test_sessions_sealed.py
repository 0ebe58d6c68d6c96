"""MOZ-5.2 through sessions: with the in-process store and a real redis-server, a seat's session view, its
legal actions and its log say nothing of another seat's staged bid until every bid is sealed, in one
bidding step looked at closely and over a whole game."""

from __future__ import annotations

import random

import pytest

from service import create_app
from tests.sessions.redis_server import RedisServer, external_url

GAME = "mines_of_zavandor"


@pytest.fixture(scope="module")
def redis_url():
    url = external_url()
    if url:
        yield url
        return
    server = RedisServer().start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(params=["memory", "redis"])
def client(request):
    config = {"TESTING": True, "LOG_LEVEL": "WARNING", "SESSION_WAIT_MAX_SECONDS": 1}
    if request.param == "redis":
        config.update(REDIS_URL=request.getfixturevalue("redis_url"), SESSION_KEY_PREFIX=f"moz-{id(request)}")
    app = create_app(config)
    yield app.test_client()
    app.extensions["sessions"].store.close()


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


class Table:
    def __init__(self, client, players=3):
        created = client.post("/v1/sessions", json={"game": GAME, "players": players, "seed": "sealed-session",
                                                    "first_player": 0})
        assert created.status_code == 201, created.json
        self.client, self.base, self.tokens = client, f"/v1/sessions/{created.json['session_id']}", \
            created.json["seat_tokens"]

    def view(self, seat):
        return self.client.get(self.base, headers=bearer(self.tokens[seat])).json

    def menu(self, seat):
        return self.client.get(f"{self.base}/legal-actions", headers=bearer(self.tokens[seat])).json["actions"]

    def log(self, seat, since=0):
        return self.client.get(f"{self.base}/log?since={since}", headers=bearer(self.tokens[seat])).json["entries"]

    def act(self, seat, action):
        answer = self.client.post(f"{self.base}/actions", json={"action": action}, headers=bearer(self.tokens[seat]))
        assert answer.status_code == 200, answer.json
        return answer.json

    def passive_until_bidding(self):
        order = ("collect_income", "forfeit_markers", "end_one_time_step", "finish_trading")
        while (status := self.view(0)["status"])["phase"] != "bidding":
            seat = status["active_players"][0]
            menu = self.menu(seat)
            self.act(seat, next(a for kind in order for a in menu if a["type"] == kind))


def what_seat_0_sees(table, since):
    """Seat 0's view, legal actions and log; the counters of actions taken (the session's version, the state's
    move) set aside: they count every action, staging included (a published decision)."""
    seen = table.view(0)
    seen.pop("version")
    seen["view"].pop("move")
    return seen, table.menu(0), [(e["seat"], e["action"], e["events"]) for e in table.log(0, since)]


def test_moz_5_2_sessions_keep_a_staged_bid_sealed(client):
    """MOZ-5.2 / spec 4.2: seat 1's staging (adds, a removal, the seal) leaves seat 0's session view and legal
    actions unchanged, its log shows only 'bid_staged' and 'bid_sealed'; the last seal opens every bid."""
    table = Table(client)
    table.passive_until_bidding()
    since = table.view(0)["version"]
    before = what_seat_0_sees(table, since)
    staged = [a for a in table.menu(1) if a["type"] == "bid_add"][:2]
    assert staged
    for action in staged:
        table.act(1, action)
    table.act(1, {"type": "bid_remove", "player": 1, "card": staged[0]["card"]})
    view, menu, log = what_seat_0_sees(table, since)
    assert (view, menu) == before[:2]
    assert [(seat, action) for seat, action, _ in log] == [(1, {"type": "bid_staged", "player": 1})] * (
        len(staged) + 1)
    assert all(events == [] for _, _, events in log)
    assert table.view(1)["view"]["players"][1]["bid"]  # the bidder sees his own bid
    table.act(1, {"type": "bid_commit", "player": 1})
    view, menu, log = what_seat_0_sees(table, since)
    assert log[-1] == (1, {"type": "bid_commit", "player": 1}, [{"type": "bid_sealed", "player": 1}])
    assert view["view"]["players"][1]["sealed"] and "bid" not in view["view"]["players"][1]
    assert view["view"]["players"][1]["hand_backs"] == before[0]["view"]["players"][1]["hand_backs"]
    table.act(2, {"type": "bid_commit", "player": 2})
    table.act(0, {"type": "bid_commit", "player": 0})
    opened = table.view(0)["view"]["players"][1]
    assert opened["bid"] == {staged[1]["card"]: 1} if len(staged) > 1 else opened["bid"] == {}


def test_moz_5_2_a_whole_game_through_sessions_keeps_every_staged_bid_sealed(client):
    """MOZ-5.2 / spec 4.2, over a whole 3-player game played by seat tokens: whenever a seat stages a card,
    every other seat's view and legal actions are unchanged (the counters of actions aside) and its log shows
    the staging only as 'bid_staged' with no event; the game ends in 11 to 13 rounds."""
    table = Table(client)
    chooser = random.Random(5)
    staged = 0
    while not (status := table.view(0)["status"])["game_over"]:
        seat = chooser.choice(status["active_players"])
        menu = table.menu(seat)
        action = chooser.choice(menu)
        if action["type"] in ("bid_add", "bid_remove"):
            others = [s for s in range(3) if s != seat]
            before = {s: what_seat_sees(table, s) for s in others}
            version = table.view(seat)["version"]
            table.act(seat, action)
            staged += 1
            for other in others:
                assert what_seat_sees(table, other) == before[other]
                entry = table.log(other, version)[0]
                assert (entry["action"], entry["events"]) == ({"type": "bid_staged", "player": seat}, [])
        else:
            table.act(seat, action)
    assert staged > 10 and 11 <= status["round"] <= 13


def what_seat_sees(table, seat):
    seen = table.view(seat)
    seen.pop("version")
    seen["view"].pop("move")
    return seen, table.menu(seat)
