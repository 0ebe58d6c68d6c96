"""Sealed states over HTTP: every endpoint that takes ``state`` takes ``sealed_state``, and
every token the referee did not seal for that game is ``422 invalid_seal``."""

from __future__ import annotations

import base64

import orjson
import pytest

from service.sealing import TOKEN_PREFIX, new_key

from .conftest import SEALING_KEY, make_app

GAME = "golden_city"
SEED = "sealed-http-seed-5c1e"


def post(client, endpoint, body, game=GAME):
    return client.post(f"/v1/games/{game}/{endpoint}", json=body)


def sealed_setup(client, player=None, seed=SEED):
    answer = post(client, "setup", {"players": 2, "seed": seed, "sealed": True, "player": player})
    assert answer.status_code == 200, answer.json
    return answer.json


def tampered(token: str, where: int) -> str:
    text = token[len(TOKEN_PREFIX):]
    raw = bytearray(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    raw[where] ^= 0x80
    return TOKEN_PREFIX + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


def first_action(client, sealed):
    seat = sealed["status"]["active_players"][0]
    menu = post(client, "legal-actions", {"sealed_state": sealed["sealed_state"], "player": seat,
                                          "seat_key": sealed["seat_keys"][seat]})
    assert menu.status_code == 200, menu.json
    return menu.json["actions"][0]


def assert_invalid_seal(response, game=GAME):
    assert response.status_code == 422, response.json
    body = response.json
    assert body["code"] == "invalid_seal" and body["errors"] == [{"path": "$.sealed_state",
                                                                  "message": "cannot be opened"}]
    assert game in body["detail"] and SEED not in response.get_data(as_text=True)


def test_sealed_setup_answers_a_token_and_the_named_seats_view(client):
    plain = post(client, "setup", {"players": 2, "seed": SEED}).json
    sealed = sealed_setup(client, player=1)
    assert set(sealed) == {"sealed_state", "view", "seat_keys", "status", "seed_commitment"}
    assert sealed["view"]["viewer"] == 1 and sealed["status"] == plain["status"]
    assert SEED not in orjson.dumps(sealed).decode()
    spectator = sealed_setup(client)
    assert spectator["view"]["viewer"] is None
    view = post(client, "view", {"sealed_state": sealed["sealed_state"], "player": 1,
                                 "seat_key": sealed["seat_keys"][1]}).json
    assert view["view"] == sealed["view"] and view["seed_commitment"] == sealed["seed_commitment"]


def test_sealed_apply_answers_the_next_token_the_actors_view_and_its_events(client):
    sealed = sealed_setup(client)
    action = first_action(client, sealed)
    key = sealed["seat_keys"][action["player"]]
    assert post(client, "validate", {"sealed_state": sealed["sealed_state"], "action": action,
                                     "seat_key": key}).json == {"legal": True}
    applied = post(client, "apply", {"sealed_state": sealed["sealed_state"], "action": action, "seat_key": key})
    assert applied.status_code == 200, applied.json
    answer = applied.json
    assert set(answer) == {"sealed_state", "view", "events", "status"}
    assert answer["view"]["viewer"] == action["player"]
    assert all(action["player"] in e.get("visible_to", [action["player"]]) for e in answer["events"])
    assert answer["sealed_state"] != sealed["sealed_state"]
    assert SEED not in applied.get_data(as_text=True)
    # the token from apply is good for the next request
    nxt = post(client, "view", {"sealed_state": answer["sealed_state"], "player": action["player"], "seat_key": key})
    assert nxt.status_code == 200 and nxt.json["view"] == answer["view"]


def test_an_illegal_action_on_a_sealed_state_cites_its_rule(client):
    """The seat's own key, out of turn: the game's refusal, not a seat-key one (the key is checked first)."""
    sealed = sealed_setup(client)
    action = first_action(client, sealed)
    wrong = {**action, "player": 1 - action["player"]}
    key = sealed["seat_keys"][wrong["player"]]
    refused = post(client, "apply", {"sealed_state": sealed["sealed_state"], "action": wrong, "seat_key": key})
    assert refused.status_code == 422 and refused.json["code"] not in ("invalid_seal", "invalid_request")
    verdict = post(client, "validate", {"sealed_state": sealed["sealed_state"], "action": wrong,
                                        "seat_key": key}).json
    assert verdict["legal"] is False and verdict["violation"]["code"] == refused.json["code"]


@pytest.mark.parametrize("endpoint", ["apply", "validate", "legal-actions", "view"])
@pytest.mark.parametrize("where", [0, 5, 20, -1])
def test_a_tampered_byte_is_refused_everywhere(client, endpoint, where):
    sealed = sealed_setup(client)
    action = first_action(client, sealed)
    body = {"sealed_state": tampered(sealed["sealed_state"], where)}
    body.update({"action": action} if endpoint in ("apply", "validate") else {"player": 0})
    assert_invalid_seal(post(client, endpoint, body))


@pytest.mark.parametrize("cut", [1, 10, 200])
def test_a_truncated_token_is_refused(client, cut):
    token = sealed_setup(client)["sealed_state"]
    assert_invalid_seal(post(client, "view", {"sealed_state": token[:-cut], "player": 0}))


def test_a_token_of_another_game_is_refused(client):
    token = sealed_setup(client)["sealed_state"]
    assert_invalid_seal(post(client, "view", {"sealed_state": token, "player": 0}, game="java"), game="java")


def test_a_token_sealed_under_a_rotated_out_key_is_refused_and_a_listed_old_key_still_opens(client):
    sealed = sealed_setup(client)
    token = sealed["sealed_state"]
    newer = new_key()
    rotating = make_app(STATE_SEALING_KEYS=f"{newer},{SEALING_KEY}").test_client()
    assert post(rotating, "view", {"sealed_state": token, "player": 0,
                                   "seat_key": sealed["seat_keys"][0]}).status_code == 200
    resealed = post(rotating, "setup", {"players": 2, "seed": SEED, "sealed": True}).json
    rotated = make_app(STATE_SEALING_KEYS=newer).test_client()
    assert_invalid_seal(post(rotated, "view", {"sealed_state": token, "player": 0,
                                               "seat_key": sealed["seat_keys"][0]}))
    assert post(rotated, "view", {"sealed_state": resealed["sealed_state"], "player": 0,
                                  "seat_key": resealed["seat_keys"][0]}).status_code == 200


def test_exactly_one_of_state_and_sealed_state(client):
    sealed = sealed_setup(client)
    plain = post(client, "setup", {"players": 2, "seed": SEED}).json["state"]
    for body in ({"player": 0}, {"state": plain, "sealed_state": sealed["sealed_state"], "player": 0}):
        refused = post(client, "view", body)
        assert refused.status_code == 422 and refused.json["code"] == "invalid_request"
        assert refused.json["errors"][0]["path"] == "$.state"


def test_a_sealed_state_must_be_a_string(client):
    refused = post(client, "view", {"sealed_state": {"game": GAME}, "player": 0})
    assert refused.status_code == 422 and refused.json["errors"][0]["path"] == "$.sealed_state"


def test_player_without_sealed_is_refused_and_a_sealed_setup_checks_the_seat(client):
    refused = post(client, "setup", {"players": 2, "seed": SEED, "player": 0})
    assert refused.status_code == 422 and refused.json["errors"][0]["path"] == "$.player"
    refused = post(client, "setup", {"players": 2, "seed": SEED, "sealed": True, "player": 5})
    assert refused.status_code == 422 and refused.json["code"] == "unknown_player"


def test_without_keys_sealing_answers_how_to_turn_it_on():
    off = make_app().test_client()
    for endpoint, body in [("setup", {"players": 2, "sealed": True}),
                           ("view", {"sealed_state": "v1.AAAA", "player": 0})]:
        answer = post(off, endpoint, body)
        assert answer.status_code == 501 and answer.json["code"] == "sealing_not_configured"
        assert "STATE_SEALING_KEYS" in answer.json["detail"]
    assert post(off, "setup", {"players": 2}).status_code == 200  # plain states are unaffected
