"""verify: a finished game checked from its claim or its signed record, and every way a check fails."""

from __future__ import annotations

import base64
import copy
import random

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from rulesets.core.host import canonical_json
from service.config import ConfigError, load_config
from service.records import new_signing_key
from service.verify_api import KEY_PATH

from .conftest import SEALING_KEY, make_app

GAME = "solenia"
SEED = "verify-seed-e83b"
CLAIM_MEMBERS = ("players", "options", "first_player", "colors", "seed", "salt", "seed_commitment", "actions",
                 "scores", "winners", "final_state_sha256")


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def play_session(client, stop_before_end=False):
    created = client.post("/v1/sessions", json={"game": GAME, "players": 2, "seed": SEED, "first_player": 1,
                                                "colors": ["black", "red"]}).json
    sid, tokens = created["session_id"], created["seat_tokens"]
    chooser = random.Random(SEED)
    while True:
        status = client.get(f"/v1/sessions/{sid}").json["status"]
        if status["game_over"]:
            return sid, tokens
        seat = status["active_players"][0]
        menu = client.get(f"/v1/sessions/{sid}/legal-actions", headers=bearer(tokens[seat])).json["actions"]
        if stop_before_end and len(menu) and client.get(f"/v1/sessions/{sid}").json["version"] >= 3:
            return sid, tokens
        acted = client.post(f"/v1/sessions/{sid}/actions", json={"action": chooser.choice(menu)},
                            headers=bearer(tokens[seat]))
        assert acted.status_code == 200, acted.json


@pytest.fixture(scope="module")
def finished(app):
    client = app.test_client()
    sid, tokens = play_session(client)
    exported = client.get(f"/v1/sessions/{sid}/record", headers=bearer(tokens[0]))
    assert exported.status_code == 200, exported.json
    return exported.json


def verify(client, body):
    answer = client.post(f"/v1/games/{GAME}/verify", json=body)
    assert answer.status_code == 200, answer.json
    return answer.json


def claim(document):
    return {name: copy.deepcopy(document["record"][name]) for name in CLAIM_MEMBERS}


def test_a_signed_record_verifies_and_the_public_key_checks_it_without_the_service(client, finished):
    record = finished["record"]
    assert record["seed"] == SEED and record["colors"] == ["black", "red"] and record["first_player"] == 1
    verdict = verify(client, finished)
    assert verdict["verified"] is True and verdict["reasons"] == []
    assert verdict["signature"] == {"valid": True, "kid": finished["signature"]["kid"]}
    assert verdict["scores_match"] is True and verdict["final_state_matches"] is True
    assert verdict["status"]["scores"] == record["scores"]
    # anyone can check the signature with the published key alone
    key = client.get(KEY_PATH).json["keys"][0]
    assert key["kid"] == finished["signature"]["kid"] and key["crv"] == "Ed25519"
    unb64 = lambda text: base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))  # noqa: E731
    Ed25519PublicKey.from_public_bytes(unb64(key["x"])).verify(unb64(finished["signature"]["value"]),
                                                               canonical_json(record))


def test_a_plain_claim_verifies(client, finished):
    verdict = verify(client, claim(finished))
    assert verdict["verified"] is True and verdict["signature"] is None


def test_a_wrong_salt_does_not_open_the_commitment(client, finished):
    body = claim(finished)
    body["salt"] = "0" * 32
    verdict = verify(client, body)
    assert verdict["verified"] is False and verdict["commitment_matches"] is False
    assert verdict["replay"]["ok"] is True  # the salt changes no draw: only the commitment fails


def test_a_wrong_seed_fails_the_commitment(client, finished):
    body = claim(finished)
    body["seed"] = SEED + "x"
    verdict = verify(client, body)
    assert verdict["verified"] is False and verdict["commitment_matches"] is False


def test_an_altered_action_list_is_caught(client, finished):
    shortened = claim(finished)
    shortened["actions"] = shortened["actions"][:-1]
    verdict = verify(client, shortened)
    assert verdict["verified"] is False and verdict["commitment_matches"] is True
    assert "The actions do not finish the game." in verdict["reasons"]

    reordered = claim(finished)
    reordered["actions"] = reordered["actions"][1:] + reordered["actions"][:1]
    verdict = verify(client, reordered)
    assert verdict["verified"] is False and verdict["replay"]["ok"] is False
    assert verdict["replay"]["action_index"] == verdict["replay"]["applied"]
    assert set(verdict["replay"]["violation"]) >= {"code", "rule", "detail"}

    garbled = claim(finished)
    garbled["actions"][0] = {"type": "no_such_action", "player": 0}
    verdict = verify(client, garbled)
    assert verdict["replay"] == {"ok": False, "applied": 0, "action_index": 0,
                                 "violation": verdict["replay"]["violation"]}
    assert verdict["replay"]["violation"]["code"] == "invalid_action"


def test_claimed_scores_and_final_state_are_checked(client, finished):
    body = claim(finished)
    body["scores"] = [s + 1 for s in body["scores"]]
    verdict = verify(client, body)
    assert verdict["verified"] is False and verdict["scores_match"] is False
    body = claim(finished)
    body["winners"] = [w for w in range(2) if w not in body["winners"]]
    assert verify(client, body)["scores_match"] is False
    body = claim(finished)
    body["final_state_sha256"] = "sha256:" + "0" * 64
    verdict = verify(client, body)
    assert verdict["verified"] is False and verdict["final_state_matches"] is False


def test_setup_members_are_verified_too(client, finished):
    body = claim(finished)
    body["first_player"] = 0
    assert verify(client, body)["verified"] is False


def test_a_tampered_record_fails_its_signature(client, finished):
    document = copy.deepcopy(finished)
    document["record"]["scores"] = list(reversed(document["record"]["scores"]))
    verdict = verify(client, document)
    assert verdict["verified"] is False and verdict["signature"]["valid"] is False
    assert verdict["reasons"][0].startswith("The signature does not hold")


def test_a_record_signed_by_another_key_is_not_this_referees(finished):
    other = make_app(STATE_SEALING_KEYS=SEALING_KEY, GAME_RECORD_SIGNING_KEY=new_signing_key()).test_client()
    verdict = verify(other, finished)
    assert verdict["verified"] is False and verdict["signature"]["valid"] is False
    assert verdict["commitment_matches"] is True and verdict["replay"]["ok"] is True


def test_a_signed_record_is_posted_alone_and_whole(client, finished):
    refused = client.post(f"/v1/games/{GAME}/verify", json={**finished, "seed": SEED})
    assert refused.status_code == 422 and refused.json["errors"][0]["path"] == "$.seed"
    broken = copy.deepcopy(finished)
    del broken["record"]["actions"]
    refused = client.post(f"/v1/games/{GAME}/verify", json=broken)
    assert refused.status_code == 422 and refused.json["errors"][0]["path"] == "$.record.actions"


def test_a_claim_names_players_seed_commitment_and_actions(client):
    refused = client.post(f"/v1/games/{GAME}/verify", json={"players": 2})
    assert refused.status_code == 422
    assert [e["path"] for e in refused.json["errors"]] == ["$.seed", "$.seed_commitment", "$.actions"]
    refused = client.post(f"/v1/games/{GAME}/verify", json={"players": 9, "seed": 1, "seed_commitment": "x",
                                                            "actions": []})
    assert refused.status_code == 422 and refused.json["code"] == "invalid_player_count"


def test_a_record_exists_only_once_the_game_is_over_and_only_for_its_token_holders(client, finished):
    sid, tokens = play_session(client, stop_before_end=True)
    early = client.get(f"/v1/sessions/{sid}/record", headers=bearer(tokens[0]))
    assert early.status_code == 409 and early.json["code"] == "game_not_over"
    assert client.get(f"/v1/sessions/{sid}/record").status_code == 401
    assert SEED not in early.get_data(as_text=True)


def test_without_a_record_key_records_and_the_key_answer_how_to_turn_them_on():
    off = make_app().test_client()
    answer = off.get(KEY_PATH)
    assert answer.status_code == 501 and "GAME_RECORD_SIGNING_KEY" in answer.json["detail"]
    created = off.post("/v1/sessions", json={"game": GAME, "players": 2}).json
    answer = off.get(f"/v1/sessions/{created['session_id']}/record", headers=bearer(created["seat_tokens"][0]))
    assert answer.status_code == 501 and answer.json["code"] == "records_not_configured"


@pytest.mark.parametrize("text", ["short", base64.urlsafe_b64encode(b"k" * 31).decode(), "-----BEGIN nonsense"])
def test_a_malformed_record_key_stops_the_service_at_startup(text):
    with pytest.raises(ConfigError, match="GAME_RECORD_SIGNING_KEY"):
        load_config({"GAME_RECORD_SIGNING_KEY": text})
