"""Issue #20, hidden information proven: what a Kingdom of Solomon seat may not know (KOS-6.1, spec 4: other
hands, both decks' order, the seed) changes nothing it is told, and every secrecy marker the game writes is
one whose removal the property catches. The twins are ``tests/kingdom_of_solomon/secrets.py``'s, written
from the spec."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulesets.core import to_builtins
from rulesets.core.codec import canonical_json
from rulesets.kingdom_of_solomon import RULESET
from rulesets.kingdom_of_solomon.ruleset import KingdomOfSolomon
from rulesets.kingdom_of_solomon.state import KosState
from rulesets.testing.markers import format_table, marker_table
from rulesets.testing.noninterference import Stateless, check_noninterference

from .playouts import play, steps
from .secrets import SECRETS

POSITIONS = 200


class _WithVariant(KingdomOfSolomon):
    """The ruleset with KOS-11's all-bonus variant as its default option (the property sets games up with the
    defaults): with 2 players the ark (KOS-5.13) then draws fortune cards too."""

    def setup(self, players: int, seed: int | str | None = None, options: Any = None, **seating: Any) -> KosState:
        return super().setup(players, seed, {"variant_all_bonus": True, **(options or {})}, **seating)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kos_6_1_spec_4_other_hands_deck_orders_and_seed_change_nothing_a_seat_is_told(players):
    """KOS-6.1 and spec 4: another seat's fortune cards (not their number), the order of both decks (KOS-1.7)
    and the seed change no view, status, legal action, refusal or shown event of any seat or a spectator, but
    for the cards a seat draws (KOS-5.9, 5.13), the display refill (KOS-9.3) and final scores (KOS-10.4)."""
    report = check_noninterference(RULESET, SECRETS, players, positions=POSITIONS)
    assert report.failure is None
    assert report.positions >= POSITIONS and report.changed_twins > 0


@pytest.mark.parametrize("players", [2, 3])
def test_kos_11_1_the_all_bonus_variant_keeps_the_same_secrets(players):
    """KOS-11.1: with all three bonus spaces in play (the ark draws three cards even with 2 players, KOS-5.13),
    the same secrets (KOS-6.1, spec 4) change nothing a seat is told."""
    report = check_noninterference(_WithVariant(), SECRETS, players, positions=POSITIONS)
    assert report.failure is None
    assert report.positions >= POSITIONS and report.changed_twins > 0


def test_spec_4_every_secrecy_marker_is_one_the_property_catches_when_removed():
    """Spec 4 and KOS-6.1: with each marker removed in turn (the two decks' Hidden, the hand's Private, the
    drawn cards' PrivateEvent), the property fails within 200 positions of 4-player games."""
    rows = marker_table(RULESET, SECRETS, 4, positions=POSITIONS)
    print()
    print(format_table(rows))
    assert {row.marker for row in rows} >= {"KosState.building_deck: Hidden(count=True)",
                                            "KosState.fortune_deck: Hidden(count=True)",
                                            "Player.hand: Private(count=True)",
                                            "FortuneCardDrawn: PrivateEvent"}
    missed = [row.marker for row in rows if row.failed_at is None]
    assert not missed, missed


def _final_states() -> list[KosState]:
    """Game-over states and the final round's end step of seeded whole games (the stride of the property's
    positions rarely lands there)."""
    found = []
    for players in (2, 3, 4):
        for _, _, after, _ in steps(play(players, f"kos-final-{players}")):
            if after.phase == "game_over" or (after.phase == "round_end" and after.final_round):
                found.append(after)
    return found


def test_kos_10_4_final_scores_are_shown_and_the_hands_behind_them_stay_hidden():
    """KOS-10.4 and 6.8: once the game is over its status names every seat's total, fortune cards in hand
    included, and a twin that keeps each hand's end VP (renaming cards of one end VP) tells no seat or spectator
    anything more; in the final end step the last confirmation's events differ only from ``game_ended``."""
    surface = Stateless(RULESET)
    rnd = random.Random("kos-10.4")
    states = _final_states()
    assert any(state.phase == "game_over" for state in states)
    changed = 0
    for state in states:
        for viewer in (None, *range(len(state.players))):
            twin = SECRETS.twin(RULESET.load_state(to_builtins(state)), viewer, rnd)
            twin = RULESET.load_state(to_builtins(twin))
            changed += canonical_json(twin) != canonical_json(state)
            assert canonical_json(surface.observe(state, viewer)) == canonical_json(surface.observe(twin, viewer))
            for seat in RULESET.status(state).active_players:
                for action in RULESET.legal_actions(state, seat):
                    sent = to_builtins(action)
                    mine, theirs = surface.attempt(state, sent), surface.attempt(twin, sent)
                    if seat == viewer:
                        assert mine.refusal == theirs.refusal
                    if mine.refusal or theirs.refusal:
                        continue  # another seat's hidden cards decide what it may do
                    one, two = mine.seen_by(viewer), theirs.seen_by(viewer)
                    cut = [next((i for i, e in enumerate(shown["events"]) if SECRETS.disclosed(e, viewer)),
                                len(shown["events"])) for shown in (one, two)]
                    assert cut[0] == cut[1]
                    assert one["events"][:cut[0]] == two["events"][:cut[1]] and one["action"] == two["action"]
    assert changed
