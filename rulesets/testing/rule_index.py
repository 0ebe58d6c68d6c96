"""The rule-index check: the spec's rule IDs, the ruleset's ``rules``, and the tests that cite them.

A rules spec defines its rules as bold entries (``* **GC-5.3** [S] ...``); a game's
``rules`` must hold exactly those IDs, and every one should be cited by some test, by
name (``test_gc_5_3_...`` cites GC-5.3) or in a test's docstring ("GC-5.3", or a list
such as "GC-7.1, 7.2 and 7.3").
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any, Iterable, Mapping, Pattern, Sequence

from rulesets.core.contract import Ruleset
from rulesets.core.rule_index import rule_order

#: the number part of a rule ID: ``5.3.1``, ``12``, or a lettered section's ``H.2``.
NUMBER = r"(?:[A-Z]\.\d+|\d+(?:\.\d+)*)"


def _id_pattern(prefix: str) -> str:
    return re.escape(prefix) + "-" + NUMBER


#: spec order of rule IDs (core's order, the one the served catalogue sorts by).
rule_sort_key = rule_order


def bold_definition(prefix: str) -> Pattern[str]:
    """How most specs define a rule: the ID in bold, ``**GC-5.3**``."""
    return re.compile(r"\*\*(" + _id_pattern(prefix) + r")\*\*")


def spec_rule_ids(spec: str | Path, prefix: str, definition: Pattern[str] | None = None) -> list[str]:
    """The rule IDs a spec defines, in its order, each once.

    ``spec`` is the spec's path or its text; ``definition`` is a pattern whose first group is a
    defined ID (default: bold ``**PREFIX-n.m**`` entries).
    """
    text = spec.read_text(encoding="utf-8") if isinstance(spec, Path) else spec
    found: dict[str, None] = {}
    for match in (definition or bold_definition(prefix)).finditer(text):
        found.setdefault(match.group(1), None)
    return list(found)


def ids_in(text: str, prefix: str) -> set[str]:
    """The rule IDs a docstring cites: ``GC-7.1``; ``GC-7.1, 7.2 and 7.3`` cites all three ("to" names only
    its two ends)."""
    listing = re.compile(re.escape(prefix) + "-(" + NUMBER + r")((?:\s*(?:,|and|to|/)\s*\d+(?:\.\d+)+)*)")
    found: set[str] = set()
    for first, rest in listing.findall(text):
        found.add(f"{prefix}-{first}")
        found |= {f"{prefix}-{n}" for n in re.findall(r"\d+(?:\.\d+)+", rest)}
    return found


def ids_in_name(name: str, prefix: str) -> set[str]:
    """The rule IDs a test's name cites: ``test_gc_5_3_1_x`` cites GC-5.3.1, ``test_sol_h_2_x`` SOL-H.2.

    Digits after the prefix, joined by underscores, are the number (``test_gc_12_x`` cites GC-12).
    """
    tag = re.escape(prefix.lower())
    found: set[str] = set()
    for match in re.finditer(r"(?:^|_)" + tag + r"_((?:[a-z]_)?\d+(?:_\d+)*)(?=_|$)", name):
        number = match.group(1)
        found.add(f"{prefix}-{number.upper().replace('_', '.')}")
    return found


def cited_rule_ids(tests_dir: str | Path, prefix: str, *, glob: str = "test_*.py") -> set[str]:
    """Rule IDs cited by the test functions of a folder (its ``test_*.py`` files, not sub-folders):
    by name, or in the docstring."""
    cited: set[str] = set()
    for path in sorted(Path(tests_dir).glob(glob)):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                cited |= ids_in(ast.get_docstring(node) or "", prefix)
                cited |= ids_in_name(node.name, prefix)
    return cited


def check_rule_index(ruleset: Ruleset[Any, Any], spec_file: str | Path | None, tests_dir: str | Path | None,
                     prefix: str, *, spec_ids: Sequence[str] | None = None, definition: Pattern[str] | None = None,
                     in_order: bool = True, uncited_ok: Iterable[str] = ()) -> None:
    """Hold ``ruleset.rules`` to the spec's rule IDs, and the tests in ``tests_dir`` to citing them all.

    The spec's IDs are read from ``spec_file`` (when it is given and exists), or taken from
    ``spec_ids`` (a game's copy of the list, for checkouts without the spec); with both, the
    copy must be the spec's list. Raises one ``AssertionError`` listing every problem: spec IDs
    missing from ``rules``, IDs in ``rules`` the spec does not define, the order when
    ``in_order`` and the sets agree, the published metadata's index, and the IDs no test cites
    (except ``uncited_ok``; no citation check when ``tests_dir`` is None).
    """
    problems: list[str] = []
    from_file = None
    if spec_file is not None and Path(spec_file).exists():
        from_file = spec_rule_ids(Path(spec_file), prefix, definition)
        if not from_file:
            raise AssertionError(f"{ruleset.id}: {spec_file} defines no {prefix}- rule IDs (is the definition "
                                 f"pattern right?)")
        if spec_ids is not None and list(spec_ids) != from_file:
            problems.append(f"the listed spec IDs are not the spec's: missing {sorted(set(from_file) - set(spec_ids))}"
                            f", extra {sorted(set(spec_ids) - set(from_file))}")
    if from_file is None and spec_ids is None:
        raise AssertionError(f"{ruleset.id}: no spec at {spec_file} and no spec_ids given")
    spec_ids = from_file if from_file is not None else list(spec_ids or ())
    index = list(ruleset.rules)
    missing = [r for r in spec_ids if r not in ruleset.rules]
    extra = [r for r in index if r not in set(spec_ids)]
    if missing:
        problems.append(f"in the spec but not in rules: {missing}")
    if extra:
        problems.append(f"in rules but not in the spec: {extra}")
    if in_order and not missing and not extra and index != spec_ids:
        first = next(i for i, (a, b) in enumerate(zip(index, spec_ids)) if a != b)
        problems.append(f"rules are not in the spec's order: {index[first]} where the spec has {spec_ids[first]}")
    served = [entry["id"] for entry in ruleset.metadata(detailed=True)["rules"]]
    if served != index:
        problems.append(f"metadata publishes {len(served)} rules, not the index's {len(index)} in its order")
    if tests_dir is not None:
        cited = cited_rule_ids(tests_dir, prefix)
        uncited = sorted(set(spec_ids) - cited - set(uncited_ok), key=rule_sort_key)
        if uncited:
            problems.append(f"cited by no test in {tests_dir}: {uncited}")
    if problems:
        raise AssertionError(f"{ruleset.id} rule index:\n  " + "\n  ".join(problems))


# ---------------------------------------------------------------------- the rule texts against the spec
def spec_paragraph(spec: str | Path, rule_id: str, prefix: str, definition: Pattern[str] | None = None) -> str:
    """The spec's words after ``rule_id``'s definition up to the next rule's, markup and ``[S]``-style tags
    dropped. ``definition`` is how the spec defines a rule (as in :func:`spec_rule_ids`; default bold IDs)."""
    text = spec.read_text(encoding="utf-8") if isinstance(spec, Path) else spec
    starts = list((definition or bold_definition(prefix)).finditer(text))
    here = next((i for i, match in enumerate(starts) if match.group(1) == rule_id), None)
    if here is None:
        raise AssertionError(f"the spec does not define {rule_id}")
    end = starts[here + 1].start() if here + 1 < len(starts) else len(text)
    body = text[starts[here].end():end]
    body = re.sub(r"\[(?:S|A|I|D)[^\]]*\]", "", body.replace("\\*", "*"))  # confidence tags: [S], [A: ...]
    body = body.replace("`", "").replace("*", "")
    return " ".join(body.split())


_WORD = re.compile(r"[\w'’+−×…-]+")


def check_rule_texts(rules: Mapping[str, Any], spec_file: str | Path, prefix: str, *, opening_words: int = 4,
                     definition: Pattern[str] | None = None) -> None:
    """Each rule's text opens with the spec's words right after its ID, and uses only words of that paragraph.

    ``rules`` maps IDs to ``Rule`` objects (with ``.text``) or to plain texts. Raises one
    ``AssertionError`` listing every rule that drifted from the spec.
    """
    spec = Path(spec_file).read_text(encoding="utf-8")
    problems: list[str] = []
    for rule_id, rule in rules.items():
        text = rule if isinstance(rule, str) else rule.text
        paragraph = spec_paragraph(spec, rule_id, prefix, definition)
        opening = " ".join(text.split()[:opening_words])
        if not paragraph.startswith(opening):
            problems.append(f"{rule_id}: opens {opening!r}, the spec {paragraph[:80]!r}")
        strays = set(_WORD.findall(text)) - set(_WORD.findall(paragraph))
        if strays:
            problems.append(f"{rule_id}: words not in its spec paragraph: {sorted(strays)}")
    if problems:
        raise AssertionError("rule texts differ from the spec:\n  " + "\n  ".join(problems))
