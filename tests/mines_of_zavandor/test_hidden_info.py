"""Spec section 4 and MOZ-5.2: specific reveals and private draws, the seed, and the sealed bid.

That nothing a seat may not know changes what it is told is test_noninterference.py's property; these tests
check single rules of the spec directly.

The sealed-bid test is differential: at every bidding position of whole games, another seat's staged
bid is replaced by other cards of its hand (or by none), and a seat's view, its legal actions, the
events it may see of its own next actions and of the other seat's staging must not change at all.
"""

from __future__ import annotations

import random

import orjson
import pytest

from rulesets.core import PrivateEvent, to_builtins
from rulesets.core.host import canonical_json, clone
from rulesets.core.events import members
from rulesets.testing.playout import random_playout
from rulesets.mines_of_zavandor.state import ZavandorState

from .players import eager
from .scenario import R, new, play, reach, set_hand, seen
from .test_trading import drafted, trading

SEED = "moz-view-secret-51c2"


def whole_game(players, seed=SEED, pick=eager):
    """A whole random game: each state and the events that led to it."""
    playout = random_playout(R, players, seed, sample_legal=0, nudges=0, pick=pick)
    state = R.setup(players, seed)
    yield state, []
    for action in playout.actions:
        state, events = R.apply(state, action)
        yield state, events


def text(value) -> str:
    return orjson.dumps(value).decode()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_spec_3_7_and_4_5_the_seed_is_shown_nowhere_and_private_events_reach_their_owner_alone(players):
    """Spec 3.7 / MOZ-8.5: over whole games, the seed appears in no seat's view, events or legal actions;
    spec 4.5: every event is of a declared type, and a private form (cards drawn, a draft, a staged bid) is
    addressed to its owner alone. (What else a seat may not know: test_noninterference.py.)"""
    for state, events in whole_game(players):
        for seat in [None, *range(players)]:
            shown = text(R.view(state, seat)) + text(seen(events, seat))
            if seat is not None:
                shown += text([to_builtins(a) for a in R.legal_actions(state, seat)])
            assert SEED not in shown
        for event in events:
            assert isinstance(event, members(R.Event)), event
            if isinstance(event, PrivateEvent):
                assert event.visible_to == [event.player], event


def restaged(state: ZavandorState, seat: int, chooser: random.Random) -> list[ZavandorState]:
    """The same position with the seat's staged bid replaced by none, and by a random part of its hand."""
    out = []
    hand = state.players[seat].hand
    cards = [kind for kind, count in hand.items() for _ in range(count)]
    for size in (0, chooser.randint(0, len(cards))):
        other = clone(state, ZavandorState)
        bid: dict[str, int] = {}
        for kind in chooser.sample(cards, size):
            bid[kind] = bid.get(kind, 0) + 1
        other.players[seat].bid = bid  # type: ignore[assignment]
        R.check_consistency(other)
        out.append(other)
    return out


def observed(state: ZavandorState, viewer: int, chooser: random.Random) -> bytes:
    """Everything the viewer learns now: its view, its legal actions, and what its own next actions show it
    (those that do not seal the last bid, which reveals every bid by design)."""
    menu = R.legal_actions(state, viewer)
    parts = [R.view(state, viewer), [to_builtins(a) for a in menu]]
    others_sealed = all(p.sealed for s, p in enumerate(state.players) if s != viewer)
    for action in chooser.sample(menu, min(3, len(menu))):
        if action.__struct_config__.tag == "bid_commit" and others_sealed:
            continue
        after, events = R.apply(state, action)
        parts += [seen(events, viewer), R.view(after, viewer)]
    return canonical_json(parts)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_moz_5_2_a_staged_bid_changes_nothing_another_seat_sees_before_the_reveal(players):
    """MOZ-5.2 / spec 4.2: before every bid is sealed, a seat's view (hand backs included), legal actions and the
    events of its own actions are the same whatever another seat has staged; the other seat's staging actions
    show it the same events whatever their card, and a session log shows them only as their disguise."""
    chooser = random.Random(players)
    positions = 0
    for state, _ in whole_game(players, seed=f"sealed-{players}"):
        if state.step != "bidding" or chooser.random() < 0.5:
            continue
        positions += 1
        for viewer in range(players):
            for other in range(players):
                if other == viewer:
                    continue
                observations = {observed(alt, viewer, random.Random(positions)) for alt in
                                [state, *restaged(state, other, chooser)]}
                assert len(observations) == 1, (viewer, other)
            for staging in R.legal_actions(state, (viewer + 1) % players):
                if staging.__struct_config__.tag in ("bid_add", "bid_remove"):
                    _, events = R.apply(state, staging)
                    assert seen(events, viewer) == []
                    assert R.view_action(staging, viewer, state) == {"type": "bid_staged",
                                                                      "player": staging.player}
    assert positions > 20


def test_moz_5_3_bids_are_open_once_all_are_sealed():
    """MOZ-5.3 / spec 4.1: after the last seal every bid is public (in the state and in the reveal event)."""
    state = reach(new(2), "bidding")
    set_hand(state, 0, {"wood.sapphire": 1})
    state, _ = play(state, type="bid_add", player=0, card="wood.sapphire")
    assert "bid" not in (R.view(state, 1)["players"][0] or {})
    assert R.view(state, 0)["players"][0]["bid"] == {"wood.sapphire": 1}
    state, _ = play(state, type="bid_commit", player=0)
    state, events = play(state, type="bid_commit", player=1)
    assert R.view(state, 1)["players"][0]["bid"] == {"wood.sapphire": 1}
    assert next(e for e in seen(events, 1) if e["type"] == "bids_revealed")["bids"][0] == {
        "wood.sapphire": 1}


@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_spec_4_1_views_hide_hands_decks_drafts_and_the_seed(viewer):
    """Spec 4.1 / 4.4: another seat's hand is its backs per cart only; draw piles are sizes; a draft is its
    drafter's; the random source is nobody's; discard piles, mines, levels and VP are public."""
    state = drafted(trading(), seat=1, partner=0, give=("wood.diamond",), ask=("emerald",))
    view = R.view(state, viewer)
    assert "rng" not in view and SEED not in text(view)
    for seat, player in enumerate(view["players"]):
        full = state.players[seat]
        assert player["hand_backs"] == full.hand_backs
        assert ("hand" in player) == (seat == viewer)
        assert ("draft" in player) == (seat == viewer)
        assert player["vp"] == full.vp and player["family"] == full.family
        assert [m["card"] for m in player["mine"]] == [m.card for m in full.mine]
    for index, pile in enumerate(view["supply"]):
        assert "draw" not in pile and pile["draw_count"] == len(state.supply[index].draw)
        assert pile["discard"] == state.supply[index].discard


def test_spec_4_5_drawn_cards_private_to_the_drawer():
    """Spec 4.5: income is a private cards_drawn for the drawer and a public cards_received for all."""
    state = new(3)
    state, events = play(state, type="collect_income", player=0, draw={"wood": 2})
    assert [e["type"] for e in seen(events, 1)] == ["cards_received", "turn_passed"]
    assert "cards_drawn" in [e["type"] for e in seen(events, 0)]
