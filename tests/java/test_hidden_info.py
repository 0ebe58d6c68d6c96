"""Spec Part 4 (JAVA-14.6 and the views): hands and the deck order hidden, counts visible, no seed."""

from __future__ import annotations

import random

import orjson
import pytest

from rulesets.core import to_builtins
from rulesets.core.host import unseen_strings

from .playouts import ALL_TYPES, _choose
from .scenario import R, act, new, no_ap_limit

SEED = "hidden-java-7c1e"


def _seen(events, viewer) -> str:
    """The events ``viewer`` sees, as the JSON text a client receives."""
    return orjson.dumps(to_builtins(R.view_events(events, viewer))).decode()


def test_java_14_6_views_hide_hands_and_deck_order_but_show_counts():
    """JAVA-14.6, JAVA-1.5: other hands and the deck order are counts; the face-up card and discards public."""
    state = new(3, seed=SEED)
    for viewer in [None, 0, 1, 2]:
        view = R.view(state, viewer)
        text = orjson.dumps(view).decode()
        assert "rng" not in view and SEED not in text
        assert "deck" not in view["cards"] and view["cards"]["deck_count"] == len(state.cards.deck)
        assert view["cards"]["face_up"] == state.cards.face_up
        for seat, player in enumerate(view["players"]):
            assert player["hand_count"] == len(state.players[seat].hand)
            assert ("hand" in player) == (seat == viewer)
        for card in state.cards.deck:
            assert f'"{card}"' not in text


def test_java_9_2_a_card_from_the_deck_is_seen_by_its_taker_only():
    """JAVA-9.2 (spec 4.1): card_taken is public without the id; card_drawn names it to the taker only."""
    state = new(3, seed=SEED)
    no_ap_limit(state)
    _, events = act(state, {"type": "take_festival_card", "source": "deck"})
    drawn_events = [e for e in events if e["type"] == "card_drawn"]
    assert [e["visible_to"] for e in drawn_events] == [[0]], "the private event names whose it is"
    drawn = drawn_events[0]["card"]
    for viewer in [None, 1, 2]:
        assert drawn not in _seen(events, viewer)
    assert drawn in _seen(events, 0)


@pytest.mark.parametrize("players", [3, 4])
def test_java_14_6_whole_games_leak_nothing(players):
    """JAVA-14.6 and spec 4.1/4.2: over whole games steered to festivals, no view or visible event of a seat
    names a card in another seat's hand or in the deck, nor the seed (an event may name a card all saw face
    up before). Two-player games: conformance's hidden_information check (test_conformance.py)."""
    rng = random.Random(players)
    seed = f"{SEED}-{players}"
    state = R.setup(players, seed)
    steps = 0
    while not R.status(state).game_over and steps < 2000:
        seat = R.status(state).active_players[0]
        menu = R.legal_actions(state, seat, types=ALL_TYPES - {"place_tile"})
        if state.phase == "actions" and (not menu or rng.random() < 0.5):
            menu = R.legal_actions(state, seat, types={"place_tile"}) or menu
        before = {viewer: unseen_strings(state, viewer, state) for viewer in [None, *range(players)]}
        state, events = R.apply(state, _choose(rng, state, menu))
        steps += 1
        for viewer in [None, *range(players)]:
            unseen = unseen_strings(state, viewer, state)
            # an event may name what everyone saw before the action (the face-up card just taken)
            secret_in_events = unseen & before[viewer]
            view = orjson.dumps(R.view(state, viewer)).decode()
            seen_events = _seen(events, viewer)
            assert seed not in view and seed not in seen_events
            for secret in unseen:
                assert f'"{secret}"' not in view, (viewer, secret)
            for secret in secret_in_events:
                assert f'"{secret}"' not in seen_events, (viewer, secret)
    assert R.status(state).game_over
