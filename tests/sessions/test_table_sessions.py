"""A table game (issue 24) kept in a session, on every store (memory, Redis, Redis Cluster).

Created with ``chance="table"`` and setup's outcomes, played by seats whose actions carry what the
table drew (found by answering ``outcome_required``), each seat's view checked against the stored
state; the log keeps the outcomes with their actions but shows no seat another's draw; an undo
replays with them; the finished game's record names no seed nor commitment and verifies.
"""

from __future__ import annotations

import random

import orjson
import pytest

from rulesets import get_ruleset
from rulesets.core.host import RulesetError, to_builtins
from rulesets.testing.table import with_outcomes
from service.sessions.errors import UndoNeedsConsent
from service.verify import claim_of_record, set_up, verify


def _attempt(call):
    def attempt(outcomes):
        try:
            return call(outcomes), None
        except RulesetError as refusal:
            return None, {"code": refusal.code, "rule": refusal.rule, **refusal.context}
    return attempt


@pytest.mark.parametrize("game", ["solenia", "golden_city"])
def test_a_table_game_through_a_session(sessions, store, game):
    ruleset = get_ruleset(game)
    chooser = random.Random(f"table-session/{game}")
    created = with_outcomes(_attempt(lambda outcomes: sessions.create(game, 2, chance="table", outcomes=outcomes)),
                            chooser)
    sid, tokens = created.body["session_id"], created.body["seat_tokens"]
    assert created.body["seed_commitment"] is None and created.body["chance"] == "table"
    undone = False
    for step in range(600):
        stored = ruleset.load_state(orjson.loads(store.snapshot(sid).state))
        read = sessions.read(sid, tokens[0])
        assert read.body["view"] == ruleset.view(stored, 0) and "seed" not in read.body
        status = read.body["status"]
        if status["game_over"]:
            break
        seat = chooser.choice(status["active_players"])
        menu = sessions.legal_actions(sid, tokens[seat]).body["actions"]
        if not menu:
            continue
        action = to_builtins(chooser.choice(menu))
        acted = with_outcomes(_attempt(lambda outcomes: sessions.act(sid, tokens[seat], {**action,
                                                                                           "outcomes": outcomes},
                                                                     None)), chooser)
        if not undone and any(e["action"].get("outcomes") for e in _raw_log(store, sid)[-1:]):
            try:  # a draw is chance: the undo asks the others, but the plan replays the table's draws
                sessions.undo(sid, tokens[seat], None)
            except UndoNeedsConsent:
                undone = True
        assert acted.body["seed_commitment"] is None
    else:
        pytest.fail("the table game did not end")
    raw = _raw_log(store, sid)
    assert any(entry["action"].get("outcomes") for entry in raw)  # the log keeps what the table drew
    for token in tokens:
        shown = sessions.log(sid, token).body["entries"]
        assert all("outcomes" not in entry["action"] for entry in shown)  # another seat's draw stays hidden
    record = sessions.record(sid, tokens[0]).body
    assert record["chance"] == "table" and record["seed"] is None and record["seed_commitment"] is None
    claim = claim_of_record(record)
    verdict = verify(ruleset, claim, set_up(ruleset, claim))
    assert verdict.verified and verdict.commitment_matches is None, verdict.reasons


def _raw_log(store, sid):
    piece = store.read_log(sid, 0)
    return [orjson.loads(entry) for entry in piece.entries]


def test_a_seat_acting_in_a_table_session_over_http_is_told_no_pile_contents(client):
    """The festival cards not in the deck are in the other seat's hand: a seat learns only what to report."""
    def attempt(outcomes):
        answer = client.post("/v1/sessions", json={"game": "java", "players": 2, "chance": "table",
                                                   "outcomes": outcomes})
        return (answer.json, None) if answer.status_code == 201 else (None, answer.json)
    created = with_outcomes(attempt, random.Random("table-session-http"))
    sid, token = created["session_id"], created["seat_tokens"][0]
    take = {"type": "take_festival_card", "player": 0, "source": "deck"}
    answer = client.post(f"/v1/sessions/{sid}/actions", json={"action": take},
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 422 and answer.json["code"] == "outcome_required"
    assert answer.json["needed"] == [{"source": "festival_deck", "rule": "JAVA-9.2", "count": 1}]
    answer = client.post(f"/v1/sessions/{sid}/actions", json={"action": {**take, "outcomes": ["F99"]}},
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.json["code"] == "impossible_outcome" and "candidates" not in answer.json
