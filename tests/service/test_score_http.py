"""POST /v1/games/{game}/score: each seat's score now, itemized with rule IDs, and the ranking (issue #24)."""

from __future__ import annotations

import random

import pytest

from rulesets.testing.playout import random_playout
from tests.sessions.real_games import real_rulesets, seats_for

GAMES = real_rulesets()


def _mid_game(ruleset, players, steps=10):
    state = ruleset.setup(players, "score-http")
    chooser = random.Random(ruleset.id)
    for _ in range(steps):
        seat = ruleset.status(state).active_players[0]
        state, _ = ruleset.apply(state, chooser.choice(ruleset.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("ruleset", GAMES, ids=lambda r: r.id)
def test_a_mid_game_state_is_scored_item_by_item_and_ranked(client, ruleset):
    players = seats_for(ruleset)
    state = _mid_game(ruleset, players)
    response = client.post(f"/v1/games/{ruleset.id}/score", json={"state": ruleset.dump(state)})
    assert response.status_code == 200, response.json
    body = response.json
    assert body["final"] is False
    assert [entry["seat"] for entry in body["scores"]] == list(range(players))
    rules = {rule["id"] for rule in ruleset.metadata(detailed=True)["rules"]}
    for entry in body["scores"]:
        assert entry["total"] == sum(item["points"] for item in entry["items"])
        assert all(item["rule"] in rules and item["category"] for item in entry["items"])
    totals = [entry["total"] for entry in body["scores"]]
    ranking = body["ranking"]
    assert sorted(place["seat"] for place in ranking) == list(range(players))
    assert all(totals[a["seat"]] >= totals[b["seat"]] for a, b in zip(ranking, ranking[1:])), "best first"


@pytest.mark.parametrize("ruleset", GAMES, ids=lambda r: r.id)
def test_a_finished_game_scores_as_its_status(client, ruleset):
    state = random_playout(ruleset, seats_for(ruleset), "score-http-end", sample_legal=0, nudges=0,
                           out_of_turn_rate=0).state
    status = ruleset.status(state)
    body = client.post(f"/v1/games/{ruleset.id}/score", json={"state": ruleset.dump(state)}).json
    assert body["final"] is True
    assert [entry["total"] for entry in body["scores"]] == status.scores
    assert sorted(place["seat"] for place in body["ranking"] if place["place"] == 1) == status.winners


def test_the_plain_state_of_the_same_position_is_scored_whole(client):
    """Whoever posts a plain state holds all of it: nothing is withheld."""
    setup = client.post("/v1/games/golden_city/setup", json={"players": 2, "seed": "score-plain"}).json
    body = client.post("/v1/games/golden_city/score", json={"state": setup["state"]}).json
    assert all(isinstance(entry["total"], int) for entry in body["scores"]) and body["ranking"] is not None


@pytest.mark.parametrize("payload, status, code", [
    ({}, 422, "invalid_request"),
    ({"state": {"game": "golden_city"}}, 422, None),
    ({"state": "nope"}, 422, None),
])
def test_bad_bodies_are_clear_problems(client, payload, status, code):
    response = client.post("/v1/games/golden_city/score", json=payload)
    assert response.status_code == status, response.json
    assert response.json["status"] == status and (code is None or response.json["code"] == code)


def test_an_unknown_game_and_seat_are_refused(client):
    assert client.post("/v1/games/no_such_game/score", json={"state": {}}).status_code == 404
    setup = client.post("/v1/games/golden_city/setup", json={"players": 2, "seed": "score-seat"}).json
    response = client.post("/v1/games/golden_city/score", json={"state": setup["state"], "player": 7})
    assert response.status_code == 422, response.json
