"""The gettext catalogues of core and the games, as files: templates, checks, compilation.

Each domain keeps its catalogues in a ``locale`` folder of its package: the template
``locale/<domain>.pot`` (written by ``python -m tools.i18n extract`` from
:mod:`rulesets.core.messages`) and a translation per locale,
``locale/<locale>/LC_MESSAGES/<domain>.po``. The ``.po`` files are the repository's; the
``.mo`` files gettext reads are compiled from them when the package is installed or built
(``setup.py``), never committed. This module is a tool's: it needs Babel, which serving
does not (:mod:`rulesets.core.locale` reads the ``.mo`` files with the standard library).
"""

from __future__ import annotations

import datetime
import io
import re
import sys
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Iterator

from .messages import CORE_DOMAIN, recorder, walk_all
from .refusals import CORE, CORE_PHRASES

CHINESE = "zh_Hans"
#: Fixed, so that extracting twice from the same code writes the same bytes.
_EPOCH = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
_PLACEHOLDER = re.compile(r"\{(\w+)\}")

Messages = dict[tuple[str, str], None]  # (context, English text), in the order first met


def package_of(ruleset: Any) -> str:
    """The package a ruleset lives in (``rulesets.solenia``): its catalogues are in its ``locale``."""
    module = type(ruleset).__module__
    return module if hasattr(sys.modules[module], "__path__") else module.rpartition(".")[0]


def locale_dir(package: str) -> Path:
    return Path(str(resources.files(package).joinpath("locale")))


def ruleset_messages(rulesets: Iterable[Any]) -> dict[str, Messages]:
    """Core's messages and each game's, by domain: what the games serve, walked as they serve it."""
    lookup, seen = recorder()
    for entry in CORE:
        lookup(CORE_DOMAIN, f"refusal {entry.code}", entry.message)
    for phrase in CORE_PHRASES:
        lookup(phrase.domain or CORE_DOMAIN, f"phrase {phrase.name}", phrase.template)
    for ruleset in rulesets:
        seen.setdefault(ruleset.id, {})
        for _ in walk_all(ruleset, lookup):
            pass
    return seen


def template_text(domain: str, messages: Messages) -> str:
    """The ``.pot`` of ``domain`` holding ``messages``."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(domain=domain, project="tabletop-referee", version="1.0", creation_date=_EPOCH,
                      revision_date=_EPOCH, fuzzy=False)
    for context, text in messages:
        catalog.add(text, context=context)
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=False, omit_header=False)
    return out.getvalue().decode("utf-8")


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def translations_of(po: Path) -> dict[tuple[str, str], str]:
    """A ``.po``'s translated messages: (context, English) -> text; fuzzy and empty ones left out."""
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    return {(message.context or "", str(message.id)): str(message.string) for message in catalog
            if message.id and message.string and not message.fuzzy}


def untranslated(messages: Messages, po: Path) -> Iterator[str]:
    """Each message of ``messages`` that ``po`` does not translate, or translates with other placeholders."""
    known = translations_of(po) if po.exists() else {}
    for context, text in messages:
        translated = known.get((context, text))
        if translated is None:
            yield f"{context!r}: no translation of {text!r}"
        elif placeholders(translated) != placeholders(text):
            yield (f"{context!r}: placeholders {sorted(placeholders(translated))} differ from the English "
                   f"{sorted(placeholders(text))}")


def po_path(directory: Path, domain: str, locale: str) -> Path:
    return directory / locale / "LC_MESSAGES" / f"{domain}.po"


def compile_po(po: Path, mo: Path) -> None:
    """``po`` compiled to ``mo`` (fuzzy entries left out, as gettext's msgfmt does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    mo.parent.mkdir(parents=True, exist_ok=True)
    with mo.open("wb") as handle:
        write_mo(handle, catalog, use_fuzzy=False)


def compile_tree(root: Path, out: Path | None = None, packages: Iterable[str] = ("rulesets", "service")) -> list[Path]:
    """Every ``locale/<locale>/LC_MESSAGES/<domain>.po`` in ``packages`` under ``root`` compiled to its
    ``.mo`` (under ``out`` at the same relative path, or beside it)."""
    written = []
    pos = (po for package in packages for po in (root / package).glob("**/locale/*/LC_MESSAGES/*.po"))
    for po in sorted(pos):
        mo = (out / po.relative_to(root) if out is not None else po).with_suffix(".mo")
        compile_po(po, mo)
        written.append(mo)
    return written


__all__ = ["CHINESE", "compile_po", "compile_tree", "locale_dir", "package_of", "placeholders", "po_path",
           "ruleset_messages", "template_text", "translations_of", "untranslated"]
