"""The contract, held against every registered game and every test double: ``rulesets.testing.conformance``.

These tests know no game: each (game, check) pair runs one named check of
``CONFORMANCE_CHECKS`` (metadata, set-up, refusals of player counts and foreign states, the
seed's secrecy, seeded playouts accepted iff listed, replay, noninterference against the
Secrets each game's tests write from its rulebook (``tests/secrets.py``), the derived view schema, mangled states and actions, the refusal catalogue) on the
Ruleset object itself, so an unregistered game or a double gets the very same suite as ours.
The game folders run long playout batteries of their own; here one playout per player
count is enough.
"""

from __future__ import annotations

import pytest

from rulesets import all_rulesets
from rulesets.core import Ruleset
from rulesets.testing import CONFORMANCE_CHECKS, run_check
from tests import doubles
from tests.secrets import secrets_of
from tests.core.test_playout_out_of_turn import KnockingNim

#: the doubles are Ruleset objects, not registered: conformance needs no registry.
DOUBLES: list[Ruleset] = [*doubles.games(), KnockingNim()]
RULESETS: list[Ruleset] = all_rulesets() + DOUBLES
PLAYOUTS = 1


def _id(ruleset: Ruleset) -> str:
    return ruleset.id if type(ruleset) is not KnockingNim else "knocking_nim"


@pytest.mark.parametrize("check", list(CONFORMANCE_CHECKS))
@pytest.mark.parametrize("ruleset", RULESETS, ids=[_id(r) for r in RULESETS])
def test_conformance(ruleset, check):
    secrets = secrets_of(ruleset.id) if check == "noninterference" else None
    run_check(ruleset, check, playouts=PLAYOUTS, secrets=secrets)


def test_every_registered_game_and_the_doubles_are_held_to_it():
    ids = {r.id for r in RULESETS}
    assert {"golden_city", "java", "kingdom_of_solomon", "mines_of_zavandor", "solenia", "card_nim", "whisper_court"} <= ids
