"""POST /v1/games/{game}/picture and GET /v1/sessions/{id}/picture: a seat's view drawn, over HTTP."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from rulesets.core.drawing import frame_of, picture
from rulesets.testing.pictures import game_vocabulary, structure_problems, unexplained
from tests.sessions.real_games import real_rulesets, seats_for

GAMES = real_rulesets()
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def _setup(client, game, players, **extra):
    response = client.post(f"/v1/games/{game}/setup", json={"players": players, "seed": "picture-http", **extra})
    assert response.status_code == 200, response.json
    return response.json


@pytest.mark.parametrize("ruleset", GAMES, ids=lambda r: r.id)
def test_the_picture_of_a_posted_state_is_the_seats_view_drawn(client, ruleset):
    players = seats_for(ruleset)
    state = ruleset.load_state(_setup(client, ruleset.id, players)["state"])
    rnd = random.Random(7)
    for _ in range(6):  # a few moves in, so hands and boards hold something
        seat = ruleset.status(state).active_players[0]
        action = rnd.choice(ruleset.legal_actions(state, seat))
        state, _ = ruleset.apply(state, action)
    body = {"state": ruleset.dump(state), "last_action": ruleset.dump(action)}
    for seat in [*range(players), None]:
        response = client.post(f"/v1/games/{ruleset.id}/picture", json={**body, "player": seat})
        assert response.status_code == 200 and response.mimetype == "image/svg+xml"
        document = response.get_data(as_text=True)
        assert document == picture(ruleset, state, seat, last_action=action)
        assert structure_problems(document) == []
        assert unexplained(document, frame_of(ruleset, state, seat, last_action=action), *game_vocabulary(ruleset)) == []
        assert response.headers["Cache-Control"] == "private, no-store"
        assert "default-src 'none'" in response.headers["Content-Security-Policy"]


def test_theme_size_and_png(client):
    state = _setup(client, "solenia", 2)["state"]
    dark = client.post("/v1/games/solenia/picture?theme=dark&size=320", json={"state": state, "player": 0})
    root = ET.fromstring(dark.data)
    assert "theme-dark" in root.get("class") and root.get("width") == "320"
    png = client.post("/v1/games/solenia/picture?format=png&size=320", json={"state": state, "player": 0})
    assert png.status_code == 200 and png.mimetype == "image/png" and png.data.startswith(PNG_MAGIC)
    assert int.from_bytes(png.data[16:20], "big") == 320  # the IHDR width


@pytest.mark.parametrize("query, path", [("theme=sepia", "$.query.theme"), ("size=1", "$.query.size"),
                                         ("size=99999", "$.query.size"), ("format=gif", "$.query.format")])
def test_bad_query_parameters_are_422(client, query, path):
    state = _setup(client, "java", 2)["state"]
    response = client.post(f"/v1/games/java/picture?{query}", json={"state": state, "player": 0})
    assert response.status_code == 422 and response.json["errors"][0]["path"] == path


def test_bad_bodies_are_refused_before_drawing(client):
    state = _setup(client, "java", 2)["state"]
    assert client.post("/v1/games/java/picture", data="{", content_type="application/json").status_code == 400
    unknown = client.post("/v1/games/java/picture", json={"state": state, "player": 5})
    assert unknown.status_code == 422 and unknown.json["code"] == "unknown_player"
    bad_action = client.post("/v1/games/java/picture", json={"state": state, "player": 0, "last_action": {"type": 3}})
    assert bad_action.status_code == 422 and bad_action.json["errors"][0]["path"].startswith("$.last_action")
    both = client.post("/v1/games/java/picture", json={"player": 0})
    assert both.status_code == 422
    assert client.post("/v1/games/nogame/picture", json={"state": state, "player": 0}).status_code == 404


def test_a_sealed_states_seat_picture_needs_its_seat_key(card_nim):
    from service import create_app
    from service.sealing import new_key

    client = create_app({"TESTING": True, "LOG_LEVEL": "WARNING", "STATE_SEALING_KEYS": new_key()}).test_client()
    sealed = _setup(client, "kingdom_of_solomon", 2, sealed=True)
    body = {"sealed_state": sealed["sealed_state"], "player": 1}
    assert client.post("/v1/games/kingdom_of_solomon/picture", json=body).json["code"] == "seat_key_required"
    keyed = client.post("/v1/games/kingdom_of_solomon/picture", json={**body, "seat_key": sealed["seat_keys"][1]})
    assert keyed.status_code == 200 and keyed.mimetype == "image/svg+xml"
    spectator = client.post("/v1/games/kingdom_of_solomon/picture",
                            json={"sealed_state": sealed["sealed_state"], "player": None})
    assert spectator.status_code == 200


@pytest.mark.parametrize("ruleset", GAMES, ids=lambda r: r.id)
def test_a_session_picture_is_the_callers_seat_with_the_last_action_marked(client, ruleset):
    players = seats_for(ruleset)
    created = client.post("/v1/sessions", json={"game": ruleset.id, "players": players, "seed": "pic"}).json
    sid, tokens = created["session_id"], created["seat_tokens"]
    rnd = random.Random(3)
    for version in range(1, 5):
        state = ruleset.load_state(client.application.extensions["sessions"]._open(sid).state())
        seat = ruleset.status(state).active_players[0]
        action = rnd.choice(ruleset.legal_actions(state, seat))
        answer = client.post(f"/v1/sessions/{sid}/actions", headers=bearer(tokens[seat]),
                             json={"action": ruleset.dump(action)})
        assert answer.status_code == 200, answer.json
        state, _ = ruleset.apply(state, action)
        for viewer in [*range(players), None]:
            response = client.get(f"/v1/sessions/{sid}/picture",
                                  headers=bearer(tokens[viewer]) if viewer is not None else {})
            assert response.status_code == 200 and response.headers["ETag"] == f'"{version}"'
            assert "Authorization" in response.headers["Vary"]
            assert response.get_data(as_text=True) == picture(ruleset, state, viewer, last_action=action)
    assert client.get(f"/v1/sessions/{sid}/picture", headers=bearer("not-a-token")).status_code == 401
    assert client.get("/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA/picture").status_code == 404
