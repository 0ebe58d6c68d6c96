"""The JSON Schema of what a seat sees, derived from the state's types and their secrecy markers.

:func:`rulesets.core.secrecy.redact` builds a view by these rules, and this module writes
the same rules down as a schema, so a client's types say exactly what a view may hold:

* a ``Private`` field may be absent (another seat's hand), and ``<field>_count`` is always there
  when the marker counts;
* a ``Hidden`` field never appears; its ``<field>_count`` does when the marker counts;
  ``SECRET`` leaves nothing;
* a ``Sealed`` field may be absent until its reveal (its count, when declared, stands in);
* a ``PerSeat`` list's entries are ``null`` for the seats whose entries the viewer may not see;
* a Struct nobody declared public shows its fields to its owner only: each may be absent.

A Struct with nothing marked anywhere inside is shown as it is, so its view is its state
schema. Every other Struct gets a view component of its own, ``<Name>View``.
"""

from __future__ import annotations

import typing
from typing import Any, Iterable

import msgspec

from .secrecy import Hidden, PerSeat, Private, Public, Sealed, Visibility, _deeply_public, _plan, concealed_as

COUNT_SCHEMA = {"type": "integer", "minimum": 0}


def _structs_reachable(types: Iterable[Any]) -> list[type]:
    found: dict[type, None] = {}
    stack = list(types)
    while stack:
        annotation = stack.pop()
        if isinstance(annotation, type) and issubclass(annotation, msgspec.Struct):
            if annotation in found:
                continue
            found[annotation] = None
            hints = typing.get_type_hints(annotation, include_extras=True)
            stack.extend(hints[name] for name in annotation.__struct_fields__)
            continue
        stack.extend(typing.get_args(annotation))
    return list(found)


def view_json_schema(types: list[Any], ref_template: str = "#/components/schemas/{name}",
                     view_suffix: str = "View") -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    """The view schemas of ``types`` (a state type, an action or event union) and every component they need.

    Answers ``(schemas, components)`` like ``msgspec.json.schema_components``: components hold the
    state schemas of the Structs shown as they are and a ``<Name><view_suffix>`` schema for each
    Struct that a view redacts. A concealed action type's view is its disguise or itself.
    """
    structs = _structs_reachable(types)
    refs, components = msgspec.json.schema_components([*types, *structs], ref_template=ref_template)
    type_refs, struct_refs = refs[:len(types)], refs[len(types):]
    name_of = {cls: _ref_name(ref, ref_template) for cls, ref in zip(structs, struct_refs)}
    redacted = {cls for cls in structs if not _deeply_public(cls)}
    view_name = {cls: name_of[cls] + view_suffix for cls in redacted}
    renamed = {ref_template.format(name=name_of[cls]): ref_template.format(name=view_name[cls]) for cls in redacted}

    out: dict[str, dict[str, Any]] = {}
    for cls in structs:
        schema = components[name_of[cls]]
        if cls in redacted:
            out[view_name[cls]] = _struct_view(cls, schema, renamed)
        else:
            out[name_of[cls]] = schema
    for cls in structs:  # what a shown-as-is Struct refers to is shown as is too, but keep any it names
        if cls not in redacted:
            out[name_of[cls]] = _swap_refs(out[name_of[cls]], renamed)
    disguises = _disguises(types)
    schemas = [_with_disguises(_swap_refs(schema, renamed), disguises) for schema in type_refs]
    return schemas, out


def _ref_name(ref: dict[str, Any], template: str) -> str:
    prefix, _, suffix = template.partition("{name}")
    target: str = ref["$ref"]
    return target[len(prefix):len(target) - len(suffix) if suffix else None]


def _swap_refs(schema: Any, renamed: dict[str, str]) -> Any:
    if isinstance(schema, dict):
        out = {key: _swap_refs(value, renamed) for key, value in schema.items()}
        target = out.get("$ref")
        if isinstance(target, str) and target in renamed:
            out["$ref"] = renamed[target]
        if "discriminator" in out and "mapping" in out["discriminator"]:
            mapping = out["discriminator"]["mapping"]
            out["discriminator"] = {**out["discriminator"],
                                    "mapping": {tag: renamed.get(ref, ref) for tag, ref in mapping.items()}}
        return out
    if isinstance(schema, list):
        return [_swap_refs(item, renamed) for item in schema]
    return schema


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _struct_view(cls: type, schema: dict[str, Any], renamed: dict[str, str]) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    required: list[str] = []
    state_required = set(schema.get("required", ()))
    wire_names = _wire_names(cls)
    for spec in _plan(cls):
        name = wire_names[spec.name]
        field_schema = _swap_refs(schema["properties"][name], renamed)
        visibility: Visibility = spec.visibility
        always = name in state_required
        if isinstance(visibility, PerSeat):
            entries = field_schema
            if not isinstance(visibility.each, Public):
                entries = _per_seat_entries(field_schema)
            properties[name] = entries
            if always:
                required.append(name)
        elif isinstance(visibility, Public):
            properties[name] = field_schema
            if always:
                required.append(name)
        elif isinstance(visibility, Private):
            properties[name] = field_schema  # the owner's; absent for everyone else
            if visibility.count:
                properties[f"{name}_count"] = COUNT_SCHEMA
                if always:
                    required.append(f"{name}_count")
        elif isinstance(visibility, Sealed):
            properties[name] = field_schema  # the owner's, and everyone's after the reveal
            if visibility.count:
                properties[f"{name}_count"] = COUNT_SCHEMA
        elif isinstance(visibility, Hidden):
            if visibility.count:
                properties[f"{name}_count"] = COUNT_SCHEMA
                if always:
                    required.append(f"{name}_count")
        # any other marker shows nothing: the view schema, like the view, fails closed
    view = {key: value for key, value in schema.items() if key not in ("properties", "required", "title")}
    view["properties"] = properties
    if required:
        view["required"] = required
    view["description"] = f"{cls.__name__} as a seat may see it."
    return view


def _per_seat_entries(list_schema: dict[str, Any]) -> dict[str, Any]:
    """A PerSeat list: its entries are ``null`` where the viewer may not see them."""
    if "items" in list_schema:
        return {**list_schema, "items": _nullable(list_schema["items"])}
    if "anyOf" in list_schema:  # an optional list: list | null
        return {**list_schema, "anyOf": [_per_seat_entries(branch) if branch.get("type") == "array" else branch
                                         for branch in list_schema["anyOf"]]}
    return list_schema


def _wire_names(cls: type) -> dict[str, str]:
    info = msgspec.structs.fields(cls)
    return {f.name: f.encode_name for f in info}


def _disguises(types: list[Any]) -> dict[str, str]:
    """Concealed action types: their tag -> the type other seats see them as."""
    out = {}
    for annotation in types:
        for member in typing.get_args(annotation) or (annotation,):
            shown_as = concealed_as(member) if isinstance(member, type) else None
            if shown_as is not None:
                out[member.__struct_config__.tag] = shown_as
    return out


def _with_disguises(schema: dict[str, Any], disguises: dict[str, str]) -> dict[str, Any]:
    if not disguises:
        return schema
    shown = [{"type": "object", "properties": {"type": {"enum": [name]}, "player": {"type": "integer"}},
              "required": ["type", "player"], "additionalProperties": False,
              "description": "A concealed action as the other seats see it."}
             for name in sorted(set(disguises.values()))]
    return {"anyOf": [schema, *shown]}


VIEWER_SCHEMA = {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}],
                 "description": "The seat this view is for; null: a spectator."}


def state_view_json_schema(state_type: type, ref_template: str = "#/components/schemas/{name}",
                           view_suffix: str = "View") -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The schema of ``Ruleset.view``'s answer: the state's view plus the ``viewer`` it was built for."""
    (root,), components = view_json_schema([state_type], ref_template, view_suffix)
    name = _ref_name(root, ref_template)
    top = dict(components[name])
    top["properties"] = {**top["properties"], "viewer": VIEWER_SCHEMA}
    top["required"] = [*top.get("required", ()), "viewer"]
    components[name] = top
    return root, components
