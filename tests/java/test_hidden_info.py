"""Spec Part 4 (JAVA-14.6 and the views): hands and the deck order hidden, counts visible, no seed.

That nothing a seat may not know reaches it, over whole games, is the noninterference property
(test_noninterference.py, with the secrets of tests/java/secrets.py); these are the specific rules.
"""

from __future__ import annotations

import orjson

from rulesets.core import to_builtins

from .scenario import R, act, new, no_ap_limit

SEED = "hidden-java-7c1e"


def _seen(events, viewer) -> list[dict]:
    """The events ``viewer`` sees, as the JSON a client receives."""
    return to_builtins(R.view_events(events, viewer))


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
            if seat == viewer:
                assert player["hand"] == state.players[seat].hand
        for card in state.cards.deck:
            assert f'"{card}"' not in text


def test_java_9_2_a_card_from_the_deck_is_seen_by_its_taker_only():
    """JAVA-9.2 (spec 4.1, 4.2): card_taken from the deck is public without the id; card_drawn names it to the
    taker only."""
    state = new(3, seed=SEED)
    no_ap_limit(state)
    top = state.cards.deck[0]
    _, events = act(state, {"type": "take_festival_card", "source": "deck"})
    assert {"type": "card_taken", "player": 0, "source": "deck", "card": None} in events
    assert [e for e in events if e["type"] == "card_drawn"] == [
        {"type": "card_drawn", "player": 0, "card": top, "visible_to": [0]}]
    for viewer in [None, 1, 2]:
        assert all(e["type"] != "card_drawn" for e in _seen(events, viewer))
        assert top not in orjson.dumps(_seen(events, viewer)).decode()
    assert {"type": "card_drawn", "player": 0, "card": top, "visible_to": [0]} in _seen(events, 0)


def test_java_9_2_the_face_up_card_taken_is_public_and_9_3_so_is_its_replacement():
    """JAVA-9.2, spec 4.1: a card taken from the face-up slot is public knowledge (everybody saw it), so every
    seat's card_taken names it (no private event is needed); JAVA-9.3: the newly revealed face-up card is
    everybody's to see."""
    state = new(3, seed=SEED)
    no_ap_limit(state)
    face_up, top = state.cards.face_up, state.cards.deck[0]
    after, events = act(state, {"type": "take_festival_card", "source": "face_up"})
    assert face_up in after.players[0].hand and after.cards.face_up == top
    for viewer in [None, 0, 1, 2]:
        seen = _seen(events, viewer)
        assert {"type": "card_taken", "player": 0, "source": "face_up", "card": face_up} in seen
        assert {"type": "face_up_replaced", "card": top} in seen
        assert all(e["type"] != "card_drawn" for e in seen)
