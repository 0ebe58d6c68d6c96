"""The OpenAPI document: flask-smorest's envelopes plus each game's msgspec types.

Each registered game contributes its state and action JSON Schemas (msgspec emits
JSON Schema 2020-12, which is what OpenAPI 3.1 speaks). Their components are named
``<game>.<Struct>``; ``<Game>State`` and ``<Game>Action`` (the tagged union, with a
discriminator on ``type``) are what the envelopes point at.

``GET /openapi.yaml`` serves this document; the committed ``openapi.yaml`` is the
same text for the built-in games (``python -m service.openapi`` rewrites it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import orjson
import yaml

from rulesets.core import Ruleset
from rulesets.core.codec import json_schema_components

from .schemas import GameActionField, GameStateField, SeedField

OPENAPI_VERSION = "3.1.0"
COMMITTED = Path(__file__).resolve().parent.parent / "openapi.yaml"


def _camel(game_id: str) -> str:
    return "".join(part.capitalize() for part in game_id.replace("-", "_").split("_"))


def state_component(game_id: str) -> str:
    return f"{_camel(game_id)}State"


def action_component(game_id: str) -> str:
    return f"{_camel(game_id)}Action"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def game_components(ruleset: Ruleset) -> dict[str, dict[str, Any]]:
    """A game's schemas, namespaced so two games' ``Player`` structs never collide."""
    prefix = f"{ruleset.id}."
    (state, action), components = json_schema_components(
        [ruleset.State, ruleset.Action], ref_template="#/components/schemas/" + prefix + "{name}")
    out = {prefix + name: _fixed_tuples(schema) for name, schema in components.items()}
    out[state_component(ruleset.id)] = _fixed_tuples(state)
    out[action_component(ruleset.id)] = _fixed_tuples(action)
    return out


def _fixed_tuples(schema: Any) -> Any:
    """msgspec closes a fixed-length tuple with ``items: false`` after its ``prefixItems``;
    apispec reads any ``items`` as a schema to reference and writes ``$ref: .../False``, which
    no validator resolves. ``maxItems`` (which msgspec also sets) already says the same thing."""
    if isinstance(schema, list):
        return [_fixed_tuples(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: _fixed_tuples(value) for key, value in schema.items()}
    if out.get("items") is False and "prefixItems" in out:
        assert out.get("maxItems") == len(out["prefixItems"]), out
        del out["items"]
    return out


def install_game_schemas(api, rulesets: Sequence[Ruleset]) -> None:
    """Register the games' components and make the envelope fields point at them.

    Must run before blueprints are registered: their paths are documented then.
    """
    for ruleset in rulesets:
        for name, schema in game_components(ruleset).items():
            api.spec.components.schema(name, component=schema)
    ids = [ruleset.id for ruleset in rulesets]

    def one_of_the_games(component, nullable: bool) -> dict[str, Any]:
        # Fresh dicts every time: YAML would otherwise write shared objects as anchors.
        refs = [_ref(component(game_id)) for game_id in ids]
        if not refs:
            return {}
        if nullable:  # an optional field's null (its default) must match one branch too
            return {"anyOf": refs + [{"type": "null"}]}
        return {"anyOf": refs} if len(refs) > 1 else {"allOf": refs}

    def custom_fields(converter, field, ret, **kwargs):
        if isinstance(field, GameStateField):
            return one_of_the_games(state_component, field.allow_none)
        if isinstance(field, GameActionField):
            return one_of_the_games(action_component, field.allow_none)
        if isinstance(field, SeedField):
            # Runs after apispec's own functions, so this is the final word on the type
            # (whatever a schema's metadata says, and with "null" once when allowed).
            return {"type": ["integer", "string", "null"] if field.allow_none else ["integer", "string"]}
        return {}

    api.ma_plugin.converter.add_attribute_function(custom_fields)


def document_yaml(api) -> str:
    """The document as YAML, keys sorted, and without anchors: schemas that share a
    Python object (an enum list, say) are written out in full where each is used."""
    plain = orjson.loads(orjson.dumps(api.spec.to_dict()))
    return yaml.safe_dump(plain, sort_keys=True, allow_unicode=True)
