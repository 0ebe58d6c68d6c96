"""The Mines of Zavandor's rule index: every rule ID of the spec with a short title and the rule's own words
(``rules.json``, in the spec's order)."""

from rulesets.core import load_rule_index

RULES = load_rule_index(__package__, "rules.json")
