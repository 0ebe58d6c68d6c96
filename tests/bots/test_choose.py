"""``bot_action``: the searched bot where the game has a determinize hook, the seeded uniform pick
among the seat's own legal actions where it has none; both from the seat's view."""

from __future__ import annotations

import pytest

from rulesets.core.host import get_ruleset
from rulesets.core.search import suggest
from service.bots import choose
from service.bots.choose import bot_action, bot_seed, searchable
from tests.doubles import card_nim


def _position(game: str, players: int = 2, seed: int = 3):
    ruleset = get_ruleset(game)
    state = ruleset.setup(players, seed, {})
    seat = ruleset.status(state).active_players[0]
    return ruleset, state, seat


def test_a_searchable_game_plays_the_searchs_best_suggestion_from_the_view(monkeypatch):
    ruleset, state, seat = _position("solenia")
    assert searchable(ruleset)
    view = ruleset.view(state, seat)
    # A fixed amount of work, not the clock: an answer cut short on a loaded machine may differ on a repeat.
    import rulesets.core.search as search

    monkeypatch.setattr(search, "suggest", lambda *args, **kwargs: suggest(*args, **kwargs, playouts=24))
    chosen = bot_action(ruleset, view, seat, legal_actions=lambda: pytest.fail("the search lists its own"),
                        budget_ms=30, seed=7)
    assert chosen == suggest(ruleset, view, seat, budget_ms=30, seed=7, playouts=24).suggestions[0].action
    assert chosen in [ruleset.dump(a) for a in ruleset.legal_actions(state, seat)]


@pytest.mark.parametrize("game", ["kingdom_of_solomon", "mines_of_zavandor", "java"])
def test_the_fallback_picks_uniformly_from_the_seats_menu_with_a_seeded_source(game, monkeypatch):
    """A game without a determinize hook (every game here may have one by now: the check is forced off)."""
    monkeypatch.setattr(choose, "searchable", lambda ruleset: False)
    ruleset, state, seat = _position(game)
    menu = [ruleset.dump(a) for a in ruleset.legal_actions(state, seat)]
    view = ruleset.view(state, seat)
    picks = [bot_action(ruleset, view, seat, legal_actions=lambda: menu, budget_ms=30, seed=s) for s in range(40)]
    assert all(pick in menu for pick in picks)
    assert picks == [bot_action(ruleset, view, seat, legal_actions=lambda: menu, budget_ms=30, seed=s)
                     for s in range(40)]  # the same seed, the same move
    if len(menu) > 1:
        assert len({str(pick) for pick in picks}) > 1  # not always the first


def test_a_seat_with_nothing_to_do_is_a_lookup_error():
    """The fallback (Card Nim, the double without a determinize hook) is handed an empty menu; the search
    (Solenia, Kingdom of Solomon) a seat not on turn, with no fortune card to play out of turn (KOS-6.2)."""
    ruleset = card_nim.RULESET
    assert not searchable(ruleset)
    state = ruleset.setup(2, 3, {})
    seat = ruleset.status(state).active_players[0]
    with pytest.raises(LookupError):
        bot_action(ruleset, ruleset.view(state, seat), seat, legal_actions=list, budget_ms=30, seed=1)
    for game in ("solenia", "kingdom_of_solomon"):
        ruleset, state, seat = _position(game)
        assert searchable(ruleset)
        other = 1 - seat
        assert ruleset.legal_actions(state, other) == []
        with pytest.raises(LookupError):
            bot_action(ruleset, ruleset.view(state, other), other,
                       legal_actions=lambda: pytest.fail("the search lists its own"), budget_ms=30, seed=1)


def test_the_bot_seed_depends_on_every_part():
    assert bot_seed("salt", "sid", 3, 0) == bot_seed("salt", "sid", 3, 0)
    assert len({bot_seed("salt", "sid", 3, 0), bot_seed("salt", "sid", 4, 0), bot_seed("salt", "sid", 3, 1),
                bot_seed("other", "sid", 3, 0)}) == 4
