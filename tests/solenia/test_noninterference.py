"""SOL-H.1 to SOL-H.6 proven: what a seat may not know changes nothing it is told.

The secrets are written from the spec (``tests/solenia/secrets.py``): other hands and every deck order
(SOL-H.1, H.2), the delivery decks (SOL-H.3), the solo Rival deck and the random source (SOL-H.5, H.6).
The property (``rulesets.testing.noninterference``) runs at 200 positions of seeded games for every
player count, the solo game (SOL-10) included, in the basic game and in the advanced one (winter side
with improvements, SOL-8 and SOL-9: its draft and its powers are public, SOL-H.4, but they are other
states and other moves to hold the property on). Then each secrecy marker the game writes is taken out
in turn: the property must fail without it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from rulesets.core import to_builtins
from rulesets.solenia.ruleset import Solenia
from rulesets.solenia.state import SoleniaState
from rulesets.testing.markers import (
    format_table,
    marker_table,
    secrecy_markers,
)
from rulesets.testing.noninterference import check_noninterference

from .scenario import R
from .secrets import SECRETS, twin

PLAYER_COUNTS = [1, 2, 3, 4]
ADVANCED = {"board_side": "winter", "improvements": True}


class AdvancedSolenia(Solenia):
    """Solenia whose games are set up with the winter side and the improvement draft (SOL-1.5), so that the
    kit's seeded playouts (which take no options) play the advanced game."""

    def setup(self, players: int, seed: int | str | None = None, options: Mapping[str, Any] | None = None,
              **seats: Any) -> SoleniaState:
        return super().setup(players, seed, {**ADVANCED, **(options or {})}, **seats)


ADVANCED_RULESET = AdvancedSolenia()


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_sol_h_1_to_h_6_no_hidden_part_changes_what_a_seat_is_told(players):
    """SOL-H.1 (hands), SOL-H.2 (deck orders), SOL-H.3 (delivery decks), SOL-H.5 (the Rival deck, SOL-10.1),
    SOL-H.6 (the seed): re-dealing and reshuffling them, and reseeding, changes no view, status, legal
    action, refusal or event a seat (or a spectator) is shown, but the draws, refills and Rival cards the
    rules reveal (SOL-2.3 step 2, SOL-5.6, SOL-10.3 step 1)."""
    report = check_noninterference(R, SECRETS, players, positions=200)
    assert report.positions >= 200 and report.changed_twins > 0


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_sol_h_4_the_advanced_game_keeps_the_same_secrets(players):
    """SOL-H.4: the winter side's slots and permanent resources (SOL-8) and the improvement draft and tiles
    (SOL-9.1) are public; the advanced game hides what the basic one hides (SOL-H.1 to H.6), no more."""
    report = check_noninterference(ADVANCED_RULESET, SECRETS, players, positions=200)
    assert report.positions >= 200 and report.changed_twins > 0
    assert ADVANCED_RULESET.setup(players, "advanced").options.improvements


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_sol_h_1_h_2_a_twin_keeps_what_the_seat_holds_and_re_deals_the_rest(players):
    """SOL-H.1: the viewer keeps its hand, every other hand keeps its size and its owner's colour (the cards
    are that seat's, SOL-1.4 step 5); SOL-H.2: the viewer's own deck keeps its contents, not its order."""
    state = R.setup(players, "twin-shape")
    for viewer in [None, *range(players)]:
        other = twin(R.load_state(to_builtins(state)), viewer, random.Random(7))
        for seat, (before, after) in enumerate(zip(state.players, other.players)):
            assert len(after.hand) == len(before.hand) and len(after.deck) == len(before.deck)
            assert sorted(after.hand + after.deck) == sorted(before.hand + before.deck)
            if seat == viewer:
                assert after.hand == before.hand and after.deck != before.deck
        if viewer is None:
            assert any(a.hand != b.hand for a, b in zip(state.players, other.players))
        assert other.rng.seed != state.rng.seed and other.rng.counter == state.rng.counter


def _caught(rows) -> dict[str, int | None]:
    return {row.marker: row.failed_at for row in rows}


#: only the solo game has a Rival (SOL-10.1): at 4 players there is no Rival deck to show.
RIVAL = "Solo.rival_deck: Hidden(count=True)"


def test_sol_h_markers_each_one_taken_out_fails_the_property():
    """SOL-H.1 to H.6: every marker Solenia writes (hands, the three kinds of deck, the drawn-card event)
    hides a secret of the spec: without it the property fails, at 4 players and in the solo game (core's own
    markers, the state's ``rng``, are core's to prove: tests/core/test_noninterference.py)."""
    four = marker_table(R, SECRETS, 4, positions=200)
    solo = marker_table(R, SECRETS, 1, positions=200)
    print("\n" + format_table(four + solo))
    labels = {marker.label for marker in secrecy_markers(R)}
    assert set(_caught(four)) == set(_caught(solo)) == labels
    assert all(at is not None for marker, at in _caught(solo).items())
    assert all(at is not None for marker, at in _caught(four).items() if marker != RIVAL)
