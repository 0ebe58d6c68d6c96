"""Texts in a player's language: the compiled gettext catalogues of core and the games.

A locale's :class:`Translator` is a :data:`rulesets.core.messages.Lookup`: it answers a text
under its context from the domain's catalogue, or the English text where the catalogue has
none (a game whose translation is not done yet still answers, in English). The catalogues are
the ``.mo`` files the install compiles from the repository's ``.po`` files
(``rulesets/<game>/locale/<locale>/LC_MESSAGES/<game>.mo``); reading them needs only the
standard library's :mod:`gettext`.

A refusal keeps the catalogue entry that worded it and its values, so its sentence in another
language is that language's template filled with the same values (:func:`refusal_detail`).
"""

from __future__ import annotations

import gettext
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from .catalogues import locale_dir, package_of
from .errors import RulesetError
from .messages import CORE_DOMAIN, refusal_template
from .refusals import CORE, Phrase, Refusal, Worded, capitalize
from .registry import all_rulesets

ENGLISH = "en"
CHINESE = "zh_Hans"
#: The locales the service answers in, English (the texts of the code and data) first.
LOCALES: tuple[str, ...] = (ENGLISH, CHINESE)


class Catalogue(Protocol):
    def pgettext(self, context: str, message: str) -> str: ...


#: Catalogues installed by hand (``install``): a test's pseudo-locale, keyed (locale, domain).
_installed: dict[tuple[str, str], Catalogue] = {}
_lock = threading.Lock()


def install(locale: str, domain: str, catalogue: Catalogue) -> None:
    """Serve ``catalogue`` for ``domain`` in ``locale`` (a locale of its own, such as a test's pseudo-locale)."""
    with _lock:
        _installed[(locale, domain)] = catalogue
    _catalogue.cache_clear()


def uninstall(locale: str) -> None:
    with _lock:
        for key in [key for key in _installed if key[0] == locale]:
            del _installed[key]
    _catalogue.cache_clear()


def available() -> tuple[str, ...]:
    """The locales answered: English, Chinese and any installed by hand."""
    return LOCALES + tuple(sorted({locale for locale, _ in _installed} - set(LOCALES)))


#: Domains of the host's own (the service's problem titles), by their locale folder.
_host_domains: dict[str, Path] = {}


def register_domain(domain: str, folder: Path) -> None:
    """A host's own gettext domain, kept in ``folder`` (``<folder>/<locale>/LC_MESSAGES/<domain>.mo``)."""
    _host_domains[domain] = folder
    _catalogue.cache_clear()


def _folder(domain: str) -> Path:
    if domain in _host_domains:
        return _host_domains[domain]
    if domain == CORE_DOMAIN:
        return locale_dir(__package__ or "rulesets.core")
    for ruleset in all_rulesets():
        if ruleset.id == domain:
            return locale_dir(package_of(ruleset))
    raise KeyError(f"no gettext domain {domain!r}")


@lru_cache(maxsize=None)
def _catalogue(locale: str, domain: str) -> Catalogue:
    installed = _installed.get((locale, domain))
    if installed is not None:
        return installed
    if locale == ENGLISH:
        return gettext.NullTranslations()
    return gettext.translation(domain, str(_folder(domain)), languages=[locale], fallback=True)


class Translator:
    """A locale's texts for every domain (a :data:`rulesets.core.messages.Lookup`)."""

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def __call__(self, domain: str, context: str, text: str) -> str:
        if self.locale == ENGLISH and (self.locale, domain) not in _installed:
            return text
        return _catalogue(self.locale, domain).pgettext(context, text)


@lru_cache(maxsize=None)
def translator(locale: str) -> Translator:
    return Translator(locale)


def _owners() -> dict[int, str]:
    owners = {id(entry): ruleset.id for ruleset in all_rulesets() for entry in ruleset.refusals}
    owners.update({id(phrase): ruleset.id for ruleset in all_rulesets() for phrase in ruleset.refusals.phrases()})
    return owners


_owner_cache: dict[int, str] = {}


def _owner(declared: Refusal | Phrase) -> str:
    owner = _owner_cache.get(id(declared))
    if owner is None:
        _owner_cache.update(_owners())  # a game registered since (a test's double) is met here
        owner = _owner_cache.get(id(declared), CORE_DOMAIN)
    return owner


def phrase_owner(phrase: Phrase) -> str:
    """The domain of a game's phrase: the game whose catalogue declares it."""
    return _owner(phrase)


def owner_of(entry: Refusal) -> str:
    """The domain of a catalogue entry: core's, or the game that declares it."""
    if entry.code in CORE and CORE[entry.code] is entry:
        return CORE_DOMAIN
    return _owner(entry)


def phrase_text(worded: Worded, lookup: Translator) -> str:
    """A phrase in ``lookup``'s locale, its own values translated too where they are phrases."""
    phrase = worded.phrase
    template = lookup(phrase.domain or phrase_owner(phrase), f"phrase {phrase.name}", phrase.template)
    try:
        text = template.format_map({name: _value(value, lookup) for name, value in worded.values.items()})
    except (KeyError, IndexError, ValueError):
        return str(worded)
    return capitalize(text) if worded.capital else text


def _value(value: Any, lookup: Translator) -> Any:
    return phrase_text(value, lookup) if isinstance(value, Worded) else value


def refusal_detail(refusal: RulesetError, lookup: Translator) -> str:
    """The refusal's sentence in ``lookup``'s locale: its entry's template there, filled with its values.

    A refusal worded by hand (no catalogue entry) keeps its English sentence.
    """
    entry, values = refusal.entry, refusal.params
    if not isinstance(entry, Refusal) or values is None:
        return refusal.detail
    template = refusal_template(entry, owner_of(entry), lookup)
    try:
        return template.format_map({name: _value(value, lookup) for name, value in values.items()})
    except (KeyError, IndexError, ValueError):
        return refusal.detail  # a catalogue whose placeholders drifted: ``tools.i18n check`` names it


__all__ = ["CHINESE", "ENGLISH", "LOCALES", "Translator", "available", "install", "owner_of", "refusal_detail",
           "register_domain", "translator", "uninstall"]
