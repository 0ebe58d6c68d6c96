"""GC-5 building, GC-6 rewards, GC-7 city districts, GC-11.3/11.4 black posts, and the check
order of spec 3.6. Spaces are looked up from the component data."""

from __future__ import annotations

from rulesets.golden_city.components import (COAST, DISTRICTS, GOODS_DISPLAY, INNER, KEYS_TOTAL, NEIGHBOURS, OUTER,
                                             SPACES)

from .scenario import R, building, checked, give_keys, place, play, reach, refused, seen, set_hand, spaces

HARBOUR_CARD = spaces("harbour", "landscape_card")[0]
HARBOUR_COINS = spaces("harbour", "coins")[0]
HARBOUR_VP = spaces("harbour", "vp")[0]
VILLAGE = next(n for n in sorted(NEIGHBOURS[HARBOUR_CARD]) if SPACES[n].kind == "village")
L = SPACES[VILLAGE].cost.landscape
OTHER = next(kind for kind in ("mountains", "forest", "meadow", "desert") if kind != L)
OUTER_D = spaces(OUTER)[0]
INNER_D = next(n for n in sorted(NEIGHBOURS[OUTER_D]) if SPACES[n].kind == INNER)
KEY_VILLAGE = next(n for n in sorted(NEIGHBOURS[OUTER_D]) if SPACES[n].reward.type == "key_card")
GOODS_VILLAGE = spaces("village", "goods_card")[0]
BONUS_VILLAGE = spaces("village", "bonus_card")[0]
COIN_VILLAGE = spaces("village", "coins")[0]


def at_village(seat=0, players=2, **options):
    """``seat`` builds, owns the harbour next to VILLAGE and holds two cards of its landscape."""
    state = building(players, seat, **options)
    place(state, seat, HARBOUR_CARD)
    return checked(set_hand(state, seat, L, L))


def build(state, space, payment, seat=0, **extra):
    return play(state, type="build", player=seat, space=space, payment=payment, **extra)


# ---------------------------------------------------------------- GC-5.1 the turn
def test_gc_5_1_zero_builds_then_end_turn_passes_clockwise():
    """GC-5.1 / D-6: end_turn with no build is legal; the next player clockwise builds."""
    state = building(3, 0)
    state, events = play(state, type="end_turn", player=0)
    assert R.status(state).active_players == [1] and events[0]["type"] == "turn_ended"


def test_gc_5_1_third_build_is_build_limit_reached_before_anything_else():
    """GC-5.1 / D-24: after two builds, a third is build_limit_reached (check 2 before check 3)."""
    state = set_hand(building(2, 0), 0, COAST, COAST, COAST)
    state, _ = build(state, HARBOUR_COINS, [[COAST]])
    state, _ = build(state, HARBOUR_VP, [[COAST]])
    assert R.status(state).active_players == [0]  # the turn ends only through end_turn
    refused(state, "build_limit_reached", "GC-5.1", type="build", player=0, space="NOWHERE", payment=[[COAST]])
    assert [a.__struct_config__.tag for a in R.legal_actions(state, 0)] == ["end_turn"]


def test_gc_5_1_not_your_turn():
    """GC-5.1: only the builder may build or end the turn."""
    state = building(3, 0)
    refused(state, "not_your_turn", "GC-5.1", type="end_turn", player=1)
    refused(state, "not_your_turn", "GC-5.1", type="build", player=2, space=HARBOUR_VP, payment=[[COAST]])


def test_gc_5_2_no_posts_left():
    """GC-5.2: without a regular post, a regular build is no_posts_left (after unknown_space)."""
    state = set_hand(building(3, 0), 0, COAST)
    state.players[0].posts_left = 0
    refused(state, "unknown_space", "GC-5.3", type="build", player=0, space="X", payment=[[COAST]])
    refused(state, "no_posts_left", "GC-5.2", type="build", player=0, space=HARBOUR_VP, payment=[[COAST]])


# ---------------------------------------------------------------- GC-5.3 cost
def test_gc_5_3_harbour_costs_one_coast_card_to_the_discard_pile():
    """GC-5.3 / GC-5.3.1 / GC-5.3.3: a harbour takes one coast card, which goes to the discard pile."""
    state = set_hand(building(2, 0), 0, COAST, L)
    coast = state.players[0].hand[0]
    state, events = build(state, HARBOUR_VP, [[COAST]])
    assert state.board[HARBOUR_VP][0][0] == 0 and state.landscape_discard[-1] == coast
    assert state.players[0].hand == [L]
    assert events[0]["type"] == "post_built" and events[0]["paid"] == {COAST: 1}


def test_gc_5_3_1_village_needs_two_cards_of_its_landscape():
    """GC-5.3.1: payment_wrong_landscape for a single card of another type; two of L are fine."""
    state = set_hand(at_village(), 0, L, OTHER)
    refused(state, "payment_wrong_landscape", "GC-5.3.1", type="build", player=0, space=VILLAGE,
            payment=[[L], [OTHER]])
    state = at_village()
    state, _ = build(state, VILLAGE, [[L], [L]])
    assert state.board[VILLAGE][0][0] == 0 and state.players[0].hand == []


def test_gc_5_3_2_joker_is_two_cards_of_one_type():
    """GC-5.3.2 / D-2: two identical cards (any type, even L) pay a slot; two different ones do not."""
    state = set_hand(at_village(), 0, L, OTHER, OTHER)
    state, _ = build(state, VILLAGE, [[L], [OTHER, OTHER]])
    assert state.players[0].hand == []
    state = set_hand(at_village(), 0, L, L, L)
    state, _ = build(state, VILLAGE, [[L], [L, L]])
    state = set_hand(at_village(), 0, L, OTHER, COAST)
    refused(state, "joker_pair_mismatch", "GC-5.3.2", type="build", player=0, space=VILLAGE,
            payment=[[L], [OTHER, COAST]])


def test_gc_5_3_2_any_two_cards_reading_accepts_mixed_jokers():
    """GC-5.3.2 alternative (joker = any_two_cards): two different cards pay one slot."""
    state = set_hand(at_village(joker="any_two_cards"), 0, L, OTHER, COAST)
    state, _ = build(state, VILLAGE, [[L], [COAST, OTHER]])
    assert state.players[0].hand == []


def test_gc_5_3_3_exact_slots_and_malformed_slots():
    """GC-5.3.3: exactly n slots (payment_wrong_size), each of one or two known types (payment_malformed first)."""
    state = set_hand(at_village(), 0, L, L, L)
    refused(state, "payment_wrong_size", "GC-5.3.3", type="build", player=0, space=VILLAGE,
            payment=[[L], [L], [L]])
    refused(state, "payment_wrong_size", "GC-5.3.3", type="build", player=0, space=VILLAGE, payment=[[L]])
    refused(state, "payment_malformed", "GC-5.3", type="build", player=0, space=VILLAGE, payment=[[L], []])
    refused(state, "payment_malformed", "GC-5.3", type="build", player=0, space=VILLAGE, payment=[[L, L, L]])
    refused(state, "payment_malformed", "GC-5.3", type="build", player=0, space=VILLAGE, payment=[["gold"]])


def test_gc_5_3_cards_not_in_hand():
    """GC-5.3: a payment the hand does not cover is cards_not_in_hand."""
    state = set_hand(at_village(), 0, L)
    refused(state, "cards_not_in_hand", "GC-5.3", type="build", player=0, space=VILLAGE, payment=[[L], [L]])


def inner_ready(**options):
    """Seat 0 has a post in OUTER_D (reached by road) and holds 2 cards of INNER_D's landscape."""
    state = building(2, 0, **options)
    reach(state, 0, OUTER_D)
    place(state, 0, OUTER_D)
    kind = SPACES[INNER_D].cost.landscape
    return checked(set_hand(state, 0, kind, kind)), kind


def test_gc_5_3_4_inner_district_needs_a_key_in_addition():
    """GC-5.3.4 / D-1: key_required, no_key_card, then a key plus two cards; the key returns to the supply."""
    state, kind = inner_ready()
    refused(state, "key_required", "GC-5.3.4", type="build", player=0, space=INNER_D, payment=[[kind], [kind]])
    refused(state, "no_key_card", "GC-5.3.4", type="build", player=0, space=INNER_D, payment=[[kind], [kind]],
            use_key=True)
    give_keys(state, 0, 1)
    refused(state, "payment_wrong_size", "GC-5.3.3", type="build", player=0, space=INNER_D, payment=[],
            use_key=True)
    state, _ = build(state, INNER_D, [[kind], [kind]], use_key=True)
    assert state.players[0].keys == 0 and state.key_supply == KEYS_TOTAL


def test_gc_5_3_4_key_not_allowed_elsewhere():
    """GC-5.3.4: use_key on a space that is not an inner district is key_not_allowed."""
    state = give_keys(at_village(), 0, 1)
    refused(state, "key_not_allowed", "GC-5.3.4", type="build", player=0, space=VILLAGE, payment=[[L], [L]],
            use_key=True)


def test_gc_5_3_4_key_only_reading():
    """GC-5.3.4 alternative (inner_district_cost = key_only): the key and no landscape slot."""
    state, kind = inner_ready(inner_district_cost="key_only")
    give_keys(state, 0, 1)
    refused(state, "payment_wrong_size", "GC-5.3.3", type="build", player=0, space=INNER_D,
            payment=[[kind], [kind]], use_key=True)
    state, _ = build(state, INNER_D, [], use_key=True)
    assert len(state.players[0].hand) == 2


# ---------------------------------------------------------------- GC-5.4 occupancy, GC-5.5 connection
def test_gc_5_4_1_one_post_per_harbour_or_village():
    """GC-5.4 / GC-5.4.1: an occupied harbour or village is space_occupied (before not_connected)."""
    state = set_hand(building(2, 0), 0, COAST, L, L)
    place(state, 1, HARBOUR_VP)
    place(state, 1, HARBOUR_CARD)
    place(state, 1, VILLAGE)
    refused(state, "space_occupied", "GC-5.4.1", type="build", player=0, space=HARBOUR_VP, payment=[[COAST]])
    refused(state, "space_occupied", "GC-5.4.1", type="build", player=0, space=VILLAGE, payment=[[L], [L]])


def test_gc_5_4_2_and_7_2_one_post_per_player_per_district_any_number_of_players():
    """GC-5.4.2 / GC-7.2: a district takes everyone's post, but one per player: already_in_district."""
    state = building(3, 0)
    for seat in (1, 2):
        reach(state, seat, OUTER_D)
        place(state, seat, OUTER_D)
    reach(state, 0, OUTER_D)
    kind = SPACES[OUTER_D].cost.landscape
    set_hand(state, 0, kind, kind, kind, kind)
    state, _ = build(checked(state), OUTER_D, [[kind], [kind]])
    assert [p[0] for p in state.board[OUTER_D]] == [1, 2, 0]
    refused(state, "already_in_district", "GC-5.4.2", type="build", player=0, space=OUTER_D,
            payment=[[kind], [kind]])


def test_gc_5_5_1_harbours_anywhere_several_networks():
    """GC-5.5.1 / D-23: any free harbour, wherever one's other posts are."""
    state = set_hand(building(2, 0), 0, COAST, COAST)
    state, _ = build(state, HARBOUR_VP, [[COAST]])
    state, _ = build(state, HARBOUR_COINS, [[COAST]])
    assert state.board[HARBOUR_VP][0][0] == state.board[HARBOUR_COINS][0][0] == 0


def test_gc_5_5_2_other_spaces_need_a_road_to_an_own_post():
    """GC-5.5 / GC-5.5.2: not_connected without an adjacent own post (before the key and payment checks)."""
    state = set_hand(building(2, 0), 0, L, L)
    refused(state, "not_connected", "GC-5.5.2", type="build", player=0, space=VILLAGE, payment=[["x"]],
            use_key=True)
    state = at_village()
    state, _ = build(state, VILLAGE, [[L], [L]])
    assert state.board[VILLAGE][0][0] == 0


def test_gc_5_5_3_opponents_posts_never_connect_but_a_shared_district_does():
    """GC-5.5.3: an opponent's post gives no connection; a district holding one's own post does."""
    state = set_hand(building(2, 0), 0, L, L)
    place(state, 1, HARBOUR_CARD)
    refused(state, "not_connected", "GC-5.5.2", type="build", player=0, space=VILLAGE, payment=[[L], [L]])
    state = building(2, 0)
    reach(state, 1, OUTER_D)
    place(state, 1, OUTER_D)
    reach(state, 0, OUTER_D)
    place(state, 0, OUTER_D)
    kind = SPACES[INNER_D].cost.landscape
    set_hand(state, 0, kind, kind)
    give_keys(state, 0, 1)
    state, _ = build(checked(state), INNER_D, [[kind], [kind]], use_key=True)
    assert state.board[INNER_D][0][0] == 0


def test_gc_7_5_inner_district_from_a_neighbouring_inner_district():
    """GC-7.5: an inner district is reached from an outer one or a neighbouring inner one."""
    other_inner = next(n for n in sorted(NEIGHBOURS[INNER_D]) if SPACES[n].kind == INNER)
    state, kind = inner_ready()
    give_keys(state, 0, 2)
    state, _ = build(state, INNER_D, [[kind], [kind]], use_key=True)
    kind2 = SPACES[other_inner].cost.landscape
    set_hand(state, 0, kind2, kind2)
    state, _ = build(state, other_inner, [[kind2], [kind2]], use_key=True)
    assert state.board[other_inner][0][0] == 0


# ---------------------------------------------------------------- GC-5.6 rewards at once, GC-6
def test_gc_5_6_a_key_won_pays_the_inner_district_in_the_same_turn():
    """GC-5.6: the key from the first build pays the second build of the same turn."""
    state = building(2, 0)
    reach(state, 0, OUTER_D, avoid=frozenset({KEY_VILLAGE}))
    place(state, 0, OUTER_D)
    assert state.players[0].keys == 0 and KEY_VILLAGE not in state.board
    kv, kind = SPACES[KEY_VILLAGE].cost.landscape, SPACES[INNER_D].cost.landscape
    set_hand(state, 0, kv, kv, kind, kind)
    state, events = build(checked(state), KEY_VILLAGE, [[kv], [kv]])
    assert state.players[0].keys == 1 and {"type": "reward", "player": 0, "space": KEY_VILLAGE,
                                           "kind": "key_card", "amount": 1} in events
    state, _ = build(state, INNER_D, [[kind], [kind]], use_key=True)
    assert state.board[INNER_D][0][0] == 0


def test_gc_6_1_coins_from_the_bank_what_is_left():
    """GC-6.1 / D-13: the printed coins, or what the bank still holds."""
    state = set_hand(building(2, 0), 0, COAST)
    amount = SPACES[HARBOUR_COINS].reward.amount
    state, _ = build(state, HARBOUR_COINS, [[COAST]])
    assert state.players[0].coins == 3 + amount
    state = set_hand(building(2, 0), 0, COAST)
    state.players[1].coins += state.bank_coins
    state.bank_coins = 0
    state, events = build(checked(state), HARBOUR_COINS, [[COAST]])
    assert state.players[0].coins == 3 and events[-1]["amount"] == 0


def test_gc_6_2_landscape_card_drawn_privately_and_reshuffled_when_needed():
    """GC-6.2 / GC-12.2 / GC-12.1: draw the top card (private event); an empty deck is refilled from the discard."""
    state = set_hand(building(2, 0), 0, COAST)
    top = state.landscape_deck[0]
    state, events = build(state, HARBOUR_CARD, [[COAST]])
    assert state.players[0].hand == [top]
    drawn = [e for e in events if e["type"] == "card_drawn"]
    assert drawn == [{"type": "card_drawn", "player": 0, "cards": [top], "visible_to": [0]}]
    assert not [e for e in seen(events, 1) if e["type"] == "card_drawn"]
    state = set_hand(building(2, 0), 0, COAST)
    state.landscape_discard.extend(state.landscape_deck)
    state.landscape_deck = []
    state, events = build(checked(state), HARBOUR_CARD, [[COAST]])
    assert any(e["type"] == "deck_reshuffled" for e in events) and len(state.players[0].hand) == 1
    assert state.landscape_discard == []


def test_gc_6_2_the_card_just_paid_is_reshuffled_when_nothing_else_is_left():
    """GC-6.2 / GC-12.2 / D-22: the payment reaches the discard pile before the reward is drawn; with no
    card anywhere else the spent card comes back. (With nothing at all, the reward would be lost.)"""
    state = set_hand(building(2, 0), 0, COAST)
    paid = state.players[0].hand[0]
    state.players[1].hand.extend(state.landscape_deck + state.landscape_discard)
    state.landscape_deck, state.landscape_discard = [], []
    state, events = build(state, HARBOUR_CARD, [[COAST]])
    assert state.players[0].hand == [paid] and HARBOUR_CARD in state.board
    assert [e for e in events if e["type"] == "reward"][0]["amount"] == 1


def test_gc_6_3_key_from_the_supply_or_lost():
    """GC-6.3 / GC-12.5: take a key; none left, the reward is lost."""
    state = building(2, 0)
    reach(state, 0, KEY_VILLAGE)
    kind = SPACES[KEY_VILLAGE].cost.landscape
    set_hand(state, 0, kind, kind)
    after, _ = build(checked(state), KEY_VILLAGE, [[kind], [kind]])
    assert after.players[0].keys == 1 and after.key_supply == KEYS_TOTAL - 1
    give_keys(state, 1, KEYS_TOTAL)
    after, _ = build(checked(state), KEY_VILLAGE, [[kind], [kind]])
    assert after.players[0].keys == 0


def test_gc_6_4_bonus_card_drawn_secretly_or_lost():
    """GC-6.4 / GC-12.4 / D-7: the top bonus card, a private event; an empty deck loses the reward."""
    state = building(2, 0)
    reach(state, 0, BONUS_VILLAGE)
    kind = SPACES[BONUS_VILLAGE].cost.landscape
    set_hand(state, 0, kind, kind)
    top = state.bonus_deck[0]
    after, events = build(checked(state), BONUS_VILLAGE, [[kind], [kind]])
    assert after.players[0].bonus == [top]
    assert {"type": "bonus_drawn", "player": 0, "cards": [top], "visible_to": [0]} in events
    assert top not in str(seen(events, 1)) and top not in str(R.view(after, 1))
    assert R.view(after, 1)["players"][0]["bonus_count"] == 1 and R.view(after, 0)["players"][0]["bonus"] == [top]
    state.players[1].bonus, state.bonus_deck = list(state.bonus_deck), []
    after, _ = build(checked(state), BONUS_VILLAGE, [[kind], [kind]])
    assert after.players[0].bonus == []


def test_gc_6_4_public_choice_reading_names_a_bonus_pick():
    """GC-6.4 alternative (choose_any_public): bonus_pick_required, invalid_bonus_pick, not_applicable."""
    state = building(2, 0, bonus_card_acquisition="choose_any_public")
    reach(state, 0, BONUS_VILLAGE)
    kind = SPACES[BONUS_VILLAGE].cost.landscape
    set_hand(state, 0, kind, kind, COAST)
    checked(state)
    refused(state, "bonus_pick_required", "GC-6.4", type="build", player=0, space=BONUS_VILLAGE,
            payment=[[kind], [kind]])
    refused(state, "invalid_bonus_pick", "GC-6.4", type="build", player=0, space=BONUS_VILLAGE,
            payment=[[kind], [kind]], bonus_pick="BC99")
    refused(state, "bonus_pick_not_applicable", "GC-6.4", type="build", player=0, space=HARBOUR_VP,
            payment=[[COAST]], bonus_pick=state.bonus_display[0])
    pick = state.bonus_display[-1]
    after, _ = build(state, BONUS_VILLAGE, [[kind], [kind]], bonus_pick=pick)
    assert after.players[0].bonus == [pick] and pick not in after.bonus_display
    assert R.view(after, 1)["players"][0]["bonus"] == [pick]


def test_gc_6_5_goods_pick_required_invalid_not_applicable_and_refill():
    """GC-6.5 / GC-12.3: pick one of the display (checks 19-21 in order), the display refills from the deck."""
    state = building(2, 0)
    reach(state, 0, GOODS_VILLAGE)
    kind = SPACES[GOODS_VILLAGE].cost.landscape
    set_hand(state, 0, kind, kind, COAST)
    checked(state)
    refused(state, "goods_pick_required", "GC-6.5", type="build", player=0, space=GOODS_VILLAGE,
            payment=[[kind], [kind]])
    refused(state, "invalid_goods_pick", "GC-6.5", type="build", player=0, space=GOODS_VILLAGE,
            payment=[[kind], [kind]], goods_pick=state.goods_deck[0])
    refused(state, "goods_pick_not_applicable", "GC-6.5", type="build", player=0, space=HARBOUR_VP,
            payment=[[COAST]], goods_pick=state.goods_display[0])
    refused(state, "cards_not_in_hand", "GC-5.3", type="build", player=0, space=GOODS_VILLAGE,
            payment=[[kind], [kind, kind]], goods_pick="nonsense")
    pick, top = state.goods_display[1], state.goods_deck[0]
    after, events = build(state, GOODS_VILLAGE, [[kind], [kind]], goods_pick=pick)
    assert after.players[0].goods == [pick] and pick not in after.goods_display
    assert len(after.goods_display) == GOODS_DISPLAY and after.goods_display[-1] == top
    # the card turned up is told to every seat (it came from the hidden deck): a public event names it
    assert [e for e in events if e["type"] == "goods_refilled"] == [{"type": "goods_refilled", "cards": [top]}]


def test_gc_6_5_empty_display_loses_the_reward():
    """GC-6.5 / D-22: no goods card left on display: no pick, the reward is lost."""
    state = building(2, 0)
    reach(state, 0, GOODS_VILLAGE)
    kind = SPACES[GOODS_VILLAGE].cost.landscape
    set_hand(state, 0, kind, kind)
    state.players[1].goods = state.goods_display + state.goods_deck
    state.goods_display, state.goods_deck = [], []
    refused(checked(state), "goods_pick_not_applicable", "GC-6.5", type="build", player=0, space=GOODS_VILLAGE,
            payment=[[kind], [kind]], goods_pick="GD1")
    after, _ = build(state, GOODS_VILLAGE, [[kind], [kind]])
    assert after.players[0].goods == []


def test_gc_6_6_vp_reward():
    """GC-6.6: gain the printed VP."""
    state = set_hand(building(2, 0), 0, COAST)
    state, _ = build(state, HARBOUR_VP, [[COAST]])
    assert state.players[0].vp == SPACES[HARBOUR_VP].reward.amount


# ---------------------------------------------------------------- GC-7 the city
def test_gc_7_1_four_inner_districts_each_bordered_by_two_outer_of_its_landscape():
    """GC-7.1 / D-18: 4 inner and 8 outer districts; each inner borders 2 outer of the same landscape."""
    inner = [s for s in DISTRICTS if SPACES[s].kind == INNER]
    assert len(inner) == 4 and len(DISTRICTS) == 12
    for district in inner:
        outer = [n for n in NEIGHBOURS[district] if SPACES[n].kind == OUTER]
        assert len(outer) == 2 and {SPACES[n].cost.landscape for n in outer} == {SPACES[district].cost.landscape}


def test_gc_7_3_and_7_4_district_vp_by_arrival_and_unrewarded_posts_still_count():
    """GC-7.3 / D-8: 1st and 2nd arrivals are paid at once, later ones nothing; GC-7.4 a later post still connects."""
    reward = SPACES[OUTER_D].reward
    kind = SPACES[OUTER_D].cost.landscape
    state = building(4, 0)
    gained = []
    for seat in range(4):
        state.build.index, state.build.builds = (seat - state.start_player) % 4, 0
        reach(state, seat, OUTER_D)
        set_hand(state, seat, kind, kind)
        before = state.players[seat].vp
        state, _ = build(checked(state), OUTER_D, [[kind], [kind]], seat=seat)
        gained.append(state.players[seat].vp - before)
    assert gained == [reward.first, reward.second, reward.later, reward.later]
    kind2 = SPACES[INNER_D].cost.landscape
    set_hand(state, 3, kind2, kind2)
    give_keys(state, 3, 1)
    state, _ = build(checked(state), INNER_D, [[kind2], [kind2]], seat=3, use_key=True)
    assert state.players[3].vp - SPACES[INNER_D].reward.first >= 0 and state.board[INNER_D][0][0] == 3


# ---------------------------------------------------------------- GC-5.7 end trigger
def test_gc_5_7_last_regular_post_triggers_the_end():
    """GC-5.7 / GC-10.1(b): the regular supply at 0 sets the trigger; the round goes on (GC-10.2)."""
    state = set_hand(building(4, 0), 0, COAST)
    harbours = spaces("harbour")
    for space in harbours[1:1 + state.players[0].posts_left - 1]:
        place(state, 0, space)
    assert state.players[0].posts_left == 1
    state, events = build(checked(state), harbours[0], [[COAST]])
    assert state.end_triggered and any(e["type"] == "end_triggered" for e in events)
    assert state.phase == "build" and R.status(state).active_players == [0]
    refused(state, "no_posts_left", "GC-5.2", type="build", player=0, space=HARBOUR_VP, payment=[[COAST]])


def test_gc_5_1_automatic_end_of_turn_reading():
    """GC-5.1 / D-24 alternative (explicit_end_turn = false): the second build ends the turn by itself."""
    state = set_hand(building(3, 0, explicit_end_turn=False), 0, COAST, COAST)
    state, events = build(state, HARBOUR_COINS, [[COAST]])
    assert R.status(state).active_players == [0]
    state, events = build(state, HARBOUR_VP, [[COAST]])
    assert R.status(state).active_players == [1] and events[-1]["type"] == "turn_ended"
    assert state.build.builds == 0
