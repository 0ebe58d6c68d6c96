"""Kingdom of Solomon's rule index: every rule ID of the spec, with a short title and the spec's own words."""

from rulesets.core import load_rule_index

RULES = load_rule_index(__package__, "rules.json")
