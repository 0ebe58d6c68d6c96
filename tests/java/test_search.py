"""The Java bot plays from its seat's view only (JAVA-1.5, 9.2, 14.6, spec 4.1) and plays legal moves.

The twins come from ``tests/java/secrets.py`` (written from spec Part 4): the other hands and the deck
re-dealt among themselves, the seed. Festivals are rare in uniform play (thousands of placements a
turn), so the festival checks walk the steered playouts of ``tests/java/steered.py``.
"""

from __future__ import annotations

import itertools
import random

import pytest

from rulesets.core.codec import canonical_json
from rulesets.java.components import CARDS
from rulesets.java.land import Land
from rulesets.java.ruleset import Java
from rulesets.testing.playout import random_playout
from rulesets.testing.search import check_blind, check_legal, check_sampling

from .secrets import SECRETS
from .steered import Steered

RULESET = Java()
STEERED = Steered(RULESET)
#: samples of each seat's view at each festival position (one breaks the rule too rarely to be seen)
SAMPLES = 6


def _festival_positions(players: int, games: int) -> list:
    found = []
    for game in range(games):
        seed = f"search-festival-{players}-{game}"
        state = RULESET.setup(players, seed)
        for action in random_playout(STEERED, players, seed, sample_legal=0, nudges=0).actions:
            state, _ = RULESET.apply(state, action)
            if state.festival is not None:
                found.append(state)
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_samples_show_the_seat_its_own_view_JAVA_1_5_spec_4_1(players: int) -> None:
    assert check_sampling(RULESET, players, 12) >= 12 * players
    assert check_sampling(STEERED, players, 12, seed="steered") >= 12 * players


def test_samples_during_a_festival_keep_what_eligibility_showed_JAVA_10_6() -> None:
    """JAVA-10.6: a seat invited to a festival or declining it held a card showing a festival symbol, and a
    seat with a developer in the city that was not eligible held none; no hand changes during a festival
    (JAVA-9.1), so every sample of another seat's hand keeps that. Also: the sample is the seat's view."""
    constrained = 0
    for index, state in enumerate(_festival_positions(4, 2)):
        festival = state.festival
        symbols = set(festival.symbols)
        status = {bid.seat: bid.status for bid in festival.bids}
        land = Land(state)
        palace = next(n for n, p in enumerate(state.palaces) if tuple(p.hex) == tuple(festival.palace))
        in_city = {land.dev[i] for i in land.city_of_palace(palace)}
        for viewer, draw in itertools.product(range(4), range(SAMPLES)):
            view = RULESET.view(state, viewer)
            sample = RULESET.determinize(view, viewer, random.Random(f"festival/{index}/{viewer}/{draw}"))
            assert canonical_json(RULESET.view(sample, viewer)) == canonical_json(view)
            for seat in range(4):
                if seat == viewer:
                    continue
                holds = any(CARDS[card] & symbols for card in sample.players[seat].hand)
                if status.get(seat) in ("invited", "declined"):
                    assert holds, f"position {index}: seat {seat} was eligible, its sampled hand shows no symbol"
                    constrained += 1
                elif seat not in status and seat in in_city:
                    assert not holds, f"position {index}: seat {seat} was not eligible, its sample is"
                    constrained += 1
    assert constrained > 0


@pytest.mark.parametrize("players", [2, 4])
def test_twins_get_the_same_suggestion_JAVA_1_5_9_2_14_6(players: int) -> None:
    assert check_blind(RULESET, SECRETS, players, 5, playouts=4) > 0


def test_twins_get_the_same_suggestion_in_festivals_JAVA_10_4_to_10_12() -> None:
    assert check_blind(STEERED, SECRETS, 4, 8, playouts=4, seed="blind-steered") > 0


@pytest.mark.parametrize("players", [2, 4])
def test_every_suggestion_is_legal(players: int) -> None:
    assert check_legal(RULESET, players, 5, playouts=4) > 0
    assert check_legal(STEERED, players, 5, playouts=4, seed="legal-steered") > 0
