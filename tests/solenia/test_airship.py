"""SOL-6: advancing the airship and resolving the rear strip."""

from __future__ import annotations

from rulesets.core import to_builtins
from rulesets.core.host import canonical_json
from rulesets.solenia.board import terrain
from rulesets.solenia.components import AIRSHIP_REST, CARDS, FACE_FLIP, RESOURCES
from rulesets.solenia.resources import vector

from .scenario import (R, action, cid, events_of, first_card, give, kinds_of, listed, new, play, put, refused, spaces,
                       stock)

ZERO = first_card(0)


def near_island(state):
    return next(s for s in spaces(state, lambda t: t.kind == "island")
                if abs(s[0] - AIRSHIP_REST[0]) + abs(s[1] - AIRSHIP_REST[1]) <= 1)


def advance_once(state, seat=0):
    """Seat plays a value-0 card next to the airship; returns the new state and events."""
    card = give(state, seat, ZERO)[0]
    return play(state, seat, card, *near_island(state))


def test_sol_6_1_a_zero_card_advances_the_airship_one_space():
    """SOL-6.1: a printed 0 moves the airship forward; the space effect still applies."""
    state = new(2)
    after, events = advance_once(state)
    moved = events_of(events, "airship_advanced")[0]
    assert moved["spaces"] == 1 and moved["airship"] == {"col": AIRSHIP_REST[0] + 1, "row": AIRSHIP_REST[1]}
    assert (after.board.airship.col, after.board.airship.row) == AIRSHIP_REST  # back after the resolution
    assert len(events_of(events, "strip_resolved")) == 1


def test_sol_6_1_advance_parameter():
    """SOL-6.1 / SOL-9.4: only a value-0 card advances; 2 spaces only with L1_DOUBLE_ADVANCE; never 0."""
    state = new(2)
    zero, one = give(state, 0, ZERO, first_card(1))
    space = dict(zip(("col", "row"), near_island(state)))
    refused(state, action("play_card", 0, card=one, space=space, advance=2), "advance_not_allowed", "SOL-6.1")
    refused(state, action("play_card", 0, card=one, space=space, advance=0), "advance_not_allowed", "SOL-6.1")
    refused(state, action("play_card", 0, card=zero, space=space, advance=2), "advance_not_allowed", "SOL-9.4")
    refused(state, action("play_card", 0, card=zero, space=space, advance=0), "advance_not_allowed", "SOL-9.4")



def test_sol_6_1_advance_1_named_on_a_non_zero_card_is_refused():
    """Spec 3.5 check 8 / SOL-6.1: `advance` is never present on a non-zero card, not even as 1."""
    state = new(2)
    one, two = give(state, 0, first_card(1), first_card(2))
    space = dict(zip(("col", "row"), near_island(state)))
    for card in (one, two):
        refused(state, action("play_card", 0, card=card, space=space, advance=1), "advance_not_allowed", "SOL-6.1")
        R.apply(state, action("play_card", 0, card=card, space=space))  # the same play without it is fine
    assert R.load_action(action("play_card", 0, card=one, space=space, advance=1)) != \
        R.load_action(action("play_card", 0, card=one, space=space))
    assert not any("advance" in a for a in listed(state, 0))


def test_sol_6_1_advance_1_named_on_a_zero_card_is_the_same_move_as_none():
    """SOL-6.1: a 0-card advances 1 whether or not the action says so; one canonical form, listed without it."""
    state = new(2)
    zero = give(state, 0, ZERO)[0]
    space = dict(zip(("col", "row"), near_island(state)))
    explicit = action("play_card", 0, card=zero, space=space, advance=1)
    implicit = action("play_card", 0, card=zero, space=space)
    assert R.load_action(explicit) == R.load_action(implicit)
    assert "advance" not in to_builtins(R.load_action(explicit))
    after_explicit, events_explicit = R.apply(state, explicit)
    after_implicit, events_implicit = R.apply(state, implicit)
    assert canonical_json(after_explicit) == canonical_json(after_implicit) and events_explicit == events_implicit
    assert events_of(events_explicit, "airship_advanced")[0]["spaces"] == 1
    plays = [a for a in listed(state, 0) if a["type"] == "play_card" and a["card"] == zero]
    assert plays and not any("advance" in a for a in plays)


def test_sol_6_2_every_card_on_the_rear_strip_activates_for_its_owner():
    """SOL-6.2 (D-12): at the end of the turn, col 0 resolves; each card pays its own owner, rows 0 to 4."""
    state = new(3)
    gain = first_card(1, "gain_resource")
    resource = CARDS[cid(state, 1, gain)].activation.resource
    put(state, 1, gain, 0, 3)
    put(state, 2, gain, 0, 1)
    after, events = advance_once(state)
    activated = events_of(events, "card_activated")
    assert [(e["player"], e["row"]) for e in activated] == [(2, 1), (1, 3)]
    for seat in (1, 2):
        start = {"wood": 1} if seat == 2 else {}
        assert getattr(after.players[seat].storage, resource) == 1 + start.get(resource, 0)
    kinds = kinds_of(events)
    assert kinds.index("strip_resolved") > kinds.index("resources_gained")  # after the action's own effects


def test_sol_6_3_activation_kinds():
    """SOL-6.3: space_multiplier (resources on an island, stars on a city), gain_resource, vp_if_island."""
    state = new(2)
    rear = [terrain(state, 0, row) for row in range(5)]
    island_rows = [r for r, t in enumerate(rear) if t.kind == "island"]
    city_rows = [r for r, t in enumerate(rear) if t.kind == "city"]
    double = first_card(0, "space_multiplier")
    gain = first_card(1, "gain_resource")
    match_resource = rear[island_rows[0]].resource
    vp_match = first_card(2, "vp_if_island", resource=match_resource)
    vp_miss = first_card(2, "vp_if_island", resource=next(r for r in RESOURCES if r not in
                                                          {t.resource for t in rear if t.kind == "island"}))
    put(state, 1, double, 0, island_rows[0])
    put(state, 1, gain, 0, island_rows[1])
    put(state, 1, vp_miss, 0, island_rows[2])
    put(state, 1, vp_match, 0, city_rows[0])  # on a city: a vp_if_island card gives nothing
    state.board.cards[-1], state.board.cards[0] = state.board.cards[0], state.board.cards[-1]
    after, events = advance_once(state)
    by_card = {e["card"]: e for e in events_of(events, "card_activated")}
    multiplier = CARDS[cid(state, 1, double)].activation.multiplier
    assert by_card[cid(state, 1, double)]["resources"] == {match_resource: multiplier}
    printed = CARDS[cid(state, 1, gain)].activation
    assert by_card[cid(state, 1, gain)]["resources"] == {printed.resource: printed.amount}
    assert by_card[cid(state, 1, vp_miss)]["stars"] == 0 and by_card[cid(state, 1, vp_match)]["stars"] == 0
    state2 = new(2)
    put(state2, 1, vp_match, 0, island_rows[0])
    put(state2, 1, first_card(1, "space_multiplier"), 0, city_rows[0])
    after2, events2 = advance_once(state2)
    stars = {e["card"]: e["stars"] for e in events_of(events2, "card_activated")}
    assert stars == {cid(state2, 1, vp_match): CARDS[cid(state2, 1, vp_match)].activation.vp,
                     cid(state2, 1, first_card(1, "space_multiplier")): 1}
    assert after2.players[1].stars == sum(stars.values())


def test_sol_6_4_activated_cards_go_to_their_owners_discard_piles():
    """SOL-6.4: resolved cards leave the board for their owner's (public) discard pile."""
    state = new(2)
    card = put(state, 1, 9, 0, 0)
    after, _ = advance_once(state)
    assert card in after.players[1].discard
    assert all(c.card != card for c in after.board.cards)


def test_sol_6_5_the_strip_flips_and_moves_to_the_front():
    """SOL-6.5: col 0 flips and re-enters as col 4; the others, their cards and the airship shift back one."""
    state = new(2)
    before = [(c.strip, c.face) for c in state.board.columns]
    stay = put(state, 1, 9, 3, 4)
    after, events = advance_once(state)
    assert [(c.strip, c.face) for c in after.board.columns] == before[1:] + [(before[0][0], FACE_FLIP[before[0][1]])]
    placed = next(c for c in after.board.cards if c.card == stay)
    assert (placed.col, placed.row) == (2, 4)
    assert events_of(events, "strip_moved")[0] == {"type": "strip_moved", "strip": before[0][0],
                                                   "face": FACE_FLIP[before[0][1]], "col": 4}
    assert (after.board.airship.col, after.board.airship.row) == AIRSHIP_REST


def test_sol_6_6_activation_overflow_is_settled_in_seat_order_from_the_active_player():
    """SOL-6.6: players over capacity after resolution each get a pending discard_overflow, active seat first."""
    state = new(3)
    gain = first_card(1, "gain_resource")
    for seat in (0, 2):
        put(state, seat, gain, 0, seat)
    put(state, 1, first_card(2, "space_multiplier"), 0, 4)
    stock(state, 0, stone=8)
    stock(state, 1, stone=8)
    stock(state, 2, stone=8)
    state.active_seat = 1
    card = give(state, 1, ZERO)[0]
    after, events = play(state, 1, card, *near_island(state))
    assert after.phase == "overflow"
    assert [e.player for e in after.pending][0] == 1
    assert [e.player for e in after.pending] == [1, 2, 0]
    first = after.pending[0]
    refused(after, action("discard_overflow", 2, discard={"stone": 1}), "not_your_turn", "SOL-6.6")
    refused(after, action("discard_overflow", 1, discard={"stone": first.amount + 1}),
            "overflow_discard_mismatch", "SOL-4.3")
    assert after.players[1].storage.wood < first.amount
    refused(after, action("discard_overflow", 1, discard={"wood": first.amount}),
            "insufficient_resources", "SOL-4.3")
    refused(after, action("play_card", 2, card=after.players[2].hand[0], space={"col": 2, "row": 2}),
            "wrong_phase", "SOL-2.3")
    state = after
    for seat in (1, 2, 0):
        entry = state.pending[0]
        state, events = R.apply(state, action("discard_overflow", seat, discard={"stone": entry.amount}))
    assert state.phase == "play" and state.active_seat == 2
    assert all(sum(vector(p.storage)) <= p.capacity for p in state.players)
    refused(state, action("discard_overflow", 2, discard={"stone": 1}), "wrong_phase", "SOL-6.6")


def test_sol_6_8_a_zero_card_on_the_rear_strip_resolves_the_same_turn():
    """SOL-6.8: a 0-card lengthened onto col 0 is itself resolved at the end of that turn."""
    state = new(2)
    card = give(state, 0, ZERO)[0]
    target = min((s for s in spaces(state, lambda t: t.kind == "island") if s[0] == 0),
                 key=lambda s: abs(s[1] - 2))
    cost = abs(target[0] - 2) + abs(target[1] - 2) - 1
    stock(state, 0, wheat=cost)
    after, events = play(state, 0, card, *target, lengthen_payment={"wheat": cost})
    activated = events_of(events, "card_activated")
    assert [e["card"] for e in activated] == [card]
    resource = terrain(state, *target).resource
    assert getattr(after.players[0].storage, resource) == CARDS[card].activation.multiplier
    assert card in after.players[0].discard
