"""The proof a game's bot does not cheat, and plays only legal actions, over seeded whole games.

* ``check_sampling``: at every position, the seat's view of a state sampled from its view
  (``Ruleset.determinize``) is that view again, byte for byte: the sample is consistent with
  what the seat knows, loads (the game's consistency check passes), and fills every hidden place.
* ``check_blind``: a state and its twin for the seat (the game's ``tests/<game>/secrets.py``,
  written from its rulebook: a state that differs only in what the seat may not know) get
  byte-identical suggestions for one seed. The search is handed the view only; this holds the
  whole path (service-side view building included) to it.
* ``check_legal``: every suggested action, for the seat to act, is accepted by ``apply``.

Positions are spread over seeded random games (``noninterference.positions_of``); the searches
run a fixed playout count (no clock), so the checks are exact and cheap.
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.core.codec import canonical_json, to_builtins
from rulesets.core.search import suggest
from rulesets.core.simulation import acting_seats

from .noninterference import Secrets, positions_of


def _answer(ruleset: Any, state: Any, seat: int, seed: str, playouts: int) -> bytes:
    found = suggest(ruleset, ruleset.view(state, seat), seat, seed=seed, playouts=playouts).to_builtins()
    del found["searched"]["elapsed_ms"]  # the only part that is the clock's
    return canonical_json(found)


def check_sampling(ruleset: Any, players: int, positions: int, seed: str = "sampling") -> int:
    """Every seat at every position: ``view(determinize(view)) == view``. Answers how many samples were compared."""
    compared = 0
    for index, state in enumerate(positions_of(ruleset, players, positions, seed)):
        for seat in range(players):
            view = ruleset.view(state, seat)
            sample = ruleset.determinize(view, seat, random.Random(f"{seed}/{index}/{seat}"))
            assert canonical_json(ruleset.view(sample, seat)) == canonical_json(view), (
                f"{ruleset.id}: a sample of seat {seat}'s view at position {index} shows it something else")
            compared += 1
    return compared


def check_blind(ruleset: Any, secrets: Secrets[Any], players: int, positions: int, *, playouts: int = 8,
                seed: str = "blind") -> int:
    """A state and its twin for each seat to act get the same suggestion. Answers how many pairs differed
    in the state (a twin equal to its state proves nothing, so the caller checks this is not zero)."""
    changed = 0
    for index, state in enumerate(positions_of(ruleset, players, positions, seed)):
        for seat in acting_seats(ruleset, state):
            twin = secrets.twin(ruleset.load_state(to_builtins(state)), seat, random.Random(f"{seed}/{index}"))
            if canonical_json(twin) != canonical_json(state):
                changed += 1
            left = _answer(ruleset, state, seat, f"{seed}/{index}", playouts)
            right = _answer(ruleset, twin, seat, f"{seed}/{index}", playouts)
            assert left == right, f"{ruleset.id}: seat {seat} at position {index} is told apart from its twin"
    return changed


def check_legal(ruleset: Any, players: int, positions: int, *, playouts: int = 8, seed: str = "legal") -> int:
    """Every suggestion at every position, for each seat to act, is accepted by ``apply``. Answers how many."""
    checked = 0
    for index, state in enumerate(positions_of(ruleset, players, positions, seed)):
        for seat in acting_seats(ruleset, state):
            found = suggest(ruleset, ruleset.view(state, seat), seat, seed=f"{seed}/{index}", playouts=playouts)
            assert 1 <= len(found.suggestions) <= 5
            for scored in found.suggestions:
                ruleset.apply(state, scored.action)  # raises on an illegal action
                checked += 1
    return checked
