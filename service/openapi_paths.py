"""The document per game: each envelope that holds a game's thing gets a copy per game.

flask-smorest documents the generic routes (``/v1/games/{game}/apply``) with envelopes
whose game fields are slots (``service.schemas``: ``game_slot``). Here:

- every envelope holding a slot, directly or through another envelope, is copied once
  per game as ``<game>.<Envelope>``, the slot filled with that game's schema;
- every ``{game}`` path is listed once per game (``/v1/games/solenia/apply``, operation
  ``solenia_apply``) with that game's envelopes: each game's bodies and answers are
  typed, and the routes stay generic (the path matches the same Flask rule);
- the game-agnostic session paths keep their envelopes' names, which become unions of
  the games' copies, discriminated by the ``game`` member every session answer holds.
"""

from __future__ import annotations

import copy
from typing import Any, Iterable

from .openapi_games import SCHEMAS, GameTypes, ref

#: Written by ``service.spec``'s attribute function into a property that a game fills.
SLOT = "x-game-slot"
NULLABLE = "x-game-slot-nullable"
GAME_PARAMETER = "game"
METHODS = ("get", "put", "post", "delete", "patch", "head", "options")

#: operationIds of the game-agnostic operations, by path and method (a game's operations
#: are ``<game>_<name>``, named by ``GAME_OPERATIONS``).
OPERATIONS = {
    ("/v1/games", "get"): "list_games",
    ("/v1/sessions", "post"): "create_session",
    ("/v1/sessions/{session_id}", "get"): "read_session",
    ("/v1/sessions/{session_id}", "delete"): "delete_session",
    ("/v1/sessions/{session_id}/legal-actions", "get"): "session_legal_actions",
    ("/v1/sessions/{session_id}/actions", "post"): "session_act",
    ("/v1/sessions/{session_id}/undo", "post"): "session_undo",
    ("/v1/sessions/{session_id}/undo-requests", "post"): "session_request_undo",
    ("/v1/sessions/{session_id}/undo-requests/{request_id}", "post"): "session_answer_undo",
    ("/v1/sessions/{session_id}/log", "get"): "session_log",
    ("/v1/sessions/{session_id}/record", "get"): "session_record",
    ("/v1/sessions/{session_id}/stream", "get"): "session_stream",
    ("/v1/sessions/{session_id}/stream-tickets", "post"): "session_stream_ticket",
    ("/v1/sessions/{session_id}/seats/{seat}/bot", "post"): "session_hand_seat_to_bot",
    ("/v1/sessions/{session_id}/picture", "get"): "session_picture",
    ("/.well-known/tabletop-referee/game-record-key", "get"): "game_record_key",
    ("/healthz", "get"): "healthz",
    ("/readyz", "get"): "readyz",
}
COMPONENTS = "components"
GAME_OPERATIONS = {
    ("/v1/games/{game}", "get"): "describe",
    ("/v1/games/{game}/components", "get"): "components",
    ("/v1/games/{game}/setup", "post"): "setup",
    ("/v1/games/{game}/legal-actions", "post"): "legal_actions",
    ("/v1/games/{game}/validate", "post"): "validate",
    ("/v1/games/{game}/apply", "post"): "apply",
    ("/v1/games/{game}/view", "post"): "view",
    ("/v1/games/{game}/picture", "post"): "picture",
    ("/v1/games/{game}/score", "post"): "score",
    ("/v1/games/{game}/suggest", "post"): "suggest",
    ("/v1/games/{game}/replay", "post"): "replay",
    ("/v1/games/{game}/verify", "post"): "verify",
}


def schema_nodes(node: Any) -> Iterable[dict[str, Any]]:
    """Every object of a JSON Schema document, however deep (for ``$ref`` and marker searches)."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from schema_nodes(value)
    elif isinstance(node, list):
        for item in node:
            yield from schema_nodes(item)


def _referenced(node: Any) -> set[str]:
    return {item["$ref"][len(SCHEMAS):] for item in schema_nodes(node)
            if isinstance(item.get("$ref"), str) and item["$ref"].startswith(SCHEMAS)}


def game_dependent(schemas: dict[str, Any]) -> set[str]:
    """The envelopes holding a slot, directly or through another envelope."""
    found = {name for name, schema in schemas.items() if any(SLOT in item for item in schema_nodes(schema))}
    while True:
        more = {name for name, schema in schemas.items() if name not in found and _referenced(schema) & found}
        if not more:
            return found
        found |= more


def _filled(node: Any, game: GameTypes, dependent: set[str]) -> Any:
    """A deep copy of ``node`` for ``game``: slots filled, references to envelopes made the game's."""
    if isinstance(node, list):
        return [_filled(item, game, dependent) for item in node]
    if not isinstance(node, dict):
        return node
    if SLOT in node:
        schema = copy.deepcopy(game.slots[node[SLOT]])
        if node.get(NULLABLE):
            schema = {"anyOf": [schema, {"type": "null"}]}
        if "description" in node:
            schema = {**schema, "description": node["description"]} if "$ref" not in schema else \
                {"allOf": [schema], "description": node["description"]}
        return schema
    out = {key: _filled(value, game, dependent) for key, value in node.items()}
    target = node.get("$ref")
    if isinstance(target, str) and target.startswith(SCHEMAS) and target[len(SCHEMAS):] in dependent:
        out["$ref"] = SCHEMAS + f"{game.id}.{target[len(SCHEMAS):]}"
    return out


def _union(name: str, games: list[GameTypes], schemas: dict[str, Any]) -> dict[str, Any]:
    """An envelope any game's copy of which may come: told apart by ``game`` when it has one."""
    members = [ref(f"{game.id}.{name}") for game in games]
    union: dict[str, Any] = {"oneOf": members}
    if all("game" in schemas[f"{game.id}.{name}"].get("properties", {}) for game in games):
        union["discriminator"] = {"propertyName": "game",
                                  "mapping": {game.id: SCHEMAS + f"{game.id}.{name}" for game in games}}
    else:
        # No member of its own says which game it is for (the session action's body: the
        # session knows its game). Any game's copy may come; a body may fit several.
        union = {"anyOf": members}
    return union


#: The codes of the 422s the service itself answers on a game's operation, besides the game's
#: refusals: an envelope that does not fit (``service.body``, the marshmallow schemas) and a
#: sealed state that does not open (``service.sealed_states``).
REQUEST_REFUSALS = ("invalid_request", "invalid_seal")
UNPROCESSABLE = "422"
#: A request on a sealed state for a seat, without that seat's ``seat_key`` or with another
#: (``service.sealed_states.check_seat_key``).
SEAT_KEY_REFUSALS = ("seat_key_required", "invalid_seat_key")
FORBIDDEN = "403"
SEAT_KEY_PROBLEM = "SeatKeyProblem"


def seat_key_problem(problem: dict[str, Any]) -> dict[str, Any]:
    """The problem a game's operation answers with 403: a sealed state's seat without its key."""
    out = copy.deepcopy(problem)
    out["properties"]["code"] = {
        "type": "string", "enum": list(SEAT_KEY_REFUSALS),
        "description": "seat_key_required: the request is for a seat of a sealed state and carries no seat_key; "
                       "invalid_seat_key: its seat_key is not that seat's key in that game."}
    return out


def game_problem(problem: dict[str, Any], game: GameTypes) -> dict[str, Any]:
    """The problem a game's operation answers with 422: its ``code`` one the game or the service names."""
    out = copy.deepcopy(problem)
    out["properties"]["code"] = {
        "anyOf": [game.slots["refusal_code"], {"type": "string", "enum": list(REQUEST_REFUSALS)}],
        "description": "The game's refusal code (its catalogue), or the service's for a request it cannot read."}
    out["properties"]["nearest"] = {**out["properties"]["nearest"], "items": copy.deepcopy(game.slots["action"])}
    return out


def _game_operation(operation: dict[str, Any], game: GameTypes, name: str, dependent: set[str]) -> dict[str, Any]:
    out = _filled(operation, game, dependent)
    if UNPROCESSABLE in out.get("responses", {}):
        out["responses"][UNPROCESSABLE] = {
            "description": "A refusal citing its rule, or a request that does not fit (RFC 9457).",
            "content": {"application/problem+json": {"schema": ref(f"{game.id}.Problem")}}}
    if FORBIDDEN in out.get("responses", {}):
        out["responses"][FORBIDDEN] = {
            "description": "A sealed state's seat asked for without that seat's seat_key (errors: $.seat_key).",
            "content": {"application/problem+json": {"schema": ref(SEAT_KEY_PROBLEM)}}}
    out["parameters"] = [p for p in out.get("parameters", []) if p.get("name") != GAME_PARAMETER]
    if not out["parameters"]:
        del out["parameters"]
    out["operationId"] = f"{game.id}_{name}"
    out["tags"] = [game.id]
    return out


def per_game_document(document: dict[str, Any], games: list[GameTypes], titles: dict[str, str]) -> dict[str, Any]:
    """``document`` with every game's envelopes and paths (see the module's docstring)."""
    doc = copy.deepcopy(document)
    schemas = doc["components"]["schemas"]
    dependent = game_dependent(schemas)
    for name in sorted(dependent):
        for game in games:
            own_name = f"{game.id}.{name}"
            if own_name in schemas:
                raise ValueError(f"{own_name}: a game type has the name of an envelope")
            schemas[own_name] = _filled(schemas[name], game, dependent)
    for name in sorted(dependent):
        schemas[name] = _union(name, games, schemas)
    for game in games:
        schemas[f"{game.id}.Problem"] = game_problem(schemas["Problem"], game)
    schemas[SEAT_KEY_PROBLEM] = seat_key_problem(schemas["Problem"])

    paths: dict[str, Any] = {}
    game_tags = []
    for path, item in doc["paths"].items():
        if "{" + GAME_PARAMETER + "}" not in path:
            for method in METHODS:
                if method in item:
                    item[method]["operationId"] = OPERATIONS[(path, method)]
            paths[path] = item
            continue
        for game in games:
            own: dict[str, Any] = {}
            for key, value in item.items():
                if key in METHODS:
                    name = GAME_OPERATIONS[(path, key)]
                    if name == COMPONENTS and "components" not in game.slots:
                        continue  # the game serves no components document: nothing to list
                    own[key] = _game_operation(value, game, name, dependent)
                    if name == COMPONENTS:
                        own[key]["responses"]["200"]["content"]["application/json"]["schema"] = \
                            copy.deepcopy(game.slots["components"])
                elif key == "parameters":
                    kept = [p for p in value if p.get("name") != GAME_PARAMETER]
                    if kept:
                        own[key] = kept
                else:
                    own[key] = value
            if any(key in METHODS for key in own):
                paths[path.replace("{" + GAME_PARAMETER + "}", game.id)] = own
    for game in games:
        game_tags.append({"name": game.id, "description": f"{titles[game.id]}: the stateless referee "
                                                          "(the client holds the state)."})
    doc["paths"] = paths
    used = {operation_tag for item in paths.values() for method in METHODS if method in item
            for operation_tag in item[method].get("tags", [])}
    doc["tags"] = [tag for tag in doc.get("tags", []) if tag["name"] in used] + game_tags
    return doc


def prune_unused(doc: dict[str, Any]) -> dict[str, Any]:
    """Drop the schemas nothing reaches from a path (the generic envelopes a game's copy replaced)."""
    schemas = doc["components"]["schemas"]
    reached: set[str] = set()
    frontier = _referenced(doc["paths"]) | _referenced(doc["components"].get("responses", {}))
    while frontier:
        name = frontier.pop()
        if name in reached:
            continue
        reached.add(name)
        frontier |= _referenced(schemas[name]) - reached
    doc["components"]["schemas"] = {name: schema for name, schema in schemas.items() if name in reached}
    return doc
