"""Every registered game, played whole through sealed states alone, then verified.

The client never holds a plain state: it sets up sealed, asks legal-actions of the
sealed state, applies one, and carries the next token on. No answer before the end
holds the seed or the salt; the answer that ends the game reveals both, they open the
commitment setup gave, and ``verify`` replays the actions to the same scores. The games
come from the registry, so a newly registered game is covered without an edit here.
"""

from __future__ import annotations

import random

import pytest

from rulesets.core.host import seed_commitment
from tests.sessions.real_games import real_rulesets, seats_for

GAMES = real_rulesets()
MAX_STEPS = 4000


@pytest.mark.parametrize("ruleset", GAMES, ids=[r.id for r in GAMES])
def test_a_whole_game_through_sealed_states_verifies(client, ruleset):
    players, seed = seats_for(ruleset), f"sealed-whole-{ruleset.id}-7d41e9"
    chooser = random.Random(seed)
    base = f"/v1/games/{ruleset.id}"
    setup = client.post(f"{base}/setup", json={"players": players, "seed": seed, "sealed": True})
    assert setup.status_code == 200, setup.json
    token, status, commitment = setup.json["sealed_state"], setup.json["status"], setup.json["seed_commitment"]
    keys = setup.json["seat_keys"]  # each seat's, good for every later token of the game
    assert len(keys) == players
    seen = [setup.get_data()]  # every answer before the end, searched for the seed and salt afterwards
    played = []
    for _ in range(MAX_STEPS):
        if status["game_over"]:
            break
        for seat in chooser.sample(status["active_players"], len(status["active_players"])):
            menu = client.post(f"{base}/legal-actions", json={"sealed_state": token, "player": seat,
                                                              "seat_key": keys[seat]})
            assert menu.status_code == 200, menu.json
            seen.append(menu.get_data())
            if menu.json["actions"]:
                break
        else:
            pytest.fail(f"{ruleset.id}: no active seat has a legal action")
        action = chooser.choice(menu.json["actions"])
        applied = client.post(f"{base}/apply", json={"sealed_state": token, "action": action,
                                                      "seat_key": keys[action["player"]]})
        assert applied.status_code == 200, applied.json
        answer = applied.json
        token, status = answer["sealed_state"], answer["status"]
        assert answer["view"]["viewer"] == action["player"]
        played.append(action)
        if not status["game_over"]:
            seen.append(applied.get_data())
    else:
        pytest.fail(f"{ruleset.id}: no end after {MAX_STEPS} actions")

    revealed_seed, salt = answer["seed"], answer["salt"]
    assert revealed_seed == seed and salt and seed_commitment(seed, salt) == commitment
    before_the_end = b"".join(seen).decode()
    assert seed not in before_the_end and salt not in before_the_end
    finished_view = client.post(f"{base}/view", json={"sealed_state": token}).json
    assert (finished_view["seed"], finished_view["salt"]) == (seed, salt)

    verdict = client.post(f"{base}/verify", json={
        "players": players, "seed": seed, "salt": salt, "seed_commitment": commitment, "actions": played,
        "scores": status["scores"], "winners": status["winners"]})
    assert verdict.status_code == 200, verdict.json
    assert verdict.json["verified"] is True, verdict.json["reasons"]
    assert verdict.json["status"] == status and verdict.json["replay"] == {"ok": True, "applied": len(played)}
