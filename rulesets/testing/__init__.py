"""The game author's test kit: import it in a game's tests (ours or a third party's).

* ``Scenario(ruleset)``: set-ups, checked hand-built states, ``play``, ``refused``,
  ``accepted``, ``state_refused``, ``seen`` (and the same as functions, ruleset first);
* ``assert_exact``: ``legal_actions`` lists exactly the candidates ``apply`` accepts;
* ``check_rule_index`` and friends: the spec's rule IDs, the ruleset's ``rules``, the tests citing them;
* ``assert_check_order``: a table of (state, action, code, rule) rows, every mismatch at once;
* ``random_playout`` (``rulesets.testing.playout``): seeded whole games checking the contract;
* ``conformance(ruleset, secrets=...)``: the generic suite every game must pass, registered or not;
* ``rulesets.testing.noninterference``: ``Secrets`` (what a seat may not know, from the rulebook) and
  ``check_noninterference``, the proof that it changes nothing the seat is told, on any ``Surface``;
* ``rulesets.testing.markers``: every secrecy marker, removed one at a time, and the table of how soon
  the property fails without it;
* ``rulesets.testing.transcript``: what each seat is told along a seeded game, as reviewable text.
"""

from .check_order import Row, assert_check_order, check_order_mismatches
from .exactness import assert_exact
from .playout import ContractBroken, Playout, nudged_actions, random_playout
from .rule_index import (bold_definition, check_rule_index, check_rule_texts, cited_rule_ids, ids_in, ids_in_name,
                         rule_sort_key, spec_paragraph, spec_rule_ids)
from .scenario import ANY, Scenario, accepted, checked, play, refused, seen, state_refused

__all__ = ["ANY", "ContractBroken", "Playout", "Row", "Scenario", "accepted", "assert_check_order", "assert_exact",
           "bold_definition", "check_order_mismatches", "check_rule_index", "check_rule_texts", "checked",
           "cited_rule_ids", "ids_in", "ids_in_name", "nudged_actions", "play", "random_playout", "refused",
           "rule_sort_key", "seen", "spec_paragraph", "spec_rule_ids", "state_refused"]

from .conformance import CONFORMANCE_CHECKS, Check, ConformanceFailure, conformance, run_check  # noqa: E402

__all__ += ["CONFORMANCE_CHECKS", "Check", "ConformanceFailure", "conformance", "run_check"]
