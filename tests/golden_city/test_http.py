"""The Golden City over HTTP: a whole game, refusals citing GC rules, bad states as 422 with a path."""

from __future__ import annotations

import random

import orjson
import pytest

from rulesets import get_ruleset
from rulesets.core import to_builtins
from tests.game_http import STATE_ENDPOINTS, bad_state_paths, game_poster, stateless_client
from tests.service.problem_checks import assert_problem, damaged

post = game_poster("golden_city")


@pytest.fixture(scope="module")
def client():
    return stateless_client()


@pytest.fixture(scope="module")
def midgame(client):
    """A 3-player state in the build phase with posts on the board, and the active seat's first action."""
    chooser = random.Random(3)
    answer = post(client, "setup", {"players": 3, "seed": "gc-http"}).json
    state, status = answer["state"], answer["status"]
    while status["phase"] != "build" or len(state["board"]) < 4:
        seat = status["active_players"][0]
        menu = post(client, "legal-actions", {"state": state, "player": seat}).json["actions"]
        builds = [a for a in menu if a["type"] == "build"]
        answer = post(client, "apply", {"state": state, "action": chooser.choice(builds or menu)}).json
        state, status = answer["state"], answer["status"]
    seat = status["active_players"][0]
    action = post(client, "legal-actions", {"state": state, "player": seat}).json["actions"][0]
    return state, action


def test_gc_2_1_whole_game_over_http(client):
    """GC-2.1 / GC-10.4: a whole 2-player game over HTTP agrees with the library and replays."""
    ruleset = get_ruleset("golden_city")
    chooser = random.Random(2)
    answer = post(client, "setup", {"players": 2, "seed": "gc-whole", "first_player": 1,
                                    "colors": ["yellow", "red"]}).json
    state, status = answer["state"], answer["status"]
    assert status["active_players"] == [1] and [p["colour"] for p in state["players"]] == ["yellow", "red"]
    played = []
    while not status["game_over"]:
        seat = chooser.choice(status["active_players"])
        menu = post(client, "legal-actions", {"state": state, "player": seat}).json["actions"]
        action = chooser.choice(menu)
        if len(played) % 11 == 0:
            assert post(client, "validate", {"state": state, "action": action}).json == {"legal": True}
        response = post(client, "apply", {"state": state, "action": action})
        assert response.status_code == 200, response.json
        if len(played) % 17 == 0:
            expected, events = ruleset.apply(ruleset.load_state(state), action)
            assert response.json["state"] == orjson.loads(orjson.dumps(to_builtins(expected)))
            assert response.json["events"] == to_builtins(events)
        state, status = response.json["state"], response.json["status"]
        played.append(action)
    assert status["phase"] == "game_over" and len(status["scores"]) == 2 and status["winners"]
    replayed = post(client, "replay", {"players": 2, "seed": "gc-whole", "first_player": 1,
                                       "colors": ["yellow", "red"], "salt": state["rng"]["salt"],
                                       "actions": played}).json
    assert replayed == {"state": state, "status": status}


def test_gc_5_1_refusal_cites_the_rule(client, midgame):
    """GC-5.1: another seat's build is not_your_turn with its rule, as a problem and as a violation."""
    state, action = midgame
    other = {**action, "player": (action["player"] + 1) % 3}
    body = assert_problem(post(client, "apply", {"state": state, "action": other}), 422, "not_your_turn")
    assert body["rule"] == "GC-5.1"
    violation = post(client, "validate", {"state": state, "action": other}).json["violation"]
    assert (violation["code"], violation["rule"]) == ("not_your_turn", "GC-5.1")


def test_gc_13_2_view_hides_hands_bonus_decks_and_seed(client, midgame):
    """GC-13.2: the view over HTTP hides other hands, bonus cards, deck orders and the seed."""
    state, _ = midgame
    view = post(client, "view", {"state": state, "player": 0}).json["view"]
    text = orjson.dumps(view).decode()
    assert "rng" not in view and "gc-http" not in text
    assert view["players"][0]["hand"] == state["players"][0]["hand"]
    for seat in (1, 2):
        assert "hand" not in view["players"][seat] and "bonus" not in view["players"][seat]
        assert view["players"][seat]["hand_count"] == len(state["players"][seat]["hand"])
    assert "landscape_deck" not in view and view["landscape_deck_count"] == len(state["landscape_deck"])
    ruleset = get_ruleset("golden_city")  # what seat 0 may learn is the property's (test_noninterference.py)
    assert view == orjson.loads(orjson.dumps(ruleset.view(ruleset.load_state(state), 0)))


def _post_on_two_spaces(s):
    taken = next(iter(s["board"]))
    free = next(sid for sid in ("N_V1", "E_V1", "S_V1", "W_V1", "N_V8", "E_V7") if sid not in s["board"])
    s["board"][free] = [list(s["board"][taken][0])]


def _too_many_posts(s):
    s["players"][0]["posts_left"] += 1


def _unknown_card_in_a_hand(s):
    s["players"][2]["hand"].append("lava")  # spec 5.1: five landscape types, no other


def _coins_total(s):
    s["bank_coins"] += 1


DEFECTS = [
    ("post on two spaces", _post_on_two_spaces, "$.state.board.{free}[0][2]"),
    ("more posts than owned", _too_many_posts, "$.state.players[0].posts_left"),
    ("unknown card in a hand", _unknown_card_in_a_hand, "$.state.players[2].hand[{last}]"),
    ("coin total", _coins_total, "$.state.bank_coins"),
]


@pytest.mark.parametrize("name, how, path", DEFECTS, ids=[d[0] for d in DEFECTS])
@pytest.mark.parametrize("endpoint", STATE_ENDPOINTS)
def test_gc_13_2_bad_states_are_422_with_the_path(client, midgame, endpoint, name, how, path):
    """GC-13.2 / spec 3.1: bad states are refused as 422 invalid_state naming the path, never a 5xx."""
    state, action = midgame
    bad = damaged(state, how)
    paths = bad_state_paths(client, post, endpoint, bad, action)
    free = [sid for sid in bad["board"] if sid not in state["board"]]
    expected = path.format(free=free[0] if free else "", last=len(bad["players"][2]["hand"]) - 1)
    assert paths == [expected]


def test_gc_1_8_setup_refusals_over_http(client):
    """GC-1.8 / GC-11.1: a start player who is not a seat, and black for a 2-player seat, are refused."""
    body = assert_problem(post(client, "setup", {"players": 3, "first_player": 3}), 422, "unknown_start_player")
    assert body["rule"] == "GC-1.8"
    body = assert_problem(post(client, "setup", {"players": 2, "colors": ["black", "red"]}), 422, "invalid_color")
    assert body["rule"] == "GC-11.1"
