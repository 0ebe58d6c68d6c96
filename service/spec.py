"""The OpenAPI document: flask-smorest's envelopes plus each game's msgspec types.

Each registered game contributes its types (``service.openapi_games``: msgspec emits
JSON Schema 2020-12, which is what OpenAPI 3.1 speaks), named ``<game>.<Struct>``, core's
shared ones ``core.<Struct>``. Every operation of a game is documented once per game with
that game's envelopes (``service.openapi_paths``): what a client sends and reads is typed
for the game it plays, so generated clients type it too.

``GET /openapi.yaml`` serves this document; the committed ``openapi.yaml`` is the
same text for the built-in games (``python -m service.openapi`` rewrites it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import orjson
import yaml

from rulesets.core.host import Ruleset

from .openapi_examples import add_examples
from .openapi_webhooks import webhooks_section
from .openapi_games import game_types, merge_components
from .openapi_paths import NULLABLE, SLOT, per_game_document, prune_unused
from .openapi_languages import with_languages
from .schemas import SeedField

OPENAPI_VERSION = "3.1.0"
COMMITTED = Path(__file__).resolve().parent.parent / "openapi.yaml"


def install_game_schemas(api, rulesets: Sequence[Ruleset]) -> None:
    """Register the games' components and mark the envelope fields each game fills.

    Must run before blueprints are registered: their paths are documented then.
    """
    api.referee_rulesets = list(rulesets)
    api.referee_games = [game_types(ruleset) for ruleset in rulesets]
    api.referee_titles = {ruleset.id: ruleset.title for ruleset in rulesets}
    for name, schema in merge_components(api.referee_games):
        api.spec.components.schema(name, component=schema)

    def custom_fields(converter, field, ret, **kwargs):
        slot = getattr(field, "game_slot", None)
        if slot is not None:
            return {SLOT: slot, NULLABLE: field.allow_none}
        if isinstance(field, SeedField):
            # Runs after apispec's own functions, so this is the final word on the type
            # (whatever a schema's metadata says, and with "null" once when allowed).
            return {"type": ["integer", "string", "null"] if field.allow_none else ["integer", "string"]}
        return {}

    api.ma_plugin.converter.add_attribute_function(custom_fields)


def client_friendly(doc: Any) -> Any:
    """A property's ``default`` said in its description instead.

    openapi-typescript (default options) makes a property with a ``default`` required
    wherever the schema is a component: a client would have to send every field the
    server fills in itself. A property that is not ``required`` is one a client may
    leave out, in both generators; the description still tells what the server assumes.
    """
    if isinstance(doc, list):
        return [client_friendly(item) for item in doc]
    if not isinstance(doc, dict):
        return doc
    out = {}
    for key, value in doc.items():
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: _default_described(client_friendly(prop)) for name, prop in value.items()}
        else:
            out[key] = client_friendly(value)
    return out


def _default_described(prop: Any) -> Any:
    if not isinstance(prop, dict) or "default" not in prop:
        return prop
    prop = dict(prop)
    default = orjson.dumps(prop.pop("default")).decode()
    said = f"Default: `{default}`."
    prop["description"] = f"{prop['description'].rstrip()} {said}" if prop.get("description") else said
    return prop


def document(api) -> dict[str, Any]:
    """The OpenAPI document as plain data: flask-smorest's, per game, client-friendly."""
    plain = orjson.loads(orjson.dumps(api.spec.to_dict()))
    doc = with_languages(per_game_document(plain, api.referee_games, api.referee_titles))
    doc["webhooks"] = webhooks_section()
    return add_examples(prune_unused(client_friendly(doc)), api.referee_rulesets)


def document_yaml(api) -> str:
    """The document as YAML, keys sorted, and without anchors: schemas that share a
    Python object (an enum list, say) are written out in full where each is used."""
    return yaml.safe_dump(document(api), sort_keys=True, allow_unicode=True)
