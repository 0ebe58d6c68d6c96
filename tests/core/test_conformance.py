"""``conformance`` fails, naming the right check, on rulesets broken in one way each.

Each broken game is Card Nim with one fault; the unbroken double passes (so a failure here is
the fault's, not the double's).
"""

from __future__ import annotations

import pytest

from rulesets.testing import CONFORMANCE_CHECKS, ConformanceFailure, conformance, run_check
from tests.doubles import card_nim
from tests.doubles.card_nim_secrets import SECRETS as CARD_NIM


class ListsAnIllegalTake(card_nim.CardNim):
    """Offers taking one stone more than the rules allow."""

    def enumerate_actions(self, state, player, types):
        actions = super().enumerate_actions(state, player, types)
        if actions:
            actions.append(card_nim.Take(player=player, stones=state.max_take + 1))
        return actions


class ViewLeaksTheSeed(card_nim.CardNim):
    def view(self, state, player):
        return {**super().view(state, player), "note": state.rng.seed}


class ApplyMutatesItsInput(card_nim.CardNim):
    def apply(self, state, action, *, in_place=False):
        after, events = super().apply(state, action, in_place=in_place)
        state.players[0].taken += 1  # writes into the state it was given (a counter no rule reads)
        return after, events


class ShowsAnotherSeatsHand(card_nim.CardNim):
    def view(self, state, player):
        out = super().view(state, player)
        out["peek"] = list(state.players[(0 if player is None else player + 1) % len(state.players)].hand)
        return out


class SetupIgnoresTheSeed(card_nim.CardNim):
    def create(self, players, seed, options, seating):
        return super().create(players, "always-the-same", options, seating)


class RefusesWithAnUncataloguedCode(card_nim.CardNim):
    def apply(self, state, action, *, in_place=False):
        from rulesets.core import IllegalAction
        if isinstance(action, dict) and set(action) not in ({"type", "player", "stones"}, {"type", "player"}):
            raise IllegalAction("too_greedy", "CN-3", "An action with a field dropped or added.")
        return super().apply(state, action, in_place=in_place)


class MetadataWithoutRules(card_nim.CardNim):
    rules = {}


@pytest.mark.parametrize("broken, check", [
    (ListsAnIllegalTake(), "playouts"),
    (ViewLeaksTheSeed(), "seed_secret"),
    (ApplyMutatesItsInput(), "playouts"),
    (ShowsAnotherSeatsHand(), "noninterference"),
    (SetupIgnoresTheSeed(), "setup"),
    (MetadataWithoutRules(), "metadata"),
], ids=lambda value: value if isinstance(value, str) else type(value).__name__)
def test_conformance_names_the_check_that_fails(broken, check):
    with pytest.raises(ConformanceFailure) as failure:
        conformance(broken, playouts=1, secrets=CARD_NIM)
    assert failure.value.check == check, str(failure.value)
    assert f"conformance check {check!r} failed" in str(failure.value)


def test_the_mutation_is_reported_as_such():
    with pytest.raises(ConformanceFailure, match="apply mutated its input state"):
        run_check(ApplyMutatesItsInput(), "playouts", playouts=1)


def test_the_illegal_listing_is_reported_with_the_action():
    with pytest.raises(ConformanceFailure, match=r"listed action .*'stones'.* refused"):
        run_check(ListsAnIllegalTake(), "playouts", playouts=1)


def test_an_uncatalogued_refusal_code_is_named():
    with pytest.raises(ConformanceFailure, match="too_greedy") as failure:
        run_check(RefusesWithAnUncataloguedCode(), "mangled_action", playouts=2)
    assert failure.value.check == "mangled_action"


def test_a_crash_is_a_failure_of_the_check_that_met_it():
    class CrashingView(card_nim.CardNim):
        def view(self, state, player):
            raise KeyError("boom")

    with pytest.raises(ConformanceFailure, match="crashed: KeyError") as failure:
        run_check(CrashingView(), "seed_secret")
    assert failure.value.check == "seed_secret"


def test_the_unbroken_double_passes_every_check_and_the_checks_are_all_run():
    conformance(card_nim.CardNim(), playouts=1, secrets=CARD_NIM)
    ran: list[str] = []
    conformance(card_nim.CardNim(), playouts=1,
                checks={name: (lambda check: lambda r, **kw: ran.append(check))(name) for name in CONFORMANCE_CHECKS})
    assert ran == list(CONFORMANCE_CHECKS)


class ShowsTheDrawnCardToTheNextSeat(card_nim.CardNim):
    """A private event the rules do not make: the drawn card shown, privately, to the next seat too."""

    def apply(self, state, action, *, in_place=False):
        after, events = super().apply(state, action, in_place=in_place)
        shown = [card_nim.CardDrawn(player=e.player, card=e.card, visible_to=[(e.player + 1) % len(after.players)])
                 for e in events if isinstance(e, card_nim.CardDrawn)]
        return after, events + shown


class Announced(card_nim.Event, tag="announced"):
    """A public event: every seat sees it whole."""

    card: str


class NamesTheDrawnCardToEveryone(card_nim.CardNim):
    """An undeclared leak: a public event names the card only the drawer holds."""

    Event = card_nim.CardNimEvent | Announced

    def apply(self, state, action, *, in_place=False):
        after, events = super().apply(state, action, in_place=in_place)
        return after, events + [Announced(card=e.card) for e in events if isinstance(e, card_nim.CardDrawn)]


def test_a_private_event_to_a_seat_the_rules_do_not_show_the_card_is_a_leak():
    """CN-4: only the drawer learns the card. A PrivateEvent addressing it to another seat is well marked,
    yet it tells that seat what the rules keep from it: the property, written from the rules, fails."""
    with pytest.raises(ConformanceFailure, match="events of"):
        run_check(ShowsTheDrawnCardToTheNextSeat(), "noninterference", playouts=1, secrets=CARD_NIM)


def test_an_event_every_seat_sees_naming_a_hand_card_is_a_leak():
    with pytest.raises(ConformanceFailure, match="events of"):
        run_check(NamesTheDrawnCardToEveryone(), "noninterference", playouts=1, secrets=CARD_NIM)


def test_without_secrets_the_noninterference_check_fails_rather_than_passes():
    """A game that wrote no Secrets is not proven: the check says what to write."""
    with pytest.raises(ConformanceFailure, match="no Secrets given"):
        run_check(card_nim.CardNim(), "noninterference")
