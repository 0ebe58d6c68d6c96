"""The answer's language: ``Accept-Language`` picks it, ``Content-Language`` says it.

English and Simplified Chinese (``zh-Hans``: also ``zh``, ``zh-CN``, ``zh-SG`` and every
``zh-Hans-*``); anything else, Traditional Chinese included, is answered in English. Quality values
are honoured (``q=0`` refuses a language). Every answer says ``Vary: Accept-Language``, since the
same URL answers other bytes in another language.

The texts come from the gettext catalogues (:mod:`rulesets.core.translation`); the service's own
domain, ``service``, holds its problem titles (``service/locale``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Flask, Response, g, has_request_context, request

from rulesets.core.host import (CHINESE, ENGLISH, Ruleset, Translator, available, register_domain, translate_errors,
                                 translate_metadata, translator)

from .cache_headers import add_vary

DOMAIN = "service"
TITLE_CONTEXT = "problem title"
register_domain(DOMAIN, Path(__file__).resolve().parent / "locale")

#: Language ranges (lower case) answered in Simplified Chinese besides ``zh-hans-*``.
_CHINESE_TAGS = frozenset({"zh", "zh-hans", "zh-cn", "zh-sg"})


def tag_of(locale: str) -> str:
    """A locale's BCP 47 tag: ``zh_Hans`` is ``zh-Hans``."""
    return locale.replace("_", "-")


def negotiate(ranges: list[tuple[str, float]]) -> str:
    """The locale for ``Accept-Language``'s ``(range, quality)`` pairs (best first, as Werkzeug gives them)."""
    installed = {tag_of(locale).lower(): locale for locale in available()}
    for value, quality in sorted(ranges, key=lambda pair: -pair[1]):  # stable: ties keep the header's order
        if quality <= 0:
            continue
        tag = value.strip().lower().replace("_", "-")
        if tag in installed:
            return installed[tag]
        if tag in _CHINESE_TAGS or tag.startswith("zh-hans-"):
            return CHINESE
        if tag == "*" or tag.startswith("en-"):
            return ENGLISH
    return ENGLISH


def current_locale() -> str:
    if not has_request_context():
        return ENGLISH
    locale = g.get("locale")
    if locale is None:
        locale = g.locale = negotiate(list(request.accept_languages))
    return str(locale)


def current_translator() -> Translator:
    return translator(current_locale())


def title(text: str) -> str:
    """A problem's title in the request's language."""
    return current_translator()(DOMAIN, TITLE_CONTEXT, text)


def metadata(ruleset: Ruleset, detailed: bool = False) -> dict[str, Any]:
    """``ruleset.metadata(detailed)`` in the request's language (made once per game and language)."""
    return _metadata(ruleset, current_locale(), detailed)


@lru_cache(maxsize=None)
def _metadata(ruleset: Ruleset, locale: str, detailed: bool) -> dict[str, Any]:
    lookup = translator(locale)
    out = translate_metadata(ruleset.metadata(detailed), ruleset.id, lookup)
    if detailed:
        out["errors"] = translate_errors(ruleset.refusal_catalogue(), ruleset.id, lookup)
    return out


def install_languages(app: Flask) -> None:
    @app.after_request
    def _language(response: Response) -> Response:
        response.headers["Content-Language"] = tag_of(current_locale())
        add_vary(response, "Accept-Language")
        return response


__all__ = ["current_locale", "current_translator", "install_languages", "metadata", "negotiate", "tag_of", "title"]
