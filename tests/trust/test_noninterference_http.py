"""Noninterference over HTTP: issue #20 ("Hidden information proven") asks that core's testing kit run
the property "with Hypothesis over seeded playouts, stateless, through sessions (reads, log,
legal-actions) and through sealed states".

The stateless run is the conformance suite's (``tests/core/test_every_ruleset.py``, 200 positions).
Here the same property (``rulesets.testing.noninterference.check_noninterference``) runs through the
Flask app's test client on the two HTTP surfaces of ``tests/trust/surfaces.py``: a session holding
each position and its twin, and each sealed by the app's sealer. Every registered game is here with
the Secrets its tests write from its rulebook (``tests/<game>/secrets.py``, found by
``tests.secrets.secrets_of``); a game is skipped only while that file does not exist. The doubles
Card Nim and Whisper Court, which have theirs, are registered for this module's app.

And a property that cannot fail proves nothing: a twin that changes what the seat holds (a leak by
construction) fails through each surface.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulesets.core.host import get_ruleset, register, ruleset_ids, to_builtins, unregister
from rulesets.testing.noninterference import Interference, Secrets, check_noninterference, positions_of
from tests.doubles import card_nim, whisper_court
from tests.doubles.card_nim_secrets import SECRETS as CARD_NIM_SECRETS
from tests.secrets import secrets_of

from .conftest import SEALING_KEY, make_app
from .surfaces import SealedSurface, SessionSurface

DOUBLES = {card_nim.GAME_ID: card_nim.__name__, whisper_court.GAME_ID: whisper_court.__name__}
#: the registered games (entry points, read at collection, before this module registers the doubles), then the doubles
GAMES = [game for game in ruleset_ids() if game not in DOUBLES] + list(DOUBLES)
#: positions per game, surface and player count (smallest, largest); the stateless run does 200 at each
POSITIONS = 30
SEED = "noninterference-http"
SURFACES = {"sessions": SessionSurface, "sealed": SealedSurface}


@pytest.fixture(scope="module")
def referee():
    """An app with sealing on and the in-process session store, knowing the doubles too
    (registered before it is made, so its schemas include them; unregistered after)."""
    for game, module in DOUBLES.items():
        register(game, module)
    try:
        yield make_app(STATE_SEALING_KEYS=SEALING_KEY, REDIS_URL=None)
    finally:
        for game in DOUBLES:
            unregister(game)


def game_secrets(game: str) -> Secrets[Any]:
    """Every game has written its Secrets: one that has not is not proven, and fails here."""
    return secrets_of(game)


@pytest.mark.parametrize("surface_name", list(SURFACES))
@pytest.mark.parametrize("game", GAMES)
def test_what_a_seat_may_not_know_changes_nothing_it_is_told_over_http(referee, game, surface_name):
    """Issue #20: the property "through sessions (reads, log, legal-actions) and through sealed
    states", at POSITIONS positions of seeded playouts of the game's smallest and largest player
    counts: no interference, and twins that really differ from their states."""
    secrets = game_secrets(game)
    ruleset = get_ruleset(game)
    surface = SURFACES[surface_name](referee, ruleset)
    for players in sorted({ruleset.min_players, ruleset.max_players}):
        report = check_noninterference(ruleset, secrets, players, positions=POSITIONS, seed=SEED,
                                       surface=surface, surface_name=surface_name)
        assert report.failure is None
        assert report.positions == POSITIONS and report.comparisons > POSITIONS
        assert report.changed_twins > 0, f"{players}p: no twin differed from its state: nothing hidden compared"


# ---------------------------------------------------------------------- the surfaces answer for the state
@pytest.mark.parametrize("surface_name", list(SURFACES))
def test_each_surface_answers_for_the_state_it_is_given(referee, surface_name):
    """The surfaces put the very state they are handed behind the service: a seat's answers are
    that state's view and legal actions, not those of a state the service set up itself."""
    ruleset = get_ruleset(whisper_court.GAME_ID)
    surface = SURFACES[surface_name](referee, ruleset)
    state = positions_of(ruleset, 3, 8, SEED)[5]
    seat = ruleset.status(state).active_players[0]
    seen = surface.observe(state, seat)
    view = seen["read"]["view"] if surface_name == "sessions" else seen["view"]["view"]
    assert view == to_builtins(ruleset.view(state, seat))
    assert seen["legal"]["actions"] == to_builtins(ruleset.legal_actions(state, seat))
    action = seen["legal"]["actions"][0]
    attempt = surface.attempt(state, action)
    assert attempt.refusal is None
    after, events = ruleset.apply(ruleset.load_state(to_builtins(state)), action)
    assert attempt.seen_by(seat)["events"] == to_builtins(ruleset.view_events(events, seat))
    next_view = attempt.after(seat)
    assert (next_view["read"]["view"] if surface_name == "sessions" else next_view["view"]["view"]) \
        == to_builtins(ruleset.view(after, seat))


# ---------------------------------------------------------------------- the property can fail
def _leaky_twin(state: Any, viewer: Any, rnd: random.Random) -> Any:
    """Card Nim's twin, and for a seat one of its own cards swapped with a deck card it has not seen."""
    state = CARD_NIM_SECRETS.twin(state, viewer, rnd)
    if viewer is not None:
        hand, deck = state.players[viewer].hand, state.deck
        other = next((i for i, card in enumerate(deck) if hand and card != hand[0]), None)
        if other is not None:
            hand[0], deck[other] = deck[other], hand[0]
    return state


LEAKY = Secrets(twin=_leaky_twin, disclosed=CARD_NIM_SECRETS.disclosed)


@pytest.mark.parametrize("surface_name", list(SURFACES))
def test_a_twin_that_changes_the_seats_own_hand_fails_through_each_surface(referee, surface_name):
    """Through sessions and through sealed states, the property tells a seat's own hand changed:
    a passing run above is the surface's answer, not a comparison of nothing."""
    ruleset = get_ruleset(card_nim.GAME_ID)
    surface = SURFACES[surface_name](referee, ruleset)
    report = check_noninterference(ruleset, LEAKY, ruleset.max_players, positions=10, seed=SEED, surface=surface,
                                   surface_name=surface_name, stop_at_first=True, shrink=False)
    assert report.failure is not None and "answers differ" in report.failure, report
    assert '"hand":' in report.failure, report.failure
    with pytest.raises(Interference):
        check_noninterference(ruleset, LEAKY, ruleset.max_players, positions=10, seed=SEED, surface=surface,
                              surface_name=surface_name, shrink=False)


# ---------------------------------------------------------------------- each channel is compared
def _shown_whole(events: Any, player: Any) -> list[Any]:
    """A redaction that redacts nothing: every seat is shown every drawn card."""
    return list(events)


def test_a_log_that_shows_another_seats_drawn_card_fails_through_sessions(referee, monkeypatch):
    """The session log is one of the channels compared: with a leaky redaction of events (the
    ruleset object the app serves is patched for this test), another seat's draw, read from the
    log, shows the viewer a card the twin dealt differently."""
    ruleset = get_ruleset(card_nim.GAME_ID)
    monkeypatch.setattr(ruleset, "view_events", _shown_whole)
    report = check_noninterference(ruleset, CARD_NIM_SECRETS, ruleset.max_players, positions=15, seed=SEED,
                                   surface=SessionSurface(referee, ruleset), surface_name="sessions",
                                   stop_at_first=True, shrink=False)
    assert report.failure is not None and "the events of what seat" in report.failure, report
    assert '"card_drawn"' in report.failure, report.failure


@pytest.mark.parametrize("surface_name", list(SURFACES))
def test_legal_actions_that_depend_on_the_deck_fail_through_each_surface(referee, surface_name, monkeypatch):
    """Legal actions are a channel compared too: a (patched) game whose menu depends on the hidden
    top card of the deck tells a seat something about it."""
    ruleset = get_ruleset(card_nim.GAME_ID)
    listed = ruleset.legal_actions

    def legal_actions(state: Any, player: int, *args: Any, **kwargs: Any) -> list[Any]:
        actions = listed(state, player, *args, **kwargs)
        return actions if state.deck and state.deck[0] < "c07" else actions[:1]

    monkeypatch.setattr(ruleset, "legal_actions", legal_actions)
    report = check_noninterference(ruleset, CARD_NIM_SECRETS, ruleset.max_players, positions=15, seed=SEED,
                                   surface=SURFACES[surface_name](referee, ruleset), surface_name=surface_name,
                                   stop_at_first=True, shrink=False)
    assert report.failure is not None and "answers differ" in report.failure, report
    assert '"legal":' in report.failure or '"actions":' in report.failure, report.failure
