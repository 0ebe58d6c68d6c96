"""The one-pass typed decode of envelopes (``service.envelopes``) answers exactly as the
schema's path does: every request below is sent twice, with and without it, and both
answers must be byte-identical (status, content type, body).

The bodies are real mid-game Solenia requests and hundreds of seeded mutations of them:
wrong types, out-of-range and overlong numbers, missing, extra and duplicated members,
another game or rules version, broken JSON.
"""

from __future__ import annotations

import json
import random

import orjson
import pytest

from rulesets.core.host import get_ruleset, to_builtins
from rulesets.testing.conformance import json_paths
from service import create_app
from service import envelopes
from service.schemas import StateAndActionRequest, StateAndPlayerRequest, ViewRequest

GAME = "/v1/games/solenia"
ENDPOINTS = {"apply": ("state", "action"), "validate": ("state", "action"), "legal-actions": ("state", "player"),
             "view": ("state", "player")}
REPLACEMENTS = [None, True, 0, -1, 1.5, 2**63, 2**64 + 7, -(2**63) - 3, 10**30, "", "x", "rival", [], {}, [None],
                {"type": "play_card"}]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING"}).test_client()


@pytest.fixture(scope="module")
def requests_to_try():
    """(endpoint, body bytes): real requests from seeded games, then mutations of them."""
    solenia = get_ruleset("solenia")
    chooser = random.Random("typed-envelopes")
    bodies = []
    for players, options in [(3, {}), (1, {}), (4, {"board_side": "winter", "improvements": True})]:
        state = solenia.setup(players, f"typed-{players}", options)
        for step in range(60):
            seat = solenia.status(state).active_players[0]
            action = chooser.choice(solenia.legal_actions(state, seat))
            if step % 12 == 0:
                for endpoint, (_, second) in ENDPOINTS.items():
                    bodies.append((endpoint, {"state": to_builtins(state),
                                              second: to_builtins(action) if second == "action" else seat}))
            state, _ = solenia.apply(state, action)
            if solenia.status(state).game_over:
                break
    out = [(endpoint, orjson.dumps(body)) for endpoint, body in bodies]
    for endpoint, body in bodies:
        for _ in range(12):
            # json, not orjson: a mutation may hold an integer past 64 bits
            out.append((endpoint, json.dumps(_mutated(body, chooser), separators=(",", ":")).encode()))
        out.extend((endpoint, raw) for raw in _byte_mutations(orjson.dumps(body), chooser))
    return out


def _mutated(body, chooser):
    body = json.loads(json.dumps(body))
    path = chooser.choice(list(json_paths(body))[1:])
    parent = body
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    how = chooser.randrange(4)
    if how == 0 and isinstance(parent, dict):
        del parent[last]
    elif how == 1 and isinstance(parent, dict):
        parent[chooser.choice(["extra", "typ", "Type", "seat"])] = 1
    elif how == 2 and isinstance(parent[last], str):
        parent[last] = parent[last] + chooser.choice(["", "0", "-1"]) if chooser.random() < 0.5 else "solenia"
    else:
        parent[last] = chooser.choice(REPLACEMENTS)
    return body


def _byte_mutations(raw: bytes, chooser) -> list[bytes]:
    out = [
        raw.replace(b'"game":"solenia"', b'"game":"solenia","game":"nim"', 1),  # duplicate member, last wins
        raw.replace(b'"game":"solenia"', b'"game":"nim","game":"solenia"', 1),
        raw.replace(b'"rules_version":"1.0"', b'"rules_version":"1.0 "', 1),
        raw.replace(b'"move":', b'"move":1234567890123456789', 1),  # 19 digits: the schema's path
        raw.replace(b'"move":', b'"move":00', 1),
        raw.replace(b'"round":', b'"round":1e0+', 1),
        raw.replace(b'"seed":"', b'"seed":"\\ud800', 1),  # a lone surrogate
        raw.replace(b'"seed":"', b'"seed":"\\u00e9\xc3\xa9', 1),
        raw.replace(b'"seed":"', b'"seed":"\xff', 1),
        raw[:-1],
        raw + b" ",
        b"\xef\xbb\xbf" + raw,
        b'{"state":' + raw + b'}',
    ]
    cut = chooser.randrange(1, len(raw))
    out.append(raw[:cut] + raw[cut + 1:])
    return out


def _answer(client, endpoint, raw):
    response = client.post(f"{GAME}/{endpoint}", data=raw, content_type="application/json")
    return response.status_code, response.mimetype, response.data


def test_both_paths_answer_every_request_alike(client, requests_to_try, monkeypatch):
    typed = []

    one_pass = envelopes.decode_bytes

    def spying(data, schema_class, ruleset):
        body = one_pass(data, schema_class, ruleset)
        typed.append(body is not None)
        return body

    monkeypatch.setattr(envelopes, "decode_bytes", spying)
    typed_answers = [_answer(client, endpoint, raw) for endpoint, raw in requests_to_try]
    monkeypatch.setattr(envelopes, "decode_bytes", lambda data, schema_class, ruleset: None)
    literal_answers = [_answer(client, endpoint, raw) for endpoint, raw in requests_to_try]
    for (endpoint, raw), with_typed, literal in zip(requests_to_try, typed_answers, literal_answers):
        assert with_typed == literal, (endpoint, raw[:300])
    statuses = [answer[0] for answer in literal_answers]
    assert {200, 400, 422} <= set(statuses), set(statuses)
    # Both paths were really exercised: every answered request took the typed path, most refused ones did not.
    assert sum(typed) >= statuses.count(200) and 0 < sum(typed) < len(typed)


def _decode(client, endpoint, raw, schema):
    with client.application.test_request_context(f"{GAME}/{endpoint}", method="POST", data=raw,
                                                  content_type="application/json"):
        return envelopes.decode_bytes(raw, type(schema), get_ruleset("solenia"))


def test_valid_requests_are_decoded_into_the_games_types(client, requests_to_try):
    schemas = {"apply": StateAndActionRequest, "validate": StateAndActionRequest,
               "legal-actions": StateAndPlayerRequest, "view": ViewRequest}
    for endpoint, raw in requests_to_try[:8]:
        schema = schemas[endpoint]()
        body = _decode(client, endpoint, raw, schema)
        assert body is not None and set(body) == set(schema.load_fields), endpoint
        assert isinstance(body["state"], get_ruleset("solenia").State)


def test_overlong_numbers_and_other_games_take_the_schema_path(client, requests_to_try):
    raw = next(raw for endpoint, raw in requests_to_try if endpoint == "apply")
    assert _decode(client, "apply", raw, StateAndActionRequest()) is not None
    for variant in [raw.replace(b'"move":', b'"move":1000000000000000000', 1),  # 10**18 has 19 digits
                    raw.replace(b'"game":"solenia"', b'"game":"other"', 1),
                    raw.replace(b'"rules_version":"1.0"', b'"rules_version":"0.9"', 1)]:
        assert variant != raw
        assert _decode(client, "apply", variant, StateAndActionRequest()) is None
