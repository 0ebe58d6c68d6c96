"""KOS-6.2 / KOS-6.3 over HTTP sessions: a seat that is not on turn finds its fortune card in its own
legal actions and plays it with its own token; the turn does not move."""

from __future__ import annotations

import random

from service import create_app


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_kos_6_3_out_of_turn_play_through_a_session():
    """KOS-6.3: accepted between two turn actions, from the seat's own token, in any phase."""
    client = create_app({"TESTING": True, "LOG_LEVEL": "WARNING"}).test_client()
    created = client.post("/v1/sessions", json={"game": "kingdom_of_solomon", "players": 3, "seed": "oot"})
    assert created.status_code == 201, created.json
    sid, tokens = created.json["session_id"], created.json["seat_tokens"]
    base = f"/v1/sessions/{sid}"
    chooser = random.Random(3)
    for version in range(3000):
        status = client.get(base, headers=bearer(tokens[0])).json["status"]
        assert not status["game_over"], "no out-of-turn card came up"
        active = status["active_players"]
        for seat in range(3):
            if seat in active:
                continue
            menu = client.get(f"{base}/legal-actions", headers=bearer(tokens[seat])).json["actions"]
            if menu:
                assert {a["type"] for a in menu} == {"play_fortune"}
                card = menu[0]["card"]
                before = client.get(base, headers=bearer(tokens[active[0]])).json["view"]
                assert card not in str(before["players"][seat])  # other seats see a count only
                assert before["players"][seat]["hand_count"] >= 1
                played = client.post(f"{base}/actions", json={"action": menu[0], "expected_version": version},
                                     headers=bearer(tokens[seat]))
                assert played.status_code == 200, played.json
                assert played.json["status"]["active_players"] == active or status["phase"] in (
                    "placement", "round_end")
                after = client.get(base, headers=bearer(tokens[active[0]])).json["view"]
                assert card in after["fortune_discard"]
                return
        seat = active[0]
        menu = [a for a in client.get(f"{base}/legal-actions", headers=bearer(tokens[seat])).json["actions"]
                if a["type"] != "play_fortune"]
        acted = client.post(f"{base}/actions", json={"action": chooser.choice(menu), "expected_version": version},
                            headers=bearer(tokens[seat]))
        assert acted.status_code == 200, acted.json


def test_listed_with_its_metadata_and_setup_over_http():
    """KOS-1.1 over HTTP: listed in /v1/games, metadata with the rule index and the option; setup answers a
    state whose status awaits position 1 (KOS-1.9)."""
    client = create_app({"TESTING": True, "LOG_LEVEL": "WARNING"}).test_client()
    games = {g["id"]: g for g in client.get("/v1/games").json["games"]}
    assert games["kingdom_of_solomon"]["min_players"] == 2 and games["kingdom_of_solomon"]["max_players"] == 4
    meta = client.get("/v1/games/kingdom_of_solomon").json
    assert len(meta["rules"]) == 106 and meta["options"][0]["name"] == "variant_all_bonus"
    answer = client.post("/v1/games/kingdom_of_solomon/setup", json={"players": 3, "seed": 42}).json
    assert answer["status"]["active_players"] == [answer["state"]["turn_order"][0]]
    refused = client.post("/v1/games/kingdom_of_solomon/setup",
                          json={"players": 4, "seed": 1, "options": {"variant_all_bonus": True}})
    assert refused.status_code == 422 and refused.json["code"] == "variant_not_allowed"
