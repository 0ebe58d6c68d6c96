"""The Golden City's rule index: every rule ID of the spec, in its order, with a title and the spec's text."""

from rulesets.core import Rule, load_rule_index

RULES: dict[str, Rule] = load_rule_index(__package__, "rules.json")
