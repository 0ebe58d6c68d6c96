"""Sealed states bound to a seat (issue #20), for every registered game.

A sealed setup answers ``seat_keys``, one per seat. A request on a sealed state for a seat
(``view`` and ``legal-actions`` with ``player``, ``validate`` and ``apply`` with the action's
``player``) must carry that seat's ``seat_key``: none is ``403 seat_key_required``, any other
``403 invalid_seat_key``. A spectator's view needs none. The keys hold for the game's every
later token, and under a rotation. The games come from the registry.
"""

from __future__ import annotations

import base64

import pytest

from service.sealing import TOKEN_PREFIX, new_key
from tests.sessions.real_games import real_rulesets, seats_for

from .conftest import SEALING_KEY, make_app

GAMES = real_rulesets()
SEAT_ENDPOINTS = ["view", "legal-actions", "validate", "apply"]


def post(client, ruleset, endpoint, body):
    return client.post(f"/v1/games/{ruleset.id}/{endpoint}", json=body)


class Table:
    """A sealed game as its clients hold it: the token, each seat's key, the first seat to act and its action."""

    def __init__(self, client, ruleset, seed="seat-keys-seed-41c7"):
        self.client, self.ruleset = client, ruleset
        self.players = seats_for(ruleset)
        answer = post(client, ruleset, "setup", {"players": self.players, "seed": seed, "sealed": True})
        assert answer.status_code == 200, answer.json
        self.setup = answer.json
        self.token, self.keys = answer.json["sealed_state"], answer.json["seat_keys"]
        self.seat = answer.json["status"]["active_players"][0]
        self.other = (self.seat + 1) % self.players
        menu = self.post("legal-actions", player=self.seat, seat_key=self.keys[self.seat])
        assert menu.status_code == 200, menu.json
        self.action = menu.json["actions"][0]
        assert self.action["player"] == self.seat

    def post(self, endpoint, token=None, **members):
        return post(self.client, self.ruleset, endpoint, {"sealed_state": token or self.token, **members})

    def body(self, endpoint, seat=None):
        """The request ``endpoint`` makes for ``seat`` (default: the first to act), without a key."""
        seat = self.seat if seat is None else seat
        if endpoint in ("view", "legal-actions"):
            return {"player": seat}
        assert seat == self.seat
        return {"action": self.action}


def assert_refused(response, code, seat):
    assert response.status_code == 403, response.json
    problem = response.json
    assert response.content_type == "application/problem+json"
    assert problem["code"] == code and problem["type"].endswith(":" + code) and problem["status"] == 403
    assert problem["errors"][0]["path"] == "$.seat_key" and f"seat {seat}" in problem["detail"]


@pytest.fixture(params=GAMES, ids=[r.id for r in GAMES])
def table(client, request):
    return Table(client, request.param)


def test_a_sealed_setup_answers_one_distinct_key_per_seat(table):
    keys = table.keys
    assert isinstance(keys, list) and len(keys) == table.players and len(set(keys)) == table.players
    for key in keys:
        assert isinstance(key, str) and "=" not in key
        assert len(base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))) == 32
    plain = post(table.client, table.ruleset, "setup", {"players": table.players, "seed": "seat-keys-seed-41c7"})
    assert "seat_keys" not in plain.json  # a plain state needs no key


@pytest.mark.parametrize("endpoint", SEAT_ENDPOINTS)
def test_a_seats_request_without_its_key_is_refused(table, endpoint):
    assert_refused(table.post(endpoint, **table.body(endpoint)), "seat_key_required", table.seat)
    assert_refused(table.post(endpoint, seat_key=None, **table.body(endpoint)), "seat_key_required", table.seat)


@pytest.mark.parametrize("endpoint", SEAT_ENDPOINTS)
def test_another_seats_key_or_a_wrong_one_is_refused(table, endpoint):
    own = table.keys[table.seat]
    for wrong in (table.keys[table.other], "", "not-a-key", own[:-1], own + "A", own.swapcase(), new_key()):
        assert_refused(table.post(endpoint, seat_key=wrong, **table.body(endpoint)), "invalid_seat_key", table.seat)


@pytest.mark.parametrize("endpoint", SEAT_ENDPOINTS)
def test_the_seats_own_key_is_answered(table, endpoint):
    answer = table.post(endpoint, seat_key=table.keys[table.seat], **table.body(endpoint))
    assert answer.status_code == 200, answer.json
    assert "seat_keys" not in answer.json
    assert not any(key in answer.get_data(as_text=True) for key in table.keys)  # never in another answer


def test_every_seat_sees_its_own_view_with_its_key_and_not_with_anothers(table):
    for seat in range(table.players):
        seen = table.post("view", player=seat, seat_key=table.keys[seat])
        assert seen.status_code == 200 and seen.json["view"]["viewer"] == seat
        other = table.keys[(seat + 1) % table.players]
        assert_refused(table.post("view", player=seat, seat_key=other), "invalid_seat_key", seat)


def test_a_spectators_view_needs_no_key(table):
    for body in ({}, {"player": None}):
        answer = table.post("view", **body)
        assert answer.status_code == 200 and answer.json["view"]["viewer"] is None


def test_the_keys_hold_for_the_games_later_states(table):
    applied = table.post("apply", action=table.action, seat_key=table.keys[table.seat])
    assert applied.status_code == 200, applied.json
    assert "seat_keys" not in applied.json
    later = applied.json["sealed_state"]
    for seat in range(table.players):
        assert table.post("view", later, player=seat, seat_key=table.keys[seat]).status_code == 200
        assert_refused(table.post("view", later, player=seat), "seat_key_required", seat)
        assert_refused(table.post("view", later, player=seat, seat_key=table.keys[(seat + 1) % table.players]),
                       "invalid_seat_key", seat)
    actor = applied.json["status"]["active_players"]
    if actor:
        menu = table.post("legal-actions", later, player=actor[0], seat_key=table.keys[actor[0]])
        assert menu.status_code == 200, menu.json


def test_another_sealed_game_of_the_same_seed_has_other_keys(table):
    again = Table(table.client, table.ruleset)
    assert not set(again.keys) & set(table.keys)
    assert_refused(again.post("view", player=again.seat, seat_key=table.keys[again.seat]),
                   "invalid_seat_key", again.seat)


def test_a_token_that_does_not_open_is_invalid_seal_before_any_key_is_asked_for(table):
    text = table.token[len(TOKEN_PREFIX):]
    raw = bytearray(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    raw[-1] ^= 0x01
    broken = TOKEN_PREFIX + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    for endpoint in SEAT_ENDPOINTS:
        for key in ({}, {"seat_key": table.keys[table.seat]}, {"seat_key": "wrong"}):
            answer = table.post(endpoint, broken, **key, **table.body(endpoint))
            assert answer.status_code == 422 and answer.json["code"] == "invalid_seal", answer.json


def test_a_seat_with_its_key_out_of_turn_gets_the_games_own_refusal(table):
    wrong = {**table.action, "player": table.other}
    key = table.keys[table.other]
    refused = table.post("apply", action=wrong, seat_key=key)
    assert refused.status_code == 422, refused.json
    assert refused.json["code"] not in ("invalid_seal", "invalid_request", "seat_key_required", "invalid_seat_key")
    verdict = table.post("validate", action=wrong, seat_key=key)
    assert verdict.status_code == 200 and verdict.json["legal"] is False
    # without the key, the same action is refused for the key, before the rules are asked
    assert_refused(table.post("apply", action=wrong), "seat_key_required", table.other)


def test_a_seat_the_game_does_not_have_gets_the_games_refusal(table):
    answer = table.post("view", player=table.players)
    assert answer.status_code == 422 and answer.json["code"] == "unknown_player", answer.json


def test_a_seat_key_must_be_a_string(table):
    answer = table.post("view", player=table.seat, seat_key=7)
    assert answer.status_code == 422 and answer.json["code"] == "invalid_request"
    assert answer.json["errors"][0]["path"] == "$.seat_key"


def test_a_plain_state_ignores_a_seat_key(client, table):
    plain = post(client, table.ruleset, "setup", {"players": table.players, "seed": "seat-keys-seed-41c7"}).json
    for endpoint in SEAT_ENDPOINTS:
        body = {"state": plain["state"], "seat_key": "anything", **table.body(endpoint)}
        answer = post(client, table.ruleset, endpoint, body)
        assert answer.status_code == 200, answer.json


def test_the_keys_survive_a_rotation_while_the_old_key_is_listed(table):
    """Set up under the old key; the rotated referee (new key first) opens the token, takes the old seat
    keys, seals the next state with the new key, and the same seat keys hold for that one too."""
    rotating = make_app(STATE_SEALING_KEYS=f"{new_key()},{SEALING_KEY}").test_client()
    turned = Table(rotating, table.ruleset)  # set up under the new key: its keys are made under it
    for client, game in ((rotating, table), (rotating, turned), (table.client, table)):
        key = game.keys[game.seat]
        assert post(client, game.ruleset, "view", {"sealed_state": game.token, "player": game.seat,
                                                   "seat_key": key}).status_code == 200
    applied = post(rotating, table.ruleset, "apply", {"sealed_state": table.token, "action": table.action,
                                                      "seat_key": table.keys[table.seat]})
    assert applied.status_code == 200, applied.json
    later = applied.json["sealed_state"]
    for seat in range(table.players):
        assert post(rotating, table.ruleset, "view", {"sealed_state": later, "player": seat,
                                                      "seat_key": table.keys[seat]}).status_code == 200
    # the first referee never knew the new key: the new token does not open there
    refused = post(table.client, table.ruleset, "view", {"sealed_state": later, "player": table.seat,
                                                         "seat_key": table.keys[table.seat]})
    assert refused.status_code == 422 and refused.json["code"] == "invalid_seal"


def test_the_seat_keys_of_a_dropped_key_are_refused():
    """Once the key a game was set up under is dropped, its seat keys go with it (the README says when to drop
    a key), even where its token was sealed again under the new key."""
    ruleset = GAMES[0]
    newer = new_key()
    old = Table(make_app(STATE_SEALING_KEYS=SEALING_KEY).test_client(), ruleset)
    rotating = make_app(STATE_SEALING_KEYS=f"{newer},{SEALING_KEY}").test_client()
    applied = post(rotating, ruleset, "apply", {"sealed_state": old.token, "action": old.action,
                                                "seat_key": old.keys[old.seat]})
    assert applied.status_code == 200, applied.json
    dropped = make_app(STATE_SEALING_KEYS=newer).test_client()
    answer = post(dropped, ruleset, "view", {"sealed_state": applied.json["sealed_state"], "player": old.seat,
                                             "seat_key": old.keys[old.seat]})
    assert_refused(answer, "invalid_seat_key", old.seat)
