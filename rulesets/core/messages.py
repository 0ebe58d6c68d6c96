"""Every human-readable text a game serves, each named by a gettext context.

One walk serves two ends: the extractor (``tools/i18n``) runs it with a lookup that records
each message and answers it unchanged, and a translated answer runs it with a lookup into a
locale's catalogues. Both therefore see exactly the same texts under the same contexts, and a
text the walk does not name is a text no catalogue can hold.

A message lives in a gettext domain: core's own texts (its refusal templates) in ``core``, a
game's in a domain named by its id. Contexts say what a text is:

* ``game title`` (also the components document's ``game``), ``option <name> description``;
* ``rule <ID> title``, ``rule <ID> text``;
* ``refusal <code>``: the catalogue template, its ``{placeholders}`` kept;
* ``phrase <name>``: a part of a sentence a refusal's value is worded from (core's
  ``must be one of {choices}``: :class:`rulesets.core.refusals.Phrases`);
* ``note <key>`` (a note's sentence) and ``note <key> <n>`` (the n-th sentence of a list of them;
  the ``assumed`` note lists JSON paths, which are not prose);
* ``component <collection>/<id> name`` (and ``... text``): a served component's name, where
  ``collection`` is the dotted path of its list in the components document and ``id`` its ``id``
  (an id alone does not name it: Golden City's ``coast`` is a landscape and a landscape card).
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping

from .refusals import CORE, Refusal

CORE_DOMAIN = "core"

#: ``lookup(domain, context, text)``: the text to serve for ``text`` under ``context``.
Lookup = Callable[[str, str, str], str]

#: Notes that hold machine values (JSON paths), not sentences.
_NOT_PROSE = frozenset({"assumed"})
#: The keys of a component that are its prose (its id and numbers are machine fields).
_COMPONENT_TEXTS = ("name", "text")
#: What names a component inside its list, in order of preference.
_COMPONENT_KEYS = ("id", "resource")


def refusal_domain(entry: Refusal, game: str) -> str:
    """Core's entries are core's texts; a game's own (or its replacement of a core code) its own."""
    return CORE_DOMAIN if CORE.__contains__(entry.code) and CORE[entry.code] is entry else game


def refusal_template(entry: Refusal, game: str, lookup: Lookup) -> str:
    return lookup(refusal_domain(entry, game), f"refusal {entry.code}", entry.message)


def translate_metadata(metadata: Mapping[str, Any], game: str, lookup: Lookup) -> dict[str, Any]:
    """``Ruleset.metadata(...)`` with each text put through ``lookup`` (machine fields untouched)."""
    out = dict(metadata)
    out["title"] = lookup(game, "game title", metadata["title"])
    if "options" in metadata:
        out["options"] = [{**option, "description": lookup(game, f"option {option['name']} description",
                                                           option["description"])}
                          for option in metadata["options"]]
    if "rules" in metadata:
        out["rules"] = [_translated_rule(rule, game, lookup) for rule in metadata["rules"]]
    if "notes" in metadata:
        out["notes"] = {key: _translated_note(key, value, game, lookup) for key, value in metadata["notes"].items()}
    return out


def translate_errors(errors: list[tuple[Refusal, list[str]]], game: str, lookup: Lookup) -> list[dict[str, Any]]:
    """The metadata's ``errors``: each entry described with its template through ``lookup``."""
    return [{**entry.describe(rules), "message": refusal_template(entry, game, lookup)} for entry, rules in errors]


def _translated_rule(rule: Mapping[str, Any], game: str, lookup: Lookup) -> dict[str, Any]:
    out = dict(rule)
    out["title"] = lookup(game, f"rule {rule['id']} title", rule["title"])
    if "text" in rule:
        out["text"] = lookup(game, f"rule {rule['id']} text", rule["text"])
    return out


def _translated_note(key: str, value: Any, game: str, lookup: Lookup) -> Any:
    if key in _NOT_PROSE:
        return value
    if isinstance(value, str):
        return lookup(game, f"note {key}", value)
    if isinstance(value, list):
        return [lookup(game, f"note {key} {n}", item) if isinstance(item, str) else item
                for n, item in enumerate(value)]
    return value


def translate_components(document: Any, game: str, lookup: Lookup) -> Any:
    """A components document (as builtins) with each component's name and text through ``lookup``."""
    out = _components(document, "", game, lookup)
    if isinstance(out, dict) and isinstance(out.get("game"), str):
        out["game"] = lookup(game, "game title", out["game"])  # the document names its game by title
    return out


def _components(node: Any, path: str, game: str, lookup: Lookup) -> Any:
    if isinstance(node, dict):
        return {key: _components(value, f"{path}.{key}" if path else key, game, lookup)
                for key, value in node.items()}
    if isinstance(node, list):
        return [_component(item, path, game, lookup) if isinstance(item, dict) else _components(item, path, game, lookup)
                for item in node]
    return node


def _component(item: dict[str, Any], collection: str, game: str, lookup: Lookup) -> dict[str, Any]:
    out: dict[str, Any] = {key: _components(value, f"{collection}.{key}", game, lookup) for key, value in item.items()}
    key = next((item[k] for k in _COMPONENT_KEYS if isinstance(item.get(k), (str, int))), None)
    if key is None:
        return out  # nothing names it; a text in it would have no stable context
    for field in _COMPONENT_TEXTS:
        if isinstance(item.get(field), str):
            out[field] = lookup(game, f"component {collection}/{key} {field}", item[field])
    return out


def recorder() -> tuple[Lookup, dict[str, dict[tuple[str, str], None]]]:
    """A lookup answering every text unchanged and the messages it saw, by domain, in order."""
    seen: dict[str, dict[tuple[str, str], None]] = {}

    def record(domain: str, context: str, text: str) -> str:
        seen.setdefault(domain, {})[(context, text)] = None
        return text

    return record, seen


def walk_all(ruleset: Any, lookup: Lookup) -> Iterator[Any]:
    """Every text ``ruleset`` serves put through ``lookup``: metadata, refusal catalogue, components."""
    from .codec import to_builtins

    yield translate_metadata(ruleset.metadata(True), ruleset.id, lookup)
    yield translate_errors(ruleset.refusal_catalogue(), ruleset.id, lookup)
    yield [lookup(ruleset.id, f"phrase {phrase.name}", phrase.template) for phrase in ruleset.refusals.phrases()]
    if ruleset.Components is not None:
        yield translate_components(to_builtins(ruleset.components_document()), ruleset.id, lookup)


__all__ = ["CORE_DOMAIN", "Lookup", "recorder", "refusal_domain", "refusal_template", "translate_components",
           "translate_errors", "translate_metadata", "walk_all"]
