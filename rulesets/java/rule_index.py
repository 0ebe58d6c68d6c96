"""Java's rule index: every rule ID of the spec in its order, with a short title and the spec's own words."""

from rulesets.core import Rule, load_rule_index

RULES: dict[str, Rule] = load_rule_index(__package__, "rules.json")
