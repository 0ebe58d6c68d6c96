"""Each game's types as OpenAPI components, named and shaped so client generators read them.

msgspec writes a game's state and action types as JSON Schema 2020-12. Three things in
that output trip the generators, and are rewritten here:

- every component carries ``title: <Struct>``, and openapi-python-client names classes by
  title: five games' ``Player`` structs become one class. Titles go; a component's name is
  ``<game>.<Struct>``, or ``core.<Struct>`` for core's shared types (``core.Rng``), which
  every game holds and the document lists once;
- a property with a ``default`` is one that a client need not send, but openapi-typescript
  (default options) makes it required. The default moves into the description (see
  ``service.spec.client_friendly``);
- a tagged union's tag is ``enum: [tag]``; as ``const`` it is a literal in both generators,
  and openapi-python-client, which has no discriminators, tells the members apart by it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

import msgspec
from msgspec import inspect as mi

from rulesets.core.host import Ruleset, json_schema_components, state_view_json_schema, view_json_schema

SCHEMAS = "#/components/schemas/"
VIEW_SUFFIX = "View"
CORE = "core"
_PLACEHOLDER = "#/__msgspec__/"


def ref(name: str) -> dict[str, str]:
    return {"$ref": SCHEMAS + name}


@dataclass
class GameTypes:
    """One game's part of the document: its components, and what each envelope slot holds."""

    id: str
    components: dict[str, Any] = field(default_factory=dict)
    #: slot name (``state``, ``action``, ``view``, ...) -> the schema the slot takes
    slots: dict[str, Any] = field(default_factory=dict)


def _named_types(types: Iterable[Any]) -> dict[str, type]:
    """Every Struct and Enum reachable from ``types``, by the name msgspec gives its component."""
    found: dict[str, type] = {}
    seen: set[int] = set()

    def walk(info: Any) -> None:
        if isinstance(info, (mi.StructType, mi.EnumType)):
            cls = info.cls
            if id(cls) in seen:
                return
            seen.add(id(cls))
            other = found.setdefault(cls.__name__, cls)
            if other is not cls:
                raise ValueError(f"two types named {cls.__name__}: {other.__module__} and {cls.__module__}")
            for child in getattr(info, "fields", ()):
                walk(child.type)
            return
        for attr in ("type", "item_type", "key_type", "value_type"):
            child = getattr(info, attr, None)
            if isinstance(child, mi.Type):
                walk(child)
        for attr in ("types", "item_types"):
            for child in getattr(info, attr, ()) or ():
                walk(child)

    for info in mi.multi_type_info(list(types)):
        walk(info)
    return found


def _namespace(cls: type, game_id: str) -> str:
    return CORE if cls.__module__.startswith("rulesets.core") else game_id


def _renamed(schema: Any, names: dict[str, str]) -> Any:
    if isinstance(schema, list):
        return [_renamed(item, names) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "$ref" and isinstance(value, str) and value.startswith(_PLACEHOLDER):
            out[key] = SCHEMAS + names[value[len(_PLACEHOLDER):]]
        elif key == "mapping" and isinstance(value, dict):  # a discriminator's: tag -> ref
            out[key] = {tag: SCHEMAS + names[target[len(_PLACEHOLDER):]] for tag, target in value.items()}
        else:
            out[key] = _renamed(value, names)
    return out


def _tags_as_const(schema: Any, in_union: bool = False) -> Any:
    """``enum: [x]`` (one value: a union's tag, a single-choice field) as ``const: x``.

    Not as a direct member of a union (``int | Literal["rival"]``): openapi-python-client
    0.29 checks such a const without trying the union's other members, and refuses the
    integer. A one-value enum there is tried like any member.
    """
    if isinstance(schema, list):
        return [_tags_as_const(item, in_union) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: _tags_as_const(value, key in ("anyOf", "oneOf")) for key, value in schema.items()}
    values = out.get("enum")
    if isinstance(values, list) and len(values) == 1 and isinstance(values[0], (str, int, bool)):
        out.setdefault("type", _json_type(values[0]))
        if not in_union:
            out.pop("enum")
            out["const"] = values[0]
    return out


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "null"


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


def _without_titles(schema: Any) -> Any:
    """msgspec's ``title`` (the Struct's bare name) would name a generated class: the
    component's namespaced name must. A property literally called ``title`` stays."""
    if isinstance(schema, list):
        return [_without_titles(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title" and isinstance(value, str):
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: _without_titles(prop) for name, prop in value.items()}
        else:
            out[key] = _without_titles(value)
    return out


def msgspec_components(game_id: str, types: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """JSON Schemas of ``types`` (slot name -> a type) and the components they share.

    Answers (slot name -> its schema, components by namespaced name).
    """
    named = _named_types(types.values())
    schemas, components = json_schema_components(list(types.values()), ref_template=_PLACEHOLDER + "{name}")
    names = {name: f"{_namespace(named[name], game_id)}.{name}" for name in components}
    tidy = [_fixed_tuples, _tags_as_const, _without_titles]

    def clean(schema: Any) -> Any:
        schema = _renamed(schema, names)
        for step in tidy:
            schema = step(schema)
        return schema

    return ({slot: clean(schema) for slot, schema in zip(types, schemas)},
            {names[name]: clean(schema) for name, schema in components.items()})


def _named_slot(game_id: str, slot_name: str, schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    """A slot's schema as a reference: a Struct's already is; a union gets a component of its own."""
    if set(schema) == {"$ref"}:
        return schema
    name = f"{game_id}.{slot_name}"
    if name in components:
        raise ValueError(f"{name}: a game type already has that name")
    components[name] = schema
    return ref(name)


def phase_schema(ruleset: Ruleset) -> dict[str, Any]:
    """``status.phase``: a phase table's names, and the name ``phase_of`` answers at the end."""
    names = [phase.name for phase in ruleset.flow.phases]
    if ruleset.flow.over not in names:
        names.append(ruleset.flow.over)
    return {"type": "string", "enum": names,
            "description": f"The phase the game is in; {ruleset.flow.over!r} once it is over."}


def _shape(values: list[Any]) -> dict[str, Any]:
    """The narrowest plain schema every one of ``values`` fits (the choices of an option)."""
    kinds = {_json_type(value) for value in values}
    if len(kinds) != 1:
        return {}
    kind = kinds.pop()
    if kind == "array":
        return {"type": "array", "items": _shape([item for value in values for item in value])}
    if kind == "object":
        return {"type": "object", "additionalProperties": _shape([item for value in values for item in value.values()])}
    return {"type": kind}


def option_schema(spec: Any) -> dict[str, Any]:
    """One setup option's value, from its kind and choices (``ruleset.options``)."""
    out: dict[str, Any]
    choices = list(spec.choices) if spec.choices is not None else None
    described = ""
    if spec.kind == "bool":
        out = {"type": "boolean"}
    elif spec.kind == "int":
        out = {"type": "integer"}
        for bound in ("minimum", "maximum"):
            value = getattr(spec, bound, None)
            if isinstance(value, int):
                out[bound] = value
    elif spec.kind == "list":
        out = {"type": "array", "items": _shape(list(spec.default or []))}
    elif choices and _shape(choices).get("type") in ("string", "integer", "boolean"):
        out = {**_shape(choices), "enum": choices}
    elif choices:
        # Choices that are lists or objects (an order of tie-breaks, a table): both
        # generators type enums of scalars only, so this one has the choices' shape
        # and lists them in words.
        out = _shape(choices)
        described = " One of: " + "; ".join(msgspec.json.encode(c).decode() for c in choices) + "."
    else:
        out = {}
    out = _tags_as_const(out)
    text = spec.description + described
    if spec.rule:
        text += f" ({spec.rule})"
    if spec.default is None:  # "not chosen": the game derives it
        out = {"anyOf": [out, {"type": "null"}]} if out else {}
    out["description"] = text
    out["default"] = spec.default
    return out


def options_schema(ruleset: Ruleset) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False,
            "description": f"{ruleset.title}'s variants by name; an option left out takes its default.",
            "properties": {spec.name: option_schema(spec) for spec in ruleset.options}}


def _view_names(ruleset: Ruleset, kind: Any, view_components: dict[str, Any]) -> dict[str, str]:
    """Namespaced names of a view's components: a ``<Struct>View`` and a Struct shown as it
    is both live where the Struct does (``core.`` for core's)."""
    named = _named_types([kind])
    names = {}
    for name in view_components:
        base = name[:-len(VIEW_SUFFIX)] if name.endswith(VIEW_SUFFIX) and name[:-len(VIEW_SUFFIX)] in named else name
        names[name] = f"{_namespace(named[base], ruleset.id) if base in named else ruleset.id}.{name}"
    return names


def _add_view_components(ruleset: Ruleset, kind: Any, root: Any, view_components: dict[str, Any],
                         components: dict[str, Any]) -> dict[str, Any]:
    names = _view_names(ruleset, kind, view_components)

    def tidy(value: Any) -> Any:
        return _without_titles(_tags_as_const(_fixed_tuples(_renamed(value, names))))

    for name, component in view_components.items():
        existing = components.setdefault(names[name], tidy(component))
        if existing != tidy(component):
            raise ValueError(f"{names[name]}: a view's type differs from the type of that name")
    return tidy(root)


def _derived_view(ruleset: Ruleset, kind: Any, components: dict[str, Any]) -> dict[str, Any]:
    """``kind`` (an action or event union) as a seat may see it: core's ``view_json_schema``."""
    (root,), view_components = view_json_schema([kind], _PLACEHOLDER + "{name}", VIEW_SUFFIX)
    return _add_view_components(ruleset, kind, root, view_components, components)


def _view_schema(ruleset: Ruleset, components: dict[str, Any]) -> dict[str, Any]:
    """A seat's view of the state, with the ``viewer`` it was built for (core's ``state_view_json_schema``)."""
    root, view_components = state_view_json_schema(ruleset.State, _PLACEHOLDER + "{name}", VIEW_SUFFIX)
    return _add_view_components(ruleset, ruleset.State, root, view_components, components)


def logged_action_schema(ruleset: Ruleset, components: dict[str, Any]) -> dict[str, Any]:
    """An action in a session's log, as the caller may see it: fields not declared public
    stay with the actor, a concealed type shows only its disguise (core derives it)."""
    return _derived_view(ruleset, ruleset.Action, components)


def game_types(ruleset: Ruleset) -> GameTypes:
    game = GameTypes(ruleset.id)
    types: dict[str, Any] = {"State": ruleset.State, "Action": ruleset.Action, "Event": ruleset.Event}
    if ruleset.Components is not None:
        types["Components"] = ruleset.Components
    slots, game.components = msgspec_components(ruleset.id, types)
    game.slots["state"] = _named_slot(ruleset.id, "State", slots["State"], game.components)
    game.slots["action"] = _named_slot(ruleset.id, "Action", slots["Action"], game.components)
    full = _named_slot(ruleset.id, "Event", slots["Event"], game.components)
    seen = _named_slot(ruleset.id, "SeenEvent", _derived_view(ruleset, ruleset.Event, game.components),
                       game.components)
    # A stateless apply answers every event whole; a sealed one, those the seat may see, as it may.
    game.slots["event"] = full if seen == full else {"anyOf": [full, seen]}
    game.slots["seen_event"] = seen
    if "Components" in slots:
        game.slots["components"] = _named_slot(ruleset.id, "Components", slots["Components"], game.components)
    game.slots["view"] = _named_slot(ruleset.id, "View", _view_schema(ruleset, game.components), game.components)
    game.slots["refusal_code"] = _named_slot(ruleset.id, "RefusalCode", {
        "type": "string", "enum": [entry.code for entry, _ in ruleset.refusal_catalogue()],
        "description": f"Every refusal code {ruleset.title} can answer (its metadata's errors)."}, game.components)
    game.slots["logged_action"] = _named_slot(ruleset.id, "LoggedAction",
                                              logged_action_schema(ruleset, game.components), game.components)
    game.slots["options"] = _named_slot(ruleset.id, "SetupOptions", options_schema(ruleset), game.components)
    game.slots["phase"] = _named_slot(ruleset.id, "Phase", phase_schema(ruleset), game.components)
    game.slots["game"] = {"type": "string", "const": ruleset.id}
    return game


def merge_components(games: Iterable[GameTypes]) -> Iterator[tuple[str, Any]]:
    """Every game's components, core's shared ones once (each game must describe them alike)."""
    seen: dict[str, Any] = {}
    for game in games:
        for name, schema in game.components.items():
            if name in seen:
                if seen[name] != schema:
                    raise ValueError(f"{name} differs between games")
                continue
            seen[name] = schema
            yield name, schema
