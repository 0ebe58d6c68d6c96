"""Spec 4 hidden information, rule by rule: what the views show of hands, decks and the public parts, a
private draw and a public play. That nothing hidden reaches a seat over whole games is proven by the
noninterference property (``test_noninterference.py``, with the secrets of ``secrets.py``)."""

from __future__ import annotations

import orjson

from rulesets.core import PrivateEvent, to_builtins
from rulesets.core.events import members
from rulesets.kingdom_of_solomon.events import FortuneCardDrawn, KosEvent

from .playouts import play, steps
from .scenario import R, fortune, hand, new, order, phase, place

SEED = "kos-secret-seed-7d1e"


def test_spec_4_a_played_card_is_shown_to_every_seat_and_lies_face_up_on_the_discard_pile():
    """Spec 4 ("when a card is played, its identity becomes public") and KOS-6.2: the card a seat plays is named
    to every seat and a spectator, and the discard pile every view shows holds it; the player's other cards stay
    its own (KOS-6.1)."""
    state = new(3)
    order(state, 0, 1, 2)
    played, kept = fortune("resource_card", resource="food")[:2]
    hand(state, 1, played, kept)
    after, events = R.apply(state, {"type": "play_fortune", "player": 1, "card": played})
    for seat in (None, 0, 1, 2):
        shown = to_builtins(R.view_events(events, seat))
        assert {"type": "fortune_played", "player": 1, "card": played} in shown
        view = R.view(after, seat)
        assert view["fortune_discard"] == [played]
        if seat == 1:
            assert view["players"][1]["hand"] == [kept]
        else:
            assert "hand" not in view["players"][1] and view["players"][1]["hand_count"] == 1


def test_spec_4_public_parts_stay_public():
    """Spec 4: market, supply, placed pawns, cubes, VP, tokens, display, discard pile, flags are public;
    the decks are counts."""
    state = new(3)
    order(state, 0, 1, 2)
    place(state, 1, "area:galilee")
    hand(state, 2, state.fortune_deck[0])
    full = to_builtins(state)
    view = R.view(state, 0)
    for key in ("market", "supply", "pawns", "display", "fortune_discard", "turn_order", "temple", "markers",
                "roads", "high_priest"):
        assert view[key] == full[key]
    assert "building_deck" not in view and view["building_deck_count"] == len(state.building_deck)
    assert "fortune_deck" not in view and view["fortune_deck_count"] == len(state.fortune_deck)
    assert "rng" not in view
    other = view["players"][2]
    assert "hand" not in other and other["hand_count"] == 1
    for key in ("vp", "cubes", "tokens", "buildings", "unplaced", "passed", "bought", "sold"):
        assert other[key] == full["players"][2][key]


def test_spec_4_drawn_cards_are_private_events_and_played_cards_public():
    """Spec 4: a draw names its cards only to the drawer; the count is public; a played card is revealed."""
    state = new(2)
    order(state, 0, 1)
    phase(state, "resolution")
    place(state, 0, "action:prophet")
    after, events = R.apply(state, {"type": "resolve_pawn", "player": 0, "space": "action:prophet"})
    card = after.players[0].hand[0]

    def seen(seat):
        return to_builtins(R.view_events(events, seat))

    assert {"type": "fortune_card_drawn", "player": 0, "cards": [card], "visible_to": [0]} in seen(0)
    assert card not in orjson.dumps(seen(1)).decode()
    assert card not in orjson.dumps(seen(None)).decode()
    assert [e["count"] for e in seen(1) if e["type"] == "fortune_drawn"] == [1]
    assert [e["count"] for e in seen(None) if e["type"] == "fortune_drawn"] == [1]


def test_kos_6_1_every_event_is_a_declared_type_and_only_card_draws_are_private():
    """KOS-6.1: every event of whole games is one of the game's event types, read back from its JSON as the
    same event; only ``fortune_card_drawn`` is private, and it is visible to its drawer alone."""
    declared = set(members(KosEvent))
    private = {cls for cls in declared if issubclass(cls, PrivateEvent)}
    assert private == {FortuneCardDrawn}
    kinds = set()
    for players in (2, 3, 4):
        for _, _, _, batch in steps(play(players, SEED)):
            for event in batch:
                assert type(event) in declared
                kinds.add(type(event))
                assert R.load_event(to_builtins(event)) == event
                if isinstance(event, PrivateEvent):
                    assert event.visible_to == [event.player]
    assert FortuneCardDrawn in kinds
