"""Undo by policy, for every game, on the in-process store, a real redis-server and the test cluster.

A seeded playout (the library's own, before any HTTP) picks for each game an action that core
finds revealed nothing (``revealed_nothing``: no chance, no private event, nothing hidden came
into sight), one that used chance, and a point where one seat acted after another. The session
then plays the same actions (same seed: the session's salt takes no part in draws) and:

* the free undo lands as a new version whose stored state is the one before, byte for byte;
* another seat's undo is ``422 nothing_to_undo``, a stale version ``409 version_conflict``;
* the chance action's undo is ``409 undo_needs_consent``; a decline cancels the request;
  every other seat's consent lands it, again byte for byte;
* after another seat has acted (even if that was undone), the first seat's undo needs consent.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import orjson
import pytest

from rulesets.core.host import Ruleset, clone, revealed_nothing

from .real_games import real_rulesets, seats_for

GAMES = real_rulesets()


def bearer(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


@dataclass
class Plan:
    seed: str
    players: int
    actions: list  # (seat, dumped action)
    free: int  # index of an action that revealed nothing
    chance: int  # index of a later action that used chance or revealed something (a draw, a reveal)
    other: int  # index of a later action by another seat than the action before it


def plan_for(ruleset: Ruleset) -> Plan:
    players = seats_for(ruleset)
    for attempt in range(20):
        seed = f"undo-{ruleset.id}-{attempt}"
        state, chooser = ruleset.setup(players, seed, {}), random.Random(seed)
        actions: list = []
        free = chance = other = None
        for step in range(1500):
            if ruleset.flow.is_over(state):
                break
            menus = {s: ruleset.legal_actions(state, s) for s in ruleset.status(state).active_players}
            seat = chooser.choice([s for s, menu in menus.items() if menu])
            action = chooser.choice(menus[seat])
            after, events = ruleset.apply(state, action)
            if ruleset.flow.is_over(after):
                break
            actions.append((seat, ruleset.dump(action)))
            nothing = revealed_nothing(state, after, events, players)
            if free is None and nothing:
                free = step
            elif free is not None and chance is None and not nothing:
                chance = step
            elif chance is not None and step > chance + 1 and actions[-2][0] != seat:
                other = step
                return Plan(seed, players, actions, free, chance, other)
            state = after
    raise AssertionError(f"{ruleset.id}: no playout with a free action, a chance action and a change of seat")


PLANS = {ruleset.id: plan_for(ruleset) for ruleset in GAMES}


def test_core_tells_chance_and_private_events_apart():
    """revealed_nothing refuses a drawn number and a private event; the plans found both kinds."""
    for ruleset in GAMES:
        plan = PLANS[ruleset.id]
        state = ruleset.setup(plan.players, plan.seed, {})
        for index, (_, action) in enumerate(plan.actions[:plan.chance + 1]):
            after, events = ruleset.apply(state, action)
            if index == plan.free:
                assert revealed_nothing(state, after, events, plan.players)
                drawn = clone(after)
                drawn.rng.counter += 1
                assert not revealed_nothing(state, drawn, events, plan.players)
            if index == plan.chance:
                assert not revealed_nothing(state, after, events, plan.players), ruleset.id
            state = after


@pytest.fixture(params=["memory", "redis", "cluster"])
def undo_app(request, key_prefix):
    from service import create_app

    settings: dict = {"SESSION_KEY_PREFIX": key_prefix}
    if request.param == "redis":
        settings.update(REDIS_URL=request.getfixturevalue("redis_url"), REDIS_CLUSTER=False)
    elif request.param == "cluster":
        settings.update(REDIS_URL=request.getfixturevalue("redis_cluster").url, REDIS_CLUSTER=True)
    application = create_app(settings)
    yield application
    application.extensions["sessions"].store.close()


class Table:
    def __init__(self, app, ruleset: Ruleset, plan: Plan) -> None:
        self.client, self.store, self.ruleset, self.plan = app.test_client(), app.extensions["sessions"].store, ruleset, plan
        created = self.client.post("/v1/sessions", json={"game": ruleset.id, "players": plan.players, "seed": plan.seed})
        assert created.status_code == 201, created.json
        self.sid, self.tokens = created.json["session_id"], created.json["seat_tokens"]
        self.base = f"/v1/sessions/{self.sid}"
        self.version = 0

    def state_bytes(self) -> bytes:
        return self.store.snapshot(self.sid).state

    def views(self) -> list:
        return [self.client.get(self.base, headers=bearer(t)).json["view"] for t in [*self.tokens, None]]

    def play(self, index: int) -> None:
        seat, action = self.plan.actions[index]
        answer = self.client.post(f"{self.base}/actions", json={"action": action, "expected_version": self.version},
                                  headers=bearer(self.tokens[seat]))
        assert answer.status_code == 200, (index, answer.json)
        self.version = answer.json["version"]

    def undo(self, seat: int, **body):
        return self.client.post(f"{self.base}/undo", json=body, headers=bearer(self.tokens[seat]))

    def ask(self, seat: int):
        return self.client.post(f"{self.base}/undo-requests", json={}, headers=bearer(self.tokens[seat]))

    def answer(self, seat: int, path: str, accept: bool):
        return self.client.post(path, json={"accept": accept}, headers=bearer(self.tokens[seat]))

    def consent(self, seat: int) -> int:
        asked = self.ask(seat)
        assert asked.status_code == 201, asked.json
        assert asked.json["state"] == "pending" and asked.json["waiting_for"] == self.others(seat)
        for other in self.others(seat):
            answered = self.answer(other, asked.json["path"], True)
            assert answered.status_code == 200, answered.json
        assert answered.json["state"] == "accepted"
        self.version = answered.json["undo_version"]
        return self.version

    def others(self, seat: int) -> list[int]:
        return [s for s in range(self.plan.players) if s != seat]


@pytest.mark.parametrize("ruleset", GAMES, ids=[r.id for r in GAMES])
def test_undo_by_policy(undo_app, ruleset):
    plan = PLANS[ruleset.id]
    table = Table(undo_app, ruleset, plan)

    # ---- a free undo
    for index in range(plan.free):
        table.play(index)
    before, seen_before = table.state_bytes(), table.views()
    table.play(plan.free)
    seat = plan.actions[plan.free][0]
    stranger = table.others(seat)[0]
    refused = table.undo(stranger)
    assert refused.status_code == 422 and refused.json["code"] == "nothing_to_undo", refused.json
    stale = table.undo(seat, expected_version=table.version - 1)
    assert stale.status_code == 409 and stale.json["code"] == "version_conflict", stale.json
    header_stale = table.client.post(f"{table.base}/undo", json={},
                                     headers={**bearer(table.tokens[seat]), "If-Match": f'"{table.version - 1}"'})
    assert header_stale.status_code == 409 and header_stale.json["code"] == "version_conflict"
    undone = table.client.post(f"{table.base}/undo", json={},
                               headers={**bearer(table.tokens[seat]), "If-Match": f'"{table.version}"'})
    assert undone.status_code == 200, undone.json
    assert undone.json["version"] == table.version + 1 and undone.json["undone"] == table.version
    table.version = undone.json["version"]
    assert table.state_bytes() == before
    assert table.views() == seen_before
    assert undone.json["view"] == seen_before[seat]
    log = table.client.get(f"{table.base}/log").json["entries"]
    assert log[-2]["undone_by"] == table.version and log[-2]["type"] == "action"
    assert log[-1] == {"version": table.version, "seat": seat, "type": "undo", "undoes": table.version - 1,
                       "action": None, "events": []}
    table.play(plan.free)  # the same action again, on the restored state

    # ---- an action that used chance needs consent
    for index in range(plan.free + 1, plan.chance):
        table.play(index)
    before = table.state_bytes()
    table.play(plan.chance)
    seat = plan.actions[plan.chance][0]
    needs = table.undo(seat)
    assert needs.status_code == 409 and needs.json["code"] == "undo_needs_consent", needs.json
    assert needs.json["undo_requests"] == f"{table.base}/undo-requests"
    assert table.undo(table.others(seat)[0]).json["code"] == "nothing_to_undo"
    assert table.ask(table.others(seat)[0]).status_code == 422
    asked = table.ask(seat)
    assert asked.status_code == 201 and asked.json["state"] == "pending", asked.json
    shown = table.client.get(table.base).json["undo_request"]
    assert shown["request_id"] == asked.json["request_id"] and shown["undoes"] == table.version
    own = table.answer(seat, asked.json["path"], True)
    assert own.status_code == 403 and own.json["code"] == "own_undo_request"
    declined = table.answer(table.others(seat)[-1], asked.json["path"], False)
    assert declined.status_code == 200 and declined.json["state"] == "declined", declined.json
    assert table.client.get(table.base).json["undo_request"] is None
    again = table.answer(table.others(seat)[0], asked.json["path"], True)
    assert again.status_code == 404 and again.json["code"] == "undo_request_not_found"
    assert table.version == table.client.get(table.base).json["version"]  # a decline made no version
    table.consent(seat)
    assert table.state_bytes() == before
    table.play(plan.chance)

    # ---- a new action cancels a pending request
    table.play(plan.chance + 1)
    pending = table.ask(plan.actions[plan.chance + 1][0])
    assert pending.status_code == 201
    for index in range(plan.chance + 2, plan.other):
        table.play(index)
    if plan.other > plan.chance + 2:
        assert table.client.get(table.base).json["undo_request"] is None
        assert table.answer(table.others(pending.json["seat"])[0], pending.json["path"], True).status_code == 404

    # ---- after another seat acted: nothing to undo, then (that action undone) consent
    table.play(plan.other)
    first, second = plan.actions[plan.other - 1][0], plan.actions[plan.other][0]
    assert table.undo(first).json["code"] == "nothing_to_undo"
    table.consent(second)
    late = table.undo(first)
    assert late.status_code == 409 and late.json["code"] == "undo_needs_consent", late.json

    # the record and a replay agree with the stored state: undone actions are left out
    stored = orjson.loads(table.state_bytes())
    raw = [orjson.loads(e) for e in table.store.read_log(table.sid).entries]
    undone_versions = {e["undoes"] for e in raw if e.get("type") == "undo"}
    standing = [e["action"] for e in raw if e.get("type") != "undo" and e["version"] not in undone_versions]
    replayed = ruleset.replay(plan.players, plan.seed, {}, standing, salt=stored["rng"]["salt"])
    assert orjson.loads(orjson.dumps(ruleset.dump(replayed))) == stored


def _strings(value) -> set[str]:
    text: set[str] = set()
    if isinstance(value, str):
        text.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            text |= _strings(key) | _strings(item)
    elif isinstance(value, list):
        for item in value:
            text |= _strings(item)
    return text


@pytest.mark.parametrize("ruleset", GAMES, ids=[r.id for r in GAMES])
def test_an_action_that_shows_a_viewer_a_new_name_is_never_free(ruleset):
    """An oracle that knows nothing of core's leaves: a string of the full state before that a
    viewer's view gains, which neither its view before nor the action itself held (a drawn card's
    id), means the action revealed something, and core must say so. Over a seeded playout."""
    plan = PLANS[ruleset.id]
    state, caught = ruleset.setup(plan.players, plan.seed, {}), 0
    for _, action in plan.actions:
        after, events = ruleset.apply(state, action)
        said, held = _strings(ruleset.dump(ruleset.load_action(action))), _strings(ruleset.dump(state))
        news = any((_strings(ruleset.view(after, viewer)) - _strings(ruleset.view(state, viewer)) - said) & held
                   for viewer in [None, *range(plan.players)])
        if news:
            caught += 1
            assert not revealed_nothing(state, after, events, plan.players), (ruleset.id, action)
        state = after
    assert caught, f"{ruleset.id}: the playout never showed anything new"
