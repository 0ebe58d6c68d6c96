"""The noninterference property of the test kit (issue #20) fails on each way a game can tell a seat what it
may not know, and only then: each broken game is Card Nim with one leak, checked against the Secrets its
rules give (tests/doubles/card_nim_secrets.py), never against its markers."""

from __future__ import annotations

import pytest

from rulesets.core import IllegalAction, RulesetError
from rulesets.testing.markers import format_table, marker_table, removed, secrecy_markers
from rulesets.testing.noninterference import Interference, Secrets, check_noninterference
from tests.doubles import card_nim, whisper_court
from tests.doubles.card_nim_secrets import SECRETS as CARD_NIM
from tests.doubles.whisper_court.secrets import SECRETS as WHISPER_COURT


def fails(ruleset, secrets=CARD_NIM, players=3, positions=40):
    report = check_noninterference(ruleset, secrets, players, positions=positions, stop_at_first=True)
    assert report.failure is not None, "the property held on a leaking game"
    return report.failure


def test_the_unbroken_double_holds_it_at_every_player_count():
    for players in (2, 3, 4):
        report = check_noninterference(card_nim.RULESET, CARD_NIM, players, positions=60)
        assert report.failure is None and report.positions == 60 and report.changed_twins > 0


class OffersDrawingOnlyWhenTheNextHandHoldsC01(card_nim.CardNim):
    """CN-4 lets a seat draw whenever the deck has cards; this one asks the next seat's hand first."""

    def enumerate_actions(self, state, player, types):
        actions = super().enumerate_actions(state, player, types)
        nxt = state.players[(player + 1) % len(state.players)].hand
        return [a for a in actions if not isinstance(a, card_nim.Draw) or "c01" in nxt]


def test_legal_actions_that_depend_on_another_hand_are_caught():
    assert "answers differ" in fails(OffersDrawingOnlyWhenTheNextHandHoldsC01())


class RefusalNamesTheTopCard(card_nim.CardNim):
    """Every refusal's sentence names the deck's top card (CN-4 keeps the deck's order from everyone)."""

    def apply(self, state, action, *, in_place=False):
        try:
            return super().apply(state, action, in_place=in_place)
        except RulesetError as refusal:
            raise IllegalAction(refusal.code, refusal.rule, f"{refusal.detail} (next card: {state.deck[:1]})") from None


def test_a_refusal_that_names_a_hidden_card_is_caught():
    assert "the answers to" in fails(RefusalNamesTheTopCard())


class StatusCountsTheNextHand(card_nim.CardNim):
    """The view shows everyone the next seat's first card under another name."""

    def view(self, state, player):
        out = super().view(state, player)
        out["hint"] = sorted(p.hand[0] for p in state.players if p.hand)[0] if state.players[0].hand else None
        return out


def test_a_view_showing_a_hidden_card_under_any_name_is_caught():
    """A string-matching test finds a card id; the property finds any function of what is hidden."""
    assert "answers differ" in fails(StatusCountsTheNextHand())


def test_a_twin_the_referee_refuses_is_the_generators_fault_and_says_so():
    def broken_twin(state, viewer, rnd):
        state.deck.append(state.deck[0])  # a card in two places
        return state

    with pytest.raises(AssertionError, match="twin .* is a state the referee refuses"):
        check_noninterference(card_nim.RULESET, Secrets(twin=broken_twin), 2, positions=5)


def test_a_twin_that_changes_what_the_seat_sees_is_reported_as_interference():
    """The property trusts the generator to keep what the seat knows: one that re-deals the seat's own hand
    makes even a correct game fail (which is how a test of a surface shows it can fail)."""
    def everything_redealt(state, viewer, rnd):
        cards = [c for p in state.players for c in p.hand] + state.deck
        rnd.shuffle(cards)
        for player in state.players:
            player.hand, cards = cards[:len(player.hand)], cards[len(player.hand):]
        state.deck = cards
        return state

    with pytest.raises(Interference):
        check_noninterference(card_nim.RULESET, Secrets(twin=everything_redealt), 2, positions=20)


def test_the_markers_are_found_and_a_removed_one_is_put_back():
    labels = {m.label for m in secrecy_markers(whisper_court.RULESET)}
    assert labels == {"CourtState.deck: Hidden(count=True)",
                      "CourtState.aside: Hidden(count=True)", "Player.hand: Private(count=True)",
                      "Player.seen: Private(count=False)", "CardSeen: PrivateEvent"}
    state = whisper_court.RULESET.setup(3, "markers")
    hand = next(m for m in secrecy_markers(whisper_court.RULESET) if m.label.startswith("Player.hand"))
    with removed(hand):
        assert "hand" in whisper_court.RULESET.view(state, 1)["players"][0]
    assert "hand" not in whisper_court.RULESET.view(state, 1)["players"][0]


def test_every_marker_of_the_worked_example_is_guarded():
    """The path a new game follows proves its secrets: each Whisper Court marker removed fails the property."""
    rows = marker_table(whisper_court.RULESET, WHISPER_COURT, 3, positions=200)
    print("\n" + format_table(rows))
    assert rows and all(row.failed_at is not None for row in rows), format_table(rows)


def test_a_secret_choice_is_checked_through_its_alternative():
    """A game whose secret is a choice gives an alternative action; a double that shows the choice fails."""
    class TellsWhoTookHowMany(card_nim.CardNim):
        pass  # Card Nim's takes are public (CN-3): its alternative is another take only for this test

    def alternative(state, action, viewer, rnd):
        if action["type"] != "take" or action["stones"] >= min(state.max_take, state.heap):
            return None
        return {**action, "stones": action["stones"] + 1}

    secret_takes = Secrets(twin=CARD_NIM.twin, disclosed=CARD_NIM.disclosed, alternative=alternative)
    assert "secret alternative" in fails(TellsWhoTookHowMany(), secret_takes)


def test_cores_own_seed_marker_is_guarded_twice_and_each_guard_is_seen():
    """GameState.rng is core's: its SECRET keeps the field from every view, and Rng, declared public by
    nobody, fails closed as well. With the marker removed the second guard holds (the view shows an empty
    ``rng``); with Rng declared public too, the property fails at once: the twins' seeds show."""
    from rulesets.core import GameState
    from rulesets.core.rng import Rng
    from rulesets.core.secrecy import _DECLARED_PUBLIC
    from rulesets.testing.markers import Marker, _clear_caches

    seed_marker = Marker("field", GameState, "rng", "SECRET")
    state = whisper_court.RULESET.setup(3, "core-seed-guard")
    with removed(seed_marker):
        assert whisper_court.RULESET.view(state, 0)["rng"] == {}
        assert check_noninterference(whisper_court.RULESET, WHISPER_COURT, 3, positions=20).failure is None
    setattr(Rng, _DECLARED_PUBLIC, True)
    try:
        with removed(seed_marker):  # entered with Rng public: its caches are cleared on the way in
            assert "seed" in whisper_court.RULESET.view(state, 0)["rng"]
            assert "answers differ" in fails(whisper_court.RULESET, WHISPER_COURT)
    finally:
        delattr(Rng, _DECLARED_PUBLIC)
        _clear_caches()
    assert "rng" not in whisper_court.RULESET.view(state, 0)
