"""The Mines of Zavandor over HTTP: a whole game, refusals citing MOZ rules, views, bad states as 422 with a path."""

from __future__ import annotations

import random

import orjson
import pytest

from rulesets import get_ruleset
from rulesets.core import to_builtins
from tests.game_http import STATE_ENDPOINTS, bad_state_paths, game_poster, stateless_client
from tests.service.problem_checks import assert_problem, damaged

post = game_poster("mines_of_zavandor")


@pytest.fixture(scope="module")
def client():
    return stateless_client()


@pytest.fixture(scope="module")
def midgame(client):
    """A 3-player state in the upgrade phase of round 3, and the active seat's first action."""
    chooser = random.Random(3)
    answer = post(client, "setup", {"players": 3, "seed": "moz-http", "first_player": 0}).json
    state, status = answer["state"], answer["status"]
    while status["round"] < 3 or status["phase"] != "upgrade":
        seat = chooser.choice(status["active_players"])
        menu = post(client, "legal-actions", {"state": state, "player": seat}).json["actions"]
        quiet = [a for a in menu if a["type"] in ("collect_income", "end_one_time_step", "finish_trading", "bid_add",
                                                  "bid_commit", "choose_reward", "move_king", "forfeit_markers")]
        answer = post(client, "apply", {"state": state, "action": chooser.choice(quiet or menu)}).json
        state, status = answer["state"], answer["status"]
    seat = status["active_players"][0]
    action = post(client, "legal-actions", {"state": state, "player": seat}).json["actions"][0]
    return state, action


def test_moz_9_6_whole_game_over_http(client):
    """MOZ-9.6 / MOZ-2.1: a whole 2-player game over HTTP agrees with the library, ends in 11-13 rounds and
    replays."""
    ruleset = get_ruleset("mines_of_zavandor")
    chooser = random.Random(2)
    answer = post(client, "setup", {"players": 2, "seed": "moz-whole", "first_player": 1}).json
    state, status = answer["state"], answer["status"]
    assert status["active_players"] == [1] and status["phase"] == "production"
    played = []
    while not status["game_over"]:
        seat = chooser.choice(status["active_players"])
        menu = post(client, "legal-actions", {"state": state, "player": seat}).json["actions"]
        action = chooser.choice(menu)
        if len(played) % 13 == 0:
            assert post(client, "validate", {"state": state, "action": action}).json == {"legal": True}
        response = post(client, "apply", {"state": state, "action": action})
        assert response.status_code == 200, response.json
        if len(played) % 17 == 0:
            expected, events = ruleset.apply(ruleset.load_state(state), action)
            assert response.json["state"] == orjson.loads(orjson.dumps(to_builtins(expected)))
            assert response.json["events"] == to_builtins(events)
        state, status = response.json["state"], response.json["status"]
        played.append(action)
    assert 11 <= status["round"] <= 13 and len(status["scores"]) == 2 and status["winners"]
    replayed = post(client, "replay", {"players": 2, "seed": "moz-whole", "first_player": 1,
                                       "salt": state["rng"]["salt"], "actions": played}).json
    assert replayed == {"state": state, "status": status}


def test_moz_2_3_refusal_cites_the_rule(client, midgame):
    """MOZ-2.3: another seat's upgrade-phase action is not_active_player with its rule, as a problem and as a
    violation; MOZ-2.1: an action of another phase is wrong_phase."""
    state, action = midgame
    other = {**action, "player": (action["player"] + 1) % 3}
    body = assert_problem(post(client, "apply", {"state": state, "action": other}), 422, "not_active_player")
    assert body["rule"] == "MOZ-2.3"
    violation = post(client, "validate", {"state": state, "action": other}).json["violation"]
    assert (violation["code"], violation["rule"]) == ("not_active_player", "MOZ-2.3")
    body = assert_problem(post(client, "apply", {"state": state, "action": {"type": "finish_trading",
                                                                            "player": 0}}), 422, "wrong_phase")
    assert body["rule"] == "MOZ-2.1"


def test_moz_1_12_setup_refusals_over_http(client):
    """MOZ-1.12 / MOZ-1.1: the advanced variant and a fifth player are refused with their rules."""
    body = assert_problem(post(client, "setup", {"players": 3, "options": {"variant": "advanced"}}), 422,
                          "variant_not_supported")
    assert body["rule"] == "MOZ-1.12"
    body = assert_problem(post(client, "setup", {"players": 5}), 422, "invalid_player_count")
    assert body["rule"] == "MOZ-1.1"


def test_spec_4_4_view_hides_hands_decks_bids_and_seed(client, midgame):
    """Spec 4.4: the view over HTTP shows other hands as backs per cart, draw piles as sizes, no seed."""
    state, _ = midgame
    view = post(client, "view", {"state": state, "player": 0}).json["view"]
    assert "rng" not in view and "moz-http" not in orjson.dumps(view).decode()
    assert view["players"][0]["hand"] == state["players"][0]["hand"]
    for seat in (1, 2):
        assert "hand" not in view["players"][seat]
        assert view["players"][seat]["hand_backs"] == state["players"][seat]["hand_backs"]
    for index, pile in enumerate(view["supply"]):
        assert "draw" not in pile and pile["draw_count"] == len(state["supply"][index]["draw"])


def _card_in_two_places(s):
    kind = next(k for p in s["players"] for k in p["hand"])
    s["players"][2]["hand"][kind] = s["players"][2]["hand"].get(kind, 0) + 40
    s["players"][2]["hand_backs"][kind.split(".")[0]] = s["players"][2]["hand_backs"].get(kind.split(".")[0], 0) + 40


def _level_skipped(s):
    s["players"][1]["family"] = 9


def _king_nowhere(s):
    s["king"] = "U42"


def _hand_over_what_exists(s):
    s["players"][0]["hand"]["bronze.ruby"] = 30
    s["players"][0]["hand_backs"]["bronze"] = s["players"][0]["hand_backs"].get("bronze", 0) + 30


DEFECTS = [
    ("gem card in two places", _card_in_two_places, "$.state.players[2].hand.{kind}"),
    ("level skipped", _level_skipped, "$.state.players[1].family"),
    ("king on no hall", _king_nowhere, "$.state.king"),
    ("hand over the deck", _hand_over_what_exists, "$.state.players[0].hand.bronze.ruby"),
]


@pytest.mark.parametrize("name, how, path", DEFECTS, ids=[d[0] for d in DEFECTS])
@pytest.mark.parametrize("endpoint", STATE_ENDPOINTS)
def test_moz_2_5_bad_states_are_422_with_the_path(client, midgame, endpoint, name, how, path):
    """MOZ-2.5 / MOZ-6.4 / MOZ-7.1: bad states are refused as 422 invalid_state naming the path, never a 5xx."""
    state, action = midgame
    bad = damaged(state, how)
    paths = bad_state_paths(client, post, endpoint, bad, action)
    kind = next(k for p in state["players"] for k in p["hand"])
    assert paths == [path.format(kind=kind)]
