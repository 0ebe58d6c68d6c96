"""Spec section 4, GC-13.1 and GC-13.2: specific rules of what is shown (hand counts, deck sizes, the public
parts, a bonus card and a landscape card drawn in secret) and the seed kept out of views and events."""

from __future__ import annotations

import orjson
import pytest

from rulesets.core import to_builtins
from rulesets.core.host import canonical_json
from rulesets.testing.playout import random_playout

from .scenario import R, building, new, play, reach, seen, set_hand, spaces

SEED = "gc-view-secret-7d3e"


def whole_game(players, **options):
    """A whole random game: each state and the events that led to it."""
    playout = random_playout(R, players, SEED, options, sample_legal=0, nudges=0)
    state = R.setup(players, SEED, options)
    yield state, []
    for action in playout.actions:
        state, events = R.apply(state, action)
        yield state, events


#: the noninterference property (test_noninterference.py) covers what each seat may not learn, for the default and
#: the public-choice readings; here the seed itself, and the wire form of every event of whole games.
@pytest.mark.parametrize("players,options", [(2, {}), (3, {"bonus_card_acquisition": "choose_any_public"})])
def test_gc_13_1_no_view_or_event_names_the_seed_and_every_event_decodes(players, options):
    """GC-13.1: over whole games no seat's view or events show the seed; every event is one of the declared
    types (spec 3.2), and its wire form decodes as it."""
    for state, events in whole_game(players, **options):
        for seat in [None, *range(players)]:
            text = orjson.dumps(R.view(state, seat)).decode() + orjson.dumps(seen(events, seat)).decode()
            assert SEED not in text
        for event in events:
            assert R.load_event(to_builtins(event)) == event, event


@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_spec_4_hands_private_counts_public(viewer):
    """Spec 4: a hand is its owner's; everyone sees its size."""
    state = new(3, seed=SEED)
    view = R.view(state, viewer)
    for seat, player in enumerate(view["players"]):
        assert player["hand_count"] == len(state.players[seat].hand)
        assert ("hand" in player) == (seat == viewer)


def test_spec_4_decks_are_counts_and_public_parts_are_shown():
    """Spec 4 / GC-12.1: deck orders hidden (sizes public); discard pile, pairs, goods, keys, coins, VP public."""
    state = building(3, 0)
    view = R.view(state, 0)
    for deck in ("landscape_deck", "goods_deck", "bonus_deck", "scoring_deck"):
        assert deck not in view and view[f"{deck}_count"] == len(getattr(state, deck))
    assert "rng" not in view
    full = to_builtins(state)
    for key in ("landscape_discard", "goods_display", "key_supply", "bank_coins", "board", "scoring_card"):
        assert view[key] == full[key]
    for seat, player in enumerate(view["players"]):
        for key in ("coins", "vp", "keys", "goods", "posts_left", "black_left", "colour"):
            assert player[key] == full["players"][seat][key]


def test_gc_6_4_bonus_cards_sealed_until_the_end():
    """GC-6.4 / D-7: a bonus card is seen by its owner only; others see the count."""
    state = building(2, 0)
    village = spaces("village", "bonus_card")[0]
    from rulesets.golden_city.components import SPACES
    reach(state, 0, village)
    kind = SPACES[village].cost.landscape
    set_hand(state, 0, kind, kind)
    state, events = play(state, type="build", player=0, space=village, payment=[[kind], [kind]])
    card = state.players[0].bonus[0]
    assert R.view(state, 0)["players"][0]["bonus"] == [card]
    other = R.view(state, 1)["players"][0]
    assert "bonus" not in other and other["bonus_count"] == 1
    assert card not in orjson.dumps(seen(events, 1)).decode()
    assert card in orjson.dumps(seen(events, 0)).decode()


def test_gc_13_1_all_chance_from_the_seed_and_replays_match():
    """GC-13.1: a game replays identically from its seed and its actions; the counter advances with each draw."""
    playout = random_playout(R, 3, "replay-gc", sample_legal=1, nudges=1)
    assert canonical_json(R.replay(3, "replay-gc", {}, playout.actions)) == canonical_json(playout.state)
    assert playout.state.rng.counter > new(3, seed="replay-gc").rng.counter


def test_gc_6_2_a_landscape_card_drawn_as_a_reward_is_the_drawers_alone():
    """GC-6.2 / spec 4: the card a landscape reward draws (the deck's top card) goes to the drawer's hand; the
    drawer is shown it, the others only that one card was drawn (the hand's count)."""
    state = building(2, 0)
    harbour = spaces("harbour", "landscape_card")[0]
    set_hand(state, 0, "coast")
    top = state.landscape_deck[0]
    state, events = play(state, type="build", player=0, space=harbour, payment=[["coast"]])
    assert state.players[0].hand == [top]
    mine, theirs = seen(events, 0), seen(events, 1)
    assert {"type": "card_drawn", "player": 0, "cards": [top], "visible_to": [0]} in mine
    assert all(event["type"] != "card_drawn" for event in theirs)
    assert {"type": "reward", "player": 0, "space": harbour, "kind": "landscape_card", "amount": 1} in theirs
    assert R.view(state, 1)["players"][0]["hand_count"] == 1
