"""A sealed table game (issue 24): the seat acting on a sealed state is told which draws to report,
never a pile's contents (the festival cards not in the deck are in the other seat's hand)."""

from __future__ import annotations

import random

from rulesets.testing.table import with_outcomes


def _sealed_java_table(client):
    def attempt(outcomes):
        answer = client.post("/v1/games/java/setup", json={"players": 2, "chance": "table", "sealed": True,
                                                             "outcomes": outcomes})
        return (answer.json, None) if answer.status_code == 200 else (None, answer.json)
    return with_outcomes(attempt, random.Random("sealed-table"))


def test_a_sealed_table_games_seat_is_told_no_pile_contents(client):
    setup = _sealed_java_table(client)
    assert setup["seed_commitment"] is None
    take = {"type": "take_festival_card", "player": 0, "source": "deck"}
    body = {"sealed_state": setup["sealed_state"], "seat_key": setup["seat_keys"][0], "action": take}
    required = client.post("/v1/games/java/apply", json=body)
    assert required.status_code == 422 and required.json["code"] == "outcome_required"
    assert required.json["needed"] == [{"source": "festival_deck", "rule": "JAVA-9.2", "count": 1}]
    impossible = client.post("/v1/games/java/apply", json={**body, "action": {**take, "outcomes": ["F99"]}})
    assert impossible.json["code"] == "impossible_outcome" and impossible.json["rule"] == "JAVA-9.2"
    assert "candidates" not in impossible.json
    checked = client.post("/v1/games/java/validate", json=body).json
    assert checked["legal"] is False and "candidates" not in str(checked)
    plain = client.post("/v1/games/java/setup", json={"players": 2, "chance": "table"}).json
    assert "candidates" in plain["needed"][0]  # whoever holds the full state reads them
