"""The OpenAPI document: committed, current, built from the real registry, typed per game.

A change to an envelope schema or to a game's msgspec types changes the document;
this fails until ``python -m service.openapi`` has rewritten ``openapi.yaml``.
The expectations come from the issue's contract (#18): every game's operations are its
own, typed with its own schemas, names unique, nothing a client may leave out required.
"""

from __future__ import annotations

import yaml
from openapi_spec_validator import validate as validate_openapi

from rulesets.core.host import all_rulesets, register, ruleset_ids, unregister
from service import create_app
from service.openapi import generated_document as generated
from service.openapi import main
from service.openapi_paths import schema_nodes
from service.spec import COMMITTED
from tests.doubles import card_nim

DOCUMENT = yaml.safe_load(COMMITTED.read_text())
SCHEMAS = DOCUMENT["components"]["schemas"]
REF = "#/components/schemas/"
STATELESS = {"setup": "post", "legal-actions": "post", "validate": "post", "apply": "post", "view": "post",
             "replay": "post", "verify": "post"}
SESSION_ANSWERS = {("/v1/sessions", "post", "201"), ("/v1/sessions/{session_id}", "get", "200"),
                   ("/v1/sessions/{session_id}/legal-actions", "get", "200"),
                   ("/v1/sessions/{session_id}/actions", "post", "200"),
                   ("/v1/sessions/{session_id}/log", "get", "200")}


def _json_body(operation: dict) -> dict:
    return operation["requestBody"]["content"]["application/json"]["schema"]


def _answer(operation: dict, status: str = "200") -> dict:
    return operation["responses"][status]["content"]["application/json"]["schema"]


def _target(schema: dict) -> dict:
    return SCHEMAS[schema["$ref"][len(REF):]]


def test_committed_document_is_current():
    assert card_nim.GAME_ID not in ruleset_ids(), "a test left its test double registered"
    assert COMMITTED.read_text() == generated(), "openapi.yaml is stale: run python -m service.openapi"


def test_committed_document_passes_openapi_spec_validator():
    validate_openapi(DOCUMENT)  # raises on the first fault


def test_served_document_is_the_committed_one():
    served = create_app({"LOG_LEVEL": "WARNING"}).test_client().get("/openapi.yaml").data.decode()
    assert served == COMMITTED.read_text()


def test_check_command_reports_a_stale_file(tmp_path):
    target = tmp_path / "openapi.yaml"
    assert main([str(target)]) == 0
    assert main(["--check", str(target)]) == 0
    target.write_text(target.read_text().replace("3.1.0", "3.0.3"))
    assert main(["--check", str(target)]) == 1


def test_every_game_has_its_own_stateless_operations_and_no_generic_path_is_left():
    assert DOCUMENT["openapi"] == "3.1.0"
    assert not any("{game}" in path for path in DOCUMENT["paths"])
    for game in ruleset_ids():
        for name, method in STATELESS.items():
            operation = DOCUMENT["paths"][f"/v1/games/{game}/{name}"][method]
            assert operation["operationId"] == f"{game}_{name.replace('-', '_')}"
            assert operation["tags"] == [game]
        assert DOCUMENT["paths"][f"/v1/games/{game}"]["get"]["operationId"] == f"{game}_describe"
    operation_ids = [operation["operationId"] for item in DOCUMENT["paths"].values()
                     for key, operation in item.items() if key != "parameters"]
    assert len(operation_ids) == len(set(operation_ids))
    assert "/bench/echo" not in DOCUMENT["paths"]
    assert not any(name.startswith(("card_nim.", "CardNim")) for name in SCHEMAS)


def test_schema_names_are_unique_and_nothing_is_named_by_a_title():
    # openapi-python-client names a class by a schema's title: two "Player" titles are
    # two classes of one name. Every schema is named by its component name alone.
    assert not [name for name, schema in SCHEMAS.items() if isinstance(schema.get("title"), str)]
    assert "core.Rng" in SCHEMAS
    assert not [name for name in SCHEMAS if name.endswith(".Rng") and name != "core.Rng"]
    for ruleset in all_rulesets():
        state = ruleset.State.__name__
        assert state not in SCHEMAS, "an alias schema of a game's state is back"
        assert f"{ruleset.id}.{state}" in SCHEMAS


def test_a_games_envelopes_hold_its_own_state_action_and_phases():
    for ruleset in all_rulesets():
        game = ruleset.id
        apply = DOCUMENT["paths"][f"/v1/games/{game}/apply"]["post"]
        body = _target(_json_body(apply))["properties"]
        assert body["state"]["anyOf"] == [{"$ref": f"{REF}{game}.{ruleset.State.__name__}"}, {"type": "null"}]
        assert body["action"] == {"$ref": f"{REF}{game}.Action"}
        action = SCHEMAS[f"{game}.Action"]
        members = action.get("anyOf") or [action]
        assert {member["$ref"] for member in members} == set(action["discriminator"]["mapping"].values())
        for member in members:  # the tag is a literal: a wrong type cannot fit
            tag = _target(member)["properties"]["type"]
            assert tag["const"] in action["discriminator"]["mapping"]
        phase = SCHEMAS[f"{game}.Phase"]
        assert set(phase["enum"]) == {p.name for p in ruleset.flow.phases} | {ruleset.flow.over}
        answer = _target(_answer(apply))
        assert _target(answer["properties"]["status"])["properties"]["phase"] == {"$ref": f"{REF}{game}.Phase"}


def test_setup_options_are_typed_from_the_rulesets_options():
    for ruleset in all_rulesets():
        setup = _target(_json_body(DOCUMENT["paths"][f"/v1/games/{ruleset.id}/setup"]["post"]))
        assert setup["required"] == ["players"]
        assert setup["properties"]["options"]["allOf"] == [{"$ref": f"{REF}{ruleset.id}.SetupOptions"}]
        options = SCHEMAS[f"{ruleset.id}.SetupOptions"]
        assert options["additionalProperties"] is False
        assert set(options["properties"]) == {spec.name for spec in ruleset.options}
    solenia = SCHEMAS["solenia.SetupOptions"]["properties"]
    assert solenia["board_side"]["enum"] == ["summer", "winter"]
    assert solenia["improvements"]["type"] == "boolean"
    zavandor = SCHEMAS["mines_of_zavandor.SetupOptions"]["properties"]
    assert zavandor["max_trade_proposals_per_phase"]["type"] == "integer"


def test_views_are_typed_from_the_secrecy_markers():
    for ruleset in all_rulesets():
        view = SCHEMAS[f"{ruleset.id}.View"] if f"{ruleset.id}.View" in SCHEMAS else None
        answer = _target(_answer(DOCUMENT["paths"][f"/v1/games/{ruleset.id}/view"]["post"]))
        target = answer["properties"]["view"]["allOf"][0]["$ref"]
        assert target == f"{REF}{ruleset.id}.{ruleset.State.__name__}View" and view is None
        shown = SCHEMAS[target[len(REF):]]
        assert "viewer" in shown["required"] and "rng" not in shown["properties"]  # SECRET: never in a view
    hands = SCHEMAS["solenia.PlayerBoardView"]
    assert "hand" not in hands.get("required", []) and "hand_count" in hands["required"]


def test_no_property_carries_a_default_and_defaulted_envelope_fields_are_optional():
    # openapi-typescript makes a component's defaulted property required.
    for name, schema in SCHEMAS.items():
        for node in schema_nodes(schema):
            for prop_name, prop in (node.get("properties") or {}).items():
                assert "default" not in prop, f"{name}.{prop_name}"
    setup = SCHEMAS["solenia.SetupRequest"]
    assert "Default: `false`." in setup["properties"]["sealed"]["description"]
    mix = SCHEMAS["solenia.ResourceMix"]
    assert not mix.get("required")  # `lengthen_payment: {}` is a whole ResourceMix


def test_session_answers_are_unions_told_apart_by_game():
    games = ruleset_ids()
    for path, method, status in SESSION_ANSWERS:
        union = _target(_answer(DOCUMENT["paths"][path][method], status))
        assert union["discriminator"]["propertyName"] == "game"
        assert set(union["discriminator"]["mapping"]) == set(games)
        for game, target in union["discriminator"]["mapping"].items():
            assert SCHEMAS[target[len(REF):]]["properties"]["game"] == {"type": "string", "const": game}
    act = _target(_json_body(DOCUMENT["paths"]["/v1/sessions/{session_id}/actions"]["post"]))
    assert {member["$ref"] for member in act["anyOf"]} == {f"{REF}{game}.ActionRequest" for game in games}


def test_errors_are_problems():
    error = DOCUMENT["components"]["responses"]["UNPROCESSABLE_ENTITY"]
    assert list(error["content"]) == ["application/problem+json"]
    seed = SCHEMAS["solenia.SetupRequest"]["properties"]["seed"]
    assert seed["type"] == ["integer", "string", "null"]


def test_each_registered_game_gets_its_own_namespaced_components_and_paths():
    register(card_nim.GAME_ID, card_nim.__name__)
    try:
        document = yaml.safe_load(generated())
    finally:
        unregister(card_nim.GAME_ID)
    schemas = document["components"]["schemas"]
    assert {"card_nim.CardNimState", "card_nim.Action", "card_nim.Take", "card_nim.Draw",
            "card_nim.Player", "card_nim.SetupRequest"} <= schemas.keys()
    assert schemas["card_nim.Action"]["discriminator"]["mapping"] == {
        "take": f"{REF}card_nim.Take", "draw": f"{REF}card_nim.Draw"}
    assert document["paths"]["/v1/games/card_nim/apply"]["post"]["operationId"] == "card_nim_apply"
    phase = schemas["card_nim.Phase"]["enum"]
    assert set(phase) == {p.name for p in card_nim.FLOW.phases} | {card_nim.FLOW.over}


def test_a_sealed_states_seat_key_is_documented_where_it_is_asked_for():
    """Issue #20: each game's view, legal-actions, validate and apply take seat_key and document the 403s;
    a sealed setup's answer documents seat_keys."""
    codes = SCHEMAS["SeatKeyProblem"]["properties"]["code"]["enum"]
    assert codes == ["seat_key_required", "invalid_seat_key"]
    for ruleset in all_rulesets():
        for endpoint in ("view", "legal-actions", "validate", "apply"):
            operation = DOCUMENT["paths"][f"/v1/games/{ruleset.id}/{endpoint}"]["post"]
            body = _target(_json_body(operation))
            assert "seat_key" in body["properties"] and "seat_key" not in body.get("required", [])
            assert "403 seat_key_required" in body["properties"]["seat_key"]["description"]
            forbidden = operation["responses"]["403"]["content"]["application/problem+json"]["schema"]
            assert forbidden == {"$ref": REF + "SeatKeyProblem"}
        setup = DOCUMENT["paths"][f"/v1/games/{ruleset.id}/setup"]["post"]
        assert "403" not in setup["responses"]
        assert _target(_answer(setup))["properties"]["seat_keys"]["items"] == {"type": "string"}
