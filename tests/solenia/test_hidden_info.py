"""SOL-H.1 to SOL-H.6: hidden information, views and randomness, rule by rule.

These tests read the spec's own words (a hand is a count, a deck is a count, a refill and a Rival card are
shown to all); that no hidden part shows anywhere, in any view, answer or event, is the noninterference
property (test_noninterference.py, with the secrets of secrets.py)."""

from __future__ import annotations

import orjson
import pytest

from rulesets.core import to_builtins
from rulesets.core.host import canonical_json
from rulesets.testing.playout import random_playout

from .scenario import R, new, seen

SEED = "view-secret-51f0"


def midgame(players=3, **options):
    playout = random_playout(R, players, SEED, options, sample_legal=0, nudges=0)
    state = R.setup(players, SEED, options)
    for act in playout.actions[: len(playout.actions) // 2]:
        state, _ = R.apply(state, act)
    return state


@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_sol_h_1_hands_are_private(viewer):
    """SOL-H.1: only the owner sees a hand; everyone sees its size."""
    state = midgame()
    view = R.view(state, viewer)
    for seat, player in enumerate(view["players"]):
        assert player["hand_count"] == len(state.players[seat].hand)
        if seat == viewer:
            assert player["hand"] == state.players[seat].hand
        else:
            assert "hand" not in player


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_sol_h_2_no_deck_order_for_anyone(viewer):
    """SOL-H.2: every personal deck, the viewer's own included, is a count."""
    state = midgame(2)
    view = R.view(state, viewer)
    for seat, player in enumerate(view["players"]):
        assert "deck" not in player and player["deck_count"] == len(state.players[seat].deck)


def test_sol_h_3_delivery_decks_are_counts_and_displays_public():
    """SOL-H.3: both delivery decks are hidden (counts); the displays are public."""
    state = midgame()
    view = R.view(state, 0)["delivery"]
    assert "day_deck" not in view and "night_deck" not in view
    assert view["day_deck_count"] == len(state.delivery.day_deck)
    assert view["night_deck_count"] == len(state.delivery.night_deck)
    assert view["day_display"] == state.delivery.day_display
    assert view["night_display"] == state.delivery.night_display


def test_sol_h_4_everything_else_is_public():
    """SOL-H.4: board cards, storage, stars, tiles, permanents, improvements and discards are visible to all."""
    state = midgame(3, board_side="winter", improvements=True)
    full = to_builtins(state)
    view = R.view(state, None)
    assert view["board"] == full["board"]
    for seat, player in enumerate(view["players"]):
        for key in ("storage", "capacity", "stars", "day_slots", "night_slots", "extra_tiles", "discard",
                    "permanent", "improvements"):
            assert player[key] == full["players"][seat][key]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_sol_h_5_views_never_carry_the_random_source_or_hidden_decks(players):
    """SOL-H.5: no seed or counter, no deck order, the Rival deck as a count."""
    state = midgame(players)
    for viewer in [None, *range(players)]:
        view = R.view(state, viewer)
        text = orjson.dumps(view).decode()
        assert "rng" not in view and SEED not in text
        if players == 1:
            assert "rival_deck" not in view["solo"]
            assert view["solo"]["rival_deck_count"] == len(state.solo.rival_deck)


def test_sol_h_5_drawn_cards_are_private_events():
    """SOL-H.5 / SOL-H.1: the card_drawn event is only for the drawing seat."""
    state = new(2)
    _, events = R.apply(state, R.legal_actions(state, 0)[0])
    drawn = [e for e in to_builtins(events) if e["type"] == "card_drawn"]
    assert [(e["player"], e["visible_to"]) for e in drawn] == [(0, [0])]
    assert not [e for e in seen(events, 1) if e["type"] == "card_drawn"]
    assert not [e for e in seen(events, None) if e["type"] == "card_drawn"]
    assert [e for e in seen(events, 0) if e["type"] == "card_drawn"] == drawn
    assert [e for e in seen(events, None) if e["type"] == "cards_drawn"]


def test_sol_h_6_all_chance_comes_from_the_seeded_source():
    """SOL-H.6: same seed, same game; each draw advances the counter; a replay ends identical."""
    assert canonical_json(new(4, seed=11)) == canonical_json(new(4, seed=11))
    assert canonical_json(new(4, seed=11)) != canonical_json(new(4, seed=12))
    assert new(2, seed=11).rng.counter > 0
    playout = random_playout(R, 3, "h6", sample_legal=1, nudges=1)
    replayed = R.replay(3, "h6", {}, playout.actions)
    assert canonical_json(replayed) == canonical_json(playout.state)


def _first_game_events(players, kind):
    """Every event of ``kind`` of one seeded whole game, with the events each viewer was shown."""
    playout = random_playout(R, players, SEED, sample_legal=0, nudges=0)
    state = R.setup(players, SEED)
    for act in playout.actions:
        state, events = R.apply(state, act)
        found = [e for e in to_builtins(events) if e["type"] == kind]
        if found:
            return events, found
    raise AssertionError(f"no {kind} in the game")


@pytest.mark.parametrize("players", [1, 4])
def test_sol_5_6_a_refilled_tile_is_shown_to_everyone(players):
    """SOL-5.6 and SOL-H.3: the tile a refill takes from the top of a delivery deck goes face up into the
    display: every seat and a spectator are shown which tile it is."""
    events, refills = _first_game_events(players, "display_refilled")
    for viewer in [None, *range(players)]:
        assert [e for e in seen(events, viewer) if e["type"] == "display_refilled"] == refills


def test_sol_10_3_the_rival_card_and_its_roll_are_shown_to_everyone():
    """SOL-10.3 step 1 and SOL-H.4: the Rival card is revealed with its die roll; the rest of the Rival deck
    stays a count (SOL-H.5)."""
    events, revealed = _first_game_events(1, "rival_card_revealed")
    assert {"card", "value", "roll"} <= set(revealed[0])
    for viewer in (None, 0):
        assert [e for e in seen(events, viewer) if e["type"] == "rival_card_revealed"] == revealed
