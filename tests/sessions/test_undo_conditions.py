"""Each condition of the undo policy caught by a test of its own, through HTTP, for every game.

The issue's policy: the seat that made the last action takes it back alone only when no other
seat has acted since, and the action revealed nothing (no draw, no private event to any seat, no
reveal) and used no chance (the random counter moved). The conditions overlap in most actions
(a draw moves the counter, shows a card and sends a private event), so a test of an action that
trips them all stays green when any single check is broken. Here, a seeded playout of each game
(the library's own, before any HTTP) looks for an action that trips **one** condition only, as
core's own parts tell them apart; the session plays the same actions, and the acting seat's undo
must be ``409 undo_needs_consent`` with the path to ask, the session left as it was:

* ``chance``: the random counter moved, nothing else (core's hidden-value check sees it too, since
  the counter is itself a hidden leaf: the one condition no test can isolate, see the report);
* ``private``: a private event, nothing else;
* ``hidden``: a value some viewer could not see before is in its sight after, nothing else;
* ``event_string``: an event shows a viewer a string it could not see before, nothing else;
* ``another_seat``: an action that revealed nothing, then another seat's action (taken back):
  the first seat's undo needs consent although its own action was free.

No published game has a chance-only or a private-only action (every draw of theirs also moves a
hidden card), so the double Coin Heap (``tests/doubles/coin_heap.py``) has both; a game that has
no action of a kind is left out of that kind's cases and named in ``MISSING``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import msgspec
import pytest

from rulesets.core.events import _shown_whole, is_private
from rulesets.core.host import Ruleset, clone, register, unregister
from rulesets.core.undo import _Split, _strings
from tests.doubles import coin_heap

from .real_games import real_rulesets, seats_for

KINDS = ("chance", "private", "hidden", "event_string", "another_seat")
GAMES: list[Ruleset] = [*real_rulesets(), coin_heap.RULESET]
ATTEMPTS, STEPS = 8, 200


def bearer(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


def tripped(before, after, events, players: int) -> set[str]:
    """Which of the policy's conditions an applied action trips, each judged alone."""
    kinds = set()
    if before.rng.counter != after.rng.counter:
        kinds.add("chance")
    if any(is_private(event) or not _shown_whole(type(event)) for event in events):
        kinds.add("private")
    shown = list(_strings(msgspec.to_builtins(list(events))))
    after = clone(after)
    after.rng = before.rng  # the counter is a hidden leaf too: its move counts as chance, not as a reveal
    for viewer in [None, *range(players)]:
        was, now = _Split(before, viewer), _Split(after, viewer)
        if any(now.hidden[leaf] < count for leaf, count in was.hidden.items()):
            kinds.add("hidden")
        if any(("str", text) in was.hidden for text in shown):
            kinds.add("event_string")
    return kinds


@dataclass
class Case:
    seed: str
    players: int
    actions: list  # (seat, dumped action, whether core finds it revealed nothing), up to the one undone


def find_cases(ruleset: Ruleset) -> dict[str, Case]:
    players, found = seats_for(ruleset), {}
    for attempt in range(ATTEMPTS):
        seed = f"undo-alone-{ruleset.id}-{attempt}"
        state, chooser, actions = ruleset.setup(players, seed, {}), random.Random(seed), []
        for _ in range(STEPS):
            if ruleset.flow.is_over(state) or len(found) == len(KINDS):
                break
            menus = {s: ruleset.legal_actions(state, s) for s in ruleset.status(state).active_players}
            seat = chooser.choice([s for s, menu in menus.items() if menu])
            action = chooser.choice(menus[seat])
            after, events = ruleset.apply(state, action)
            if ruleset.flow.is_over(after):
                break
            kinds = tripped(state, after, events, players)
            actions.append((seat, ruleset.dump(action), not kinds))
            if len(kinds) == 1 and (kind := kinds.pop()) not in found:
                found[kind] = Case(seed, players, list(actions))
            if "another_seat" not in found and len(actions) > 1 and actions[-2][2] and actions[-2][0] != seat:
                found["another_seat"] = Case(seed, players, list(actions))
            state = after
    return found


FOUND = {ruleset.id: find_cases(ruleset) for ruleset in GAMES}
CASES = [pytest.param(ruleset, kind, id=f"{ruleset.id}-{kind}") for ruleset in GAMES for kind in KINDS
         if kind in FOUND[ruleset.id]]
MISSING = sorted(f"{ruleset.id}-{kind}" for ruleset in GAMES for kind in KINDS if kind not in FOUND[ruleset.id])


def test_every_condition_has_a_game_that_trips_it_alone():
    """The real games between them, and Coin Heap, trip each condition alone somewhere."""
    for kind in KINDS:
        assert any(kind in FOUND[ruleset.id] for ruleset in GAMES), kind
    assert {"chance", "private", "another_seat"} <= set(FOUND[coin_heap.GAME_ID])
    assert all("another_seat" in FOUND[ruleset.id] for ruleset in GAMES), MISSING


@pytest.fixture(params=["memory", "redis"])
def web(request, key_prefix):
    from service import create_app

    settings: dict = {"SESSION_KEY_PREFIX": key_prefix}
    if request.param == "redis":
        settings.update(REDIS_URL=request.getfixturevalue("redis_url"), REDIS_CLUSTER=False)
    register(coin_heap.GAME_ID, coin_heap.__name__)
    application = create_app(settings)
    try:
        yield application
    finally:
        application.extensions["sessions"].store.close()
        unregister(coin_heap.GAME_ID)


class Table:
    def __init__(self, app, ruleset: Ruleset, case: Case) -> None:
        self.client, self.store = app.test_client(), app.extensions["sessions"].store
        created = self.client.post("/v1/sessions", json={"game": ruleset.id, "players": case.players, "seed": case.seed})
        assert created.status_code == 201, created.json
        self.sid, self.tokens = created.json["session_id"], created.json["seat_tokens"]
        self.base, self.version = f"/v1/sessions/{self.sid}", 0

    def play(self, seat: int, action: dict) -> None:
        answer = self.client.post(f"{self.base}/actions", json={"action": action, "expected_version": self.version},
                                  headers=bearer(self.tokens[seat]))
        assert answer.status_code == 200, answer.json
        self.version = answer.json["version"]

    def undo(self, seat: int):
        return self.client.post(f"{self.base}/undo", json={"expected_version": self.version},
                                headers=bearer(self.tokens[seat]))

    def undo_with_consent(self, seat: int) -> None:
        asked = self.client.post(f"{self.base}/undo-requests", json={}, headers=bearer(self.tokens[seat]))
        assert asked.status_code == 201, asked.json
        for other in asked.json["waiting_for"]:
            answered = self.client.post(asked.json["path"], json={"accept": True}, headers=bearer(self.tokens[other]))
            assert answered.status_code == 200, answered.json
        assert answered.json["state"] == "accepted"
        self.version = answered.json["undo_version"]

    def assert_needs_consent(self, seat: int) -> None:
        before = self.store.snapshot(self.sid).state
        refused = self.undo(seat)
        assert refused.status_code == 409 and refused.json["code"] == "undo_needs_consent", refused.json
        assert refused.json["undo_requests"] == f"{self.base}/undo-requests"
        assert self.store.snapshot(self.sid).state == before
        assert self.client.get(self.base).json["version"] == self.version


@pytest.mark.parametrize("ruleset, kind", CASES)
def test_one_condition_alone_needs_consent(web, ruleset, kind):
    case = FOUND[ruleset.id][kind]
    table = Table(web, ruleset, case)
    for seat, action, _ in case.actions:
        table.play(seat, action)
    seat, _, free = case.actions[-1]
    if kind == "another_seat":
        first = case.actions[-2][0]
        if free:  # the other seat takes its own action back, freely or by consent: either way it wrote
            undone = table.undo(seat)
            assert undone.status_code == 200, undone.json
            table.version = undone.json["version"]
        else:
            table.undo_with_consent(seat)
        table.assert_needs_consent(first)
    else:
        assert not free
        table.assert_needs_consent(seat)
