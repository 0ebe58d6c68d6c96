"""Spec 4 hidden information over whole games: views and events hide other seats' fortune
cards (counts visible, KOS-6.1), both decks' order and the seed; the market, the supply
and every placed pawn stay public."""

from __future__ import annotations

import orjson

from rulesets.core import PrivateEvent, to_builtins
from rulesets.core.host import unseen_strings
from rulesets.core.events import members
from rulesets.kingdom_of_solomon.events import FortuneCardDrawn, KosEvent

from .playouts import play, steps
from .scenario import R, hand, new, order, phase, place

SEED = "kos-secret-seed-7d1e"


def test_kos_6_1_no_view_or_event_leaks_over_whole_games_with_the_variant():
    """KOS-6.1 and spec 4 with the 2-3 player variant (conformance plays the default options): at every step,
    for every seat and a spectator, nothing hidden is in the view or in the events that seat sees, nor the
    seed."""
    game = play(3, SEED, {"variant_all_bonus": True})
    for _, _, state, events in steps(game):
        for seat in [None, *range(3)]:
            unseen = unseen_strings(state, seat, state)
            view_text = orjson.dumps(R.view(state, seat)).decode()
            event_text = orjson.dumps(to_builtins(R.view_events(events, seat))).decode()
            assert SEED not in view_text and SEED not in event_text
            for secret in unseen:
                quoted = f'"{secret}"'
                assert quoted not in view_text, (seat, secret)
                assert quoted not in event_text, (seat, secret)


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
