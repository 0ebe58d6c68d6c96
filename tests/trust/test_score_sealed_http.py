"""POST /v1/games/{game}/score on a sealed state: a seat's secret items reach that seat only (issue #24)."""

from __future__ import annotations


def test_a_sealed_state_shows_a_seats_secret_items_to_that_seat_only(client):
    """Golden City's bonus cards are their owner's until the end (GC-6.4): on a sealed state another seat's
    bonus_cards item is withheld, with its total and the ranking; the owner, with its seat_key, sees its own."""
    setup = client.post("/v1/games/golden_city/setup", json={"players": 2, "seed": "score-sealed", "sealed": True})
    assert setup.status_code == 200, setup.json
    sealed, keys = setup.json["sealed_state"], setup.json["seat_keys"]
    spectator = client.post("/v1/games/golden_city/score", json={"sealed_state": sealed}).json
    for entry in spectator["scores"]:
        bonus = next(item for item in entry["items"] if item["category"] == "bonus_cards")
        assert bonus["points"] is None and entry["total"] is None
        assert next(item for item in entry["items"] if item["category"] == "victory_points")["points"] == 0
    assert spectator["ranking"] is None
    seat0 = client.post("/v1/games/golden_city/score",
                        json={"sealed_state": sealed, "player": 0, "seat_key": keys[0]}).json
    assert isinstance(seat0["scores"][0]["total"], int) and seat0["scores"][1]["total"] is None
    refused = client.post("/v1/games/golden_city/score", json={"sealed_state": sealed, "player": 0})
    assert refused.status_code == 403 and refused.json["code"] == "seat_key_required"
