"""A whole game of every published ruleset, played through sessions by seat tokens alone.

Each step, every seat reads the session and must see exactly ``ruleset.view`` of the
stored state for its seat (and the log exactly the events ``view_events`` grants it);
the acting seat asks for its legal actions and plays one. No answer before the end holds
the seed or its salt; at the end every answer reveals both, they open the commitment given
at creation, and a stateless replay of the log, both the library's and the HTTP
endpoint's, lands on the stored state.
"""

from __future__ import annotations

import random

import orjson
import pytest

from rulesets.core.host import canonical_json, seed_commitment, to_builtins

from .real_games import real_rulesets, seats_for

GAMES = real_rulesets()
MAX_STEPS = 3000


def bearer(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


@pytest.mark.parametrize("backend", ["redis", "cluster"], indirect=True)
@pytest.mark.parametrize("ruleset", GAMES, ids=[r.id for r in GAMES])
def test_a_whole_game_through_sessions(client, app, ruleset):
    store = app.extensions["sessions"].store
    players, seed = seats_for(ruleset), f"whole-{ruleset.id}"
    chooser = random.Random(seed)
    created = client.post("/v1/sessions", json={"game": ruleset.id, "players": players, "seed": seed})
    assert created.status_code == 201, created.json
    sid, tokens = created.json["session_id"], created.json["seat_tokens"]
    commitment = created.json["seed_commitment"]
    salt = orjson.loads(store.snapshot(sid).state)["rng"]["salt"]
    base = f"/v1/sessions/{sid}"
    answers = [created.json]  # every body a seat or spectator received before the end, searched for the seed
    for step in range(MAX_STEPS):
        stored = ruleset.load_state(orjson.loads(store.snapshot(sid).state))
        views = [client.get(base, headers=bearer(token)).json for token in tokens]
        for seat, seen in enumerate(views):
            assert seen["version"] == step and seen["seat"] == seat
            assert seen["view"] == orjson.loads(orjson.dumps(ruleset.view(stored, seat)))
        assert all(seen["seed_commitment"] == commitment for seen in views)
        status = views[0]["status"]
        if status["game_over"]:
            break
        answers += views + [client.get(f"{base}/log", headers=bearer(tokens[step % players])).json]
        menus = {seat: client.get(f"{base}/legal-actions", headers=bearer(tokens[seat])).json["actions"]
                 for seat in status["active_players"]}
        seat = chooser.choice([s for s, menu in menus.items() if menu])
        acted = client.post(f"{base}/actions", json={"action": chooser.choice(menus[seat]), "expected_version": step},
                            headers=bearer(tokens[seat]))
        assert acted.status_code == 200, acted.json
        assert all(seat in e.get("visible_to", [seat]) for e in acted.json["events"])
        answers += list(menus.values())
        if acted.json["status"]["game_over"]:
            last_action = acted.json  # the action that ends the game answers the reveal too
        else:
            answers.append(acted.json)
    else:
        pytest.fail(f"{ruleset.id}: no end after {MAX_STEPS} actions")

    raw_log = [orjson.loads(e) for e in store.read_log(sid).entries]
    logs = [client.get(f"{base}/log", headers=bearer(token)).json["entries"] for token in tokens + [None]]
    for seat, entries in enumerate(logs):
        seat = seat if seat < players else None  # the last log is a spectator's
        assert [e["version"] for e in entries] == list(range(1, len(raw_log) + 1))
        for mine, raw in zip(entries, raw_log):
            assert mine["events"] == orjson.loads(orjson.dumps(to_builtins(ruleset.view_events(raw["events"], seat))))
            assert all(seat in e.get("visible_to", [seat]) for e in mine["events"])
    seen_before_the_end = orjson.dumps(answers).decode()
    assert seed not in seen_before_the_end and salt not in seen_before_the_end
    for finished in [last_action, *views, client.get(base).json,
                     *(client.get(f"{base}/log", headers=bearer(token)).json for token in tokens + [None])]:
        assert (finished["seed"], finished["salt"]) == (seed, salt)
    assert seed_commitment(seed, salt) == commitment
    # the actions as each acting seat sees them in its own log: the API alone suffices to replay
    actions = [logs[raw["seat"]][i]["action"] for i, raw in enumerate(raw_log)]
    final = orjson.loads(store.snapshot(sid).state)
    assert canonical_json(ruleset.replay(players, seed, None, actions, salt=salt)) == canonical_json(final)
    replay = client.post(f"/v1/games/{ruleset.id}/replay",
                         json={"players": players, "seed": seed, "salt": salt, "actions": actions})
    assert replay.status_code == 200 and canonical_json(replay.json["state"]) == canonical_json(final)
    assert replay.json["status"] == views[0]["status"]
