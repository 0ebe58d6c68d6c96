"""The OpenAPI document: committed, current, and built from the real registry.

A change to an envelope schema or to a game's msgspec types changes the document;
this fails until ``python -m service.openapi`` has rewritten ``openapi.yaml``.
"""

from __future__ import annotations

import yaml
from openapi_spec_validator import validate as validate_openapi

from rulesets import all_rulesets, ruleset_ids
from rulesets.core.registry import register, unregister
from service import create_app
from service.openapi import generated_document as generated
from service.openapi import main
from service.spec import COMMITTED, action_component, state_component
from tests.doubles import card_nim


def test_committed_document_is_current():
    assert card_nim.GAME_ID not in ruleset_ids(), "a test left its test double registered"
    assert COMMITTED.read_text() == generated(), "openapi.yaml is stale: run python -m service.openapi"


def test_committed_document_passes_openapi_spec_validator():
    validate_openapi(yaml.safe_load(COMMITTED.read_text()))  # raises on the first fault


def test_served_document_is_the_committed_one():
    served = create_app({"LOG_LEVEL": "WARNING"}).test_client().get("/openapi.yaml").data.decode()
    assert served == COMMITTED.read_text()


def test_check_command_reports_a_stale_file(tmp_path):
    target = tmp_path / "openapi.yaml"
    assert main([str(target)]) == 0
    assert main(["--check", str(target)]) == 0
    target.write_text(target.read_text().replace("3.1.0", "3.0.3"))
    assert main(["--check", str(target)]) == 1


def test_document_is_openapi_31_with_every_real_game_and_no_test_double():
    document = yaml.safe_load(COMMITTED.read_text())
    assert document["openapi"] == "3.1.0"
    schemas = document["components"]["schemas"]
    assert not any(name.startswith(("card_nim.", "CardNim")) for name in schemas)
    for ruleset in all_rulesets():
        assert state_component(ruleset.id) in schemas
        action = schemas[action_component(ruleset.id)]
        members = action.get("anyOf") or [action]
        if "discriminator" in action:
            assert action["discriminator"]["propertyName"] == "type"
            assert len(action["discriminator"]["mapping"]) == len(members)
    game_parameter = document["paths"]["/v1/games/{game}/apply"]["parameters"][0]
    assert game_parameter["schema"]["enum"] == ruleset_ids()
    assert "/bench/echo" not in document["paths"]


def test_envelopes_point_at_the_game_schemas_and_errors_are_problems():
    document = yaml.safe_load(COMMITTED.read_text())
    schemas = document["components"]["schemas"]
    apply_request = schemas["StateAndActionRequest"]["properties"]
    games = ruleset_ids()
    branches = apply_request["state"].get("allOf", apply_request["state"].get("anyOf", []))
    state_refs = {ref["$ref"] for ref in branches if "$ref" in ref}
    assert {"type": "null"} in branches  # the field is optional (sealed_state may come instead)
    assert state_refs == {f"#/components/schemas/{state_component(game)}" for game in games}
    error = document["components"]["responses"]["UNPROCESSABLE_ENTITY"]
    assert list(error["content"]) == ["application/problem+json"]
    assert schemas["SetupRequest"]["properties"]["seed"]["type"] == ["integer", "string", "null"]


def test_each_registered_game_gets_its_own_namespaced_components():
    register(card_nim.GAME_ID, card_nim.__name__)
    try:
        document = yaml.safe_load(generated())
    finally:
        unregister(card_nim.GAME_ID)
    schemas = document["components"]["schemas"]
    assert {"CardNimState", "CardNimAction", "card_nim.Take", "card_nim.Draw", "card_nim.Player"} <= schemas.keys()
    assert schemas["CardNimAction"]["discriminator"]["mapping"] == {
        "take": "#/components/schemas/card_nim.Take", "draw": "#/components/schemas/card_nim.Draw"}
    # With several games, a state is any one of theirs.
    state = document["components"]["schemas"]["StateAndActionRequest"]["properties"]["state"]
    assert {"$ref": "#/components/schemas/CardNimState"} in state["anyOf"]
    assert len([ref for ref in state["anyOf"] if "$ref" in ref]) == len(ruleset_ids()) + 1
