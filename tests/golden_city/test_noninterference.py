"""Spec section 4, GC-13.2: what a seat may not know (tests/golden_city/secrets.py, written from the spec)
changes nothing it is told: its view, its legal actions, the answers to its actions and the events of
everyone's actions are the same in a state and in every twin it cannot tell from it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulesets.core import RulesetError, to_builtins
from rulesets.core.host import canonical_json
from rulesets.testing.markers import format_table, marker_table
from rulesets.testing.noninterference import check_noninterference, positions_of

from .scenario import R
from .secrets import SECRETS

#: GC-6.4 / D-7's correction path: bonus cards face up (public), picked by the builder.
PUBLIC_BONUS = {"bonus_card_acquisition": "choose_any_public"}


class WithOptions:
    """The ruleset set up with ``options`` (the property sets games up with the defaults)."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options

    def setup(self, players: int, seed: Any, options: dict[str, Any] | None = None, **kwargs: Any) -> Any:
        return R.setup(players, seed, {**self.options, **(options or {})}, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(R, name)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_spec_4_gc_13_2_no_seat_learns_another_hand_a_deck_or_a_sealed_bonus_card(players):
    """Spec 4 / GC-13.2 (GC-1.6, GC-6.2, GC-6.4, GC-1.7, GC-12.1, GC-13.1): other hands, the landscape, goods,
    bonus and scoring decks' orders, other seats' bonus cards and the seed tell a seat nothing, over 200
    positions of seeded games; a drawn card, the pairs dealt and the scoring card turned up are disclosures."""
    report = check_noninterference(R, SECRETS, players, positions=200)
    assert report.positions >= 200 and report.changed_twins > 0, report


def test_gc_6_4_public_choice_reading_hides_hands_and_decks_but_not_bonus_cards():
    """GC-6.4 / D-7, correction path: under choose_any_public the bonus cards lie face up and are public (the
    twin keeps them), while hands and deck orders stay hidden (spec 4)."""
    report = check_noninterference(WithOptions(PUBLIC_BONUS), SECRETS, 3, positions=200)
    assert report.positions >= 200 and report.changed_twins > 0, report


def test_spec_4_every_secrecy_marker_is_one_the_property_needs():
    """Spec 4: taking out any one secrecy marker the game writes (hand, bonus cards, the four decks, the
    private draws of GC-6.2 and GC-6.4) makes the property fail, 4 players; printed with ``pytest -s``.
    (Core's own markers, the state's ``rng``, are core's to prove: tests/core/test_noninterference.py.)"""
    rows = marker_table(R, SECRETS, 4, positions=200)
    print()
    print(format_table(rows))
    for row in rows:
        assert row.failed_at is not None, row.marker
    assert {row.marker.split(":")[0] for row in rows} >= {
        "GoldenCityState.landscape_deck", "GoldenCityState.goods_deck", "GoldenCityState.bonus_deck",
        "GoldenCityState.scoring_deck", "Player.hand", "Player.bonus", "CardDrawn", "BonusDrawn"}


def _twin(state, viewer, seed):
    return R.load_state(to_builtins(SECRETS.twin(R.load_state(to_builtins(state)), viewer, random.Random(seed))))


@pytest.mark.parametrize("players", [2, 4])
def test_gc_12_1_spec_5_1_a_build_tells_others_only_the_types_it_paid(players):
    """GC-5.3.3 / GC-12.1 / spec 5.1: a build's payment lands face up on the discard pile, and cards of one type
    are interchangeable; so after another seat's build, a seat sees the same state whatever that seat's hidden
    hand was (the property compares events; this compares the state the build leads to).

    It failed while each landscape card had a numbered id (coast-01 ... desert-10) and a payment spent the
    lowest-numbered copies: the discard pile then showed which copy left the hand, so a seat could tell that a
    card drawn in secret (GC-1.6, GC-6.2) was, say, a coast card."""
    compared = 0
    for index, state in enumerate(positions_of(R, players, 120, f"gc-after-build-{players}")):
        if state.phase != "build":
            continue
        active = R.status(state).active_players[0]
        for viewer in [None, *(seat for seat in range(players) if seat != active)]:
            twin = _twin(state, viewer, index)
            # a goods card's place in the display is refilled face up from the goods deck (GC-6.5): a reveal
            builds = [a for a in map(to_builtins, R.legal_actions(state, active))
                      if a["type"] == "build" and "goods_pick" not in a]
            for action in builds[:4]:
                try:
                    mine, theirs = R.apply(state, action)[0], R.apply(twin, action)[0]
                except RulesetError:
                    continue
                assert canonical_json(R.view(mine, viewer)) == canonical_json(R.view(theirs, viewer)), (
                    index, viewer, action)
                compared += 1
    assert compared > 50
