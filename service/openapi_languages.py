"""The document's word on languages: every operation takes ``Accept-Language`` and every answer
says ``Content-Language`` and ``Vary: Accept-Language`` (``service.i18n``)."""

from __future__ import annotations

import copy
from typing import Any

PARAMETER = "AcceptLanguage"
_METHODS = ("get", "put", "post", "delete", "patch", "head", "options")

_ACCEPT_LANGUAGE = {
    "name": "Accept-Language", "in": "header", "required": False, "schema": {"type": "string"},
    "example": "zh-CN",
    "description": ("The language of the answer's texts (refusal details and titles, rule titles and texts, game "
                    "titles, option descriptions, components' names): Simplified Chinese for `zh`, `zh-CN`, "
                    "`zh-SG` and `zh-Hans(-*)`, English for anything else; quality values are honoured."),
}
_HEADERS = {
    "Content-Language": {"description": "The language of the answer's texts: `en` or `zh-Hans`.",
                         "schema": {"type": "string", "enum": ["en", "zh-Hans"]}},
    "Vary": {"description": "Names `Accept-Language` (and, for sessions, `Authorization`).",
             "schema": {"type": "string"}},
}


def with_languages(document: dict[str, Any]) -> dict[str, Any]:
    doc = copy.deepcopy(document)
    components = doc.setdefault("components", {})
    components.setdefault("parameters", {})[PARAMETER] = _ACCEPT_LANGUAGE
    headers = components.setdefault("headers", {})
    headers.update(_HEADERS)
    for item in doc.get("paths", {}).values():
        for method in _METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            operation.setdefault("parameters", []).append({"$ref": f"#/components/parameters/{PARAMETER}"})
            for response in operation.get("responses", {}).values():
                if "$ref" in response:
                    continue
                answered = response.setdefault("headers", {})
                for name in _HEADERS:
                    answered.setdefault(name, {"$ref": f"#/components/headers/{name}"})
    return doc
