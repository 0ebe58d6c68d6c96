"""Table games over HTTP (issue 24): setup with ``"chance": "table"`` and actions carrying ``outcomes``.

The random games are driven only by what the service answers: the harness picks an action from
``legal-actions`` (which lists actions without outcomes) and answers each ``outcome_required``
from its ``needed`` candidates (rulesets.testing.table), until the game is over.
"""

from __future__ import annotations

import random

import pytest

from rulesets import get_ruleset
from rulesets.core.codec import to_builtins
from rulesets.testing.table import with_outcomes
from tests.game_http import stateless_client
from tests.java.playouts import weighted_pick
from tests.service.problem_checks import assert_problem

GAMES = [(game, players) for game, low, high in [("golden_city", 2, 4), ("java", 2, 4), ("kingdom_of_solomon", 2, 4),
                                                 ("mines_of_zavandor", 2, 4), ("solenia", 1, 4)]
         for players in range(low, high + 1)]


@pytest.fixture(scope="module")
def client():
    return stateless_client()


def _http_attempt(client, game: str, path: str, body: dict, place: tuple[str, ...]):
    """An attempt (rulesets.testing.table) posting ``body`` with the outcomes put at ``place``."""
    def attempt(outcomes):
        payload = dict(body)
        if place == ("outcomes",):
            payload["outcomes"] = outcomes
        else:
            payload["action"] = {**body["action"], "outcomes": outcomes}
        answer = client.post(f"/v1/games/{game}/{path}", json=payload)
        if answer.status_code == 200:
            return answer.get_json(), None
        problem = answer.get_json()
        assert answer.status_code == 422, problem
        return None, problem
    return attempt


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_random_table_game_plays_to_its_end_answering_outcome_required(client, game, players):
    ruleset = get_ruleset(game)
    chooser = random.Random(f"table-http/{game}/{players}")
    setup = with_outcomes(_http_attempt(client, game, "setup", {"players": players, "chance": "table"},
                                        ("outcomes",)), chooser)
    assert setup["chance"] == "table" and setup["seed_commitment"] is None
    state, status = setup["state"], setup["status"]
    for _ in range(3000):
        if status["game_over"]:
            break
        seat = chooser.choice(status["active_players"])
        menu = client.post(f"/v1/games/{game}/legal-actions", json={"state": state, "player": seat}).get_json()
        assert all("outcomes" not in action for action in menu["actions"])
        if not menu["actions"]:
            continue
        typed = [ruleset.load_action(action) for action in menu["actions"]]
        action = to_builtins(weighted_pick(chooser, typed) if game == "java" else chooser.choice(typed))
        applied = with_outcomes(_http_attempt(client, game, "apply", {"state": state, "action": action},
                                              ("action",)), chooser)
        state, status = applied["state"], applied["status"]
    assert status["game_over"], f"{game} with {players} did not end"
    assert len(status["scores"]) == players


def test_setup_at_a_table_without_outcomes_answers_what_to_draw(client):
    answer = client.post("/v1/games/java/setup", json={"players": 2, "chance": "table"})
    problem = assert_problem(answer, 422, "outcome_required")
    assert problem["rule"] == "JAVA-1.5"  # 30 cards shuffled; 3 to each player, one face up
    assert [(n["source"], n["count"], len(n["candidates"])) for n in problem["needed"]] == [("festival_deck", 7, 30)]


def test_a_seed_with_table_chance_is_refused(client):
    assert_problem(client.post("/v1/games/java/setup", json={"players": 2, "chance": "table", "seed": 4}),
                   422, "invalid_seed")
    assert_problem(client.post("/v1/games/java/setup", json={"players": 2, "chance": "dice"}), 422, "invalid_request")


def _java_table(client):
    chooser = random.Random("java-table")
    return with_outcomes(_http_attempt(client, "java", "setup", {"players": 2, "chance": "table"}, ("outcomes",)),
                         chooser)


def test_an_action_with_an_impossible_outcome_cites_its_rule_and_a_seeded_game_takes_none(client):
    setup = _java_table(client)
    state = setup["state"]
    menu = client.post("/v1/games/java/legal-actions", json={"state": state, "player": 0}).get_json()["actions"]
    take = next(a for a in menu if a["type"] == "take_festival_card" and a.get("source") == "deck")
    in_hand = state["players"][0]["hand"][0]  # dealt already: the deck cannot give it (JAVA-9.2)
    problem = assert_problem(client.post("/v1/games/java/apply", json={
        "state": state, "action": {**take, "outcomes": [in_hand]}}), 422, "impossible_outcome")
    assert problem["rule"] == "JAVA-9.2" and problem["source"] == "festival_deck"
    assert problem["errors"][0]["path"] == "$.action.outcomes[0]"
    problem = assert_problem(client.post("/v1/games/java/apply", json={"state": state, "action": take}),
                             422, "outcome_required")
    assert problem["needed"][0]["count"] == 1 and in_hand not in problem["needed"][0]["candidates"]
    seeded = client.post("/v1/games/java/setup", json={"players": 2, "seed": 1}).get_json()["state"]
    assert_problem(client.post("/v1/games/java/apply", json={"state": seeded, "action": {**take, "outcomes": ["F01"]}}),
                   422, "unexpected_outcome")
    assert_problem(client.post("/v1/games/java/apply", json={"state": state, "action": {**take, "outcomes": "F01"}}),
                   422, "invalid_outcomes")


def test_a_table_game_replays_with_its_recorded_outcomes(client):
    from rulesets.testing.table import play_seeded
    seeded = play_seeded(get_ruleset("kingdom_of_solomon"), 2, "replay")
    answer = client.post("/v1/games/kingdom_of_solomon/replay", json={
        "players": 2, "chance": "table", "outcomes": seeded.setup_outcomes, "actions": seeded.actions})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["status"] == to_builtins(get_ruleset("kingdom_of_solomon").status(seeded.state))


def test_a_table_games_view_shows_no_pile_order_and_no_commitment(client):
    setup = _java_table(client)
    view = client.post("/v1/games/java/view", json={"state": setup["state"], "player": 1}).get_json()
    assert view["chance"] == "table" and view["seed_commitment"] is None and "seed" not in view
    assert not set(setup["state"]["players"][0]["hand"]) & set(str(view["view"]).split("'"))


def test_a_table_verify_replays_the_recorded_outcomes_and_checks_no_commitment(client):
    from rulesets.testing.table import play_seeded
    ruleset = get_ruleset("solenia")
    seeded = play_seeded(ruleset, 2, "verify")
    status = to_builtins(ruleset.status(seeded.state))
    claim = {"players": 2, "chance": "table", "outcomes": seeded.setup_outcomes, "actions": seeded.actions,
             "scores": status["scores"], "winners": status["winners"]}
    verdict = client.post("/v1/games/solenia/verify", json=claim).get_json()
    assert verdict["verified"] is True and verdict["chance"] == "table" and verdict["commitment_matches"] is None
    wrong = [dict(a) for a in seeded.actions]
    drawing = next(i for i, a in enumerate(wrong) if a["outcomes"])
    wrong[drawing]["outcomes"] = ["no-such-tile"] * len(wrong[drawing]["outcomes"])
    verdict = client.post("/v1/games/solenia/verify", json={**claim, "actions": wrong}).get_json()
    assert verdict["verified"] is False and verdict["replay"]["action_index"] == drawing
    assert verdict["replay"]["violation"]["code"] == "impossible_outcome"
