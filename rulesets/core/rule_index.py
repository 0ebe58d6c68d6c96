"""A game's rule index: every rule ID of its spec, with a title and the rule's own words.

The index is component data like any other: a JSON file in the game's package, a list of
``{"id", "title", "text"}`` in the spec's order, where ``text`` is the spec's statement of
the rule (a sentence or three), so a client can show a refusal with the rule it cites.
"""

from __future__ import annotations

from importlib import resources
from typing import Any, Mapping

import msgspec


class Rule(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    title: str
    text: str


def load_rule_index(package: str, filename: str) -> dict[str, Rule]:
    """The rule index packaged with a game, keyed by rule ID, in the file's order."""
    raw = resources.files(package).joinpath(filename).read_bytes()
    rules = msgspec.json.decode(raw, type=list[Rule])
    index = {rule.id: rule for rule in rules}
    if len(index) != len(rules):
        raise ValueError(f"{package}/{filename} lists a rule ID twice")
    empty = [rule.id for rule in rules if not rule.title.strip() or not rule.text.strip()]
    if empty:
        raise ValueError(f"{package}/{filename}: rules without a title or text: {empty}")
    return index


def rule_entry(rule_id: str, rule: "Rule | str") -> dict[str, Any]:
    """One entry of the metadata's ``rules`` (a bare title, from a game not yet giving texts, has no text)."""
    if isinstance(rule, Rule):
        return {"id": rule_id, "title": rule.title, "text": rule.text}
    return {"id": rule_id, "title": rule}


def titles(index: Mapping[str, "Rule | str"]) -> dict[str, str]:
    return {rule_id: rule.title if isinstance(rule, Rule) else rule for rule_id, rule in index.items()}


__all__ = ["Rule", "load_rule_index", "rule_entry", "titles"]


def rule_order(rule_id: str) -> list[tuple[int, int | str]]:
    """A sort key in spec order: SOL-2.9 before SOL-2.10 (numbers compare as numbers), GC-5.3 before
    GC-5.3.1, numbered sections before lettered ones (SOL-H.2)."""
    number = rule_id.split("-", 1)[-1]
    return [(0, int(part)) if part.isdigit() else (1, part) for part in number.split(".")]
