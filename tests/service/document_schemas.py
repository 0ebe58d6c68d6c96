"""Answers checked against their schemas in the committed ``openapi.yaml``.

The validator's schema is the whole document with a ``$ref`` to the answer's schema, so
every ``#/components/...`` reference inside resolves against the document itself.
OpenAPI 3.1's schemas are JSON Schema 2020-12 (plus annotations such as ``discriminator``
that a validator skips): ``jsonschema_rs`` validates a whole game's answers in seconds,
where ``openapi_schema_validator`` (pure Python) takes minutes on Java's long action lists;
``strict_check`` is the latter, for the answers a test checks both ways.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import yaml
import jsonschema_rs
from openapi_schema_validator import OAS31Validator

from service.spec import COMMITTED


@lru_cache(maxsize=1)
def document() -> dict[str, Any]:
    return yaml.safe_load(COMMITTED.read_text())


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    """A ``$ref`` to a component response, followed."""
    while "$ref" in node:
        kind, name = node["$ref"].split("/")[-2:]
        node = document()["components"][kind][name]
    return node


@lru_cache(maxsize=None)
def answer_schema_ref(path: str, method: str, status: int) -> str:
    """A JSON pointer (into the document) at the schema of an operation's answer."""
    responses = document()["paths"][path][method]["responses"]
    response = _resolve(responses.get(str(status)) or responses["default"])
    (content_type, media), = response["content"].items()
    schema = media["schema"]
    if set(schema) == {"$ref"}:
        return schema["$ref"]
    raise AssertionError(f"{method} {path} {status}: the answer's schema is not a component")


@lru_cache(maxsize=None)
def _validator(ref: str) -> jsonschema_rs.Draft202012Validator:
    return jsonschema_rs.Draft202012Validator({**document(), "$ref": ref})


@lru_cache(maxsize=None)
def _strict_validator(ref: str) -> OAS31Validator:
    return OAS31Validator({**document(), "$ref": ref})


def check_answer(path: str, method: str, status: int, body: Any) -> None:
    """Fail (an ``AssertionError`` naming where and why) unless ``body`` fits the documented answer."""
    ref = answer_schema_ref(path, method, status)
    error = next(iter(_validator(ref).iter_errors(body)), None)
    if error is not None:
        where = "".join(f"[{step!r}]" for step in error.instance_path)
        raise AssertionError(f"{method} {path} {status} ({ref}): at {where or 'the top'}: {error.message[:500]}")


def strict_check_answer(path: str, method: str, status: int, body: Any) -> None:
    """As ``check_answer``, by OpenAPI 3.1's own validator (raises ``jsonschema.ValidationError``)."""
    _strict_validator(answer_schema_ref(path, method, status)).validate(body)


def check_schema(name: str, value: Any) -> None:
    _validator(f"#/components/schemas/{name}").validate(value)


def strict_check_schema(name: str, value: Any) -> None:
    _strict_validator(f"#/components/schemas/{name}").validate(value)
