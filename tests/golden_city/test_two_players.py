"""GC-11 the two-player game: black posts (GC-11.3), the lock (GC-11.4), what they count for (GC-11.5)."""

from __future__ import annotations

from rulesets.golden_city.components import COAST, INNER, NEIGHBOURS, OUTER, SPACES
from rulesets.golden_city.scoring import posts_in, standing

from .scenario import R, building, checked, give_keys, place, play, reach, refused, set_hand, spaces

OUTER_D = spaces(OUTER)[0]
INNER_D = next(n for n in sorted(NEIGHBOURS[OUTER_D]) if SPACES[n].kind == INNER)
KIND = SPACES[OUTER_D].cost.landscape


def in_district(seat=0, opponent=False):
    """2 players; ``seat`` has a regular post in OUTER_D (and, if asked, the opponent too)."""
    state = building(2, seat)
    reach(state, seat, OUTER_D)
    place(state, seat, OUTER_D)
    if opponent:
        reach(state, 1 - seat, OUTER_D)
        place(state, 1 - seat, OUTER_D)
    return checked(set_hand(state, seat, KIND, KIND, KIND, KIND))


def build(state, space, black=True, seat=0, **extra):
    return play(state, type="build", player=seat, space=space, payment=[[KIND], [KIND]], black=black, **extra)


def test_gc_11_3_black_post_joins_own_regular_post_and_is_the_second_arrival():
    """GC-11.3: a black post in a district holding only the builder's regular post; it pays the second reward,
    costs a regular price and counts as a build."""
    state = in_district()
    vp = state.players[0].vp
    state, _ = build(state, OUTER_D)
    assert [(p[0], p[1]) for p in state.board[OUTER_D]] == [(0, False), (0, True)]
    assert state.players[0].vp - vp == SPACES[OUTER_D].reward.second
    assert state.players[0].black_left == 1 and state.build.builds == 1 and len(state.players[0].hand) == 2


def test_gc_11_3_regular_then_black_in_one_turn():
    """GC-11.3 / D-15: a regular post, then a black post in the same district, in one turn."""
    state = building(2, 0)
    reach(state, 0, OUTER_D)
    set_hand(state, 0, KIND, KIND, KIND, KIND)
    state, _ = build(checked(state), OUTER_D, black=False)
    state, _ = build(state, OUTER_D)
    reward = SPACES[OUTER_D].reward
    assert state.players[0].vp == reward.first + reward.second


def test_gc_11_3_invalid_targets():
    """GC-11.3: not on a harbour or village, not without an own regular post, not beside the opponent,
    not a second black post."""
    state = set_hand(in_district(), 0, COAST, KIND, KIND)
    refused(state, "black_post_invalid_target", "GC-11.3", type="build", player=0, space=spaces("harbour")[-1],
            payment=[[COAST]], black=True)
    other = next(s for s in spaces(OUTER) if s != OUTER_D and s not in NEIGHBOURS[OUTER_D])
    refused(state, "black_post_invalid_target", "GC-11.3", type="build", player=0, space=other,
            payment=[[KIND], [KIND]], black=True)
    refused(in_district(opponent=True), "black_post_invalid_target", "GC-11.3", type="build", player=0,
            space=OUTER_D, payment=[[KIND], [KIND]], black=True)
    state, _ = build(in_district(), OUTER_D)
    refused(state, "black_post_invalid_target", "GC-11.3", type="build", player=0, space=OUTER_D,
            payment=[[KIND], [KIND]], black=True)


def test_gc_11_3_black_post_in_an_inner_district_pays_the_key_too():
    """GC-11.3: a black post costs what a regular post there costs, the key included."""
    state = building(2, 0)
    reach(state, 0, OUTER_D)
    place(state, 0, OUTER_D)
    place(state, 0, INNER_D)
    kind = SPACES[INNER_D].cost.landscape
    set_hand(state, 0, kind, kind)
    checked(state)
    refused(state, "key_required", "GC-5.3.4", type="build", player=0, space=INNER_D,
            payment=[[kind], [kind]], black=True)
    give_keys(state, 0, 1)
    state, _ = play(state, type="build", player=0, space=INNER_D, payment=[[kind], [kind]], black=True,
                    use_key=True)
    assert state.players[0].vp == SPACES[INNER_D].reward.second and state.players[0].keys == 0


def test_gc_11_1_black_post_unavailable():
    """GC-11.1 / spec 3.6 check 4: no black posts with 3 players, nor once both are used (after unknown_space)."""
    state = building(3, 0)
    refused(state, "unknown_space", "GC-5.3", type="build", player=0, space="?", payment=[], black=True)
    refused(state, "black_post_unavailable", "GC-11.1", type="build", player=0, space=OUTER_D, payment=[],
            black=True)
    state = in_district()
    state.players[0].black_left = 0
    refused(state, "black_post_unavailable", "GC-11.1", type="build", player=0, space=OUTER_D,
            payment=[[KIND], [KIND]], black=True)


def test_gc_11_4_a_black_post_locks_the_district():
    """GC-11.4: the opponent may not build where a black post stands (district_locked after
    already_in_district's place in the order)."""
    state, _ = build(in_district(), OUTER_D)
    state.build.index, state.build.builds = (1 - state.start_player) % 2, 0
    reach(state, 1, OUTER_D)
    set_hand(state, 1, KIND, KIND)
    refused(checked(state), "district_locked", "GC-11.4", type="build", player=1, space=OUTER_D,
            payment=[[KIND], [KIND]])
    assert not [a for a in R.legal_actions(state, 1) if getattr(a, "space", None) == OUTER_D]


def test_gc_11_5_black_posts_count_for_scoring_but_not_the_end_trigger():
    """GC-11.5 / D-11 / D-12: a black post counts as a post (scoring, tie-break); only regular posts end the game."""
    state, _ = build(in_district(), OUTER_D)
    assert posts_in(state, 0, frozenset({OUTER_D})) == 2
    assert standing(state, 0)[1] == posts_in(state, 0)
    state.players[0].black_left = 0
    assert not state.end_triggered


def test_gc_11_5_all_posts_reading_needs_the_black_posts_built_too():
    """GC-11.5 alternative (end_trigger_posts = all_posts): the end comes when every post is built."""
    state = building(2, 0, end_trigger_posts="all_posts")
    harbours = spaces("harbour")
    for space in harbours[1:]:
        place(state, 0, space)
    for space in spaces("village"):
        if state.players[0].posts_left == 1:
            break
        if space not in state.board and any(p[0] == 0 for n in NEIGHBOURS[space] for p in state.board.get(n, ())):
            place(state, 0, space)
    set_hand(state, 0, COAST)
    state, _ = play(checked(state), type="build", player=0, space=harbours[0], payment=[[COAST]])
    assert state.players[0].posts_left == 0 and state.players[0].black_left == 2 and not state.end_triggered


def test_gc_11_5_seeds_literal_reading_counts_black_posts_for_bonus_cards_only():
    """GC-11.5 / D-12 alternative (black_posts_count_for = [bonus_cards]): a black post earns its district
    reward and counts for bonus cards, but not for scoring cards, majorities or the tie-break."""
    from rulesets.golden_city.components import BONUS_CARDS, REGIONS
    from rulesets.golden_city.scoring import bonus_value
    state = building(2, 0, black_posts_count_for=["bonus_cards"])
    reach(state, 0, OUTER_D)
    place(state, 0, OUTER_D)
    place(state, 0, OUTER_D, black=True)
    checked(state)
    district = frozenset({OUTER_D})
    assert posts_in(state, 0, district, "scoring_cards") == 1 == posts_in(state, 0, district, "majority_bonus")
    assert posts_in(state, 0, district, "bonus_cards") == 2
    assert standing(state, 0)[1] == posts_in(state, 0, None, "tie_break") == posts_in(state, 0)
    card = next(c for c, b in BONUS_CARDS.items() if b.counts.region and OUTER_D in REGIONS[b.counts.region])
    per = BONUS_CARDS[card].vp_each
    region = REGIONS[BONUS_CARDS[card].counts.region]
    assert bonus_value(state, 0, card) == per * posts_in(state, 0, region, "bonus_cards")
    default = building(2, 0)
    reach(default, 0, OUTER_D)
    place(default, 0, OUTER_D)
    place(default, 0, OUTER_D, black=True)
    assert posts_in(default, 0, district, "scoring_cards") == 2
