"""Solenia's rule index: every rule ID of the spec, in its order, with a short title and
the spec's own statement of the rule (``rules.json``)."""

from rulesets.core import load_rule_index

RULES = load_rule_index(__package__, "rules.json")
