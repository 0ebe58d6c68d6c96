"""Issue 25: a rules refusal that compares amounts or positions says what the move needed and what the
seat has or offered (``explain``). Expected values come from the spec's rules and the components' data
(``golden_city.components.json``), not from the code; the scenario helpers only pick the spaces."""

from __future__ import annotations

import json
from pathlib import Path

from .scenario import building, checked, finish_auction, new, place, play, reach, refused, set_hand, spaces

DATA = json.loads((Path(__file__).parents[2] / "rulesets/golden_city/golden_city.components.json").read_text())
SPACE = {space["id"]: space for space in DATA["board"]["spaces"]}
ROADS: dict[str, set[str]] = {}
for a, b in DATA["board"]["edges"]:
    ROADS.setdefault(a, set()).add(b)
    ROADS.setdefault(b, set()).add(a)
COAST = "coast"  # spec 5.1: harbours are paid with coast cards
HAND_LIMIT = DATA["hand_limit"]["landscape_cards"]
START_COINS = DATA["starting_resources"]["coins"]
#: GC-5.1: 0, 1 or 2 builds a turn; GC-5.3.2: a joker is two cards of one type.
BUILDS_PER_TURN, JOKER = 2, 2

HARBOUR = spaces("harbour")[0]
VILLAGE = next(n for n in sorted(ROADS[HARBOUR]) if SPACE[n]["kind"] == "village")
L = SPACE[VILLAGE]["cost"]["landscape"]
OTHER = next(kind for kind in DATA["landscape_types"] if kind not in (L, COAST))
OUTER_D = spaces("outer_district")[0]
INNER_D = next(n for n in sorted(ROADS[OUTER_D]) if SPACE[n]["kind"] == "inner_district")
IL = SPACE[INNER_D]["cost"]["landscape"]


def at_village(players=2, seat=0):
    """``seat`` builds and owns the harbour on the road to VILLAGE."""
    state = building(players, seat)
    place(state, seat, HARBOUR)
    return state


def build(**fields):
    return {"type": "build", "player": 0, **fields}


# ---------------------------------------------------------------- spec 3.5: bid
def test_gc_4_1_invalid_pair_names_the_pairs_on_offer():
    """GC-4.1: as many pairs as players (3 with 3 players, per the components), numbered 0 to 2."""
    pairs = DATA["player_counts"]["3"]["pairs_per_round"]
    error = refused(new(3), "invalid_pair", "GC-4.1", type="bid", player=0, pair=pairs)
    assert error.explain == {"pair": pairs, "pairs": [0, pairs - 1]}


def test_gc_4_5_insufficient_coins_needed_the_displacement_price():
    """GC-4.5(b) / GC-4.3: displacing costs last_price + 1 (last_price is 0 at the start of the round)."""
    state, _ = play(new(3), type="bid", player=0, pair=0)
    state.players[1].coins, state.bank_coins = 0, state.bank_coins + state.players[1].coins
    error = refused(checked(state), "insufficient_coins", "GC-4.5", type="bid", player=1, pair=0)
    assert error.explain == {"pair": 0, "needed": {"coins": 0 + 1}, "have": {"coins": 0}}


def test_gc_4_3_price_mismatch_needed_the_price_the_bid_offered_another():
    """GC-4.3 / GC-4.5: a free pair costs 0, an occupied one last_price + 1 = 1; expected_price named another."""
    state, _ = play(new(3), type="bid", player=0, pair=0)
    free = refused(state, "price_mismatch", "GC-4.3", type="bid", player=1, pair=1, expected_price=1)
    assert free.explain == {"pair": 1, "needed": {"coins": 0}, "offered": {"coins": 1}}
    assert state.players[1].coins == START_COINS
    taken = refused(state, "price_mismatch", "GC-4.3", type="bid", player=1, pair=0, expected_price=START_COINS)
    assert taken.explain == {"pair": 0, "needed": {"coins": 1}, "offered": {"coins": START_COINS}}


# ---------------------------------------------------------------- spec 3.6: build, checks 2 to 18
def test_gc_5_1_build_limit_two_builds_a_turn():
    """GC-5.1: 0, 1 or 2 builds a turn; a third is refused."""
    state = set_hand(building(2, 0), 0, COAST, COAST, COAST)
    harbours = spaces("harbour")
    state, _ = play(state, **build(space=harbours[0], payment=[[COAST]]))
    state, _ = play(state, **build(space=harbours[1], payment=[[COAST]]))
    error = refused(state, "build_limit_reached", "GC-5.1", **build(space=harbours[2], payment=[[COAST]]))
    assert error.explain == {"limit": {"builds": BUILDS_PER_TURN}, "have": {"builds": BUILDS_PER_TURN}}


def test_gc_11_1_black_post_unavailable_not_played_with_three_players():
    """GC-11.1 / spec 1.3: only the player counts whose components give black posts play them (2 players)."""
    played_with = sorted(int(n) for n, count in DATA["player_counts"].items() if count["black_posts"])
    assert DATA["player_counts"]["3"]["black_posts"] == 0
    error = refused(building(3, 0), "black_post_unavailable", "GC-11.1",
                    **build(space=HARBOUR, payment=[[COAST]], black=True))
    assert error.explain == {"needed": {"black_posts": 1}, "have": {"black_posts": 0}, "players": 3,
                             "played_with": played_with}


def test_gc_11_1_black_post_unavailable_none_left():
    """GC-11.1: a 2-player seat has 2 black posts (components); with both on the board none is left."""
    state = building(2, 0)
    reach(state, 0, OUTER_D)
    for district in (OUTER_D, INNER_D):
        place(state, 0, district)
        place(state, 0, district, black=True)
    assert DATA["player_counts"]["2"]["black_posts"] == 2
    error = refused(checked(state), "black_post_unavailable", "GC-11.1",
                    **build(space=HARBOUR, payment=[[COAST]], black=True))
    assert error.explain == {"needed": {"black_posts": 1}, "have": {"black_posts": 0}}


def test_gc_5_2_no_posts_left_needed_one_regular_post():
    """GC-5.2: a build takes one post of the requested kind from the builder's supply."""
    state = set_hand(building(3, 0), 0, COAST)
    state.players[0].posts_left = 0
    error = refused(state, "no_posts_left", "GC-5.2", **build(space=HARBOUR, payment=[[COAST]]))
    assert error.explain == {"needed": {"regular_posts": 1}, "have": {"regular_posts": 0}}


def test_gc_5_4_1_space_occupied_held_by_the_other_seat():
    """GC-5.4.1: a harbour or a village holds at most one post in total."""
    state = building(2, 0)
    place(state, 1, HARBOUR)
    error = refused(checked(state), "space_occupied", "GC-5.4.1", **build(space=HARBOUR, payment=[[COAST]]))
    assert error.explain == {"space": HARBOUR, "held_by": [1], "limit": {"posts": 1}}


def test_gc_5_4_2_already_in_district_one_post_per_player():
    """GC-5.4.2 / GC-7.2: any number of players in a district, one post each; seat 1 arrived first."""
    state = building(3, 0)
    reach(state, 1, OUTER_D)
    place(state, 1, OUTER_D)
    reach(state, 0, OUTER_D)
    place(state, 0, OUTER_D)
    error = refused(checked(state), "already_in_district", "GC-5.4.2",
                    **build(space=OUTER_D, payment=[[L], [L]]))
    assert error.explain == {"space": OUTER_D, "held_by": [1, 0], "black_posts_of": [], "limit": {"posts": 1},
                             "have": {"posts": 1}}


def test_gc_11_4_district_locked_by_the_opponents_black_post():
    """GC-11.4: once a district holds a black post, the opponent may not build there."""
    state = building(2, 0)
    reach(state, 1, OUTER_D)
    place(state, 1, OUTER_D)
    place(state, 1, OUTER_D, black=True)
    error = refused(checked(state), "district_locked", "GC-11.4", **build(space=OUTER_D, payment=[]))
    assert error.explain == {"space": OUTER_D, "held_by": [1], "black_posts_of": [1]}


def test_gc_11_3_black_post_invalid_target_names_the_space_and_its_posts():
    """GC-11.3: a black post goes into a city district holding the builder's regular post and no opponent's."""
    state = building(2, 0)
    harbour = refused(state, "black_post_invalid_target", "GC-11.3",
                      **build(space=HARBOUR, payment=[[COAST]], black=True))
    assert harbour.explain == {"space": HARBOUR, "held_by": [], "black_posts_of": [], "kind": "harbour"}
    reach(state, 0, OUTER_D)
    place(state, 0, OUTER_D)
    reach(state, 1, OUTER_D)
    place(state, 1, OUTER_D)
    shared = refused(checked(state), "black_post_invalid_target", "GC-11.3",
                     **build(space=OUTER_D, payment=[[L], [L]], black=True))
    assert shared.explain == {"space": OUTER_D, "held_by": [0, 1], "black_posts_of": [],
                              "kind": SPACE[OUTER_D]["kind"]}


def test_gc_5_5_2_not_connected_names_the_spaces_a_road_joins():
    """GC-5.5.2: a village needs a road (an edge of the components' board) to a space with the builder's post."""
    error = refused(building(2, 0), "not_connected", "GC-5.5.2", **build(space=VILLAGE, payment=[[L], [L]]))
    assert error.explain == {"space": VILLAGE, "adjacent_to": sorted(ROADS[VILLAGE])}


def test_gc_5_3_4_key_not_allowed_on_a_village():
    """GC-5.3.4: no space but an inner district takes a key (its components cost has key false)."""
    assert SPACE[VILLAGE]["cost"]["key"] is False
    error = refused(at_village(), "key_not_allowed", "GC-5.3.4", **build(space=VILLAGE, payment=[[L], [L]],
                                                                         use_key=True))
    assert error.explain == {"space": VILLAGE, "needed": {"keys": 0}, "offered": {"keys": 1}}


def test_gc_5_3_4_key_required_and_no_key_card_in_an_inner_district():
    """GC-5.3.4 / D-1: an inner district costs a key besides its cards; a seat without one cannot pay it."""
    assert SPACE[INNER_D]["cost"]["key"] is True
    state = building(2, 0)
    reach(state, 0, OUTER_D)
    place(state, 0, OUTER_D)
    required = refused(state, "key_required", "GC-5.3.4", **build(space=INNER_D, payment=[[IL], [IL]]))
    assert required.explain == {"space": INNER_D, "needed": {"keys": 1}, "offered": {"keys": 0}}
    missing = refused(state, "no_key_card", "GC-5.3.4", **build(space=INNER_D, payment=[[IL], [IL]], use_key=True))
    assert missing.explain == {"needed": {"keys": 1}, "have": {"keys": 0}}


def test_gc_5_3_payment_malformed_a_slot_is_one_card_or_a_joker_of_two():
    """GC-5.3 / GC-5.3.2: a slot holds one card or two (a joker); an unknown type compares no amount."""
    state = at_village()
    empty = refused(state, "payment_malformed", "GC-5.3", **build(space=VILLAGE, payment=[[], []]))
    assert empty.explain == {"slot": 0, "needed": {"cards": 1}, "offered": {"cards": 0}}
    three = refused(state, "payment_malformed", "GC-5.3", **build(space=VILLAGE, payment=[[L, L, L]]))
    assert three.explain == {"slot": 0, "limit": {"cards": JOKER}, "offered": {"cards": 3}}
    unknown = refused(state, "payment_malformed", "GC-5.3", **build(space=VILLAGE, payment=[["gold"]]))
    assert unknown.explain is None


def test_gc_5_3_3_payment_wrong_size_exactly_the_printed_slots():
    """GC-5.3.3: a village takes exactly its cost's number of slots (2 in the components)."""
    slots = SPACE[VILLAGE]["cost"]["cards"]
    error = refused(at_village(), "payment_wrong_size", "GC-5.3.3", **build(space=VILLAGE, payment=[[L]]))
    assert error.explain == {"space": VILLAGE, "needed": {"slots": slots}, "offered": {"slots": 1}}


def test_gc_5_3_1_payment_wrong_landscape_a_single_card_is_the_spaces_landscape():
    """GC-5.3.1: a one-card slot is paid with a card of the space's landscape (components' cost.landscape)."""
    error = refused(at_village(), "payment_wrong_landscape", "GC-5.3.1",
                    **build(space=VILLAGE, payment=[[OTHER], [OTHER]]))
    assert error.explain == {"space": VILLAGE, "slot": 0, "needed": {L: 1}, "offered": {OTHER: 1}}


def test_gc_5_3_2_joker_pair_mismatch_two_cards_of_one_type():
    """GC-5.3.2 / D-2: a joker is two cards of one and the same type."""
    error = refused(at_village(), "joker_pair_mismatch", "GC-5.3.2",
                    **build(space=VILLAGE, payment=[[COAST, OTHER], [COAST, OTHER]]))
    assert error.explain == {"slot": 0, "needed": {"cards_of_one_type": JOKER}, "offered": {COAST: 1, OTHER: 1}}


def test_gc_5_3_cards_not_in_hand_the_payment_and_the_hand():
    """GC-5.3: the payment's cards come from the builder's own hand (the seat's own cards, told to it)."""
    state = set_hand(at_village(), 0, L, COAST)
    single = refused(state, "cards_not_in_hand", "GC-5.3", **build(space=VILLAGE, payment=[[L], [L]]))
    assert single.explain == {"needed": {L: 2}, "have": {L: 1}}
    joker = refused(state, "cards_not_in_hand", "GC-5.3", **build(space=VILLAGE, payment=[[L], [COAST, COAST]]))
    assert joker.explain == {"needed": {COAST: 2, L: 1}, "have": {COAST: 1, L: 1}}


# ---------------------------------------------------------------- spec 3.8: discard
def discarding():
    """A round's end with seat 0 over the hand limit by 2 and seat 1 under it."""
    state = finish_auction(new(2))
    state.phase, state.build = "discard", None
    state.scoring_removed.append(state.scoring_card)
    state.scoring_card = None
    set_hand(state, 0, *[L] * HAND_LIMIT, OTHER, OTHER)
    state.discard_pending = [0]
    set_hand(state, 1, L)
    return checked(state)


def test_gc_9_1_discard_not_required_at_or_under_the_hand_limit():
    """GC-9.1: only a player holding more than 5 landscape cards (components' hand limit) discards."""
    error = refused(discarding(), "discard_not_required", "GC-9.1", type="discard", player=1, cards={})
    assert error.explain == {"limit": {"landscape_cards": HAND_LIMIT}, "have": {"landscape_cards": 1}}


def test_gc_9_1_wrong_discard_count_down_to_exactly_the_limit():
    """GC-9.1: discard down to exactly 5: a hand of 7 discards 2."""
    error = refused(discarding(), "wrong_discard_count", "GC-9.1", type="discard", player=0, cards={OTHER: 1})
    assert error.explain == {"needed": {"landscape_cards": 2}, "offered": {"landscape_cards": 1},
                             "limit": {"landscape_cards": HAND_LIMIT}, "have": {"landscape_cards": HAND_LIMIT + 2}}


def test_gc_9_1_cards_not_in_hand_of_a_discard():
    """GC-9.1: the discarded cards come from the player's own hand."""
    error = refused(discarding(), "cards_not_in_hand", "GC-9.1", type="discard", player=0, cards={COAST: 2})
    assert error.explain == {"needed": {COAST: 2}, "have": {COAST: 0}}
