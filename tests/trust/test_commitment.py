"""The seed's commitment: salted, fixed for the game's life, hidden with the seed, revealed at the end."""

from __future__ import annotations

import orjson
import pytest

from rulesets.core.host import InvalidSetup, commitment_matches, get_ruleset, salted, seed_commitment, unseen_strings
from rulesets.testing.playout import random_playout
from tests.sessions.real_games import real_rulesets

GAMES = real_rulesets()
SALT = "5a17" * 8


def test_the_commitment_binds_seed_and_salt_unambiguously():
    assert seed_commitment("42", SALT) == seed_commitment("42", SALT)
    assert seed_commitment("42", SALT).startswith("sha256:")
    assert seed_commitment("42", SALT) != seed_commitment("43", SALT)
    assert seed_commitment("42", SALT) != seed_commitment("42", SALT[:-1] + "8")
    assert seed_commitment("c", "ab") != seed_commitment("bc", "a")  # lengths are part of what is hashed
    assert commitment_matches(seed_commitment("42", SALT), "42", SALT)
    assert not commitment_matches(seed_commitment("42", SALT), "42", "wrong-salt")


@pytest.mark.parametrize("ruleset", GAMES, ids=[r.id for r in GAMES])
def test_the_salt_is_hidden_from_every_seat_like_the_seed_and_changes_no_draw(ruleset):
    players = ruleset.min_players
    unsalted = ruleset.setup(players, "commit-seed-91b2")
    state = salted(ruleset.setup(players, "commit-seed-91b2"), SALT)
    assert state.rng.salt == SALT and unsalted.rng.salt is None
    unsalted.rng.salt = SALT
    assert ruleset.dump(unsalted) == ruleset.dump(state)  # same deal, same draws
    for viewer in [None, *range(players)]:
        assert SALT in unseen_strings(state, viewer, state)
        assert SALT not in orjson.dumps(ruleset.view(state, viewer)).decode()


@pytest.mark.parametrize("salt", ["", "x" * 129, 7])
def test_a_salt_is_a_short_nonempty_string(salt):
    ruleset = GAMES[0]
    with pytest.raises(InvalidSetup):
        salted(ruleset.setup(ruleset.min_players, 1), salt)


def test_setup_commits_and_the_stateless_view_reveals_only_once_the_game_is_over(client):
    setup = client.post("/v1/games/solenia/setup", json={"players": 2, "seed": "reveal-me-4411"}).json
    state = setup["state"]
    assert setup["seed_commitment"] == seed_commitment("reveal-me-4411", state["rng"]["salt"])
    early = client.post("/v1/games/solenia/view", json={"state": state, "player": 0})
    assert early.json["seed_commitment"] == setup["seed_commitment"]
    assert "seed" not in early.json and "salt" not in early.json
    assert "reveal-me-4411" not in early.get_data(as_text=True)
    assert state["rng"]["salt"] not in early.get_data(as_text=True)


def test_the_view_of_a_finished_game_reveals_seed_and_salt(client):
    ruleset = get_ruleset("solenia")
    playout = random_playout(ruleset, 2, "finished-7", sample_legal=0, nudges=0)
    finished = client.post("/v1/games/solenia/replay", json={"players": 2, "seed": "finished-7", "salt": SALT,
                                                             "actions": playout.actions}).json
    assert finished["status"]["game_over"]
    for viewer in (None, 0, 1):
        view = client.post("/v1/games/solenia/view", json={"state": finished["state"], "player": viewer}).json
        assert (view["seed"], view["salt"]) == ("finished-7", SALT)
        assert view["seed_commitment"] == seed_commitment("finished-7", SALT)
