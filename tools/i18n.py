"""The message catalogues: extract the templates, check the translations, compile them.

    python -m tools.i18n extract            # write every domain's .pot from the code and data
    python -m tools.i18n extract --check    # exit 1 if a committed .pot no longer matches
    python -m tools.i18n check [DOMAIN...]  # exit 1 naming each message without a zh_Hans text
                                            # (or whose placeholders differ from the English)
    python -m tools.i18n compile            # .po -> .mo beside it (what the install does)

Domains: ``core`` (rulesets/core/locale), one per game (rulesets/<game>/locale) and ``service``
(service/locale: the problem titles only the HTTP layer words). A translator copies a domain's
``locale/<domain>.pot`` to ``locale/zh_Hans/LC_MESSAGES/<domain>.po`` (or merges it into the one
there) and fills in each ``msgstr``; ``rulesets/core/messages.py`` says what each context names.
"""

from __future__ import annotations

import argparse
import ast
import sys
from http import HTTPStatus
from pathlib import Path

from rulesets.core import catalogues
from rulesets.core.host import all_rulesets
from rulesets.core.messages import CORE_DOMAIN

ROOT = Path(__file__).resolve().parent.parent
SERVICE_DOMAIN = "service"
#: the context of a problem's title (``service.i18n`` translates titles under it)
TITLE_CONTEXT = "problem title"


def service_titles() -> catalogues.Messages:
    """Every problem title the service words: each ``title="..."`` of its code, the refusal titles
    (``_TITLES``) and the HTTP status phrases a problem without one of its own is titled with."""
    titles: catalogues.Messages = {}
    for path in sorted((ROOT / "service").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "title" and isinstance(node.value, ast.Constant) \
                    and isinstance(node.value.value, str):
                titles[(TITLE_CONTEXT, node.value.value)] = None
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "_TITLES" for t in node.targets) \
                    and isinstance(node.value, ast.Dict):
                for value in node.value.values:
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        titles[(TITLE_CONTEXT, value.value)] = None
    for status in HTTPStatus:
        if status >= 400:
            titles[(TITLE_CONTEXT, status.phrase)] = None
    titles[(TITLE_CONTEXT, "Refused")] = None
    titles[(TITLE_CONTEXT, "Error")] = None
    return titles


def domains() -> dict[str, tuple[Path, catalogues.Messages]]:
    """Each domain's locale folder (in this checkout) and its messages."""
    rulesets = all_rulesets()
    messages = catalogues.ruleset_messages(rulesets)
    out = {CORE_DOMAIN: (ROOT / "rulesets" / "core" / "locale", messages[CORE_DOMAIN])}
    for ruleset in rulesets:
        folder = ROOT.joinpath(*catalogues.package_of(ruleset).split(".")) / "locale"
        out[ruleset.id] = (folder, messages[ruleset.id])
    out[SERVICE_DOMAIN] = (ROOT / "service" / "locale", service_titles())
    return out


def extract(check: bool) -> int:
    stale = []
    for domain, (folder, messages) in domains().items():
        path = folder / f"{domain}.pot"
        text = catalogues.template_text(domain, messages)
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path.relative_to(ROOT)))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"{path.relative_to(ROOT)}: {len(messages)} messages")
    for name in stale:
        print(f"{name} is out of date: run python -m tools.i18n extract", file=sys.stderr)
    return 1 if stale else 0


def check(locale: str, wanted: list[str]) -> int:
    problems = 0
    known = domains()
    for domain in wanted or list(known):
        folder, messages = known[domain]
        for complaint in catalogues.untranslated(messages, catalogues.po_path(folder, domain, locale)):
            print(f"{domain}: {complaint}")
            problems += 1
    print(f"{problems} message(s) need a {locale} text" if problems else f"every message has a {locale} text",
          file=sys.stderr)
    return 1 if problems else 0


def compile_all() -> int:
    for mo in catalogues.compile_tree(ROOT):
        print(mo.relative_to(ROOT))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.i18n", description=(__doc__ or "").split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    extract_cmd = commands.add_parser("extract", help="write the .pot templates")
    extract_cmd.add_argument("--check", action="store_true", help="only say whether they are up to date")
    check_cmd = commands.add_parser("check", help="report messages without a translation")
    check_cmd.add_argument("--locale", default=catalogues.CHINESE)
    check_cmd.add_argument("domains", nargs="*", help="core, service or a game id (default: all)")
    commands.add_parser("compile", help="compile every .po to its .mo")
    args = parser.parse_args(argv)
    if args.command == "extract":
        return extract(args.check)
    if args.command == "check":
        return check(args.locale, args.domains)
    return compile_all()


if __name__ == "__main__":
    sys.exit(main())
